/// Keys of an Apple `.strings` table; the detail is the translated value (a table holds one language).
public struct StringsExtractor: EntryExtractor {
    public static let languageIds = ["strings"]
    public static let fileExtensions = ["strings"]
    public init() {}

    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        let pairs = try StringsFile.parse(text, fileName: options.fileName)
        return Extraction(entries: pairs.map { pair in
            Entry(name: pair.key, kind: .key, detail: pair.value.singleLine, range: pair.range, selectionRange: pair.keyRange)
        })
    }
}
