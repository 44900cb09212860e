import Entries
import Foundation

/// Apple's localization step (UILocalizedIndexedCollation's class reference): an entry whose name is a key of the
/// strings table of the collation's language is shown and collated by its localized value, with the key as its detail.
public enum Localization {
    /// The entries, children too, with every name that is a key of `table` replaced by its non-empty value; the key
    /// becomes the detail and the entry is collated by the new name.
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

/// Tables by (paths, language), loaded once and again only when a file under those paths changes. A
/// failure is not remembered: a table the user fixes or creates is picked up by the next outline.
public final class LocalizationCache: @unchecked Sendable {
    private var tables: [String: (stamp: [Date], table: LocalizationTable)] = [:]
    private let lock = NSLock()

    /// An empty cache.
    public init() {}

    /// The merged table of `paths` for `language`, loaded again only when a file under them has changed; nil when
    /// `paths` is empty, a failure when a table cannot be read.
    public func table(paths: [String], language: String) -> Result<LocalizationTable, ExtractionError>? {
        guard !paths.isEmpty else { return nil }
        let key = paths.joined(separator: "\u{0}") + "|" + language
        let stamp = paths.map(Self.lastModified)
        if let cached = lock.withLock({ tables[key] }), cached.stamp == stamp { return .success(cached.table) }
        do {
            let table = try Localization.load(paths: paths, language: language)
            lock.withLock { tables[key] = (stamp, table) }
            return .success(table)
        } catch let error as ExtractionError {
            return .failure(error)
        } catch {
            return .failure(ExtractionError("\(error)"))
        }
    }

    /// The newest modification date of a file or of a folder and what is in it, two levels down
    /// (`Resources/sv.lproj/Localizable.strings`).
    static func lastModified(_ path: String) -> Date {
        let files = FileManager.default
        func date(_ path: String) -> Date {
            (try? files.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
        }
        var newest = date(path)
        for child in (try? files.contentsOfDirectory(atPath: path)) ?? [] {
            let childPath = (path as NSString).appendingPathComponent(child)
            newest = max(newest, date(childPath))
            for grandchild in (try? files.contentsOfDirectory(atPath: childPath)) ?? [] {
                newest = max(newest, date((childPath as NSString).appendingPathComponent(grandchild)))
            }
        }
        return newest
    }

    /// Paths as the user named them, relative ones looked up in the workspace folders (then the
    /// server's working directory): tables are read only from there.
    public static func resolve(_ paths: [String], workspaceFolders: [String]) -> [String] {
        paths.map { path in
            let expanded = (path as NSString).expandingTildeInPath
            if expanded.hasPrefix("/") { return expanded }
            let candidates = workspaceFolders.map { ($0 as NSString).appendingPathComponent(expanded) }
            return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates.first ?? expanded
        }
    }
}
