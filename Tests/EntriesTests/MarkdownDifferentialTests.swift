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
                let actual = MarkdownScanner(bytes: bytes, map: LineMap(bytes)).headings(includingEmpty: true)
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
    /// cmark reads one document per run, so the documents go to files and one shell runs cmark on each (starting
    /// hundreds of processes from the test process is much slower).
    static func cmarkHeadings(_ cmark: String, _ docs: [String]) throws -> [[CmarkHeading]] {
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
        process.arguments = ["-c", #"for f in "$1"/*.md; do "$2" --to xml --sourcepos "$f" > "${f%.md}.xml" || exit 1; done"#,
                             "sh", dir.path, cmark]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "cmark failed")
        return try names.map { name in
            let xml = try String(contentsOf: dir.appendingPathComponent(name + ".xml"), encoding: .utf8)
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
