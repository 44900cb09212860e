import Collation
import Entries

/// The first sections of a document's outline, sorted before the rest: what a client showing partial results needs
/// first. Only the section of every entry is computed (as for `thumbindex/sections`), then only the entries of the
/// leading sections are sorted, so they come at about the cost of the thumb index instead of a whole sort.
public struct LeadingSections: Sendable {
    /// One leading section: its title, its entries in sorted order, and its range as a symbol (see
    /// `OutlineIndexView.sectionRange(ofSectionAt:)`).
    public struct Section: Sendable {
        public var title: String
        public var entries: [Entry]
        public var range: TextRange
    }

    /// The entry count of every non-empty section, in order (all of them, not only the leading ones).
    public let counts: [Int]
    /// The first `leading` of the non-empty sections, sorted.
    public let sections: [Section]

    /// The first non-empty sections of `document` that hold at least `entries` entries together (whole sections).
    public init(
        _ document: TextDocument, collation: IndexedCollation, format: OutlineIndex.Format, readings: (any CollationReading)? = nil,
        entries wanted: Int, extract: (TextDocument) -> [Entry]
    ) {
        // Entries in document order: read off lines (plain text) or extracted.
        let batch: UTF8Batch, entry: (Int) -> Entry
        if format == .lines {
            let (names, lines) = OutlineIndex.names(document, lines: 0 ..< document.lineCount, readings: readings)
            batch = names
            entry = { document.plainTextEntry(onLine: lines[$0], readings: readings)! }
        } else {
            let (entries, sortStrings) = OutlineIndex.extracted(document, extract)
            batch = sortStrings
            entry = { entries[$0] }
        }
        let sectionOf = collation.sections(of: batch)
        var sizes = [Int](repeating: 0, count: collation.sectionTitles.count)
        for section in sectionOf { sizes[Int(section)] += 1 }
        counts = sizes.filter { $0 > 0 }
        // The leading sections, and their entries sorted (by sort key, then document order, as the index sorts).
        var leading: [Int] = []
        var total = 0
        for (title, size) in sizes.enumerated() where size > 0 && total < wanted {
            leading.append(title)
            total += size
        }
        var isLeading = [Bool](repeating: false, count: sizes.count)
        for title in leading { isLeading[title] = true }
        let members = sectionOf.indices.filter { isLeading[Int(sectionOf[$0])] }
        var strings = UTF8Batch([String]())
        for i in members { strings.append(batch.string(at: i)) }
        let order = SortKeys(strings, collator: collation.collator).sortedOrder()
        var byTitle: [Int: [Int]] = [:]
        for j in order { byTitle[Int(sectionOf[members[Int(j)]]), default: []].append(members[Int(j)]) }
        sections = leading.map { title in
            let ids = byTitle[title]!
            let range = SectionedOutline.symbolRange(
                around: ids[0], neighbour: { sectionOf.indices.contains($0 + $1) ? $0 + $1 : nil },
                inSection: { sectionOf[$0] == Int32(title) }, entry: entry)
            return Section(title: collation.sectionTitles[title], entries: ids.map(entry), range: range)
        }
    }
}
