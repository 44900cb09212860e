import JSONRPC
import ThumbIndexProtocol

/// The sectioned entries of an open document, as a `PageSource`: the count and version from `thumbindex/sections`,
/// pages from `thumbindex/entries` with the version, so that a page of a changed document is refused
/// (ContentModified) rather than mixed with pages of the old text.
public struct DocumentEntries: PageSource {
    public typealias Element = EntriesRequest.Entry

    public let client: ThumbIndexClient
    public let uri: String
    public let collation: CollationChoice

    public init(client: ThumbIndexClient, uri: String, collation: CollationChoice = CollationChoice()) {
        self.client = client
        self.uri = uri
        self.collation = collation
    }

    public func snapshot() async throws -> PageSnapshot {
        let sections = try await client.sections(uri: uri, collation: collation)
        return PageSnapshot(version: sections.version, count: sections.totalCount)
    }

    public func elements(version: Int, offset: Int, limit: Int) async throws -> [EntriesRequest.Entry] {
        do {
            return try await client.entries(uri: uri, offset: offset, limit: limit, version: version, collation: collation).entries
        } catch let error as ResponseError where error.code == .contentModified {
            throw PageSourceError.contentModified
        }
    }
}

extension ThumbIndexClient {
    /// The sectioned entries of an open document as a `PagedArray`: its count known at once, pages loaded on access.
    public func pagedEntries(uri: String, pageSize: Int = 200, collation: CollationChoice = CollationChoice())
        async throws -> PagedArray<DocumentEntries>
    {
        try await PagedArray.load(source: DocumentEntries(client: self, uri: uri, collation: collation), pageSize: pageSize)
    }
}
