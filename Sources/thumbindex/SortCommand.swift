import ArgumentParser
import Collation
import Entries
import Foundation
import JSONRPC
import Outlines
import ThumbIndexJSON

struct Sort: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sort lines the way sort(1) would under a locale, or a document's entries in its outline's order.",
        discussion: """
            Reads FILE, or stdin when FILE is absent or '-'. Equal lines keep their input order. With --entries, the \
            document is read in its format (from the extension or --language) and its entries are put in the order \
            its outline shows: plain-text lines (a blank line ends a run), vCard cards, CSV/TSV rows under the header, \
            .strings entries with their comments, the keys of a string catalog, the top-level members of a JSON or \
            YAML object, a Markdown document's top-level sections; --at names a line whose entry is sorted with \
            the entries alongside it instead (the members of its object, the items of its list). Only the order changes: every byte of an entry, the separators and the line \
            ends stay. --check writes nothing and exits 1 naming the first entry out of order (as sort -c does).
            """)  // one paragraph (ArgumentParser wraps it to the terminal)

    @OptionGroup var collation: CollationArguments
    @OptionGroup var readings: ReadingArguments
    @OptionGroup var input: EncodingArguments

    @Flag(help: "Group lines into sections; each non-empty section starts with a '== TITLE ==' line.")
    var sections = false

    @Flag(help: "Print JSON: {\"items\": [...]} sorted, or with --sections {\"sections\": [{\"title\", \"items\"}]}.")
    var json = false

    @Flag(help: "Sort the document's entries in its format, not its lines, and write the whole document.")
    var entries = false

    @Flag(help: "Write nothing; exit 1 naming the first line or entry out of order.")
    var check = false

    @Option(help: "With --entries: sort the entry at this line (1-based) with the entries alongside it (the members of its object, the items of its list, the sections of its level) instead of the whole document.")
    var at: Int?

    @Option(name: .shortAndLong, help: "Write to this file (it may be FILE itself) instead of standard output.", completion: .file())
    var output: String?

    @OptionGroup var format: FormatArguments

    @Argument(help: "The file to sort.", completion: .file())
    var file: String?

    func validate() throws {
        if entries, sections || json { throw ValidationError("--entries writes the document itself: --sections and --json are for lines") }
        if check, sections || json || output != nil { throw ValidationError("--check writes nothing: it takes no --sections, --json or --output") }
        if at != nil, !entries { throw ValidationError("--at takes --entries") }
        if let at, at < 1 { throw ValidationError("--at \(at): lines count from 1") }
    }

    func run() throws {
        let collation = try self.collation.makeCollation()
        let bytes = try input.decode(readInput(file), name: inputName(file))
        if entries { return try sortEntries(bytes, collation: collation) }
        format.noteUnusedFlags(language: "plaintext", file: file ?? "-")
        let batch = UTF8Batch(lines: bytes)
        // What the lines collate by: themselves, or their readings (the lines printed stay as written).
        var keys = batch
        if let reading = readings.lineReading(under: collation) {
            let read = reading.collationStrings(batch)
            keys = read.batch
            if read.sawHan, let problem = reading.problem { Messages.warning(problem) }
        }
        var out = try Destination(output)
        if !sections {
            let sortKeys = try SortKeys(keys, collator: collation.collator)
            if check {
                if let i = (1 ..< max(1, batch.count)).first(where: { sortKeys.less($0, $0 - 1) }) {
                    throw CommandFailure("\(inputName(file)):\(i + 1): disorder: \(batch.string(at: i))")
                }
                return
            }
            let order = sortKeys.sortedOrder()
            if json {
                out.write((["items": .array(order.map { .string(batch.string(at: Int($0))) })] as JSON).serialized())
                out.write("\n")
                return try out.finish()
            }
            for i in order {
                out.write(batch[Int(i)])
                out.write(CollectionOfOne(UInt8(ascii: "\n")))
            }
        } else {
            let sectioned = try collation.sectioned(keys)
            if json {
                let sections: [JSON] = sectioned.ranges.map { range in
                    [
                        "title": .string(collation.sectionTitles[range.section]),
                        "items": .array(sectioned.order[range.range].map { .string(batch.string(at: Int($0))) }),
                    ]
                }
                out.write((["sections": .array(sections)] as JSON).serialized())
                out.write("\n")
            } else {
                for range in sectioned.ranges {
                    out.write("== \(sectionTitleText(collation.sectionTitles, at: range.section)) ==\n")
                    for i in sectioned.order[range.range] {
                        out.write(batch[Int(i)])
                        out.write(CollectionOfOne(UInt8(ascii: "\n")))
                    }
                }
            }
        }
        try out.finish()
    }

    /// `--entries`: the document with its entries in order, or with `--check` the first one out of order.
    func sortEntries(_ bytes: [UInt8], collation: IndexedCollation) throws {
        try format.checkTables()
        let path = file ?? "-"
        let language = format.language(of: path)
        format.noteUnusedFlags(language: language, file: path)
        let uri = path == "-" ? "stdin" : URL(fileURLWithPath: path).absoluteString
        let document = TextDocument(uri: uri, languageId: language, version: 0, utf8: bytes)
        // The entry that starts the line (past its indentation), with the entries alongside it.
        let scope = at.map { line in
            let content = line - 1 < document.lineCount ? bytes[document.lineRange(line - 1)] : []
            return SortScope.container(at: TextPosition(line: line - 1, column: content.prefix { $0 == 0x20 || $0 == 0x09 }.count))
        } ?? .document
        let sort: EntrySort
        do {
            sort = try EntrySource().sort(document, scope: scope, settings: format.settings(collation, readings: readings), collation: collation, name: inputName(file))
        } catch {
            throw CommandFailure(path: inputName(file), error.description)
        }
        for warning in sort.warnings { Messages.warning(warning) }
        if check {
            guard let disorder = sort.disorder else { return }
            throw CommandFailure(path: "\(inputName(file)):\(disorder.unit.line + 1)",
                                 "“\(disorder.unit.name)” sorts before “\(disorder.after.name)” (line \(disorder.after.line + 1)) in \(disorder.run)")
        }
        if sort.unitCount < 2 { Messages.note("\(inputName(file)): nothing to sort (\(language): fewer than two entries side by side)") }
        var out = try Destination(output)
        out.write(sort.applied(to: bytes))
        try out.finish()
    }
}

/// Standard output, or `--output`'s file, written only once all of it is made (it may be the input).
struct Destination {
    private let path: String?
    private var stdout = StandardOutput()
    private var bytes: [UInt8] = []

    init(_ path: String?) throws { self.path = path == "-" ? nil : path }

    mutating func write<C: Collection>(_ data: C) where C.Element == UInt8 {
        if path == nil { stdout.write(data) } else { bytes.append(contentsOf: data) }
    }

    mutating func write(_ string: String) { write(string.utf8) }

    mutating func finish() throws {
        guard let path else { return stdout.flush() }
        // In place, as `sort -o` writes: the file keeps its owner and mode.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CommandFailure(path: path, String(cString: strerror(errno))) }
        defer { close(fd) }
        if let code = bytes.withUnsafeBytes({ StandardOutput.writeAll($0, to: fd) }) {
            throw CommandFailure(path: path, "write error: \(String(cString: strerror(code)))")
        }
    }
}
