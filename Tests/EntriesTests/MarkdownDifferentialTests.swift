import Foundation
import XCTest
@testable import Entries

/// Random documents of tricky lines, outlined by the scanner and by cmark (the CommonMark reference implementation,
/// `cmark --to xml --sourcepos`): the start line and level of every heading must agree. Runs only where cmark is
/// installed. THUMBINDEX_SEED replays a run, THUMBINDEX_MARKDOWN_DOCS sets the number of documents (default 300;
/// scripts/markdown-differential runs many more).
final class MarkdownDifferentialTests: XCTestCase {
    func testHeadingsAgreeWithCmark() throws {
        let cmark = try Self.cmarkPath()
        let env = ProcessInfo.processInfo.environment
        let seed = env["THUMBINDEX_SEED"].flatMap { UInt64($0) } ?? 20_261_123
        let count = env["THUMBINDEX_MARKDOWN_DOCS"].flatMap { Int($0) } ?? 300
        var random = SplitMix64(seed: seed)
        var failures = 0
        for batch in stride(from: 0, to: count, by: 500) {
            let docs = (batch..<min(batch + 500, count)).map { _ in MarkdownDocumentGenerator.document(&random) }
            let answers = try Self.cmarkHeadings(cmark, docs)
            for (k, (doc, expected)) in zip(docs, answers).enumerated() {
                let bytes = Array(doc.utf8)
                let actual = MarkdownScanner(bytes: bytes, map: RecordText(bytes)).headings(includingEmpty: true)
                    .map { CmarkHeading(line: $0.startLine + 1, level: $0.level) }
                guard actual != expected else { continue }
                failures += 1
                XCTFail("""
                    THUMBINDEX_SEED=\(seed) document \(batch + k) of \(count): headings differ from cmark's
                    document: \(doc.debugDescription)
                    cmark:   \(expected.map(\.description).joined(separator: " "))
                    scanner: \(actual.map(\.description).joined(separator: " "))
                    """)
                if failures >= 5 { return }
            }
        }
        if failures == 0 { print("markdown differential: \(count) documents agree with cmark (THUMBINDEX_SEED=\(seed))") }
    }

    /// Documents whose headings hold reference links while definitions of their labels come and go (one line
    /// inserted, removed or changed from one version to the next): every heading named as cmark names it in every
    /// version. THUMBINDEX_SEED replays a run, THUMBINDEX_MARKDOWN_DOCS sets the number of documents (default 150, of 4
    /// versions each).
    func testHeadingNamesAgreeWithCmarkAsDefinitionsComeAndGo() throws {
        let cmark = try Self.cmarkPath()
        let env = ProcessInfo.processInfo.environment
        let seed = env["THUMBINDEX_SEED"].flatMap { UInt64($0) } ?? 20_261_128
        let count = env["THUMBINDEX_MARKDOWN_DOCS"].flatMap { Int($0) } ?? 150
        var random = SplitMix64(seed: seed)
        var docs: [String] = []
        for _ in 0..<count {
            var lines = MarkdownDefinitionDocuments.lines(&random)
            for _ in 0..<4 {
                docs.append(lines.joined(separator: "\n") + "\n")
                let edit = MarkdownDefinitionDocuments.edit(lines, &random)
                lines.replaceSubrange(edit.removed, with: edit.inserted)
                MarkdownDefinitionDocuments.noFrontMatter(&lines)
            }
        }
        var failures = 0, bracketsKept = 0, linked = 0
        for (k, (doc, xml)) in zip(docs, try Self.cmarkXML(cmark, docs)).enumerated() {
            let expected = MarkdownInlineTextTests.headingTexts(xml)
            let bytes = Array(doc.utf8), scanner = MarkdownScanner(bytes: bytes, map: RecordText(bytes))
            var headings: [String] = [], defined: Set<String> = []
            scanner.scan(from: 0, in: scanner.initialState(), includingEmpty: true, define: { defined.formUnion($1) }) { headings.append($0.name) }
            let actual = headings.map { MarkdownInlineText.render($0, defined: defined) }
            bracketsKept += actual.filter { $0.contains("[") }.count
            linked += zip(headings, actual).filter { $0.contains("[") && !$1.contains("[") }.count
            guard actual != expected else { continue }
            failures += 1
            XCTFail("""
                THUMBINDEX_SEED=\(seed) document \(k / 4), version \(k % 4): heading names differ from cmark's
                document: \(doc.debugDescription)
                cmark:   \(expected)
                scanner: \(actual)
                """)
            if failures >= 5 { return }
        }
        // Both kinds occur: links (their label defined) and brackets kept (not defined).
        XCTAssertGreaterThan(bracketsKept, docs.count / 4, "THUMBINDEX_SEED=\(seed)")
        XCTAssertGreaterThan(linked, docs.count / 4, "THUMBINDEX_SEED=\(seed)")
        print("markdown definitions: \(docs.count) versions agree with cmark, \(linked) links, \(bracketsKept) with brackets kept")
    }

    struct CmarkHeading: Equatable, CustomStringConvertible {
        var line: Int, level: Int
        var description: String { "\(line):h\(level)" }
    }

    /// /usr/bin/cmark or `cmark` on PATH; skips the test when there is none.
    static func cmarkPath() throws -> String {
        let fm = FileManager.default
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in ["/usr/bin"] + path.split(separator: ":").map(String.init) {
            let candidate = dir + "/cmark"
            if fm.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw XCTSkip("cmark (the CommonMark reference implementation) is not installed")
    }

    /// The headings cmark finds in each document: (1-based start line, level) from `cmark --to xml --sourcepos`.
    static func cmarkHeadings(_ cmark: String, _ docs: [String]) throws -> [[CmarkHeading]] {
        try cmarkXML(cmark, docs, options: "--sourcepos").map { xml in
            var out: [CmarkHeading] = []
            for line in xml.split(separator: "\n") where line.contains("<heading ") {
                guard let pos = line.range(of: "sourcepos=\""), let lv = line.range(of: "level=\"") else { continue }
                let startLine = line[pos.upperBound...].prefix { $0.isNumber }
                let level = line[lv.upperBound...].prefix { $0.isNumber }
                out.append(CmarkHeading(line: Int(startLine)!, level: Int(level)!))
            }
            return out
        }
    }

    /// `cmark --to xml` of each document. cmark reads one document per run, so the documents go to files and one
    /// shell runs cmark on each (starting hundreds of processes from the test process is much slower).
    static func cmarkXML(_ cmark: String, _ docs: [String], options: String = "") throws -> [String] {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("thumbindex-markdown-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let names = docs.indices.map { String(format: "%05d", $0) }
        for (name, doc) in zip(names, docs) {
            try Data(doc.utf8).write(to: dir.appendingPathComponent(name + ".md"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"for f in "$1"/*.md; do "$2" --to xml $3 "$f" > "${f%.md}.xml" || exit 1; done"#,
                             "sh", dir.path, cmark, options]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "cmark failed")
        return try names.map { try String(contentsOf: dir.appendingPathComponent($0 + ".xml"), encoding: .utf8) }
    }
}

/// The replayable generator of the randomized tests (SplitMix64).
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Documents of 1-14 lines, each a few container prefixes (quotes, list markers, indentation, tabs) before a line
/// kind that decides block structure: headings, underlines, breaks, fences, HTML of every kind and its ends, link
/// reference definitions, list markers, blank lines and text.
enum MarkdownDocumentGenerator {
    static let prefixes = [
        "> ", ">", ">\t", " > ", "- ", "-\t", "* ", "+ ", "1. ", "2) ", "10. ", "1)  ", "-    ", "  ", "   ", "    ",
        "\t", " \t", "      ",
    ]

    /// Line kinds, each with its weight in percent.
    static let bodies: [(weight: Int, lines: [String])] = [
        (10, ["# Title", "## Sub", "###### Six", "####### Seven", "#", "## ", "#Tag", "# Closed ##", "#\tTab",
              "### A ###b", "# #", "\\# Escaped"]),
        (12, ["===", "---", "-", "=", "= =", "--- ", "-- -", "***", "* * *", "___", "_ _ _", "----", "====  x"]),
        (8, ["```", "~~~", "````", "```swift", "``` a`b", "~~~ x`y", "~~~~", "`` x"]),
        (15, ["<script>", "<script type=\"t\">x", "</script>", "<pre>", "</pre> after", "<style", "</style>",
              "<textarea>", "</textarea>", "<!-- note", "<!-- one -->", "-->", "<!-->", "<?php", "?>", "<?x?>",
              "<!DOCTYPE html>", "<!X", ">", "<![CDATA[", "<![cdata[ x", "]]>", "<div>", "</div>", "<DIV class=\"a\">",
              "<table", "<h1>", "<hr/>", "<p", "<divx>", "<custom-tag attr=\"v\">", "</custom>", "<a href='x'>",
              "<span>text", "<img src=x />", "<a b=c d>", "<a\tb>", "<x =y>", "<div/>", "<foo bar=\"baz\" />  "]),
        (10, ["[foo]: /url", "[foo]: /url \"title\"", "[foo]:", "/url", "\"title\"", "\"title\" x", "[a]: <b c>",
              "[bar]: /u 'x' y", "[x\\]]: y", "[]: /x", "[ ]: /x", "'multi", "line'", "[foo]: /url (p)", "[foo]",
              "[foo]: /url\n\"title\" x", "[foo]:\n/url", "[foo]: /url\n'multi\nline'", "[a\nb]: /c"]),
        (10, ["-", "1.", "2)", "+", "*", "1234567890. x", "0. zero", "- item", "1. first", "3) third"]),
        (15, ["", "   ", "\t"]),
        (20, ["text", "Foo *bar*", "a # b", "more text", "Second line", "  indented text"]),
    ]

    static func body(_ r: inout SplitMix64) -> String {
        var roll = r.below(100)
        for kind in bodies {
            if roll < kind.weight { return r.pick(kind.lines) }
            roll -= kind.weight
        }
        return "text"
    }

    /// Each line's containers mostly continue the previous line's (list markers turned into the spaces that continue
    /// their items), or lose one, gain one or start afresh.
    static func document(_ r: inout SplitMix64) -> String {
        var lines: [String] = []
        var containers: [String] = []
        for _ in 0..<(1 + r.below(16)) {
            switch r.below(100) {
            case ..<45: containers = containers.map { continuation($0, &r) }
            case ..<60: containers = containers.dropLast().map { continuation($0, &r) }
            case ..<80: containers = containers.map { continuation($0, &r) } + [r.pick(prefixes)]
            default: containers = (0..<(r.chance(50) ? 0 : 1 + r.below(3))).map { _ in r.pick(prefixes) }
            }
            lines.append(containers.joined() + body(&r))
        }
        // Front matter is ours, not CommonMark's: keep line 0 from opening it.
        if lines[0].trimmingCharacters(in: .whitespaces) == "---" { lines[0] = "text" }
        let ending = r.chance(10) ? "\r\n" : "\n"
        return lines.joined(separator: ending) + (r.chance(70) ? ending : "")
    }

    /// What continues a container on the next line: a list marker's width in spaces (sometimes one short or one
    /// over), a quote's `>` (sometimes left out: a lazy line), indentation as it was.
    static func continuation(_ prefix: String, _ r: inout SplitMix64) -> String {
        if prefix.contains(">") { return r.chance(85) ? prefix : "" }
        let width = prefix.contains("\t") ? 4 : prefix.count
        return String(repeating: " ", count: max(0, width + r.pick([0, 0, 0, 0, -1, 1])))
    }
}

/// Documents of headings with reference links (`## [1.2.0] - 2026-06-04`, `[x][a]`, `![a]`) and link reference
/// definitions of a few labels, alone, in paragraphs, block quotes and list items, among the generator's other lines;
/// and edits that insert, remove or change a line, mostly a definition.
enum MarkdownDefinitionDocuments {
    /// Labels that match in pairs only as cmark normalizes them (case folded, white space collapsed).
    static let labels = ["a", "A", "1.2.0", "foo bar", "Foo \t  BAR", "ẞ", "ss", "x\\]", "WIP"]

    static func heading(_ r: inout SplitMix64) -> String {
        let l = r.pick(labels), m = r.pick(labels)
        return r.pick(["# [\(l)]", "## [\(l)] - 2026-06-04", "### [\(l)][]", "# [x][\(l)]", "## [\(l)] and [\(m)]", "# ![\(l)]",
                       "## [\(l)][\(m)][x]", "# *[\(l)]* `[\(m)]`", "## [\(l)](/inline) [\(m)]", "[\(l)] [\(m)]\n---", "# [[\(l)]]"])
    }

    static func definition(_ r: inout SplitMix64) -> String {
        let l = r.pick(labels), m = r.pick(labels)
        return r.pick(["[\(l)]: /u", "[\(l)]: /u \"t\"", "[\(l)]:\n/u", "  [\(l)]: <v> 'w'", "[\(l)]: /u\n[\(m)]: /v",
                       "[\(l)]: /u x", "[\(l)]: /u 'open", "text\n[\(l)]: /u", "[\(l)]: /u\n===", "[\(l)]: /u\nand text\n---"])
    }

    static func chunk(_ r: inout SplitMix64) -> [String] {
        let text: String
        switch r.below(100) {
        case ..<30: text = heading(&r)
        case ..<60: text = definition(&r)
        case ..<80: text = MarkdownDocumentGenerator.body(&r)
        default: text = r.pick(["> ", "- ", "1. ", "    ", ">"]) + (r.chance(50) ? heading(&r) : definition(&r))
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func lines(_ r: inout SplitMix64) -> [String] {
        var lines = (0..<(2 + r.below(10))).flatMap { _ in chunk(&r) }
        noFrontMatter(&lines)
        return lines
    }

    /// Front matter is ours, not CommonMark's: line 0 does not open it.
    static func noFrontMatter(_ lines: inout [String]) {
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---" { lines[0] = "text" }
    }

    /// An edit of `lines`: lines `removed` replaced by `inserted`. Most remove a definition or add one; some change a
    /// definition's label or touch another line.
    static func edit(_ lines: [String], _ r: inout SplitMix64) -> (removed: Range<Int>, inserted: [String]) {
        // Lines with a label: `[` before `]:`.
        func label(_ line: String) -> (String.Index, String.Index)? {
            guard let open = line.firstIndex(of: "["), let close = line.range(of: "]:")?.lowerBound, open < close else { return nil }
            return (open, close)
        }
        let definitions = lines.indices.filter { label(lines[$0]) != nil }
        let at = r.below(lines.count + 1)
        switch r.below(100) {
        case ..<35 where !definitions.isEmpty:
            let k = r.pick(definitions)
            return (k..<k + 1, [])
        case ..<50 where !definitions.isEmpty:
            let k = r.pick(definitions), old = lines[k], (open, close) = label(old)!
            return (k..<k + 1, [old[...open] + r.pick(labels) + old[close...]])
        case ..<80:
            return (at..<at, definition(&r).split(separator: "\n").map(String.init))
        default:
            return at < lines.count && r.chance(50) ? (at..<at + 1, []) : (at..<at, chunk(&r))
        }
    }
}
