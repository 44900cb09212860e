import Collation
import Entries

/// A document's entries in document order with the section of each, counted but not sorted: what answers before the
/// index's sort (its first sections for a first part of symbols, its first page). Finding every entry's section costs
/// about a fifth of sorting them; then only what is asked for is sorted.
public struct OutlineBeforeSort: Sendable {
    /// The entries' sort strings, in document order.
    private let sortStrings: UTF8Batch
    /// The entry at a place in document order (read off its line for plain text).
    private let entry: @Sendable (Int) -> Entry
    /// The section (title position) of every entry, in document order.
    private let sectionOf: [Int32]
    /// The non-empty sections, with the sectioned offset of each one's first entry (those the sorted order will have).
    private let sections: [SectionSummary]
    private let collation: IndexedCollation

    /// One section sorted: its title, its entries in sorted order, and its range as a symbol (see
    /// `OutlineIndexView.sectionRange(ofSectionAt:)`).
    public struct SortedSection: Sendable {
        public var title: String
        public var entries: [Entry]
        public var range: TextRange
    }

    /// How many entries the outline has.
    public var totalCount: Int { sectionOf.count }

    /// The entries of `document` with their sections. `known`: the section of every entry, when a layout has them
    /// (`SectionLayout.sectionOfEntries`), and `names`, a plain text's names (`SectionLayout.names`), save finding
    /// them again.
    public init(
        _ document: TextDocument, collation: IndexedCollation, format: OutlineIndex.Format, readings: (any CollationReading)? = nil,
        known: [Int32]? = nil, names: PlainTextNames? = nil, extract: (TextDocument) -> [Entry]
    ) {
        self.collation = collation
        if format == .lines {
            let names = names ?? OutlineIndex.names(document, readings: readings), lines = names.lines
            sortStrings = names.batch
            entry = { document.plainTextEntry(onLine: Int(lines[$0]), readings: readings)! }
        } else {
            let (entries, sortStrings) = OutlineIndex.extracted(document, extract)
            self.sortStrings = sortStrings
            entry = { entries[$0] }
        }
        let count = sortStrings.count
        sectionOf = known.flatMap { $0.count == count ? $0 : nil } ?? collation.sections(of: sortStrings)
        sections = SectionSummary.nonEmpty(sectionOf: sectionOf, titles: collation.sectionTitles)
    }

    /// The entries at the sectioned offsets `range`, each with its section's position among the non-empty sections:
    /// of each section that holds them, only the entries at those places are found
    /// (`IndexedCollation.positions(atRanks:of:)`), so a page deep inside a section of most of the entries comes at
    /// about the cost of the thumb index, not of a sort.
    public func page(_ range: Range<Int>) throws(CollationError) -> [PageEntry] {
        var page: [PageEntry] = []
        for (position, section) in sections.enumerated() {
            let offset = section.offset
            let from = max(range.lowerBound, offset), to = min(range.upperBound, offset + section.count)
            guard from < to else { continue }
            let members = members(ofSectionsAt: [position])
            let ranked = try collation.positions(atRanks: (from - offset) ..< (to - offset), of: sortStrings.strings(at: members))
            page += ranked.map { PageEntry(entry: entry(Int(members[Int($0)])), section: position) }
        }
        return page
    }

    /// The first non-empty sections that hold at least `wanted` entries together (whole sections), sorted (by sort
    /// key, then document order, as the index sorts).
    public func leadingSections(holding wanted: Int) throws(CollationError) -> [SortedSection] {
        var chosen: [Int] = [], total = 0
        for (position, section) in sections.enumerated() where total < wanted {
            chosen.append(position)
            total += section.count
        }
        let members = members(ofSectionsAt: chosen), sectionOf = sectionOf, entry = entry
        let order = try SortKeys(sortStrings.strings(at: members), collator: collation.collator).sortedOrder()
        var byTitle: [Int: [Int]] = [:]
        for j in order {
            let member = Int(members[Int(j)])
            byTitle[Int(sectionOf[member]), default: []].append(member)
        }
        return chosen.map { position in
            let title = sections[position].titleIndex, ids = byTitle[title]!
            let range = SectionSummary.symbolRange(
                around: ids[0], neighbour: { sectionOf.indices.contains($0 + $1) ? $0 + $1 : nil },
                inSection: { sectionOf[$0] == Int32(title) }, entry: entry)
            return SortedSection(title: collation.sectionTitles[title], entries: ids.map(entry), range: range)
        }
    }

    /// The places in document order of the entries of the non-empty sections at `positions`.
    private func members(ofSectionsAt positions: [Int]) -> [Int32] {
        var isChosen = [Bool](repeating: false, count: (sections.last?.titleIndex ?? 0) + 1)
        for position in positions { isChosen[sections[position].titleIndex] = true }
        var members: [Int32] = []
        members.reserveCapacity(positions.reduce(0) { $0 + sections[$1].count })
        sectionOf.withUnsafeBufferPointer { sectionOf in
            for i in sectionOf.indices where isChosen[Int(sectionOf[i])] { members.append(Int32(i)) }
        }
        return members
    }
}
