import Collation
import Entries

/// A document's entries, flattened depth-first, for one version of its text.
public struct DocumentOutline: Sendable {
    /// One entry of the flattened outline, and how deeply it was nested.
    public struct Item: Sendable {
        /// The entry without its children (they are items of their own).
        public var entry: Entry
        /// 0 for a top-level entry, 1 for its children, and so on.
        public var depth: Int
    }

    /// The client's version of the text the entries came from.
    public let version: Int
    /// The text's generation (see `TextDocument.generation`), which keys the caches.
    public let generation: UInt64
    /// The entries as the extractor nests them (for `document` grouping).
    public let roots: [Entry]
    /// Every entry, depth-first: the list that is sorted and sectioned.
    public let items: [Item]

    /// Flattens `roots` depth-first into `items`.
    public init(version: Int, generation: UInt64 = 0, roots: [Entry]) {
        self.version = version
        self.generation = generation
        self.roots = roots
        var items: [Item] = []
        func visit(_ entries: [Entry], depth: Int) {
            for entry in entries {
                var flat = entry
                flat.children = []
                items.append(Item(entry: flat, depth: depth))
                visit(entry.children, depth: depth + 1)
            }
        }
        visit(roots, depth: 0)
        self.items = items
    }
}
