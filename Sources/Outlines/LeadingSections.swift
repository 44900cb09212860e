import Collation
import Entries

/// Some sections of a document's outline, sorted before the rest: what a client showing partial results needs first,
/// or the page a client asks for before the document's index is made. Only the section of every entry is computed (as
/// for `thumbindex/sections`), then only the entries of the chosen sections are sorted, so they come at about the cost
/// of the thumb index instead of a whole sort.
public struct LeadingSections: Sendable {
    /// One chosen section: its title, its entries in sorted order (by their place in document order: made when
    /// asked, see `entries(of:)`), its range as a symbol (see `OutlineIndexView.sectionRange(ofSectionAt:)`), its place
    /// among the non-empty sections and the sectioned offset of its first entry.
    public struct Section: Sendable {
        public var title: String
        public var members: [Int]
        public var range: TextRange
        public var position: Int
        public var offset: Int
    }

    /// The entry count of every non-empty section, in order (all of them, not only the chosen ones).
    public let counts: [Int]
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
        try self.init(document, collation: collation, format: format, readings: readings, extract: extract) { counts in
            var chosen: [Int] = [], total = 0
            for (position, count) in counts.enumerated() where total < wanted {
                chosen.append(position)
                total += count
            }
            return chosen
        }
    }

    /// The non-empty sections of `document` that hold the entries at the sectioned offsets `range`; `sectionOf`, the
    /// section of every entry when a layout has them (`SectionLayout.sectionOfEntries`), saves finding them again.
    public init(
        _ document: TextDocument, collation: IndexedCollation, format: OutlineIndex.Format, readings: (any CollationReading)? = nil,
        covering range: Range<Int>, sectionOf: [Int32]? = nil, extract: (TextDocument) -> [Entry]
    ) throws(CollationError) {
        try self.init(document, collation: collation, format: format, readings: readings, known: sectionOf, extract: extract) { counts in
            var chosen: [Int] = [], start = 0
            for (position, count) in counts.enumerated() {
                if start < range.upperBound && start + count > range.lowerBound { chosen.append(position) }
                start += count
            }
            return chosen
        }
    }

    /// The sections `choose` picks (positions among the non-empty sections, ascending, from their counts).
    private init(
        _ document: TextDocument, collation: IndexedCollation, format: OutlineIndex.Format, readings: (any CollationReading)?,
        known: [Int32]? = nil, extract: (TextDocument) -> [Entry], choose: ([Int]) -> [Int]
    ) throws(CollationError) {
        // Entries in document order: read off lines (plain text) or extracted.
        let batch: UTF8Batch, entry: @Sendable (Int) -> Entry
        if format == .lines {
            let (names, lines) = OutlineIndex.names(document, lines: 0 ..< document.lineCount, readings: readings)
            batch = names
            entry = { document.plainTextEntry(onLine: Int(lines[$0]), readings: readings)! }
        } else {
            let (entries, sortStrings) = OutlineIndex.extracted(document, extract)
            batch = sortStrings
            entry = { entries[$0] }
        }
        let sectionOf = known.flatMap { $0.count == batch.count ? $0 : nil } ?? collation.sections(of: batch)
        var sizes = [Int](repeating: 0, count: collation.sectionTitles.count)
        for section in sectionOf { sizes[Int(section)] += 1 }
        let titles = sizes.indices.filter { sizes[$0] > 0 }
        counts = titles.map { sizes[$0] }
        var offsets: [Int] = [], offset = 0
        for count in counts {
            offsets.append(offset)
            offset += count
        }
        // The chosen sections, and their entries sorted (by sort key, then document order, as the index sorts).
        let chosen = choose(counts)
        var isChosen = [Bool](repeating: false, count: sizes.count)
        for position in chosen { isChosen[titles[position]] = true }
        let members = sectionOf.indices.filter { isChosen[Int(sectionOf[$0])] }
        var strings = UTF8Batch([String]())
        for i in members { batch.withUTF8(at: i) { strings.append(utf8: $0) } }
        let order = try SortKeys(strings, collator: collation.collator).sortedOrder()
        var byTitle: [Int: [Int]] = [:]
        for j in order { byTitle[Int(sectionOf[members[Int(j)]]), default: []].append(members[Int(j)]) }
        self.entry = entry
        sections = chosen.map { position in
            let title = titles[position], ids = byTitle[title]!
            let range = SectionSummary.symbolRange(
                around: ids[0], neighbour: { sectionOf.indices.contains($0 + $1) ? $0 + $1 : nil },
                inSection: { sectionOf[$0] == Int32(title) }, entry: entry)
            return Section(title: collation.sectionTitles[title], members: ids, range: range, position: position, offset: offsets[position])
        }
    }

    /// The entries of the chosen sections at the sectioned offsets `range`, each with its section's position.
    public func page(_ range: Range<Int>) -> [PageEntry] {
        var page: [PageEntry] = []
        for section in sections {
            let from = max(range.lowerBound, section.offset), to = min(range.upperBound, section.offset + section.members.count)
            guard from < to else { continue }
            page += section.members[(from - section.offset) ..< (to - section.offset)].map { .init(entry: entry($0), section: section.position) }
        }
        return page
    }
}
