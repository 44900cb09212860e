import JSONRPC
import ThumbIndexProtocol

/// The sectioned entries of an open document, or of every file of the workspace, as a `PageSource`: the count and
/// version from `thumbindex/sections` (`workspaceSections`), pages from `thumbindex/entries` (`workspaceEntries`)
/// with the version, so that a page after a change is refused (ContentModified) rather than mixed with pages of
/// before. A workspace entry has its file's `uri`.
public struct OutlineEntries: PageSource {
    public typealias Element = EntriesRequest.Entry

    public let client: ThumbIndexClient
    /// The document; nil for the workspace.
    public let uri: String?
    public let collation: CollationChoice

    /// The entries of the document `uri`, or of the workspace when it is nil.
    public init(client: ThumbIndexClient, uri: String?, collation: CollationChoice = CollationChoice()) {
        self.client = client
        self.uri = uri
        self.collation = collation
    }

    /// While the server still reads the workspace's files, the workspace's snapshot is empty (ask again with
    /// `PagedArray.refresh()`).
    public func snapshot() async throws -> PageSnapshot {
        let sections = if let uri { try await client.sections(uri: uri, collation: collation) } else {
            try await client.workspaceSections(collation: collation)
        }
        return PageSnapshot(version: sections.version, count: sections.totalCount)
    }

    public func elements(version: Int, offset: Int, limit: Int) async throws -> [EntriesRequest.Entry] {
        do {
            if let uri { return try await client.entries(uri: uri, offset: offset, limit: limit, version: version, collation: collation).entries }
            return try await client.workspaceEntries(offset: offset, limit: limit, version: version, collation: collation).entries
        } catch let error as ResponseError where error.code == .contentModified {
            throw PageSourceError.contentModified
        }
    }
}

extension ThumbIndexClient {
    /// The sectioned entries of an open document (`uri`), or of the workspace's files (nil), as a `PagedArray`: its
    /// count known at once, pages loaded on access.
    public func pagedEntries(uri: String?, pageSize: Int = 200, collation: CollationChoice = CollationChoice())
        async throws -> PagedArray<OutlineEntries>
    {
        try await PagedArray.load(source: OutlineEntries(client: self, uri: uri, collation: collation), pageSize: pageSize)
    }
}
