import Collation
import Entries

/// What the thumb index needs of a sectioned outline: the non-empty sections with their counts and offsets. It takes
/// only the section of every entry (a bucket lookup, about a fifth of sorting), so a client gets its thumb index
/// before the entries are sorted; the offsets are those the sorted order will have.
public struct SectionLayout: SortedSections, Sendable {
    public let version: Int
    public let generation: UInt64
    public let collation: IndexedCollation
    public let totalCount: Int
    /// The non-empty sections, in section order.
    public let sections: [SectionSummary]
    /// The section (title position) of every entry in document order, when the layout was counted from them (a page
    /// before the sort finds its entries with it: `OutlineBeforeSort`).
    public let sectionOfEntries: [Int32]?
    /// A plain text's names, when the layout was counted from them (a first page before the sort, `OutlineBeforeSort`,
    /// and the index made after it take them); dropped once the index is made.
    public let names: PlainTextNames?
}

/// The layout is made by the memberwise initializer the compiler writes (internal), or from the entries' sections.
extension SectionLayout {
    /// The layout of `document`'s entries in `format`, counted from their sort strings (`extract` gives the entries
    /// of the formats read whole). A plain text's names are kept, for a first page before the index and for the index.
    public init(
        counting document: TextDocument, format: OutlineIndex.Format, readings: (any CollationReading)? = nil,
        collation: IndexedCollation, extract: (TextDocument) -> [Entry]
    ) {
        let names = format == .lines ? OutlineIndex.names(document, readings: readings) : nil
        let batch = names?.batch ?? OutlineIndex.extracted(document, extract).sortStrings
        self.init(sectionOf: collation.sections(of: batch), keeping: true, version: document.version, generation: document.generation,
                  collation: collation, names: names)
    }

    /// The layout of entries in the sections `sectionOf` (title positions, in document order), which it keeps
    /// (`sectionOfEntries`) when `keeping`.
    init(sectionOf: [Int32], keeping: Bool, version: Int, generation: UInt64, collation: IndexedCollation, names: PlainTextNames? = nil) {
        self.init(version: version, generation: generation, collation: collation, totalCount: sectionOf.count,
                  sections: SectionSummary.nonEmpty(sectionOf: sectionOf, titles: collation.sectionTitles),
                  sectionOfEntries: keeping ? sectionOf : nil, names: names)
    }

    /// This layout without the names it kept.
    var withoutNames: SectionLayout {
        SectionLayout(version: version, generation: generation, collation: collation, totalCount: totalCount, sections: sections,
                      sectionOfEntries: sectionOfEntries, names: nil)
    }
}

/// A plain text's names: the sort strings of the lines that hold one, as ranges of the text's own bytes (with readings
/// under `ja`, strings of their own), and those lines (`OutlineIndex.names`).
public struct PlainTextNames: Sendable {
    public let batch: UTF8Batch
    public let lines: [Int32]
}
