import ArgumentParser
import Collation
import Entries
import Foundation
import JSONRPC
import ThumbIndexJSON
import Server

extension Grouping: ExpressibleByArgument {}

struct Outline: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the sectioned outline of a file, as the language server sends it.",
        discussion: """
            The format comes from the file's extension (or --language): plaintext, markdown, csv, tsv, vcard,
            strings, xcstrings, json, yaml, and source code through Universal Ctags.
            """)

    @OptionGroup var collation: CollationArguments

    @Option(name: .customLong("language"), help: "The LSP languageId (default: from the file extension).")
    var languageId: String?

    @Option(help: "sections (one header per letter), sorted (flat, collation order) or document (source order).")
    var grouping: Grouping = .sections

    @Option(name: .customLong("strings"), help: "A .strings/.xcstrings table or a folder of <lang>.lproj: entries named by a key are shown and sorted by their localized value. Repeatable.")
    var localizationTables: [String] = []

    @Option(help: "csv/tsv: the column that names a row, by 0-based index or by header name.")
    var column: String?

    @Flag(help: "vcard: collate people by given name, then family name (default: family name first).")
    var givenNameFirst = false

    @Flag(help: "Print the DocumentSymbol JSON the server sends.")
    var json = false

    @Argument(help: "The file to outline.")
    var file: String

    func run() throws {
        let collation = try self.collation.makeCollation()
        guard let language = languageId ?? Extractors.languageId(forPath: file) else {
            throw CommandFailure("cannot tell the format of \(file) from its extension; name it with --language (one of: \(Extractors.languageIds.joined(separator: ", ")))")
        }
        let bytes = try readInput(file)
        // Apple strings files may be UTF-16; everything else is read as UTF-8 (bad bytes become U+FFFD).
        let text = (try? StringsFile.decode(data: Data(bytes))) ?? String(decoding: bytes, as: UTF8.self)
        var options = ExtractionOptions()
        options.fileName = (file as NSString).lastPathComponent
        options.language = collation.locale.language
        options.familyNameFirst = !givenNameFirst
        if let column { options.column = Int(column).map(ColumnSelector.index) ?? .name(column) }
        let table: LocalizationTable?
        do {
            table = localizationTables.isEmpty ? nil : try Localization.load(paths: localizationTables, language: collation.locale.language)
        } catch {
            throw CommandFailure("\(error)")
        }
        let (symbols, warnings): (JSON, [String])
        do {
            (symbols, warnings) = try OutlineSymbols.documentSymbols(
                text: text, uri: URL(fileURLWithPath: file).absoluteString, languageId: language, collation: collation,
                grouping: grouping, options: options, localization: table)
        } catch {
            throw CommandFailure("\(error)")
        }
        for warning in warnings { FileHandle.standardError.write(Data("thumbindex: \(warning)\n".utf8)) }
        var out = StandardOutput()
        if json {
            out.write(symbols.serialized())
            out.write("\n")
        } else {
            let style = TerminalStyle(enabled: isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
            render(symbols.arrayValue ?? [], depth: 0, sectionHeaders: grouping == .sections, style: style, into: &out)
        }
        out.flush()
    }

    /// Section titles as headers; entries as "line  name  detail", nested entries indented.
    private func render(_ symbols: [JSON], depth: Int, sectionHeaders: Bool, style: TerminalStyle, into out: inout StandardOutput) {
        for symbol in symbols {
            let name = Self.printable(symbol["name"]?.stringValue ?? "")
            let children = symbol["children"]?.arrayValue ?? []
            if sectionHeaders && depth == 0 {
                out.write(style.header(name) + "  " + style.dim(symbol["detail"]?.stringValue ?? "") + "\n")
                render(children, depth: 1, sectionHeaders: false, style: style, into: &out)
                continue
            }
            let line = (symbol["selectionRange"]?["start"]?["line"]?.intValue ?? 0) + 1
            let number = String(line)
            let indent = String(repeating: "  ", count: sectionHeaders ? 0 : depth)
            var text = String(repeating: " ", count: max(0, 6 - number.count)) + style.dim(number) + "  " + indent + name
            if let detail = symbol["detail"]?.stringValue, !detail.isEmpty { text += "  " + style.dim(Self.printable(detail)) }
            out.write(text + "\n")
            render(children, depth: depth + 1, sectionHeaders: false, style: style, into: &out)
        }
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
