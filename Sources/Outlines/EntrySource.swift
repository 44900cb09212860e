import Collation
import Entries

/// What extraction takes from the session's settings.
public struct ExtractionSettings: Hashable, Sendable {
    /// The Universal Ctags executable for source code (nil: `ctags` on `PATH`).
    public var ctagsPath: String?
    /// csv/tsv: the column that names a row.
    public var csvColumn: ColumnSelector?
    /// csv/tsv: the columns that say how a row's name is read (empty: found by their titles).
    public var readingColumns: [ColumnSelector] = []
    /// vcard: collate by "family given" (true) or "given family".
    public var familyNameFirst = true
    /// Strings tables (files or folders of `<lang>.lproj`) that localize entry names.
    public var localizationTables: [String] = []
    /// Folders that relative table paths are looked up in.
    public var workspaceFolders: [String] = []
    /// Under `ja`, entries in kanji with no reading of their own collate by their MeCab reading (see `Readings`).
    public var readings = true
    /// Which entries are people's names, read as names under a pinyin or zhuyin index (see `reading(of:collation:)`).
    public var names = NameEntries.auto

    /// The defaults: no tables, ctags on `PATH`, the first column, family names first.
    public init() {}

    /// What an extractor takes of these settings, for the file `fileName` under the collation language `language`.
    public func options(fileName: String?, language: String) -> ExtractionOptions {
        var options = ExtractionOptions(column: csvColumn, familyNameFirst: familyNameFirst, language: language, ctagsPath: ctagsPath, fileName: fileName)
        options.readingColumns = readingColumns
        return options
    }
}

/// Something the pipeline met that the user should hear about once: an unknown format, a malformed file, an
/// unreadable table.
public struct OutlineProblem: Hashable, Sendable {
    /// How serious a problem is. `warning`: the outline is still made (perhaps empty); `error`: the document could
    /// not be outlined, or a localization table could not be read.
    public enum Severity: Sendable { case warning, error }
    /// How serious the problem is.
    public var severity: Severity
    /// A sentence for a person, naming the document or table.
    public var message: String
    /// Identifies a problem that stays until its cause changes (an unknown format, a table), for a server to report
    /// once per session; nil for one that belongs to this text (a syntax error), to report every time.
    public var key: String?

    /// A problem to report.
    public init(severity: Severity, message: String, key: String?) {
        self.severity = severity
        self.message = message
        self.key = key
    }
}

/// The first step of the outline pipeline: a document's text → its entries (extracted by the format's extractor,
/// then localized through the strings tables of the collation's language).
public final class EntrySource: Sendable {
    /// Tables are loaded once and again only when their files change.
    public let localizations = LocalizationCache()

    /// A source with an empty localization cache.
    public init() {}

    /// The entries of a document, and the problems met (an extraction error gives no entries), with the reading its
    /// entries collate by under `collation` (`ExtractionSettings.reading(of:collation:)`); problems name the document
    /// `name` (default: its uri).
    public func entries(
        of document: TextDocument, name: String? = nil, settings: ExtractionSettings, collation: IndexedCollation
    ) -> (entries: [Entry], problems: [OutlineProblem]) {
        let fileName = document.uri.split(separator: "/").last.map(String.init)
        return entries(of: document.text, languageId: document.languageId, fileName: fileName, name: name ?? document.uri,
                       settings: settings, language: collation.locale.language, reading: settings.reading(of: document, collation: collation))
    }

    /// The entries of a text in the format `languageId`, localized for `language` and collating by `reading`; `name`
    /// (a uri or a path) is what problems mention.
    public func entries(
        of text: String, languageId: String, fileName: String?, name: String, settings: ExtractionSettings, language: String,
        reading: (any CollationReading)?
    ) -> (entries: [Entry], problems: [OutlineProblem]) {
        var text = text
        if let problem = text.withUTF8({ TextCheck.binaryProblem(in: $0) }) {
            return ([], [OutlineProblem(severity: .error, message: "\(name): \(problem)", key: nil)])
        }
        guard let extractor = Extractors.extractor(forLanguageId: languageId) else {
            return ([], [OutlineProblem(severity: .warning, message: "no entries for languageId \(languageId) (\(name))", key: "language:\(languageId)")])
        }
        let options = settings.options(fileName: fileName, language: language)
        let extraction: Extraction
        do {
            extraction = try extractor.extract(text, options: options)
        } catch {
            return ([], [OutlineProblem(severity: .error, message: Self.naming(name, fileName: fileName, in: "\(error)"), key: nil)])
        }
        var problems = extraction.warnings.map { OutlineProblem(severity: .warning, message: $0, key: "warning:\(name):\($0)") }
        let tables = LocalizationCache.resolve(settings.localizationTables, workspaceFolders: settings.workspaceFolders)
        var entries = extraction.entries
        switch localizations.table(paths: tables, language: language) {
        case .success(let table)?:
            entries = Localization.apply(table, to: entries)
        case .failure(let error)?:
            problems.append(OutlineProblem(severity: .error, message: "localization table: \(error.message)", key: "localization:\(error.message)"))
        case nil:
            break
        }
        if let reading {
            let (read, problem) = Self.withReadings(entries, readings: reading)
            entries = read
            problems += problem.map { [OutlineProblem(severity: .warning, message: $0, key: "readings")] } ?? []
        }
        return (entries, problems)
    }

    /// Entries whose sort string is in kanji (Han) collate by its reading (a vCard's phonetic name or SORT-AS is kana
    /// or pinyin: a reading of its own, left alone; its N in kanji is read); without MeCab they stay as they are and
    /// the problem says why (once there is kanji to read).
    static func withReadings(_ entries: [Entry], readings: any CollationReading) -> ([Entry], String?) {
        var sawKanji = false
        func visit(_ entries: [Entry]) -> [Entry] {
            entries.map { entry in
                var entry = entry
                if entry.read(by: readings) { sawKanji = true }
                if !entry.children.isEmpty { entry.children = visit(entry.children) }
                return entry
            }
        }
        let read = visit(entries)
        return (read, sawKanji ? readings.problem : nil)
    }

    /// An extractor's message names the file as it knows it ("names.csv:3: …"); the problem names it as the user gave
    /// it (a path, a uri) once: "/data/names.csv:3: …", not "/data/names.csv: names.csv:3: …".
    static func naming(_ name: String, fileName: String?, in message: String) -> String {
        if let fileName, !fileName.isEmpty, message.hasPrefix(fileName + ":") {
            return name + message.dropFirst(fileName.count)
        }
        return "\(name): \(message)"
    }
}

extension Entry {
    /// Collates by the reading of its sort string when that is in kanji (see `Readings`): the one rule extraction,
    /// the indexes and their pages share. True when the sort string is in kanji (read or not).
    @discardableResult
    mutating func read(by readings: any CollationReading) -> Bool {
        guard Readings.hasKanji(sortString) else { return false }
        if let read = readings.collationString(for: sortString) { collationString = read }
        return true
    }
}
