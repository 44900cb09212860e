import Collation
import Entries

/// A document's entries, flattened depth-first, for one version of its text.
public struct DocumentOutline: Sendable {
    /// The client's version of the text the entries came from.
    public let version: Int
    /// The text's generation (see `TextDocument.generation`), which keys the caches.
    public let generation: UInt64
    /// The entries as the extractor nests them (for `document` grouping).
    public let roots: [Entry]
    /// Every entry, depth-first and without its children (`Entry.depthFirst`): the list that is sorted and sectioned.
    public let items: [Entry]

    /// Flattens `roots` depth-first into `items`.
    public init(version: Int, generation: UInt64 = 0, roots: [Entry]) {
        self.version = version
        self.generation = generation
        self.roots = roots
        items = Entry.depthFirst(roots)
    }
}
