import ArgumentParser
import Collation
import Entries
import Foundation
import Outlines
import Server
import ThumbIndexProtocol

extension OutlineGrouping: ExpressibleByArgument {}

struct Outline: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the sectioned outline of a file, as the language server sends it.",
        discussion: """
            The format comes from the file's extension (or --language): plaintext, markdown, csv, tsv, vcard, \
            strings, xcstrings, json, yaml, and source code through Universal Ctags. A file whose extension names \
            no format is read as plain text.
            """)  // one paragraph (ArgumentParser wraps it to the terminal; a line break here would break a line there)

    @OptionGroup var collation: CollationArguments
    @OptionGroup var readings: ReadingArguments
    @OptionGroup var input: EncodingArguments

    @OptionGroup var format: FormatArguments

    @Option(help: "sections (one header per letter), sorted (flat, collation order) or document (source order).")
    var grouping: OutlineGrouping = .sections

    @Flag(help: "Print the DocumentSymbol JSON the server sends.")
    var json = false

    @Argument(help: "The file to outline ('-': standard input), or a folder: the lettered index of all its contacts, Markdown, tables, localization tables and plain text (--language: of that format only), each entry with its file and line. A file whose extension names no format, a pipe or standard input is read as plain text unless --language says otherwise.", completion: .file())
    var file: String

    func run() throws {
        let collation = try self.collation.makeCollation()
        try format.checkTables()
        if isFolder { return try runFolder(collation: collation, settings: format.settings(collation, readings: readings)) }
        let language = format.language(of: file)
        format.noteUnusedFlags(language: language, file: file)
        let settings = format.settings(collation, readings: readings)
        let document = try Self.document(file, language: language, input: input)
        var out = StandardOutput()
        let fileName = (file as NSString).lastPathComponent, name = file
        let problems = ProblemLog()
        let extract: @Sendable (TextDocument) -> [Entry] = { document in
            let (entries, found) = EntrySource().entries(
                of: document.text, languageId: language, fileName: fileName, name: name,
                settings: settings, language: collation.locale.language, reading: settings.reading(of: document, collation: collation))
            problems.append(found)
            return entries
        }
        if grouping == .document {
            let outline = DocumentOutline(version: 0, roots: extract(document))
            try problems.report()
            if json {
                out.write(OutlineSymbols.nested(document: document, outline: outline, encoding: .utf16).bytes)
                out.write("\n")
            } else {
                writeNested(outline.roots, depth: 0, style: Self.style, into: &out)
            }
            out.flush()
            return
        }
        // Sections and sorted: from the index the server would make (`IndexPlan`): plain text keeps no entries at all,
        // only ids in sorted runs; records are read by the record reader.
        let plan = IndexPlan(document, settings: settings, collation: collation, fileName: fileName)
        var inputs = IndexInputs(extract: extract)
        (inputs.keepingEntries, inputs.report) = (true, { problems.append($0) })
        let index = try plan.index(document, collation: collation, inputs: inputs)
        try problems.report()
        let view = index.view(document: document)
        let style = Self.style
        if grouping == .sorted {
            let ids = index.collationOrder(in: document)
            if json {
                for piece in OutlineSymbols.sorted(ids, of: view, encoding: .utf16, hierarchical: true).pieces { out.write(piece.bytes()) }
                out.write("\n")
            } else {
                for id in ids { write(view.entry(id), depth: 0, style: style, into: &out) }
            }
        } else if json {
            // The symbols `documentSymbol` sends, from the same index, written as the server hands them out.
            for piece in OutlineSymbols.sections(of: view, encoding: .utf16).pieces { out.write(piece.bytes()) }
            out.write("\n")
        } else {
            for section in index.sections {
                out.write(style.header(Self.printable(sectionTitleText(collation.sectionTitles, at: section.titleIndex))) + "  " + style.dim(section.count == 1 ? "1 entry" : "\(section.count) entries") + "\n")
                for offset in section.offset ..< section.offset + section.count { write(view.entry(at: offset), depth: 1, style: style, into: &out) }
            }
        }
        out.flush()
    }

    /// The file as a document, decoded as `--encoding` says (UTF-8 or UTF-16 with a mark by default; see
    /// `TextDecoder`). Its own function, so that the bytes read and the decoded text are freed before the outline is made.
    static func document(_ file: String, language: String, input: EncodingArguments) throws -> TextDocument {
        let bytes = try input.decode(readInput(file), name: inputName(file))  // well formed UTF-8, or it throws
        return TextDocument(uri: URL(fileURLWithPath: file).absoluteString, languageId: language, version: 0, utf8: bytes)
    }

    static var style: TerminalStyle {
        TerminalStyle(enabled: isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    }

    /// An entry as "line  name  detail", indented by its depth.
    private func write(_ entry: Entry, depth: Int, style: TerminalStyle, into out: inout StandardOutput) {
        let number = String(entry.selectionRange.start.line + 1)
        let indent = String(repeating: "  ", count: depth)
        var text = String(repeating: " ", count: max(0, 6 - number.count)) + style.dim(number) + "  " + indent
            + Self.printable(entry.name.isEmpty ? " " : entry.name)
        if let detail = entry.detail, !detail.isEmpty { text += "  " + style.dim(Self.printable(detail)) }
        out.write(text + "\n")
    }

    private func writeNested(_ entries: [Entry], depth: Int, style: TerminalStyle, into out: inout StandardOutput) {
        for entry in entries {
            write(entry, depth: depth, style: style, into: &out)
            writeNested(entry.children, depth: depth + 1, style: style, into: &out)
        }
    }
}

/// The problems met while extracting: an error ends the command, warnings go to standard error.
final class ProblemLog: @unchecked Sendable {
    private var problems: [OutlineProblem] = []
    private let lock = NSLock()

    func append(_ found: [OutlineProblem]) { lock.withLock { problems += found } }

    func report() throws {
        let problems = lock.withLock { self.problems }
        if let failure = problems.first(where: { $0.severity == .error }) { throw CommandFailure(Self.cliWords(failure.message)) }
        for problem in problems { Messages.warning(Self.cliWords(problem.message)) }
    }

    /// The outline's problems name a table as the server's log does ("localization table: PATH: …"); the CLI names
    /// the path first, as every other message does, and the flag it came from.
    static func cliWords(_ message: String) -> String {
        let table = "localization table: "
        return message.hasPrefix(table) ? message.dropFirst(table.count) + " (--strings)" : message
    }
}

extension Outline {
    /// Control characters shown as their Unicode pictures (␀ ␛ …), so a binary file's names cannot drive
    /// the terminal.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0 ..< 0x20: return Unicode.Scalar(0x2400 + scalar.value)!
            case 0x7F: return "\u{2421}"
            case 0x80 ... 0x9F: return "\u{FFFD}"
            default: return scalar
            }
        }))
    }
}

/// ANSI styling, only when writing to a terminal.
struct TerminalStyle {
    var enabled: Bool
    func header(_ s: String) -> String { enabled ? "\u{1B}[1;36m\(s)\u{1B}[0m" : s }
    func dim(_ s: String) -> String { enabled && !s.isEmpty ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
}
