import ThumbIndexJSON

/// Keys of an Xcode string catalog (`Localizable.xcstrings`, JSON):
///
///     {"sourceLanguage": "en", "version": "1.0", "strings": {
///       "apple": {"localizations": {"sv": {"stringUnit": {"state": "translated", "value": "äpple"}}}}}}
///
/// The detail is the value for `options.language`, else for the source language, else the key itself
/// (in catalogs the key usually is the source text).
public struct XCStringsExtractor: EntryExtractor {
    /// `xcstrings`.
    public static let languageIds = ["xcstrings"]
    /// `xcstrings`.
    public static let fileExtensions = ["xcstrings"]
    /// A string catalog extractor.
    public init() {}

    /// One `.key` entry per string of the catalog; an empty document has none.
    ///
    /// - Throws: `ExtractionError` when the text is not JSON or has no `strings` object.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        let entries = try XCStringsCatalog.read(text, fileName: options.fileName) { catalog in
            var entries: [Entry] = []
            _ = catalog.values.catalogEntries(catalog.values.children(of: catalog.strings),
                                              languages: [options.language, catalog.sourceLanguage].compactMap { $0 },
                                              into: &entries)
            return entries
        }
        return Extraction(entries: entries ?? [])
    }
}

/// A string catalog read into spans, shared by the extractor, its tree (`TreeFormat`) and `LocalizationTable`.
struct XCStringsCatalog {
    let values: JSONValues
    /// The `strings` object (a span of `values`): a member for each key.
    let strings: Int
    let sourceLanguage: String?

    /// The catalog whose document's value is span 0 of `values`; nil when that is not an object with a `strings`
    /// object (the last member of that name, as parsers keeping one value per key see it).
    init?(_ values: JSONValues) {
        guard values.spans[0].kind == .object, let strings = values.lastMember(named: "strings", in: 0),
              values.spans[strings].kind == .object else { return nil }
        self.values = values
        self.strings = strings
        sourceLanguage = values.lastMember(named: "sourceLanguage", in: 0).flatMap {
            values.spans[$0].kind == .string ? values.string(at: values.spans[$0].start).string : nil
        }
    }

    /// What `body` makes of the catalog of `text`; nil for a blank file.
    ///
    /// - Throws: `ExtractionError` for malformed JSON or JSON that is not a catalog.
    static func read<R>(_ text: String, fileName: String?, _ body: (XCStringsCatalog) -> R) throws -> R? {
        let document = JSONDocument(text, fileName: fileName)
        return try document.bytes.withUnsafeBufferPointer { bytes throws(ExtractionError) -> R? in
            let spans = try document.parse { () throws(JSONParseError) in try JSONParser().parseSpans(bytes) }
            guard !spans.isEmpty else { return nil }
            guard let catalog = XCStringsCatalog(JSONValues(spans: spans, bytes: bytes, map: document.map)) else {
                throw document.failure("not a string catalog: no \"strings\" object at the top level", at: spans[0].start)
            }
            return body(catalog)
        }
    }
}
