/// Keys of an Apple `.strings` table; the detail is the translated value (a table holds one language).
public struct StringsExtractor: EntryExtractor {
    /// `strings`.
    public static let languageIds = ["strings"]
    /// `strings`.
    public static let fileExtensions = ["strings"]
    /// A `.strings` extractor.
    public init() {}

    /// One `.key` entry per pair, in file order, the value as detail.
    ///
    /// - Throws: `ExtractionError` at the first syntax error, naming the line.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        let pairs = try StringsFile.parse(text, fileName: options.fileName)
        return Extraction(entries: pairs.map(Self.entry))
    }

    /// The entry of a pair.
    static func entry(_ pair: StringsFile.Pair) -> Entry {
        Entry(name: pair.key, kind: .key, detail: pair.value.singleLine, range: pair.range, selectionRange: pair.keyRange)
    }
}
