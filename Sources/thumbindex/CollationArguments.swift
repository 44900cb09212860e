import ArgumentParser
import Collation
import Outlines
import Entries
import Foundation

extension IndexedCollation.Style: ExpressibleByArgument {}
extension CollationOptions.CaseFirst: ExpressibleByArgument {}

/// The collation options every command shares.
struct CollationArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: "Locale identifier (default: LC_ALL, LC_COLLATE or LANG, else en).",
            completion: .custom { _, _, typed in CollationLocale.available.filter { $0.hasPrefix(typed) } })
    var locale: String?

    @Option(help: "Section style: apple (A to Z, the locale's letters, #) or icu (ICU's buckets).")
    var style: IndexedCollation.Style = .apple

    @Flag(help: "Compare digits by numeric value (BCP 47 kn): item2 before item10.")
    var numeric = false

    @Option(name: .customLong("case-first"), help: "Which case sorts first among equal letters: off, lower, upper.")
    var caseFirst: CollationOptions.CaseFirst?

    var localeIdentifier: String {
        locale ?? CollationLocale.fromEnvironment(ProcessInfo.processInfo.environment)
    }

    func makeCollation() throws -> IndexedCollation {
        let options = CollationOptions(numeric: numeric ? true : nil, caseFirst: caseFirst)
        do {
            let collation = try IndexedCollation(locale: localeIdentifier, style: style, options: options)
            if let warning = collation.locale.regionWarning(given: localeIdentifier) {
                Messages.warning(warning)
            }
            return collation
        } catch {
            // Say where a locale nobody typed came from.
            if locale == nil, let source = CollationLocale.environmentSource(ProcessInfo.processInfo.environment) {
                throw CommandFailure("\(error.message) (from \(source.variable)=\(ProcessInfo.processInfo.environment[source.variable] ?? ""); give --locale to override)")
            }
            throw CommandFailure("--locale \(localeIdentifier): \(error.message)")
        }
    }
}

/// `--readings` and `--names`, for the commands that sort names (`sort`, `outline`).
struct ReadingArguments: ParsableArguments {
    enum Choice: String, ExpressibleByArgument, CaseIterable { case auto, off }

    @Option(help: "Under ja: names in kanji sort and section by their MeCab readings (auto) or go to # (off).")
    var readings: Choice = .auto

    @Option(help: "Under a pinyin or zhuyin index (zh, zh_Hant@collation=zhuyin): read entries as people's names, filed by their surname (曾国藩 under Z for Zēng): auto (vCard contacts, a table whose header names people), on (also every line of plain text and every table row), off.")
    var names: NameEntries = .auto

    /// Whether readings apply under `collation`.
    func apply(to collation: IndexedCollation) -> Bool { readings == .auto && collation.locale.language == "ja" }

    /// What the lines of `sort` collate by beyond themselves: under ja their MeCab readings; with `--names on`, under a
    /// pinyin or zhuyin index, their reading as names (lines are plain text: names only when asked).
    func lineReading(under collation: IndexedCollation) -> (any CollationReading)? {
        if collation.locale.language == "ja" { return apply(to: collation) ? Readings.shared : nil }
        return names == .on ? ChineseNames.reader(for: collation) : nil
    }
}

extension NameEntries: ExpressibleByArgument {}
