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

public enum ColumnSelector: Hashable, Sendable {
    case index(Int)
    case name(String)
}

/// What an extractor produced: the entries and any warnings a person should see (in the log, not as errors).
public struct Extraction: Sendable {
    public var entries: [Entry]
    public var warnings: [String]

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

    init()
    func extract(_ text: String, options: ExtractionOptions) throws -> Extraction

    /// An extractor for one of `languageIds` (default: `init()`; ctags keeps the id to pick a parser).
    static func make(languageId: String) -> Self
    /// The languageId for a file extension (lower case, no dot), or nil (default: every extension in
    /// `fileExtensions` maps to the first languageId).
    static func languageId(forExtension ext: String) -> String?
}
