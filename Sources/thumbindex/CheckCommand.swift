import ArgumentParser
import Collation
import Foundation
import Outlines

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the blocks marked keep-sorted in files (for pre-commit hooks and CI).",
        discussion: """
            A block runs from a line holding 'keep-sorted start' to one holding 'keep-sorted end', in a comment of \
            any syntax (Google keep-sorted's markers). Each item (a line with the lines below it indented further, \
            and the comment lines right above it) must be in the locale's order; a blank line ends a run. Options on \
            the start line: locale=sv, numeric=yes|no, case=yes|no|upper|lower, group=yes|no, \
            sticky_comments=yes|no, skip_lines=N. Each block out of order is reported as FILE:LINE: message, like a \
            compiler's error, and the exit status is 1; --fix sorts the blocks in place instead.
            """)

    @OptionGroup var collation: CollationArguments

    @Flag(help: "Sort the blocks out of order, in place, and report what was sorted.")
    var fix = false

    @Argument(help: "The files to check.", completion: .file())
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file to check") }
    }

    func run() throws {
        _ = try collation.makeCollation()  // the locale checked once, before any file
        let options = CollationOptions(numeric: collation.numeric ? true : nil, caseFirst: collation.caseFirst)
        let collations = CollationCache()
        var failed = false
        for file in files {
            let bytes: [UInt8]
            do { bytes = try readInput(file) } catch {
                Messages.say("\(error)")
                failed = true
                continue
            }
            let reports: [KeptSortedReport]
            do {
                reports = try KeptSortedReport.check(bytes, locale: collation.localeIdentifier, options: options, collations: collations)
            } catch {
                Messages.say("\(file):\(error.line.map { "\($0 + 1):" } ?? "") \(error.message)")
                failed = true
                continue
            }
            var edits: [EntrySort.Edit] = []
            for report in reports {
                for option in report.block.ignoredOptions {
                    FileHandle.standardError.write(Data("\(file):\(report.block.startLine + 1): note: keep-sorted option \(option) is not read by thumbindex\n".utf8))
                }
                guard let message = report.message, let disorder = report.sort.disorder else { continue }
                if fix {
                    edits += report.sort.edits
                    print("\(file):\(report.block.startLine + 1): sorted this keep-sorted block (\(report.locale))")
                } else {
                    print("\(file):\(disorder.unit.line + 1): \(message)")
                    failed = true
                }
            }
            if fix, !edits.isEmpty {
                var out = try Destination(file)
                out.write(EntrySort.apply(edits, to: bytes))
                try out.finish()
            }
        }
        if failed { throw ExitCode.failure }
    }
}
