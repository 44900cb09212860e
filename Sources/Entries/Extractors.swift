/// The registry of formats. Adding a format is one new file with an `EntryExtractor` and one line in `all`.
public enum Extractors {
    /// Every extractor, in the order their languageIds and file extensions are looked up.
    public static let all: [any EntryExtractor.Type] = [
        PlainTextExtractor.self,
        MarkdownExtractor.self,
        CSVExtractor.self,
        TSVExtractor.self,
        VCardExtractor.self,
        StringsExtractor.self,
        XCStringsExtractor.self,
        JSONExtractor.self,
        YAMLExtractor.self,
        CtagsExtractor.self,
    ]

    /// The extractor for an LSP languageId (compared case-insensitively), or nil when none knows it.
    public static func extractor(forLanguageId languageId: String) -> (any EntryExtractor)? {
        let id = languageId.lowercased()
        guard let type = all.first(where: { $0.languageIds.contains(id) }) else { return nil }
        return type.make(languageId: id)
    }

    /// The languageId for a file, by its extension (`Contacts.VCF` → "vcard"); nil when unknown.
    public static func languageId(forPath path: String) -> String? {
        let fileName = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        for type in all {
            if let id = type.languageId(forExtension: ext) { return id }
        }
        return nil
    }

    /// Every languageId some extractor serves.
    public static var languageIds: [String] { all.flatMap { $0.languageIds } }

    /// Extracts with the extractor for `languageId`, or throws "no entries for languageId X".
    public static func extract(_ text: String, languageId: String, options: ExtractionOptions = ExtractionOptions()) throws -> Extraction {
        guard let extractor = extractor(forLanguageId: languageId) else {
            throw ExtractionError.noExtractor(languageId: languageId)
        }
        return try extractor.extract(text, options: options)
    }
}

extension EntryExtractor {
    /// Most formats ignore the languageId they were chosen for.
    public static func make(languageId: String) -> Self { Self() }

    /// Every extension in `fileExtensions` maps to the first languageId; an extractor serving many
    /// languages (ctags) overrides this.
    public static func languageId(forExtension ext: String) -> String? {
        fileExtensions.contains(ext) ? languageIds.first : nil
    }
}
