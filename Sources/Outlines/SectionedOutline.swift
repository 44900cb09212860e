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

/// A document's entries sorted and sectioned under one collation: what the thumb index pages over.
public struct SectionedOutline: Sendable {
    /// The entries, in document order.
    public let outline: DocumentOutline
    /// The collation they are sorted and sectioned under.
    public let collation: IndexedCollation
    /// The sectioned order of `outline.items`, by each entry's `sortString`.
    public let order: SectionedOrder

    /// Sorts and sections every item of `outline`.
    public init(outline: DocumentOutline, collation: IndexedCollation) throws(CollationError) {
        self.outline = outline
        self.collation = collation
        var batch = UTF8Batch([String]())
        for item in outline.items { batch.append(item.entry.sortString) }
        self.order = try collation.sectioned(batch)
    }

    /// The client's version of the text.
    public var version: Int { outline.version }
    /// The text's generation (see `TextDocument.generation`).
    public var generation: UInt64 { outline.generation }
    /// The number of entries.
    public var totalCount: Int { order.order.count }

    /// The entry at a position of the sectioned order.
    public func item(at position: Int) -> DocumentOutline.Item {
        outline.items[Int(order.order[position])]
    }

    /// The position in `order.ranges` (the non-empty sections) holding sectioned position `position`.
    public func sectionPosition(of position: Int) -> Int {
        var low = 0, high = order.ranges.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if order.ranges[mid].range.lowerBound <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
