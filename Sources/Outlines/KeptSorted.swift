import Collation
import Entries

/// The keep-sorted blocks of a text (`KeptSortedBlock`) checked against the collation their start line names (the
/// session's or the command's locale and options by default): what the server's diagnostics and quick fixes and
/// `thumbindex check` report.
public struct KeptSortedReport: Sendable {
    /// The block.
    public var block: KeptSortedBlock
    /// Its sort: the first item out of order, and the edit that sorts it.
    public var sort: EntrySort
    /// The locale it was sorted under, as given.
    public var locale: String

    /// Each block of `bytes`, sorted under its own options over `locale` and `options`; a block whose locale ICU does
    /// not know is the error of the whole check (nothing is reported as in or out of order under a wrong locale).
    public static func check(_ bytes: [UInt8], locale: String, options: CollationOptions, collations: CollationCache) throws(SortProblem) -> [KeptSortedReport] {
        try KeptSortedBlock.blocks(in: bytes).map { block throws(SortProblem) in
            var options = options
            if let numeric = block.numeric { options.numeric = numeric }
            switch block.caseOption {
            case "no"?: options.strength = .secondary
            case let value? where CollationOptions.CaseFirst(rawValue: value) != nil: options.caseFirst = CollationOptions.CaseFirst(rawValue: value)
            case nil, "yes"?: break
            case let value?: throw SortProblem("keep-sorted case=\(value): one of yes, no, upper, lower, off", line: block.startLine)
            }
            let blockLocale = block.locale ?? locale
            let collation: IndexedCollation
            do throws(CollationError) { collation = try collations.collation(locale: blockLocale, style: .apple, options: options) } catch {
                throw SortProblem("keep-sorted locale=\(blockLocale): \(error.message)", line: block.startLine)
            }
            return KeptSortedReport(block: block, sort: try EntrySort(block.runs, bytes: bytes, collator: collation.collator), locale: blockLocale)
        }
    }

    /// What a person reads about a block out of order: "“b” sorts before “c” (line 3) in this keep-sorted block (sv)".
    public var message: String? {
        sort.disorder.map { "“\($0.unit.name)” sorts before “\($0.after.name)” (line \($0.after.line + 1)) in this keep-sorted block (\(locale))" }
    }
}
