import Collation
import Entries

/// A document's entries, flattened depth-first, for one version of its text.
public struct DocumentOutline: Sendable {
    public struct Item: Sendable {
        /// The entry without its children (they are items of their own).
        public var entry: Entry
        public var depth: Int
    }

    public let version: Int
    /// The text's generation (see `TextDocument.generation`), which keys the caches.
    public let generation: UInt64
    /// The entries as the extractor nests them (for `document` grouping).
    public let roots: [Entry]
    /// Every entry, depth-first: the list that is sorted and sectioned.
    public let items: [Item]

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
    public let outline: DocumentOutline
    public let collation: IndexedCollation
    public let order: SectionedOrder

    public init(outline: DocumentOutline, collation: IndexedCollation) {
        self.outline = outline
        self.collation = collation
        var batch = UTF8Batch([String]())
        for item in outline.items { batch.append(item.entry.sortString) }
        self.order = collation.sectioned(batch)
    }

    public var version: Int { outline.version }
    public var generation: UInt64 { outline.generation }
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
