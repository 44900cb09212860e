import Entries
import Foundation

/// Apple's localization step (seeds/004): an entry whose name is a key of the strings table of the
/// collation's language is shown and collated by its localized value, with the key as its detail.
public enum Localization {
    public static func apply(_ table: LocalizationTable, to entries: [Entry]) -> [Entry] {
        entries.map { entry in
            var entry = entry
            if let value = table[entry.name], !value.isEmpty {
                entry.detail = entry.name
                entry.name = value
                entry.collationString = nil
            }
            entry.children = apply(table, to: entry.children)
            return entry
        }
    }

    /// One table merged from every path the user named (the first path wins on a repeated key).
    public static func load(paths: [String], language: String) throws -> LocalizationTable {
        var values: [String: String] = [:]
        var sources: [String] = []
        for path in paths {
            let table = try LocalizationTable.load(path: (path as NSString).expandingTildeInPath, language: language)
            values.merge(table.values) { first, _ in first }
            sources += table.sources
        }
        return LocalizationTable(values: values, language: language, sources: sources)
    }
}

/// Tables by (paths, language), loaded once per session; a failure is remembered so it is reported once.
final class LocalizationCache: @unchecked Sendable {
    private var tables: [String: Result<LocalizationTable, ExtractionError>] = [:]
    private let lock = NSLock()

    func table(paths: [String], language: String) -> Result<LocalizationTable, ExtractionError>? {
        guard !paths.isEmpty else { return nil }
        let key = paths.joined(separator: "\u{0}") + "|" + language
        if let cached = lock.withLock({ tables[key] }) { return cached }
        let result: Result<LocalizationTable, ExtractionError>
        do {
            result = .success(try Localization.load(paths: paths, language: language))
        } catch let error as ExtractionError {
            result = .failure(error)
        } catch {
            result = .failure(ExtractionError("\(error)"))
        }
        lock.withLock { tables[key] = result }
        return result
    }
}
