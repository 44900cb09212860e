import Collation
import Entries

/// Some sections of a document's outline, sorted before the rest: what a client showing partial results needs first.
/// Only the section of every entry is computed (as for `thumbindex/sections`), then only the entries of the chosen
/// sections are sorted, so they come at about the cost of the thumb index instead of a whole sort.
public struct LeadingSections: Sendable {
    /// One chosen section: its title, its entries in sorted order (by their place in document order: made when
    /// asked, see `entries(of:)`) and its range as a symbol (see `OutlineIndexView.sectionRange(ofSectionAt:)`).
    public struct Section: Sendable {
        public var title: String
        public var members: [Int]
        public var range: TextRange
    }

    /// The chosen sections, in order, sorted.
    public let sections: [Section]
    /// The entry at a place in document order (read off its line for plain text).
    private let entry: @Sendable (Int) -> Entry

    /// The entries of a chosen section, in sorted order.
    public func entries(of section: Section) -> [Entry] { section.members.map(entry) }

    /// The first non-empty sections of `document` that hold at least `entries` entries together (whole sections).
    public init(
        _ document: TextDocument, collation: IndexedCollation, format: OutlineIndex.Format, readings: (any CollationReading)? = nil,
        entries wanted: Int, extract: (TextDocument) -> [Entry]
    ) throws(CollationError) {
        let unsorted = UnsortedSections(document, collation: collation, format: format, readings: readings, known: nil, extract: extract)
        var chosen: [Int] = [], total = 0
        for (position, count) in unsorted.counts.enumerated() where total < wanted {
            chosen.append(position)
            total += count
        }
        // The chosen sections' entries sorted (by sort key, then document order, as the index sorts).
        let members = unsorted.members(ofSectionsAt: chosen), sectionOf = unsorted.sectionOf, entry = unsorted.entry
        let order = try SortKeys(unsorted.sortStrings.strings(at: members), collator: collation.collator).sortedOrder()
        var byTitle: [Int: [Int]] = [:]
        for j in order {
            let member = Int(members[Int(j)])
            byTitle[Int(sectionOf[member]), default: []].append(member)
        }
        self.entry = entry
        sections = chosen.map { position in
            let title = unsorted.titles[position], ids = byTitle[title]!
            let range = SectionSummary.symbolRange(
                around: ids[0], neighbour: { sectionOf.indices.contains($0 + $1) ? $0 + $1 : nil },
                inSection: { sectionOf[$0] == Int32(title) }, entry: entry)
            return Section(title: collation.sectionTitles[title], members: ids, range: range)
        }
    }
}
