import Collation
import Entries
import Foundation
import Outlines
import SeededRandom
import XCTest

/// The incremental index against a fresh open: thousands of random edits (every position encoding, plain text and
/// Markdown, entries moving between sections, sections emptied and created, line ends of every kind), and after each
/// one the text, the line starts, the sections, every page and every jump must equal those of the same text opened anew.
///
/// Seeded: `THUMBINDEX_SEED=<n>` replays a run; a failure names its seed and edit.
final class OutlineIndexEquivalenceTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x7EB5_11DE
    static let editsPerRun = Int(ProcessInfo.processInfo.environment["THUMBINDEX_EDITS"] ?? "") ?? 250

    func testPlainTextFollowsEditsInEveryEncoding() throws {
        for (n, encoding) in [PositionEncoding.utf16, .utf8, .utf32].enumerated() {
            try run(languageId: "plaintext", locale: ["sv_SE", "ja_JP", "en_US"][n], encoding: encoding, seed: Self.seed &+ UInt64(n))
        }
    }

    func testMarkdownFollowsEditsInEveryEncoding() throws {
        // Checkpoints every few lines, so that edits restart from checkpoints and meet old ones again.
        for (n, encoding) in [PositionEncoding.utf16, .utf8, .utf32].enumerated() {
            try run(languageId: "markdown", format: .headings, checkpointSpacing: [4, 8, 16][n], locale: ["en_US", "sv_SE", "ko_KR"][n],
                    encoding: encoding, seed: Self.seed &+ 100 &+ UInt64(n))
        }
    }

    /// Under ja with MeCab, names in kanji collate by their readings: the index reads them itself, as extraction does.
    func testJapaneseReadingsFollowEditsInPlainTextAndMarkdown() throws {
        try XCTSkipIf(Readings.shared.problem != nil, Readings.shared.problem ?? "")
        try run(languageId: "plaintext", readings: true, locale: "ja_JP", encoding: .utf16, seed: Self.seed &+ 300)
        try run(languageId: "markdown", format: .headings, checkpointSpacing: 8, readings: true, locale: "ja_JP", encoding: .utf8, seed: Self.seed &+ 301)
    }

    func testLocalizedMarkdownFollowsEditsByStartLine() throws {
        try run(languageId: "markdown", format: .startLines, locale: "sv_SE", encoding: .utf16, seed: Self.seed &+ 200)
    }

    func testMarkdownWithRepeatedStartLinesIsRebuiltPerVersion() throws {
        // Two headings cannot start on one line, so this stays incremental; a format that can (JSON) is `.entries`.
        let collation = try IndexedCollation(locale: "en_US")
        let json = TextDocument(uri: "file:///t.json", languageId: "json", version: 1, text: #"{"b": 1, "a": {"c": 2}}"#)
        let index = OutlineIndex.make(json, collation: collation, format: .startLines) { Self.extract($0) }
        XCTAssertEqual(index.format, .entries)
        XCTAssertFalse(index.update(to: json, edit: LineEdit(start: 0, oldEnd: 1, newEnd: 1)))
        XCTAssertEqual(index.page(offset: 0, limit: 10, in: json).map(\.entry.name), ["a", "b", "c"])
    }

    func testTheCatalogExampleHolds() throws {
        // Sources/Outlines/Outlines.docc/Outlines.md
        var text = TextDocument(uri: "file:///names.txt", languageId: "plaintext", version: 1,
                                text: "Östen\nAnna\nÅsa\nWallin\nVallin\n42 Street\nBertil\n")
        let index = OutlineIndex.make(text, collation: try IndexedCollation(locale: "sv_SE"), format: .lines) { _ in [] }
        let edit = try text.apply([ContentChange(range: EncodedRange(start: EncodedPosition(line: 0, character: 0),
                                                                     end: EncodedPosition(line: 0, character: 0)),
                                                 text: "Cecilia\n")], version: 2, encoding: .utf16)
        XCTAssertEqual(edit, LineEdit(start: 0, oldEnd: 1, newEnd: 2))
        XCTAssertTrue(index.update(to: text, edit: edit))
        XCTAssertEqual(index.page(offset: 1, limit: 2, in: text).map(\.entry.name), ["Bertil", "Cecilia"])
        XCTAssertEqual(index.page(offset: 1, limit: 2, in: text).map(\.entry.range.start.line), [7, 0])
        XCTAssertEqual(index.sections.map(\.title), ["A", "B", "C", "V", "W", "Å", "Ö", "#"])
    }

    func testSetextHeadingChangedBelowItsFirstLineMoves() throws {
        // The heading starts on line 0; the edit touches only line 1, yet renames it ("B xA" → "B xZ").
        let collation = try IndexedCollation(locale: "en_US")
        var document = TextDocument(uri: "file:///t.md", languageId: "markdown", version: 1, text: "B\nxA\n===\n\n# B xM\n")
        let index = OutlineIndex.make(document, collation: collation, format: .headings) { Self.extract($0) }
        XCTAssertEqual(index.format, .headings)
        XCTAssertEqual(index.page(offset: 0, limit: 9, in: document).map(\.entry.name), ["B xA", "B xM"])
        let range = EncodedRange(start: EncodedPosition(line: 1, character: 1), end: EncodedPosition(line: 1, character: 2))
        let edit = try document.apply([ContentChange(range: range, text: "Z")], version: 2, encoding: .utf16)
        XCTAssertEqual(edit, LineEdit(start: 1, oldEnd: 2, newEnd: 2))
        XCTAssertTrue(index.update(to: document, edit: edit))
        XCTAssertEqual(index.page(offset: 0, limit: 9, in: document).map(\.entry.name), ["B xM", "B xZ"])
        try compare(index, document, collation, "setext")
    }

    // MARK: The run

    private func run(languageId: String, format: OutlineIndex.Format = .lines, checkpointSpacing: Int = 256, readings: Bool = false,
                     locale: String, encoding: PositionEncoding, seed: UInt64) throws {
        let extract: @Sendable (TextDocument) -> [Entry] = readings ? Self.extractJapanese : Self.extract
        let reader = readings ? Readings.shared : nil
        var random = SplitMix64(seed: seed)
        let collation = try IndexedCollation(locale: locale)
        let lines = (0 ..< 120).map { _ in Self.line(languageId, &random) }
        var document = TextDocument(uri: "file:///doc", languageId: languageId, version: 1, text: lines.joined())
        var index = OutlineIndex.make(document, collation: collation, format: format, checkpointSpacing: checkpointSpacing, readings: reader, extract: extract)
        let context = "seed \(seed) (THUMBINDEX_SEED=\(Self.seed)), \(languageId), \(format), \(encoding), \(locale)"
        try compare(index, document, collation, "\(context), open", extract: extract)
        for step in 1 ... Self.editsPerRun {
            let (change, expected) = Self.randomChange(document, encoding: encoding, languageId: languageId, &random)
            let bytesBefore = document.bytes
            let edit = try document.apply([change], version: step + 1, encoding: encoding)
            let fresh = TextDocument(uri: document.uri, languageId: languageId, version: step + 1, text: String(decoding: expected, as: UTF8.self))
            let where_ = "\(context), edit \(step) (\(change.range.map(\.description) ?? "all") ← \(change.text.debugDescription))"
            guard document.bytes == expected, document.lineStarts == fresh.lineStarts, document.isASCII == fresh.isASCII else {
                return XCTFail("\(document.bytes == expected ? "line starts" : "text") differ after \(where_)")
            }
            if !index.update(to: document, edit: edit) {
                // Whether line 0 opens front matter depends on a line further on: such an edit is built anew.
                guard format == .headings, document.bytes.starts(with: Array("---".utf8)) || bytesBefore.starts(with: Array("---".utf8)) else {
                    return XCTFail("the index gave up on a small edit: \(where_), \(edit)")
                }
                index = OutlineIndex.make(document, collation: collation, format: format, checkpointSpacing: checkpointSpacing, readings: reader, extract: extract)
            }
            guard try compare(index, document, collation, where_, extract: extract) else { return }
        }
    }

    /// Compares the index with a fresh sort of the same text; false (after reporting) when they differ.
    @discardableResult
    private func compare(_ index: OutlineIndex, _ document: TextDocument, _ collation: IndexedCollation, _ context: String,
                         extract: (TextDocument) -> [Entry] = OutlineIndexEquivalenceTests.extract) throws -> Bool {
        let fresh = SectionedOutline(outline: DocumentOutline(version: document.version, roots: extract(document)), collation: collation)
        guard index.sections == fresh.sections, index.count == fresh.totalCount else {
            XCTFail("sections differ after \(context):\n\(index.sections.map { "\($0.title)\($0.count)" })\n\(fresh.sections.map { "\($0.title)\($0.count)" })")
            return false
        }
        let mine = index.page(offset: 0, limit: index.count + 1, in: document)
        let theirs = fresh.page(offset: 0, limit: fresh.totalCount)
        guard mine.map(\.entry) == theirs.map(\.entry), mine.map(\.section) == theirs.map(\.section) else {
            let at = zip(mine, theirs).enumerated().first { $0.element.0.entry != $0.element.1.entry }?.offset ?? min(mine.count, theirs.count)
            XCTFail("pages differ after \(context) at \(at): \(at < mine.count ? "\(mine[at].entry)" : "-") vs \(at < theirs.count ? "\(theirs[at].entry)" : "-")")
            return false
        }
        let titles = try collation.sectionIndexTitles(includeSearch: true)
        for position in titles.titles.indices {
            let a = try index.jump(toIndexTitleAt: position, in: titles, document: document)
            let b = try fresh.jump(toIndexTitleAt: position, in: titles)
            guard "\(a)" == "\(b)" else {
                XCTFail("jump to \(titles.titles[position]) differs after \(context): \(a) vs \(b)")
                return false
            }
        }
        if index.page(offset: 3, limit: 5, in: document).map(\.entry) != fresh.page(offset: 3, limit: 5).map(\.entry) {
            XCTFail("a page from an offset differs after \(context)")
            return false
        }
        return true
    }

    static func extract(_ document: TextDocument) -> [Entry] {
        EntrySource().entries(of: document, settings: ExtractionSettings(), language: "en").entries
    }

    /// Extraction under ja, readings on (the default), as the server extracts for a Japanese session.
    static func extractJapanese(_ document: TextDocument) -> [Entry] {
        EntrySource().entries(of: document, settings: ExtractionSettings(), language: "ja").entries
    }

    // MARK: Random text and edits

    static let names = [
        "Anna", "anna", "Åsa", "Ärla", "Östen", "Zorn", "Émile", "Øyvind", "Ångström", "Bertil", "Zoë",
        "Иван", "Ωμέγα", "東京", "とうきょう", "カタカナ", "김민준", "이서연", "محمد", "42 Street", "😀 Smile", "𝔘nicode",
        "  padded  ", "\u{3000}全角", "Mc'Donald", "a", "Z", "佐藤 健", "近藤\u{3000}英樹", "山田花子", "**鈴木**", "伊藤 博文",
    ]
    static let breaks = ["\n", "\n", "\n", "\r\n", "\r"]

    static func line(_ languageId: String, _ random: inout SplitMix64) -> String {
        let name = names.randomElement(using: &random)!
        let end = breaks.randomElement(using: &random)!
        guard languageId == "markdown" else {
            return Int.random(in: 0 ..< 8, using: &random) == 0 ? end : name + end
        }
        let kinds = ["# ", "## ", "### ", "", "", "```", "~~~", "<!-- ", "-->", "---", "===", "    ", "- ", "> ", "**",
                     "1. ", "> ## ", "- # ", "  ", "<div>", "</div>", "[a]: /u", "> ```", "\t"]
        let kind = kinds.randomElement(using: &random)!
        switch kind {
        case "```", "~~~", "---", "===", "-->", "<div>", "</div>", "[a]: /u", "> ```": return kind + end
        case "**": return "## **\(name)**" + end
        default: return kind + name + end
        }
    }

    /// A random change and the bytes it must leave.
    static func randomChange(_ document: TextDocument, encoding: PositionEncoding, languageId: String, _ random: inout SplitMix64)
        -> (ContentChange, [UInt8]) {
        let bytes = document.bytes
        if Int.random(in: 0 ..< 200, using: &random) == 0 {
            let text = (0 ..< Int.random(in: 0 ..< 40, using: &random)).map { _ in line(languageId, &random) }.joined()
            return (ContentChange(range: nil, text: text), Array(text.utf8))
        }
        // Scalar boundaries: where a position may fall.
        var boundaries = [0]
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            i += b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            // Between CR and LF is no position: LSP clamps a column past the line's end to it.
            if !(b == 0x0D && i < bytes.count && bytes[i] == 0x0A) { boundaries.append(i) }
        }
        let a = boundaries.randomElement(using: &random)!
        let span = [0, 0, 1, 2, 5, 20, 200].randomElement(using: &random)!
        let b = boundaries[min(boundaries.count - 1, (boundaries.firstIndex(of: a) ?? 0) + Int.random(in: 0 ... span, using: &random))]
        var text = ""
        switch Int.random(in: 0 ..< 6, using: &random) {
        case 0: text = ""
        case 1: text = breaks.randomElement(using: &random)!
        case 2: text = names.randomElement(using: &random)!
        case 3: text = line(languageId, &random)
        case 4: text = (0 ..< Int.random(in: 1 ..< 30, using: &random)).map { _ in line(languageId, &random) }.joined()
        default: text = ["\r", "\n", "#", "`", "=", " ", "-"].randomElement(using: &random)!
        }
        let change = ContentChange(range: EncodedRange(start: position(a, document, encoding), end: position(b, document, encoding)), text: text)
        return (change, Array(bytes[..<a]) + Array(text.utf8) + Array(bytes[b...]))
    }

    /// The position of byte offset `offset` in the client's encoding, counted here from the bytes (not by the
    /// document's own conversion). An offset between CR and LF counts on the CR's line.
    static func position(_ offset: Int, _ document: TextDocument, _ encoding: PositionEncoding) -> EncodedPosition {
        let starts = document.lineStarts
        let line = (starts.lastIndex { $0 <= offset } ?? 0)
        let prefix = String(decoding: document.bytes[starts[line] ..< offset], as: UTF8.self)
        let units: Int
        switch encoding {
        case .utf8: units = prefix.utf8.count
        case .utf16: units = prefix.utf16.count
        case .utf32: units = prefix.unicodeScalars.count
        }
        return EncodedPosition(line: line, character: units)
    }
}
