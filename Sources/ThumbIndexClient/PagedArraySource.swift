/// Where a ``PagedArray`` gets its elements: the total count and version, then pages of that version.
///
/// A source for a ThumbIndex document answers ``snapshot()`` from `thumbindex/sections` (`version`,
/// `totalCount`) and ``elements(version:offset:limit:)`` from `thumbindex/entries`, mapping the
/// server's "ContentModified" error (-32801) to ``PageSourceError/contentModified``.
public protocol PageSource<Element>: Sendable {
    /// What the source pages: one entry of the outline, a row, a line.
    associatedtype Element: Sendable

    /// The current content: its version and total count (e.g. from `thumbindex/sections`).
    func snapshot() async throws -> PageSnapshot

    /// `limit` elements from `offset` of content `version` (fewer only at the end). Throws
    /// ``PageSourceError/contentModified`` when the content is no longer at `version`.
    func elements(version: Int, offset: Int, limit: Int) async throws -> [Element]
}

/// One version of a source's content, as far as paging needs it: which version, and how many elements.
public struct PageSnapshot: Sendable, Hashable {
    /// The content's version (for a document, its LSP version). Pages are requested at this version.
    public var version: Int
    /// How many elements the content has at ``version``; never negative.
    public var count: Int

    /// A snapshot of `count` elements at `version`.
    public init(version: Int, count: Int) {
        self.version = version
        self.count = count
    }
}

/// The errors a ``PageSource`` throws that a ``PagedArray`` understands.
public enum PageSourceError: Error, Sendable, Equatable {
    /// The content is no longer at the version asked for (LSP's "ContentModified", -32801).
    /// A ``PagedArray`` answers it by taking a fresh ``PageSource/snapshot()``.
    case contentModified
}

/// The errors a ``PagedArray`` throws or reports itself.
public enum PagedArrayError: Error, Sendable, Equatable {
    /// ``PagedArray/element(at:)`` was asked for an index outside `0 ..< count` of the current snapshot.
    case indexOutOfRange(index: Int, count: Int)
    /// The source answered a page with a number of elements other than the page holds at this version.
    case wrongPageLength(page: Int, expected: Int, actual: Int)
    /// The source's ``PageSource/snapshot()`` gave a negative count; the array keeps its placeholders.
    case invalidSnapshot(PageSnapshot)
}
