import Foundation

/// Apple's localization step: the `[key: value]` table of one language, from a `.strings` file, a string
/// catalog (`.xcstrings`), or a folder of `<lang>.lproj/*.strings` (an app's resources).
///
/// A folder is matched like `LanguageMatch`: `sv` takes `sv.lproj`, else `sv-SE.lproj`/`sv_SE.lproj`,
/// else another `sv-*`. `Base.lproj` and `en.lproj` are never used for another language: a table that
/// silently showed English where Swedish was asked for would hide the missing translation.
public struct LocalizationTable: Sendable {
    /// The files the table was read from.
    public let sources: [String]
    /// The language tag actually used (the lproj folder or catalog localization; for a lone `.strings`
    /// file, the one asked for).
    public let language: String
    /// Key → translated value.
    public private(set) var values: [String: String]

    /// A table made in memory.
    public init(values: [String: String], language: String, sources: [String] = []) {
        self.values = values
        self.language = language
        self.sources = sources
    }

    /// The translation of `key`, or nil.
    public subscript(key: String) -> String? { values[key] }
    /// The number of keys.
    public var count: Int { values.count }

    /// Reads the table of `language` from a `.strings` file, an `.xcstrings` catalog, or a folder of `.lproj` folders.
    ///
    /// - Throws: `ExtractionError` naming the path when it does not exist, is not a table, has no folder for
    ///   `language`, or cannot be read or parsed.
    public static func load(path: String, language: String) throws -> LocalizationTable {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ExtractionError(file: path, line: nil, "no such file or folder")
        }
        if isFolder.boolValue { return try loadFolder(path, language: language) }
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "strings": return LocalizationTable(values: try stringsTable(path), language: language, sources: [path])
        case "xcstrings": return try catalogTable(path, language: language)
        default:
            throw ExtractionError(file: path, line: nil, "not a localization table: expected a .strings or .xcstrings file, or a folder of .lproj folders")
        }
    }

    private static func loadFolder(_ path: String, language: String) throws -> LocalizationTable {
        let folder = URL(fileURLWithPath: path)
        let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        let lprojFolder: URL
        let used: String
        if folder.pathExtension == "lproj" {
            (lprojFolder, used) = (folder, folder.deletingPathExtension().lastPathComponent)
        } else {
            let tags = names.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.filter { $0.lowercased() != "base" }
            guard let tag = LanguageMatch.best(language, among: tags) else {
                if let catalog = names.first(where: { $0.hasSuffix(".xcstrings") }) {
                    return try catalogTable(folder.appendingPathComponent(catalog).path, language: language)
                }
                let found = tags.isEmpty ? "it has no .lproj folders" : "found " + tags.map { $0 + ".lproj" }.joined(separator: ", ")
                throw ExtractionError(file: path, line: nil, "no \(language).lproj folder for language \(language) (\(found))")
            }
            (lprojFolder, used) = (folder.appendingPathComponent(tag + ".lproj"), tag)
        }
        // Localizable.strings first, then the other tables; a key in two tables keeps the first.
        let files = try FileManager.default.contentsOfDirectory(atPath: lprojFolder.path)
            .filter { $0.hasSuffix(".strings") }
            .sorted { ($0 == "Localizable.strings" ? 0 : 1, $0) < ($1 == "Localizable.strings" ? 0 : 1, $1) }
        var values: [String: String] = [:]
        var sources: [String] = []
        for file in files {
            let filePath = lprojFolder.appendingPathComponent(file).path
            values.merge(try stringsTable(filePath)) { first, _ in first }
            sources.append(filePath)
        }
        return LocalizationTable(values: values, language: used, sources: sources)
    }

    /// One `.strings` file: text (UTF-8/UTF-16), or an XML or binary property list as built apps ship them.
    static func stringsTable(_ path: String) throws -> [String: String] {
        let data = try read(path)
        if data.starts(with: Array("bplist".utf8)) || data.starts(with: Array("<?xml".utf8)) {
            guard let table = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String] else {
                throw ExtractionError(file: path, line: nil, "a property list that is not a table of strings")
            }
            return table
        }
        let text = try StringsFile.decode(data: data, fileName: path)
        var values: [String: String] = [:]
        for pair in try StringsFile.parse(text, fileName: path) { values[pair.key] = pair.value }
        return values
    }

    static func catalogTable(_ path: String, language: String) throws -> LocalizationTable {
        let text = try StringsFile.decode(data: try read(path), fileName: path)
        let values = try XCStringsCatalog.read(text, fileName: path) { catalog in
            let strings = catalog.values
            let isSource = catalog.sourceLanguage.map { LanguageMatch.best(language, among: [$0]) != nil } ?? false
            var values: [String: String] = [:]
            for member in strings.children(of: catalog.strings) {
                let key = strings.string(at: strings.spans[member].keyStart!).string
                // In a catalog the key is the source text unless the source language has its own value.
                if let value = strings.catalogValue(of: member, language: language).map({ strings.string(at: strings.spans[$0].start).string })
                    ?? (isSource ? key : nil) {
                    values[key] = value
                }
            }
            return values
        }
        return LocalizationTable(values: values ?? [:], language: language, sources: [path])
    }

    private static func read(_ path: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ExtractionError(file: path, line: nil, "cannot be read: \(error.localizedDescription)")
        }
    }
}
