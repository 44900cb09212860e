/// Settings that some extractors read; every field has a default a person would expect.
public struct ExtractionOptions: Hashable, Sendable {
    /// csv/tsv: the column that names a row, by zero-based index or by header name. `nil`: the first column.
    public var column: ColumnSelector?
    /// vcard: build the collation string from N as "family given" (true, the default) or "given family".
    public var familyNameFirst: Bool
    /// strings/xcstrings: the language whose value becomes an entry's detail (e.g. "sv"). `nil`: the source language.
    public var language: String?
    /// Source code: path of the `ctags` executable. `nil`: look it up on PATH.
    public var ctagsPath: String?
    /// Source code: file name to give ctags so it picks the right parser (e.g. "main.swift").
    public var fileName: String?
    /// csv/tsv: the columns that hold how a row's name is read (its phonetic name, its pinyin), joined by spaces;
    /// empty: those whose header titles say so (`Family Name Yomi`, `Phonetic First Name`, `フリガナ`, `拼音` …).
    public var readingColumns: [ColumnSelector] = []

    /// Options as given; the defaults are what a person would expect.
    public init(
        column: ColumnSelector? = nil, familyNameFirst: Bool = true, language: String? = nil,
        ctagsPath: String? = nil, fileName: String? = nil
    ) {
        self.column = column
        self.familyNameFirst = familyNameFirst
        self.language = language
        self.ctagsPath = ctagsPath
        self.fileName = fileName
    }
}

/// A column of a table: by zero-based index, or by the name in its header row.
public enum ColumnSelector: Hashable, Sendable {
    /// The column at this zero-based index.
    case index(Int)
    /// The column whose header is this name (an exact match first, else one that differs only in case).
    case name(String)
}

/// What an extractor produced: the entries and any warnings a person should see (in the log, not as errors).
public struct Extraction: Sendable {
    /// The entries, in document order, nested where the format nests.
    public var entries: [Entry]
    /// Things a person should know that did not stop extraction (ctags missing, a card left out).
    public var warnings: [String]

    /// An extraction, with no warnings unless given.
    public init(entries: [Entry], warnings: [String] = []) {
        self.entries = entries
        self.warnings = warnings
    }
}

/// Turns the text of one document format into entries. One small file per format.
public protocol EntryExtractor: Sendable {
    /// LSP languageIds this extractor serves (e.g. ["markdown"]).
    static var languageIds: [String] { get }
    /// File extensions (without dot, lower case) the CLI maps to this extractor.
    static var fileExtensions: [String] { get }

    /// An extractor with its defaults.
    init()
    /// The entries of one whole document in this format.
    ///
    /// - Throws: `ExtractionError` when the text is not valid in the format, naming the line where it can.
    func extract(_ text: String, options: ExtractionOptions) throws -> Extraction

    /// An extractor for one of `languageIds` (default: `init()`; ctags keeps the id to pick a parser).
    static func make(languageId: String) -> Self
    /// The languageId for a file extension (lower case, no dot), or nil (default: every extension in
    /// `fileExtensions` maps to the first languageId).
    static func languageId(forExtension ext: String) -> String?
}
