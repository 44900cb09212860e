import Collation
import Entries

// What fluent pagination (AWPagedArray) reads of a sorted outline (an `OutlineIndex`, and before its sort a
// `SectionLayout` or `OutlineBeforeSort`): section metadata first, then pages of entries by offset, and jumps from an
// index title to the first entry of its section.

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

    /// A section titled `title` (position `titleIndex` of the collation's titles) of `count` entries from `offset`.
    public init(title: String, titleIndex: Int, count: Int, offset: Int) {
        self.title = title
        self.titleIndex = titleIndex
        self.count = count
        self.offset = offset
    }
}

extension SectionSummary {
    /// The non-empty sections of entries counted per section title (`counts[t]` entries under title `t`), each with
    /// the offset of its first entry in the sectioned order: how every shape of outline counts its sections.
    public static func nonEmpty(counts: some Sequence<Int>, titles: [String]) -> [SectionSummary] {
        var sections: [SectionSummary] = [], offset = 0
        for (title, count) in counts.enumerated() where count > 0 {
            sections.append(SectionSummary(title: titles[title], titleIndex: title, count: count, offset: offset))
            offset += count
        }
        return sections
    }

    /// The non-empty sections of entries in the sections `sectionOf` (title positions).
    public static func nonEmpty(sectionOf: [Int32], titles: [String]) -> [SectionSummary] {
        var counts = [Int](repeating: 0, count: titles.count)
        for section in sectionOf { counts[Int(section)] += 1 }
        return nonEmpty(counts: counts, titles: titles)
    }
}

/// A sorted, sectioned outline as fluent pagination reads it: a document's index (`OutlineIndex`) or its layout before
/// the sort (`SectionLayout`), and the workspace's index (`WorkspaceIndex`). The jump from an index title is written
/// once here; each finds the first entry of the section it lands on its own way.
public protocol SortedSections {
    /// The collation the outline is sorted and sectioned by.
    var collation: IndexedCollation { get }
    /// The non-empty sections, in section order (`SectionSummary.nonEmpty`).
    var sections: [SectionSummary] { get }
}

extension SortedSections {
    /// Where touching the index title at `index` of `titles` lands: `.top` for `{search}`, the nearest non-empty
    /// section (a position in `sections`) by the sparse-data rule (`IndexedCollation.jump`), `.nothing` when there are
    /// no entries.
    public func jumpTarget(toIndexTitleAt index: Int, in titles: SectionIndexTitles) throws(CollationError) -> JumpTarget {
        try collation.jump(toIndexTitleAt: index, in: titles, nonEmptySections: nonEmptySections)
    }

    /// Title positions of the non-empty sections, for jump targets.
    public var nonEmptySections: [Int] { sections.map(\.titleIndex) }
}

/// An entry of a page and its section (a position in the non-empty sections).
public struct PageEntry: Sendable {
    /// The entry, without its children.
    public var entry: Entry
    /// Its section: a position in the non-empty sections.
    public var section: Int

    /// `entry`, in section `section`.
    public init(entry: Entry, section: Int) {
        self.entry = entry
        self.section = section
    }
}

/// The range of a section as a symbol (`documentSymbol` with `sections` grouping), for every shape of outline.
extension SectionSummary {
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
