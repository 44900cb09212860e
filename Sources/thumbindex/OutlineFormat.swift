import Entries
import Foundation

extension Outline {
    /// The format: `--language`, else the file's extension, else plain text. Standard input, a pipe or `/dev/stdin`
    /// has no extension and is plain text without a word; a file whose extension names no format (`NAMES`,
    /// `names.list`) is read as plain text too, with a note, since `sort` reads it so and a refusal helps nobody.
    func language() throws -> String {
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
    func noteUnusedFlags(language: String) {
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
}
