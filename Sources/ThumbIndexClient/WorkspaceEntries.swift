import JSONRPC
import ThumbIndexProtocol

/// The sectioned entries of every file of the workspace as a `PageSource`: the count and version from
/// `thumbindex/workspaceSections`, pages from `thumbindex/workspaceEntries` with the version, so that a page after a
/// file changed is refused (ContentModified) rather than mixed with pages of before. Each entry has its file's `uri`.
public struct WorkspaceEntries: PageSource {
    public typealias Element = EntriesRequest.Entry

    public let client: ThumbIndexClient
    public let collation: CollationChoice

    public init(client: ThumbIndexClient, collation: CollationChoice = CollationChoice()) {
        self.client = client
        self.collation = collation
    }

    /// While the server still reads the files, the snapshot is empty (ask again with `PagedArray.refresh()`).
    public func snapshot() async throws -> PageSnapshot {
        let sections = try await client.workspaceSections(collation: collation)
        return PageSnapshot(version: sections.version, count: sections.totalCount)
    }

    public func elements(version: Int, offset: Int, limit: Int) async throws -> [EntriesRequest.Entry] {
        do {
            return try await client.workspaceEntries(offset: offset, limit: limit, version: version, collation: collation).entries
        } catch let error as ResponseError where error.code == .contentModified {
            throw PageSourceError.contentModified
        }
    }
}

extension ThumbIndexClient {
    /// The sectioned entries of the workspace's files as a `PagedArray`: its count known at once, pages loaded on
    /// access.
    public func pagedWorkspaceEntries(pageSize: Int = 200, collation: CollationChoice = CollationChoice())
        async throws -> PagedArray<WorkspaceEntries>
    {
        try await PagedArray.load(source: WorkspaceEntries(client: self, collation: collation), pageSize: pageSize)
    }
}
