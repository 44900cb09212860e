import Collation
import Entries
import Outlines

/// A document's entries sorted and sectioned afresh, every time: what the index (`OutlineIndex`, which follows edits
/// instead) is held to after every step.
struct SectionedOutline: Sendable {
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
        for item in outline.items { batch.append(item.sortString) }
        self.order = try collation.sectioned(batch)
    }

    /// The client's version of the text.
    public var version: Int { outline.version }
    /// The text's generation (see `TextDocument.generation`).
    public var generation: UInt64 { outline.generation }
    /// The number of entries.
    public var totalCount: Int { order.order.count }

    /// The entry at a position of the sectioned order.
    public func item(at position: Int) -> Entry {
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

extension SectionedOutline {
    /// The non-empty sections in order.
    public var sections: [SectionSummary] {
        order.ranges.map { range in
            SectionSummary(title: collation.sectionTitles[range.section], titleIndex: range.section,
                           count: range.range.count, offset: range.range.lowerBound)
        }
    }

    /// Up to `limit` entries from `offset` of the sectioned order (none past the end).
    public func page(offset: Int, limit: Int) -> [PageEntry] {
        let end = min(totalCount, offset + limit)
        guard offset < end else { return [] }
        var entries: [PageEntry] = []
        entries.reserveCapacity(end - offset)
        var section = sectionPosition(of: offset)
        for position in offset ..< end {
            while order.ranges[section].range.upperBound <= position { section += 1 }
            entries.append(PageEntry(entry: item(at: position), section: section))
        }
        return entries
    }

    /// The jump for the index title at `index` of `titles` (drawn with this outline's collation).
    public func jump(toIndexTitleAt index: Int, in titles: SectionIndexTitles) throws(CollationError) -> SectionJump {
        switch try collation.jump(toIndexTitleAt: index, in: titles, nonEmptySections: order.nonEmptySections) {
        case .top: return .search
        case .nothing: return .nothing
        case .section(let position):
            let range = order.ranges[position]
            return .section(position: position, title: collation.sectionTitles[range.section], offset: range.range.lowerBound,
                            entry: item(at: range.range.lowerBound))
        }
    }
}

/// Where touching an index title lands in the model: the first entry of the nearest non-empty section (its position in
/// the sections, that section's title, the entry's offset and the entry), the top, or nowhere.
public enum SectionJump: Sendable {
    case section(position: Int, title: String, offset: Int, entry: Entry)
    case search
    case nothing
}
