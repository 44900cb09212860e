import Collation
import Entries

/// A document's entries, flattened depth-first, for one version of its text.
struct DocumentOutline: Sendable {
    struct Item: Sendable {
        /// The entry without its children (they are items of their own).
        var entry: Entry
        var depth: Int
    }

    let version: Int
    /// The text's generation (see `TextDocument.generation`), which keys the caches.
    let generation: UInt64
    /// The entries as the extractor nests them (for `document` grouping).
    let roots: [Entry]
    /// Every entry, depth-first: the list that is sorted and sectioned.
    let items: [Item]

    init(version: Int, generation: UInt64 = 0, roots: [Entry]) {
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
struct SectionedOutline: Sendable {
    let outline: DocumentOutline
    let collation: IndexedCollation
    let order: SectionedOrder

    init(outline: DocumentOutline, collation: IndexedCollation) {
        self.outline = outline
        self.collation = collation
        var batch = UTF8Batch([String]())
        for item in outline.items { batch.append(item.entry.sortString) }
        self.order = collation.sectioned(batch)
    }

    var version: Int { outline.version }
    var generation: UInt64 { outline.generation }
    var totalCount: Int { order.order.count }

    /// The entry at a position of the sectioned order.
    func item(at position: Int) -> DocumentOutline.Item {
        outline.items[Int(order.order[position])]
    }

    /// The position in `order.ranges` (the non-empty sections) holding sectioned position `position`.
    func sectionPosition(of position: Int) -> Int {
        var low = 0, high = order.ranges.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if order.ranges[mid].range.lowerBound <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
