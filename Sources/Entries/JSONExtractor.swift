import ThumbIndexJSON

/// Keys of a JSON document, nested as the document is.
///
/// Kinds follow vscode-json-languageservice, which most editors' JSON outlines look like: objects are
/// Module (not Object, so an outline tells containers from records), arrays Array, strings String,
/// numbers Number, booleans Boolean; null is Null, the kind LSP has for it. Array
/// elements that are objects or arrays become children so the keys inside them stay reachable, named by a
/// field such as `name` or `id` when they have one, else by index ("[0]", "[1]"…; see `ArrayItemNames`);
/// scalar elements are not entries.
public struct JSONExtractor: EntryExtractor {
    /// `json`.
    public static let languageIds = ["json"]
    /// `json`, `geojson` and `webmanifest`.
    public static let fileExtensions = ["json", "geojson", "webmanifest"]
    /// A JSON extractor.
    public init() {}

    /// The document's keys, nested; an empty document has none.
    ///
    /// - Throws: `ExtractionError` when the text is not JSON, naming the line.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        let document = JSONDocument(text, fileName: options.fileName)
        return try document.bytes.withUnsafeBufferPointer { bytes throws(ExtractionError) in
            let spans = try document.parse { () throws(JSONParseError) in try JSONParser().parseSpans(bytes) }
            guard !spans.isEmpty else { return Extraction(entries: []) }
            return Extraction(entries: JSONValues(spans: spans, bytes: bytes, map: document.map).entries(in: 0))
        }
    }

    static func kind(of kind: JSONSpan.Kind) -> SymbolKind {
        switch kind {
        case .object: .module
        case .array: .array
        case .string: .string
        case .number: .number
        case .bool: .boolean
        case .null: .null
        }
    }

    /// A container's detail: "1 key", "3 items".
    static func sizeDetail(_ count: Int, isObject: Bool) -> String {
        isObject ? (count == 1 ? "1 key" : "\(count) keys") : (count == 1 ? "1 item" : "\(count) items")
    }

    /// The most characters of a string value shown as its detail.
    static let detailLimit = 80

    /// `s` cut to `limit` characters with `…` (tables' cells too, to their own limit).
    static func shorten(_ s: String, limit: Int = detailLimit) -> String {
        // No more bytes than the limit: no more characters either (most values), found without counting them.
        s.utf8.count <= limit || s.count <= limit ? s : String(s.prefix(limit - 1)) + "…"
    }
}
