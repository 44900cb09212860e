import Collation
import Entries

/// A document's entries in document order with the section of each, counted but not sorted: what answers before the
/// index's sort (`LeadingSections` for a first part of symbols, `PageBeforeSort` for a first page). Finding every
/// entry's section costs about a fifth of sorting them.
struct UnsortedSections {
    /// The entries' sort strings, in document order.
    let sortStrings: UTF8Batch
    /// The entry at a place in document order (read off its line for plain text).
    let entry: @Sendable (Int) -> Entry
    /// The section (title position) of every entry, in document order.
    let sectionOf: [Int32]
    /// The title positions of the non-empty sections, their entry counts, and the sectioned offset of each one's first
    /// entry (those the sorted order will have).
    let titles: [Int], counts: [Int], offsets: [Int]

    /// `known`: the section of every entry, when a layout has them (`SectionLayout.sectionOfEntries`), and `names`, a
    /// plain text's names (`SectionLayout.names`), save finding them again.
    init(
        _ document: TextDocument, collation: IndexedCollation, format: OutlineIndex.Format, readings: (any CollationReading)?,
        known: [Int32]?, names: PlainTextNames? = nil, extract: (TextDocument) -> [Entry]
    ) {
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
        var sizes = [Int](repeating: 0, count: collation.sectionTitles.count)
        for section in sectionOf { sizes[Int(section)] += 1 }
        titles = sizes.indices.filter { sizes[$0] > 0 }
        counts = titles.map { sizes[$0] }
        var offsets: [Int] = [], offset = 0
        for count in counts {
            offsets.append(offset)
            offset += count
        }
        self.offsets = offsets
    }

    /// The places in document order of the entries of the non-empty sections at `positions`.
    func members(ofSectionsAt positions: [Int]) -> [Int32] {
        var isChosen = [Bool](repeating: false, count: (titles.last ?? 0) + 1)
        for position in positions { isChosen[titles[position]] = true }
        var members: [Int32] = []
        members.reserveCapacity(positions.reduce(0) { $0 + counts[$1] })
        sectionOf.withUnsafeBufferPointer { sectionOf in
            for i in sectionOf.indices where isChosen[Int(sectionOf[i])] { members.append(Int32(i)) }
        }
        return members
    }
}

/// A page of a document's sectioned outline before its index is made: of each section the page covers, only the
/// entries at the page's places are found (`IndexedCollation.positions(atRanks:of:)`), so a page deep inside a section
/// of most of the entries comes at about the cost of the thumb index, not of a sort.
public struct PageBeforeSort: Sendable {
    /// The page's entries, each with its section's position among the non-empty sections.
    public let entries: [PageEntry]
    /// How many entries the outline has.
    public let totalCount: Int

    /// The entries of `document` at the sectioned offsets `range`; `sectionOf` and `names` as `UnsortedSections` takes
    /// them (`known`, `names`).
    public init(
        _ document: TextDocument, collation: IndexedCollation, format: OutlineIndex.Format, readings: (any CollationReading)? = nil,
        offsets range: Range<Int>, sectionOf: [Int32]? = nil, names: PlainTextNames? = nil, extract: (TextDocument) -> [Entry]
    ) throws(CollationError) {
        let unsorted = UnsortedSections(document, collation: collation, format: format, readings: readings, known: sectionOf,
                                        names: names, extract: extract)
        var entries: [PageEntry] = []
        for (position, offset) in unsorted.offsets.enumerated() {
            let from = max(range.lowerBound, offset), to = min(range.upperBound, offset + unsorted.counts[position])
            guard from < to else { continue }
            let members = unsorted.members(ofSectionsAt: [position])
            let ranked = try collation.positions(atRanks: (from - offset) ..< (to - offset), of: unsorted.sortStrings.strings(at: members))
            entries += ranked.map { PageEntry(entry: unsorted.entry(Int(members[Int($0)])), section: position) }
        }
        self.entries = entries
        totalCount = unsorted.sectionOf.count
    }
}
