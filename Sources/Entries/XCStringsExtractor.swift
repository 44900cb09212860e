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
        guard let catalog = try XCStringsCatalog(text, fileName: options.fileName) else { return Extraction(entries: []) }
        let languages = [options.language, catalog.sourceLanguage].compactMap { $0 }
        return Extraction(entries: catalog.strings.map { Self.entry($0, languages: languages, map: catalog.map) })
    }

    /// The entry of one string of the catalog: its detail is its value in the first of `languages` that has one.
    /// Its lines are looked for from line `hint` on (see `LineMap.range(from:to:hint:)`).
    static func entry(_ m: JSONNode.Member, languages: [String], map: LineMap, hint: Int = 0) -> Entry {
        let value = languages.lazy.compactMap { XCStringsCatalog.value(of: m.value, language: $0) }.first ?? m.key
        let range = map.range(from: m.keyStart, to: m.value.end, hint: hint)
        return Entry(name: m.key, kind: .key, detail: JSONExtractor.shorten(value.singleLine), range: range,
                     selectionRange: map.range(from: m.keyStart, to: m.keyEnd, hint: range.start.line))
    }
}

/// A parsed string catalog, shared by the extractor and `LocalizationTable`.
struct XCStringsCatalog {
    let sourceLanguage: String?
    let strings: [JSONNode.Member]
    let map: LineMap

    /// nil for a blank file; throws for malformed JSON or JSON that is not a catalog.
    init?(_ text: String, fileName: String?) throws {
        let document = JSONDocument(text, fileName: fileName)
        guard let root = try document.parse({ () throws(JSONParseError) in try JSONParser().parseNode(document.bytes) })
        else { return nil }
        guard let strings = root["strings"], case .object(let members) = strings.value else {
            throw document.failure("not a string catalog: no \"strings\" object at the top level", at: root.start)
        }
        sourceLanguage = root["sourceLanguage"]?.stringValue
        self.strings = members
        map = document.map
    }

    /// The translation of one key's entry for `language` (best matching localization), if it has one.
    /// Plural and device variations give their "other" form (else the first there is).
    static func value(of entry: JSONNode, language: String) -> String? {
        guard let localizations = entry["localizations"]?.members, !localizations.isEmpty,
              let tag = LanguageMatch.best(language, among: localizations.map(\.key)),
              let localization = localizations.last(where: { $0.key == tag })?.value else { return nil }
        return Self.firstValue(localization)
    }

    private static func firstValue(_ node: JSONNode) -> String? {
        if let value = node["stringUnit"]?["value"]?.stringValue { return value }
        guard let variations = node["variations"] else { return nil }
        for kind in variations.members {
            let forms = kind.value.members
            if let other = forms.last(where: { $0.key == "other" }), let v = firstValue(other.value) { return v }
            for form in forms { if let v = firstValue(form.value) { return v } }
        }
        return nil
    }
}

extension JSONValues {
    /// The entry of the catalog's string whose value is span `i` (a member of `strings`), read as a node.
    func catalogEntry(_ i: Int, languages: [String], hint: Int = 0) -> Entry? {
        guard let keyStart = spans[i].keyStart, let value = try? JSONParser().parseNode(bytes, at: spans[i].start) else { return nil }
        let (key, keyEnd) = string(at: keyStart)
        return XCStringsExtractor.entry(JSONNode.Member(key: key, keyStart: keyStart, keyEnd: keyEnd, value: value),
                                        languages: languages, map: map, hint: hint)
    }
}
