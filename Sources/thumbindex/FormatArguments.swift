import ArgumentParser
import Collation
import Entries
import Foundation
import Outlines

/// How a file is read as entries, for the commands that read entries (`outline`, `sort --entries`): its format and
/// the format's settings.
struct FormatArguments: ParsableArguments {
    @Option(name: .customLong("language"), help: "The format: plaintext, markdown (md), csv, tsv, vcard (vcf), strings, xcstrings, json, yaml (yml), swift, python, … in any case (default: from the file extension, else plain text).", completion: .list(LanguageNames.completions))
    var languageId: String?

    @Option(name: .customLong("strings"), help: "A .strings/.xcstrings table or a folder of <lang>.lproj: entries named by a key are shown and sorted by their localized value. Repeatable.", completion: .file())
    var localizationTables: [String] = []

    @Option(help: "csv/tsv: the column that names a row, by 0-based index or by header name.")
    var column: String?

    @Option(name: .customLong("reading-column"), help: "csv/tsv: a column holding how a row's name is read (a phonetic name, pinyin), by 0-based index or header name; repeatable, joined by spaces (default: columns titled Family Name Yomi, Phonetic First Name, フリガナ, 拼音 …).")
    var readingColumns: [String] = []

    @Flag(help: "vcard: collate people by given name, then family name (default: family name first).")
    var givenNameFirst = false

    func validate() throws {
        if let languageId, LanguageNames.resolve(languageId) == nil {
            throw ValidationError("--language \(languageId) is not a format thumbindex reads (one of: \(Extractors.languageIds.joined(separator: ", ")))")
        }
    }

    /// The format of `file`: `--language`, else its extension, else plain text. Standard input, a pipe or
    /// `/dev/stdin` has no extension and is plain text without a word; a file whose extension names no format
    /// (`NAMES`, `names.list`) is read as plain text too, with a note, since `sort` reads it so and a refusal helps
    /// nobody.
    func language(of file: String) -> String {
        if let languageId { return LanguageNames.resolve(languageId) ?? languageId }
        if let known = Extractors.languageId(forPath: file) { return known }
        var info = stat()
        if file != "-", stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            Messages.note("\(file): no format known by its extension; reading it as plain text (--language names another)")
        }
        return "plaintext"
    }

    /// A flag given for a format other than this one changes nothing: say so, rather than let it seem to have
    /// been used.
    func noteUnusedFlags(language: String, file: String) {
        if column != nil, !["csv", "tsv"].contains(language) {
            Messages.note("--column applies to csv and tsv only; \(inputName(file)) is read as \(language)")
        }
        if !readingColumns.isEmpty, !["csv", "tsv"].contains(language) {
            Messages.note("--reading-column applies to csv and tsv only; \(inputName(file)) is read as \(language)")
        }
        if givenNameFirst, language != "vcard" {
            Messages.note("--given-name-first applies to vcard only; \(inputName(file)) is read as \(language)")
        }
    }

    /// A `--strings` path that is not there is named as every missing file is, before any work.
    func checkTables() throws {
        for table in localizationTables where !FileManager.default.fileExists(atPath: table) {
            throw CommandFailure(path: table, "\(String(cString: strerror(ENOENT))) (--strings)")
        }
    }

    /// What extraction takes from the flags.
    func settings(_ collation: IndexedCollation, readings: ReadingArguments) -> ExtractionSettings {
        var settings = ExtractionSettings()
        settings.familyNameFirst = !givenNameFirst
        settings.localizationTables = localizationTables
        settings.readings = readings.apply(to: collation)
        settings.names = readings.names
        settings.readingColumns = readingColumns.map { Int($0).map(ColumnSelector.index) ?? .name($0) }
        if let column { settings.csvColumn = Int(column).map(ColumnSelector.index) ?? .name(column) }
        return settings
    }
}
