import Foundation
import XCTest
@testable import Entries

/// Heading names are the text CommonMark renders: checked by hand on the cases that matter, and against cmark (the
/// reference implementation, `cmark --to xml`) on random headings of tricky inline tokens. THUMBINDEX_SEED replays a
/// run; THUMBINDEX_INLINE_HEADINGS sets how many (default 3000).
final class MarkdownInlineTextTests: XCTestCase {
    func testWhatReadersSee() {
        XCTAssertEqual(MarkdownInlineText.render("The `String` Type"), "The String Type")
        XCTAssertEqual(MarkdownInlineText.render("*look for link or image*"), "look for link or image")
        XCTAssertEqual(MarkdownInlineText.render("heading \\#\\#\\#\\#\\######"), "heading ##########")
        XCTAssertEqual(MarkdownInlineText.render("snake_case and 2 * 3"), "snake_case and 2 * 3")
        XCTAssertEqual(MarkdownInlineText.render("[link](http://x \"t\") and ![img](a.png) &amp; <b>x</b> <http://a.b>"),
                       "link and img & x http://a.b")
        XCTAssertEqual(MarkdownInlineText.render("**Bold** term"), "Bold term")
        XCTAssertEqual(MarkdownInlineText.render("`` a`b ``"), "a`b")
        XCTAssertEqual(MarkdownInlineText.render("Plain"), "Plain")
        // cmark 0.30's quirk, kept: after `` that nothing closes, the second later span stays as text.
        XCTAssertEqual(MarkdownInlineText.render("x``a`c`b`d`y"), "x``acb`d`y")
        // A reference link is a link where the document defines its label, text where it does not.
        XCTAssertEqual(MarkdownInlineText.render("[Swift][swift], [1.2.0] and [x][]", defined: ["swift", "1.2.0", "x"]),
                       "Swift, 1.2.0 and x")
        XCTAssertEqual(MarkdownInlineText.render("[Swift][swift], [1.2.0] and [x][]"), "[Swift][swift], [1.2.0] and [x][]")
        XCTAssertEqual(MarkdownInlineText.render("## [1.2.0] - 2026", defined: ["1.2.1"]), "## [1.2.0] - 2026")
        // A full reference whose label is undefined is text, and its label may be a shortcut link of its own.
        XCTAssertEqual(MarkdownInlineText.render("[a][b]", defined: ["a"]), "[a][b]")
        XCTAssertEqual(MarkdownInlineText.render("[a][b]", defined: ["b"]), "a")
        XCTAssertEqual(MarkdownInlineText.render("[x][a][b]", defined: ["b"]), "[x]a")
        // Labels match as cmark normalizes them: case folded, white space runs as one space, trimmed.
        XCTAssertEqual(MarkdownInlineText.render("[Foo \t Bar] [STRASSE] [Straße]", defined: ["foo bar", "strasse"]), "Foo \t Bar STRASSE Straße")
        XCTAssertEqual(MarkdownLinkReferences.normalized(" ẞ  x\n Ǆ "), "ss x ǆ")
        // What a name depends on: the labels looked up, and no others.
        let (text, lookedUp) = MarkdownInlineText.rendered("[a][B] and [c](u) `[d]`", defined: [])
        XCTAssertEqual(text, "[a][B] and c [d]")
        XCTAssertEqual(Set(lookedUp), ["b"])
    }

    func testHeadingsAreNamedAsCmarkRendersThem() throws {
        let cmark = try MarkdownDifferentialTests.cmarkPath()
        let env = ProcessInfo.processInfo.environment
        let seed = env["THUMBINDEX_SEED"].flatMap { UInt64($0) } ?? 20_261_125
        let count = env["THUMBINDEX_INLINE_HEADINGS"].flatMap { Int($0) } ?? 3000
        var random = SplitMix64(seed: seed)
        let tokens = ["*", "**", "***", "_", "__", "`", "``", "`` a`b ``", "\\", "\\*", "\\#", "\\_", "\\`", "[", "]", "](", "(", ")",
                      "![", "<", ">", "&amp;", "&#42;", "&#x41;", "&nope;", "&", "<http://x.y/z>", "<a@b.c>", "<b>", "</b>",
                      "<a href=\"u\">", "<!-- c -->", " ", " ", " ", "word", "Åsa", "x_y", "2", ".", "\"t\"", "'", "é*",
                      "*)", "(*", "_(", ")_", "[a](b)", "[a][b]", "![i](j \"t\")", "](u)", "`c`", "*e*", "__s__", "~"]
        var lines: [String] = []
        for _ in 0 ..< count {
            let body = (0 ..< 1 + random.below(8)).map { _ in random.pick(tokens) }.joined()
            lines.append("# x" + body + "x")
        }
        let document = lines.joined(separator: "\n") + "\n"
        let bytes = Array(document.utf8)
        let names = MarkdownScanner(bytes: bytes, map: RecordText(bytes)).headings(includingEmpty: true).map(\.name)
        let expected = try Self.cmarkHeadingTexts(cmark, document)
        XCTAssertEqual(names.count, expected.count, "one heading per line")
        var failures = 0
        // The document defines no references: rendered as cmark renders them then.
        for (k, (name, text)) in zip(names, expected).enumerated() where MarkdownInlineText.render(name) != text {
            failures += 1
            XCTFail("THUMBINDEX_SEED=\(seed) heading \(k): \(lines[k].debugDescription): cmark \(text.debugDescription), "
                    + "ThumbIndex \(MarkdownInlineText.render(name).debugDescription)")
            if failures >= 10 { return }
        }
    }

    /// Real documents (`Fixtures/SOURCES.md`): every heading named as cmark renders it in its document, reference
    /// links (defined at the document's end) included; and the two changelogs the other way round, Python-Markdown's
    /// with a definition for each version, swift-argument-parser's without its definitions.
    func testRealDocumentsHeadingsAreNamedAsCmarkRendersThem() throws {
        let cmark = try MarkdownDifferentialTests.cmarkPath()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        var documents: [(name: String, text: String)] = []
        for name in ["argument-parser-CHANGELOG.md", "argument-parser-DeclaringArguments.md", "argument-parser-ParsableCommand.md",
                     "python-markdown-changelog.md"] {
            documents.append((name, try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)))
        }
        let versions = documents[3].text.split(separator: "\n").filter { $0.hasPrefix("## [") }
            .map { $0.dropFirst(3).prefix { $0 != "]" } + "]" }
        documents.append(("python-markdown-changelog.md with definitions",
                          documents[3].text + "\n" + versions.map { "\($0): https://pypi.org/project/Markdown/\n" }.joined()))
        documents.append(("argument-parser-CHANGELOG.md without definitions",
                          documents[0].text.split(separator: "\n", omittingEmptySubsequences: false)
                              .filter { !($0.hasPrefix("[") && $0.contains("]: ")) }.joined(separator: "\n")))
        var headings = 0
        var named: [String: [String]] = [:]
        for (name, text) in documents {
            let entries = try MarkdownExtractor().extract(text, options: ExtractionOptions(fileName: name)).entries
            let names = Entry.depthFirst(entries).map(\.name)
            XCTAssertEqual(names, try Self.cmarkHeadingTexts(cmark, text), name)
            named[name] = names
            headings += names.count
        }
        XCTAssertGreaterThan(headings, 300)
        XCTAssertEqual(versions.count, 33)
        XCTAssertTrue(named["python-markdown-changelog.md"]!.contains("[3.10.3] - 2026-07-30"))
        XCTAssertTrue(named["python-markdown-changelog.md with definitions"]!.contains("3.10.3 - 2026-07-30"))
        XCTAssertTrue(named["argument-parser-CHANGELOG.md"]!.contains("1.6.2 - 2025-10-01"))
        XCTAssertTrue(named["argument-parser-CHANGELOG.md without definitions"]!.contains("[1.6.2] - 2025-10-01"))
    }

    /// The text of each heading as cmark renders it: its text and code nodes, breaks as spaces, HTML dropped.
    static func cmarkHeadingTexts(_ cmark: String, _ document: String) throws -> [String] {
        headingTexts(try MarkdownDifferentialTests.cmarkXML(cmark, [document])[0])
    }

    /// The heading texts of cmark's XML (without `--sourcepos`).
    static func headingTexts(_ xml: String) -> [String] {
        var texts: [String] = [], current: String?
        for line in xml.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("<heading") {
                if trimmed.hasSuffix("/>") { texts.append("") } else { current = "" }  // `<heading level="1" />`: empty
                continue
            }
            if trimmed.hasPrefix("</heading>") { texts.append(current ?? ""); current = nil; continue }
            guard current != nil else { continue }
            for tag in ["text", "code"] {
                let open = "<\(tag) xml:space=\"preserve\">", close = "</\(tag)>"
                if trimmed.hasPrefix(open), trimmed.hasSuffix(close) {
                    current! += unescape(String(trimmed.dropFirst(open.count).dropLast(close.count)))
                }
            }
            if trimmed.hasPrefix("<softbreak") || trimmed.hasPrefix("<linebreak") { current! += " " }
        }
        return texts.map { $0.trimmingCharacters(in: [" ", "\t"]) }
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
