import Collation
import Entries

/// What fluent pagination (AWPagedArray) reads of a sectioned outline: section metadata first, then pages of entries by
/// offset, and jumps from an index title to the first entry of its section.
extension SectionedOutline {
    /// A non-empty section: its title, the count of its entries and the position of the first in the sectioned order.
    public struct SectionSummary: Hashable, Sendable {
        /// The section's title.
        public var title: String
        /// The position of `title` in the collation's `sectionTitles`.
        public var titleIndex: Int
        /// The number of entries in the section.
        public var count: Int
        /// The position of the section's first entry in the sectioned order.
        public var offset: Int
    }

    /// The non-empty sections in order.
    public var sections: [SectionSummary] {
        order.ranges.map { range in
            SectionSummary(title: collation.sectionTitles[range.section], titleIndex: range.section,
                           count: range.range.count, offset: range.range.lowerBound)
        }
    }

    /// An entry of a page and its section (a position in `sections`).
    public struct PageEntry: Sendable {
        /// The entry, without its children.
        public var entry: Entry
        /// Its section: a position in `sections`.
        public var section: Int
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
            entries.append(PageEntry(entry: item(at: position).entry, section: section))
        }
        return entries
    }

    /// Where touching an index title lands.
    public enum Jump: Sendable {
        /// The first entry of the nearest non-empty section: its position in `sections`, that section's title, the
        /// entry's offset in the sectioned order, and the entry.
        case section(position: Int, title: String, offset: Int, entry: Entry)
        /// The `{search}` entry: the top.
        case search
        /// No entries.
        case nothing
    }

    /// The jump for the index title at `index` of `titles` (drawn with this outline's collation).
    public func jump(toIndexTitleAt index: Int, in titles: SectionIndexTitles) throws(CollationError) -> Jump {
        switch try collation.jump(toIndexTitleAt: index, in: titles, nonEmptySections: order.nonEmptySections) {
        case .top: return .search
        case .nothing: return .nothing
        case .section(let position):
            let range = order.ranges[position]
            return .section(position: position, title: collation.sectionTitles[range.section], offset: range.range.lowerBound,
                            entry: item(at: range.range.lowerBound).entry)
        }
    }
}

/// The range of a section as a symbol (`documentSymbol` with `sections` grouping), for every shape of outline.
extension SectionedOutline {
    /// The run of the section's entries around its first one that are next to each other in the document, with no
    /// entry of another section between them. Sections interleave in the document, so the hull of all a section's
    /// entries would cover other sections' entries, and a client looking for the symbol at the cursor (the first
    /// symbol whose range holds it, then the same among its children) would show the wrong section there. Within the
    /// run it finds the right one; elsewhere no section claims the line.
    ///
    /// - Parameters:
    ///   - first: the section's first entry in sorted order.
    ///   - neighbour: the entry before (-1) or after (+1) one in document order, if any.
    ///   - inSection: whether an entry belongs to the section.
    ///   - entry: an entry's positions.
    public static func symbolRange<ID>(
        around first: ID, neighbour: (ID, Int) -> ID?, inSection: (ID) -> Bool, entry: (ID) -> Entry
    ) -> TextRange {
        var low = first, high = first
        while let previous = neighbour(low, -1), inSection(previous) { low = previous }
        while let next = neighbour(high, 1), inSection(next) { high = next }
        let lowEntry = entry(low), highEntry = entry(high)
        var end = highEntry.range.end
        // An entry whose range holds the next ones (a heading and its subsections) ends at its own line here.
        if let next = neighbour(high, 1), entry(next).selectionRange.start < end {
            end = max(highEntry.selectionRange.end, lowEntry.range.start)
        }
        return TextRange(start: lowEntry.range.start, end: end)
    }
}

/// Jumps over a sectioned outline's non-empty sections, and titles by their text.
extension SectionIndexTitles {
    /// For each index title, where a touch lands: `.top` for `{search}`, a position in the non-empty sections, or
    /// `.nothing` when there are no entries (the sparse-data rule of table view section indexes:
    /// `IndexedCollation.jump(toSection:nonEmptySections:)`).
    public func jumpTargets(nonEmptySections: [Int]) -> [JumpTarget] {
        targets.map { target in
            switch target {
            case .search: return .top
            case .section(let section): return IndexedCollation.jump(toSection: section, nonEmptySections: nonEmptySections)
            }
        }
    }

    /// The position of an index title given by its text; repeated titles (`•`) must be given by position.
    public func position(of title: String, locale: CollationLocale) throws(CollationError) -> Int {
        guard let found = titles.firstIndex(of: title) else {
            throw CollationError(.invalidArgument, "\"\(title)\" is not an index title of \(locale.identifier); they are \(titles.joined(separator: " "))")
        }
        // A bullet (or ICU's repeated "…") stands for different runs: only its position says which.
        guard titles.lastIndex(of: title) == found else {
            throw CollationError(.invalidArgument, "\"\(title)\" appears more than once in the index titles; give its position as index")
        }
        return found
    }
}
