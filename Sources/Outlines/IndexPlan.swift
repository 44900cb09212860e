import Collation
import Entries

/// Which index a document gets, and what it reads names with: the one decision the server and `thumbindex outline`
/// share (see `Documentation/Server.md`, "The incremental index").
///
/// - Plain text: `.lines`, names read off their lines.
/// - Markdown: `.headings`, found again by a scan that restarts near an edit.
/// - vCard, CSV, TSV and `.strings`: `.records`, read again from the record before an edit (a `.strings` table with
///   two pairs on a line: `.entries`).
/// - JSON, `.xcstrings` and YAML: `.tree`, the members around an edit read again inside the container that holds it
///   (YAML: the top-level keys around it).
/// - Everything else (source code), and any text that is binary: `.entries`, extracted whole for every version.
///
/// Names that are not the text as written need the whole extraction: with localization tables plain text and
/// records become `.entries` and Markdown `.startLines`; so do they under `ja` when MeCab is missing (extraction
/// then says what to install). Under `ja` with MeCab, names in kanji collate by their readings in every format; under
/// a pinyin or zhuyin index, people's names by their surnames' readings (`ExtractionSettings.reading(of:collation:)`).
public struct IndexPlan: Sendable {
    /// How the index keeps its entries.
    public let format: OutlineIndex.Format
    /// The readings names in kanji collate by (under `ja`, readings on, MeCab there).
    public let readings: (any CollationReading)?
    /// `.records`: the document's record format.
    public let records: RecordFormat?
    /// `.tree`: the document's JSON format.
    public let tree: TreeFormat?

    /// The plan for `document` under `settings`, sorted under `collation`; `fileName` is what the extractors'
    /// messages name (default: the last part of the document's uri).
    public init(_ document: TextDocument, settings: ExtractionSettings, collation: IndexedCollation, fileName: String? = nil) {
        let language = collation.locale.language
        let reading = settings.reading(of: document, collation: collation)
        readings = reading?.problem == nil ? reading : nil
        let asWritten = settings.localizationTables.isEmpty && reading?.problem == nil
        let binary = document.isBinary
        let id = document.languageId.lowercased()
        let fileName = fileName ?? document.uri.split(separator: "/").last.map(String.init)
        let options = settings.options(fileName: fileName, language: language)
        let records = RecordFormat(languageId: id, options: options), tree = TreeFormat(languageId: id, options: options)
        if binary {
            format = .entries
        } else if PlainTextExtractor.languageIds.contains(id) {
            format = asWritten ? .lines : .entries
        } else if MarkdownExtractor.languageIds.contains(id) {
            format = asWritten ? .headings : .startLines
        } else if records != nil, asWritten {
            format = .records
        } else if tree != nil, asWritten {
            format = .tree
        } else {
            format = .entries
        }
        self.records = format == .records ? records : nil
        self.tree = format == .tree ? tree : nil
    }

    /// A plan of `format`, as a test or a tool chooses it (`records` and `tree` name the format's reader).
    public init(format: OutlineIndex.Format, readings: (any CollationReading)? = nil, records: RecordFormat? = nil, tree: TreeFormat? = nil) {
        self.format = format
        self.readings = readings
        self.records = records
        self.tree = tree
    }

    /// The index of `document` under `collation` by this plan (checked against its invariants in a debug build).
    public func index(_ document: TextDocument, collation: IndexedCollation, inputs: IndexInputs) throws(CollationError) -> OutlineIndex {
        let index = try OutlineIndex.make(document, collation: collation, plan: self, inputs: inputs)
        index.checkInvariants(in: document)
        return index
    }

    /// The same plan with another format (a format's reader gave up on the text: `.entries`).
    func with(format: OutlineIndex.Format) -> IndexPlan { IndexPlan(format: format, readings: readings, records: records, tree: tree) }
}

/// What a build of an index reads besides the text, the collation and the plan: one value, handed to each format's
/// maker.
public struct IndexInputs {
    /// The entries of a whole extraction (the formats that need one, and records that cannot be followed one by one).
    public var extract: @Sendable (TextDocument) -> [Entry]
    /// Where the problems of the records and values read go (a card left out; a quote never closed after an edit), as
    /// extraction reports its own.
    public var report: @Sendable ([OutlineProblem]) -> Void = { _ in }
    /// Records keep their entries instead of being read again when served: for a reader of every entry (the CLI's
    /// whole outline), which would read each twice.
    public var keepingEntries = false
    /// Gets the thumb index once the sections are known, before the sort (not `.headings`, whose scan is most of
    /// their cost).
    public var sectionsKnown: ((SectionLayout) -> Void)?
    /// The section of every entry and a plain text's names, when a layout of the same text and collation counted them.
    public var knownSections: [Int32]?
    public var knownNames: PlainTextNames?
    /// Asked once the sections are known and again before the sort; true throws `CollationError` of kind
    /// `.cancelled` (a build nobody wants any more gives its memory back at once).
    public var isCancelled: () -> Bool = { false }
    /// `.headings`: the scanner's state is kept every this many lines.
    public var checkpointSpacing = 256

    /// Inputs of a build whose whole extraction is `extract`; the rest as set after.
    public init(extract: @escaping @Sendable (TextDocument) -> [Entry]) { self.extract = extract }
}
