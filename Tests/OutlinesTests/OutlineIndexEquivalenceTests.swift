import Collation
import Entries
import Foundation
@testable import Outlines
@testable import Server
import SeededRandom
import XCTest

/// The incremental index against a fresh open: thousands of random edits (every position encoding, plain text and
/// Markdown, entries moving between sections, sections emptied and created, line ends of every kind), and after each
/// one the text, the line starts, the sections, every page and every jump must equal those of the same text opened anew.
///
/// Seeded: `THUMBINDEX_SEED=<n>` replays a run; a failure names its seed and edit.
final class OutlineIndexEquivalenceTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x7EB5_11DE
    /// CI's budget; `scripts/equivalence` runs thousands under fresh seeds.
    static let editsPerRun = Int(ProcessInfo.processInfo.environment["THUMBINDEX_EDITS"] ?? "") ?? 100

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

    /// Under zh with `thumbindex.names: on`, Chinese names collate by their surname's reading (曾 as Zēng): the index
    /// reads lines, cards and rows as a whole extraction does.
    func testChineseNamesFollowEdits() throws {
        try run(languageId: "plaintext", names: true, locale: "zh", encoding: .utf16, seed: Self.seed &+ 310)
        try run(languageId: "vcard", format: .records, names: true, locale: "zh", encoding: .utf8, seed: Self.seed &+ 311)
        try run(languageId: "csv", format: .records, names: true, locale: "zh_Hant@collation=zhuyin", encoding: .utf16, seed: Self.seed &+ 312)
    }

    /// Cards and rows, with edits aimed at their boundaries: `END:VCARD` deleted so that cards merge, a folded line
    /// unfolded, a quote left open that swallows the rows after it, a header row edited.
    func testRecordsFollowEditsInEveryEncoding() throws {
        for (n, encoding) in [PositionEncoding.utf16, .utf8, .utf32].enumerated() {
            for (k, languageId) in ["vcard", "csv", "tsv", "strings"].enumerated() {
                try run(languageId: languageId, format: .records, locale: ["sv_SE", "en_US", "ko_KR"][(n + k) % 3], encoding: encoding,
                        seed: Self.seed &+ 400 &+ UInt64(3 * n + k))
            }
        }
    }

    /// Records kept as entries (as `thumbindex outline` keeps them) follow edits as records read again do.
    func testRecordsKeptAsEntriesFollowEdits() throws {
        try run(languageId: "vcard", format: .records, keepingEntries: true, locale: "sv_SE", encoding: .utf16, seed: Self.seed &+ 450)
        try run(languageId: "csv", format: .records, keepingEntries: true, locale: "en_US", encoding: .utf8, seed: Self.seed &+ 451)
    }

    /// Under ja with MeCab, a card's N in kanji collates by its reading, read by the index as extraction reads it.
    func testJapaneseReadingsFollowEditsInCards() throws {
        try XCTSkipIf(Readings.shared.problem != nil, Readings.shared.problem ?? "")
        try run(languageId: "vcard", format: .records, readings: true, locale: "ja_JP", encoding: .utf16, seed: Self.seed &+ 500)
    }

    /// JSON, string catalogs and YAML, with edits aimed at their structure: brackets, commas, quotes and colons typed or
    /// deleted, members and elements added, arrays whose elements are named by their place.
    func testJSONFollowsEditsInEveryEncoding() throws {
        for (n, encoding) in [PositionEncoding.utf16, .utf8, .utf32].enumerated() {
            for (k, languageId) in ["json", "xcstrings", "yaml"].enumerated() {
                try run(languageId: languageId, format: .tree, locale: ["sv_SE", "en_US", "ko_KR"][(n + k) % 3], encoding: encoding,
                        seed: Self.seed &+ 600 &+ UInt64(3 * n + k))
            }
        }
    }

    /// Documents written by others (`Fixtures/SOURCES.md`): a GitHub workflow, a build manifest and a command's
    /// help as JSON, edited as the generated ones are, reverted to the original when an edit broke them.
    func testRealJSONAndYAMLFollowEdits() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        for (n, (file, languageId)) in [("yams-swiftpm-workflow.yml", "yaml"), ("yams-sourcekitten-debug.yaml", "yaml"),
                                        ("argument-parser-math-dump-help.json", "json")].enumerated() {
            let text = try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
            try run(languageId: languageId, format: .tree, text: text, locale: ["sv_SE", "en_US", "ja_JP"][n], encoding: .utf16,
                    seed: Self.seed &+ 700 &+ UInt64(n))
        }
    }

    func testLocalizedMarkdownFollowsEditsByStartLine() throws {
        try run(languageId: "markdown", format: .startLines, locale: "sv_SE", encoding: .utf16, seed: Self.seed &+ 200)
    }

    func testMarkdownWithRepeatedStartLinesIsRebuiltPerVersion() throws {
        // Two headings cannot start on one line, so this stays incremental; a format that can (JSON) is `.entries`.
        let collation = try IndexedCollation(locale: "en_US")
        let json = TextDocument(uri: "file:///t.json", languageId: "json", version: 1, text: #"{"b": 1, "a": {"c": 2}}"#)
        let index = try OutlineIndex.make(json, collation: collation, format: .startLines) { Self.extract($0) }
        XCTAssertEqual(index.format, .entries)
        XCTAssertFalse(index.update(to: json, edit: LineEdit(start: 0, oldEnd: 1, newEnd: 1)))
        XCTAssertEqual(index.page(offset: 0, limit: 10, in: json).map(\.entry.name), ["a", "b", "c"])
    }

    func testTheCatalogExampleHolds() throws {
        // Sources/Outlines/Outlines.docc/Outlines.md
        var text = TextDocument(uri: "file:///names.txt", languageId: "plaintext", version: 1,
                                text: "Östen\nAnna\nÅsa\nWallin\nVallin\n42 Street\nBertil\n")
        let collation = try IndexedCollation(locale: "sv_SE")
        let index = try OutlineIndex.make(text, collation: collation, format: .lines) { _ in [] }
        XCTAssertEqual(index.sections.map(\.title), ["A", "B", "V", "W", "Å", "Ö", "#"])
        XCTAssertEqual(index.page(offset: 0, limit: 3, in: text).map(\.entry.name), ["Anna", "Bertil", "Vallin"])
        let titles = try collation.sectionIndexTitles()
        guard case .section(let position) = try index.jumpTarget(toIndexTitleAt: titles.titles.firstIndex(of: "C")!, in: titles) else {
            return XCTFail("no section")
        }
        XCTAssertEqual(position, 1)
        XCTAssertEqual(index.sections[position].title, "B")
        XCTAssertEqual(index.page(offset: index.sections[position].offset, limit: 1, in: text).map(\.entry.name), ["Bertil"])
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
        let index = try OutlineIndex.make(document, collation: collation, format: .headings) { Self.extract($0) }
        XCTAssertEqual(index.format, .headings)
        XCTAssertEqual(index.page(offset: 0, limit: 9, in: document).map(\.entry.name), ["B xA", "B xM"])
        let range = EncodedRange(start: EncodedPosition(line: 1, character: 1), end: EncodedPosition(line: 1, character: 2))
        let edit = try document.apply([ContentChange(range: range, text: "Z")], version: 2, encoding: .utf16)
        XCTAssertEqual(edit, LineEdit(start: 1, oldEnd: 2, newEnd: 2))
        XCTAssertTrue(index.update(to: document, edit: edit))
        XCTAssertEqual(index.page(offset: 0, limit: 9, in: document).map(\.entry.name), ["B xM", "B xZ"])
        try compare(index, document, collation, "setext")
    }

    /// Edits that add, change or remove a link reference definition rename the headings that use its label, wherever
    /// they are (a changelog's `## [1.2.0] - 2026-06-04` is named 1.2.0 - 2026-06-04 while `[1.2.0]: …` defines it,
    /// with its brackets otherwise): the index follows each edit (it is not made anew), its names equal a fresh
    /// extraction's, and headings far from the edits are renamed.
    func testMarkdownDefinitionsComingAndGoingRenameHeadings() throws {
        let collation = try IndexedCollation(locale: "en_US")
        let seed = Self.seed &+ 500
        var random = SplitMix64(seed: seed)
        let labels = ["1.2.0", "1.3.0", "Unreleased", "WIP", "foo  bar", "Foo Bar"]
        var lines = ["# Changelog", ""]
        for k in 0 ..< 60 {
            let label = labels.randomElement(using: &random)!
            // A few definitions to begin with (also in a block quote and a list item), so that labels come and go.
            let definition = Int.random(in: 0 ..< 12, using: &random) == 0
            lines += [(definition ? ["> [\(label)]: /quoted", "- [\(label)]: /item", "[\(label)]: /top"]
                : ["## [\(label)] - 2026-06-0\(k % 9 + 1)", "### [\(label)][] notes", "## [x][\(label)]", "## Plain \(k)"]).randomElement(using: &random)!,
                      "text \(k)", ""]
        }
        var document = TextDocument(uri: "file:///CHANGELOG.md", languageId: "markdown", version: 1, text: lines.joined(separator: "\n") + "\n")
        let index = try OutlineIndex.make(document, collation: collation, format: .headings, set: { $0.checkpointSpacing = 8 }) { Self.extract($0) }
        func names() -> [Int: String] {
            Dictionary(uniqueKeysWithValues: index.page(offset: 0, limit: index.count, in: document).map { ($0.entry.range.start.line, $0.entry.name) })
        }
        var renamedFar = 0
        for step in 1 ... 120 {
            // Add a definition, remove one, or change its label.
            let definitions = lines.indices.filter { lines[$0].hasPrefix("[") && lines[$0].contains("]: ") }
            let label = labels.randomElement(using: &random)!
            var at = Int.random(in: 0 ... lines.count, using: &random), removed = 0, inserted = ["[\(label)]: https://example.com/\(step)"]
            if !definitions.isEmpty, Int.random(in: 0 ..< 6, using: &random) < min(definitions.count, 4) {
                at = definitions.randomElement(using: &random)!
                removed = 1
                if Bool.random(using: &random) { inserted = [] }
            }
            let before = names()
            let change = ContentChange(range: EncodedRange(start: EncodedPosition(line: at, character: 0), end: EncodedPosition(line: at + removed, character: 0)),
                                       text: inserted.map { $0 + "\n" }.joined())
            lines.replaceSubrange(at ..< at + removed, with: inserted)
            let edit = try document.apply([change], version: step + 1, encoding: .utf16)
            let context = "THUMBINDEX_SEED=\(Self.seed) (seed \(seed)), step \(step): lines \(at) ..< \(at + removed) ← \(inserted)"
            XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), lines.joined(separator: "\n") + "\n", context)
            XCTAssertTrue(index.update(to: document, edit: edit), context)
            guard try compare(index, document, collation, context) else { return }
            let after = names(), delta = edit.lineDelta
            // Headings more than a checkpoint's spacing from the edit lie outside its window.
            renamedFar += before.filter { line, name in
                (line < edit.start - 16 || line >= edit.oldEnd + 16) && after[line >= edit.oldEnd ? line + delta : line].map { $0 != name } == true
            }.count
        }
        XCTAssertGreaterThan(renamedFar, 20, "seed \(seed)")
    }

    // MARK: The run

    private func run(languageId: String, format: OutlineIndex.Format = .lines, checkpointSpacing: Int = 256, readings: Bool = false,
                     names: Bool = false, keepingEntries: Bool = false, text original: String? = nil, locale: String,
                     encoding: PositionEncoding, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let collation = try IndexedCollation(locale: locale)
        var extract: @Sendable (TextDocument) -> [Entry] = readings ? Self.extractJapanese : Self.extract
        var reader: (any CollationReading)? = readings ? Readings.shared : nil
        if names {
            extract = { document in Self.extractNames(document, collation) }
            reader = ChineseNames.reader(for: collation)
        }
        if names { XCTAssertNotNil(reader, locale) }
        var lines = Self.trees.contains(languageId) ? [original ?? Self.tree(languageId, &random)]
            : (0 ..< 120).map { _ in Self.records.keys.contains(languageId) ? Self.record(languageId, &random, opening: true) : Self.line(languageId, &random) }
        // A table opens with a header (whose name column is a column title: its other rows are read one by one).
        if languageId == "csv" || languageId == "tsv" { lines.insert(["name", "detail", "n"].joined(separator: languageId == "csv" ? "," : "\t") + "\n", at: 0) }
        // A plain text in chunks of a few lines, so that edits meet chunk boundaries.
        var document = TextDocument(uri: "file:///doc", languageId: languageId, version: 1, text: lines.joined(),
                                    chunkSize: languageId == "plaintext" ? 48 : nil)
        let records = RecordFormat(languageId: languageId, options: ExtractionOptions(fileName: "doc"))
        let tree = TreeFormat(languageId: languageId, options: ExtractionOptions(language: readings ? "ja" : "en", fileName: "doc"))
        func make() throws -> OutlineIndex {
            try OutlineIndex.make(document, collation: collation, format: format, readings: reader, records: records, tree: tree,
                                  set: { ($0.checkpointSpacing, $0.keepingEntries) = (checkpointSpacing, keepingEntries) }, extract: extract)
        }
        var index = try make()
        var followed = 0
        let context = "seed \(seed) (THUMBINDEX_SEED=\(Self.seed)), \(languageId), \(format), \(encoding), \(locale)"
        try compare(index, document, collation, "\(context), open", extract: extract)
        var unread = 0  // edits in a row the index has been `.entries`
        // A real document, larger and read whole by each comparison, gets fewer steps.
        let steps = original == nil ? Self.editsPerRun : Self.editsPerRun / 2
        for step in 1 ... steps {
            unread = index.format == .entries ? unread + 1 : 0
            var (change, expected) = Self.randomChange(document, encoding: encoding, languageId: languageId, &random)
            if languageId == "strings" && unread > 20 || Self.trees.contains(languageId) && unread > 2 {
                // Random edits seldom mend a table or JSON they broke (a stray quote, two pairs on a line, a
                // bracket): a new text, as an editor's revert sends it.
                let text = Self.trees.contains(languageId) ? original ?? Self.tree(languageId, &random)
                    : (0 ..< 40).map { _ in Self.record(languageId, &random, opening: true) }.joined()
                (change, expected) = (ContentChange(range: nil, text: text), Array(text.utf8))
            }
            let bytesBefore = document.bytes
            let edit = try document.apply([change], version: step + 1, encoding: encoding)
            let fresh = TextDocument(uri: document.uri, languageId: languageId, version: step + 1, text: String(decoding: expected, as: UTF8.self))
            let where_ = "\(context), edit \(step) (\(change.range.map(\.description) ?? "all") ← \(change.text.debugDescription))"
            guard document.bytes == expected, document.lineStarts == fresh.lineStarts, document.isASCII == fresh.isASCII else {
                return XCTFail("\(document.bytes == expected ? "line starts" : "text") differ after \(where_)")
            }
            let fixedLines = index.format == .records ? index.recordFixedLines : 0
            // A followed edit's index was checked against its invariants by `update` itself (a debug build's
            // `checkInvariants`): not checked twice.
            var checked = false
            if index.update(to: document, edit: edit) {
                followed += 1
                #if DEBUG
                checked = true
                #endif
            } else {
                // Whether line 0 opens front matter depends on a line further on: such an edit is built anew. So is
                // an edit of a table's first row, and records that cannot be followed (a quote never closed, no
                // entries): then the index is `.entries`.
                let frontMatter = format == .headings && (document.bytes.starts(with: Array("---".utf8)) || bytesBefore.starts(with: Array("---".utf8)))
                let large = max(edit.oldEnd, edit.newEnd) - edit.start > max(1024, index.count / 4)
                let before = index.format
                index = try make()
                let records = format == .records && (before == .entries || index.format == .entries || edit.start < fixedLines)
                // A JSON edit that reaches a bracket, or whose members do not settle, is read whole.
                guard frontMatter || records || large || format == .tree else { return XCTFail("the index gave up on a small edit: \(where_), \(edit)") }
            }
            guard try compare(index, document, collation, where_, checked: checked, extract: extract) else { return }
        }
        // Edits are followed, not rebuilt (a test that always rebuilt would pass the comparisons); a table spends some
        // edits with a quote left open (then it is `.entries`).
        // (A real document's few top-level keys hold most edits, and its nesting breaks more often.)
        XCTAssertGreaterThan(followed, steps / (original != nil ? 8 : format == .records || format == .tree ? 5 : 2),
                             "\(context): only \(followed) edits followed")
    }

    /// Compares the index with a fresh sort of the same text; false (after reporting) when they differ.
    @discardableResult
    private func compare(_ index: OutlineIndex, _ document: TextDocument, _ collation: IndexedCollation, _ context: String,
                         checked: Bool = false, extract: (TextDocument) -> [Entry] = OutlineIndexEquivalenceTests.extract) throws -> Bool {
        let broken = checked ? [] : index.invariantViolations(in: document)
        guard broken.isEmpty else {
            XCTFail("the index breaks its invariants after \(context):\n\(broken.prefix(10).joined(separator: "\n"))")
            return false
        }
        // What is kept per entry (a client's documentSymbol JSON) is made again whenever the entry changed: a
        // description kept since an earlier step must equal one made now.
        let view = index.view(document: document)
        for section in view.sections {
            let offsets = section.offset ..< section.offset + section.count
            let made = offsets.map { Array(Self.describe(view.entry(at: $0)).utf8) }
            let kept = Array(view.memo.joined(section: section.titleIndex, changes: view.changes(ofSection: section.titleIndex),
                                              ids: { offsets.map(view.id(at:)) }, lastChange: view.lastChange(of:),
                                              stamp: { view.stamp(at: offsets.lowerBound + $0) }, variant: 0) { made[$0] }.joined())
            let now = Array(made.joined(separator: [UInt8(ascii: ",")]))
            if kept != now {
                XCTFail("an entry of section \(section.title) changed after \(context), but its stamp did not:\nkept \(String(decoding: kept, as: UTF8.self))\nnow  \(String(decoding: now, as: UTF8.self))")
                return false
            }
        }
        let fresh = try SectionedOutline(outline: DocumentOutline(version: document.version, roots: extract(document)), collation: collation)
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
            // The server's jump: the target over the index's sections, then the entry at that section's offset.
            let a: SectionJump = switch try index.jumpTarget(toIndexTitleAt: position, in: titles) {
            case .top: .search
            case .nothing: .nothing
            case .section(let at):
                .section(position: at, title: index.sections[at].title, offset: index.sections[at].offset,
                         entry: index.page(offset: index.sections[at].offset, limit: 1, in: document)[0].entry)
            }
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
        // Plain collation order (the grouping `sorted`): the index's runs merged, as a fresh sort orders every entry.
        let sorted = index.collationOrder(in: document).map { view.entry($0) }
        let sortedFresh = fresh.order.collationOrder.map { fresh.outline.items[Int($0)] }
        if sorted != sortedFresh {
            let at = zip(sorted, sortedFresh).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(sorted.count, sortedFresh.count)
            XCTFail("plain collation order differs after \(context) at \(at) of \(sortedFresh.count)")
            return false
        }
        return true
    }

    /// An entry as a client sees it.
    static func describe(_ entry: Entry) -> String {
        "\(entry.name) \(entry.detail ?? "") \(entry.kind.rawValue) \(entry.range) \(entry.selectionRange)"
    }

    static let english = try! IndexedCollation(locale: "en"), japanese = try! IndexedCollation(locale: "ja")

    static func extract(_ document: TextDocument) -> [Entry] {
        EntrySource().entries(of: document, settings: ExtractionSettings(), collation: english).entries
    }

    /// Extraction under ja, readings on (the default), as the server extracts for a Japanese session.
    static func extractJapanese(_ document: TextDocument) -> [Entry] {
        EntrySource().entries(of: document, settings: ExtractionSettings(), collation: japanese).entries
    }

    /// Extraction with every line, card and row read as a name (`thumbindex.names: on`) under `collation`.
    static func extractNames(_ document: TextDocument, _ collation: IndexedCollation) -> [Entry] {
        var settings = ExtractionSettings()
        settings.names = .on
        return EntrySource().entries(of: document, settings: settings, collation: collation).entries
    }

    // MARK: Random text and edits

    static let names = [
        "Anna", "anna", "Åsa", "Ärla", "Östen", "Zorn", "Émile", "Øyvind", "Ångström", "Bertil", "Zoë",
        "Иван", "Ωμέγα", "東京", "とうきょう", "カタカナ", "김민준", "이서연", "محمد", "42 Street", "😀 Smile", "𝔘nicode",
        "  padded  ", "\u{3000}全角", "Mc'Donald", "a", "Z", "佐藤 健", "近藤\u{3000}英樹", "山田花子", "**鈴木**", "伊藤 博文",
        "曾国藩", "單雄信", "欧阳修", "查 良镛", "Zeng Guofan",
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

    /// Lines of the record formats, and the bits of text edits put in.
    static let records: [String: (lines: [String], bits: [String])] = [
        "vcard": (["VERSION:3.0", "TEL;TYPE=cell:+46 70 1", "EMAIL:a@b.org", "ORG:Acme;Sales", "N;SORT-AS=\"Zed\":Ng;Bo;;;",
                   " folded", "X-PHONETIC-LAST-NAME:さとう", "FN;ENCODING=QUOTED-PRINTABLE:J=C3=B6rg=", "rest", "NOTE:x",
                   "KIND:org", "BEGIN:VCARD", "END:VCARD", "", "item1.EMAIL;TYPE=pref:z@y.org"],
                  ["BEGIN:VCARD\n", "END:VCARD\n", "\n ", ":", ";", "FN:", "N:", "=\n"]),
        "csv": (["\"quoted, name\",x", "\"two\nlines\",y", "plain,\"a\"\"b\"", ",empty name", "", "\"open"],
                ["\"", ",", "\n", "\"\n"]),
        "tsv": (["\"quoted\tname\"\tx", "\"two\nlines\"\ty", "plain\t\"a\"\"b\"", "\tempty name", "", "\"open"],
                ["\"", "\t", "\n", "\"\n"]),
        // Pairs sharing a line, and a comment ending on a key's line, make the table `.entries` until they go.
        "json": (["  \"k\": 1,", "  {\"name\": \"Zed\"},", "  \"x\": {", "  },", "  ],"],
                 ["{", "}", "[", "]", ",", "\"", ":", "\n", " \"k\": 2,\n", "{\"title\": \"Ärla\"},\n", "\\"]),
        "yaml": (["k: 1", "  - a", "  nested: x", "- item", "---", "&a x", "*a", "? complex", "  |", "%YAML 1.2"],
                 [":", " ", "  ", "-", "\"", "'", "#", "|", "[", "]", "{", "}", "\n", "key: v\n", "  sub: w\n", "&x ", "*x"]),
        "xcstrings": (["    \"Key\": {},", "    \"Other\": {\"comment\": \"c\"},"],
                      ["{", "}", ",", "\"", ":", "\n", "    \"New\": {},\n", "\"value\": \"Öl\""]),
        "strings": (["/* A comment */", "/* open comment", "// a line comment", "unquoted_key = \"v\";", "\"lone\";", "",
                     "\"open", "\"esc\\\"aped\" = \"\\n\";"],
                    ["\"", ";", "/*", "*/", "=", "\n", "//", " = \"x\";\n", "\"a\" = \"b\"; \"c\" = \"d\";\n",
                     "/* */ \"after\" = \"a comment\";\n"]),
    ]

    static let trees: Set = ["json", "xcstrings", "yaml"]

    /// A JSON document (`json`) or a string catalog (`xcstrings`), pretty-printed, a member per line, with nested
    /// objects, arrays of objects named by a field or by their place, arrays of scalars and empty containers.
    static func tree(_ languageId: String, _ random: inout SplitMix64) -> String {
        func name() -> String { names.randomElement(using: &random)!.replacingOccurrences(of: "\\", with: "") }
        let end = breaks.randomElement(using: &random)!
        if languageId == "yaml" {
            // A name that YAML would read otherwise when plain (`**a**` is an alias, `  a` indented) is quoted.
            func scalar(_ suffix: String = "") -> String {
                let n = name() + suffix
                return n.first.map { $0.isLetter || $0.isNumber } == true && n.last != " " && Bool.random(using: &random) ? n : "\"\(n)\""
            }
            // Keys are distinct (a repeated key is an error).
            let items = (0 ..< 40).map { i -> String in
                let key = scalar(" \(i)")
                switch Int.random(in: 0 ..< 9, using: &random) {
                case 0: return "\(key):" + end + "  name: \(scalar())" + end + "  n: 1" + end
                case 1: return "\(key):" + end + "  - name: \(scalar())" + end + "    id: 3" + end + "  - [1, 2]" + end
                case 2: return "\(key): |" + end + "  text: not a key" + end + end + "  \(scalar())" + end
                case 3: return "# \(name())" + end + end + "\(key): [1, \(scalar())]" + end
                case 4: return "\(key): {a: 1, b: \(scalar())}" + end
                case 5: return "\(key):" + end
                default: return "\(key): \(scalar())" + end
                }
            }
            return (Bool.random(using: &random) ? "---" + end : "") + items.joined()
        }
        if languageId == "xcstrings" {
            let strings = (0 ..< 30).map { _ in
                let value = Bool.random(using: &random) ? #"{"localizations": {"sv": {"stringUnit": {"state": "translated", "value": "\#(name())"}}}}"#
                    : "{" + end + "      \"comment\": \"\(name())\"" + end + "    }"
                return "    \"\(name())\": " + value
            }
            return "{" + end + "  \"sourceLanguage\": \"en\"," + end + "  \"strings\": {" + end + strings.joined(separator: "," + end) + end
                + "  }," + end + "  \"version\": \"1.0\"" + end + "}" + end
        }
        let members = (0 ..< 40).map { _ -> String in
            let value: String
            switch Int.random(in: 0 ..< 8, using: &random) {
            case 0: value = "{" + end + "    \"name\": \"\(name())\"," + end + "    \"n\": 1" + end + "  }"
            case 1: value = "[" + end + "    {\"name\": \"\(name())\"}," + end + "    {\"id\": 3}," + end + "    [1, 2]" + end + "  ]"
            case 2: value = "[1, \"\(name())\", null]"
            case 3: value = ["{}", "[]", "true", "-1.5e3"].randomElement(using: &random)!
            default: value = "\"\(name())\""
            }
            return "  \"\(name())\": " + value
        }
        return "{" + end + members.joined(separator: "," + end) + end + "}" + end
    }

    /// A card or a row (or, now and then, a line of either that is not one: an unclosed card, a stray quote).
    static func record(_ languageId: String, _ random: inout SplitMix64, opening: Bool = false) -> String {
        let name = names.randomElement(using: &random)!
        let end = breaks.randomElement(using: &random)!
        let format = records[languageId]!
        // The text a run opens with has no quote left open (edits open and close them).
        let lines = opening ? format.lines.filter { !["\"open", "/* open comment"].contains($0) } : format.lines
        // A table with a line that is not a pair stays unread until an edit mends it: fewer such lines there.
        if Int.random(in: 0 ..< (languageId == "strings" ? 12 : 6), using: &random) == 0 { return lines.randomElement(using: &random)! + end }
        if languageId == "yaml" { return "\(name.trimmingCharacters(in: .whitespaces).isEmpty ? "k" : name): \(names.randomElement(using: &random)!)" + end }
        if trees.contains(languageId) { return "  \"\(name)\": \"\(names.randomElement(using: &random)!)\"," + end }
        if languageId == "strings" {
            let comment = Bool.random(using: &random) ? "/* \(names.randomElement(using: &random)!) */" + end : ""
            return comment + "\"\(name)\" = \"\(names.randomElement(using: &random)!)\";" + end
        }
        guard languageId == "vcard" else {
            let separator = languageId == "csv" ? "," : "\t"
            return [name, names.randomElement(using: &random)!, "12"].joined(separator: separator) + end
        }
        var card = ["BEGIN:VCARD", "VERSION:3.0", "FN:\(name)", "N:\(name);\(names.randomElement(using: &random)!);;;"]
        for _ in 0 ..< Int.random(in: 0 ..< 3, using: &random) { card.insert(format.lines.randomElement(using: &random)!, at: 2) }
        return (card + ["END:VCARD"]).joined(separator: end) + end
    }

    /// A random change and the bytes it must leave.
    static func randomChange(_ document: TextDocument, encoding: PositionEncoding, languageId: String, _ random: inout SplitMix64)
        -> (ContentChange, [UInt8]) {
        let bytes = document.bytes
        if languageId == "yaml", Int.random(in: 0 ..< 4, using: &random) < 3, let change = yamlChange(document, encoding: encoding, &random) {
            return change
        }
        if trees.contains(languageId), languageId != "yaml", Int.random(in: 0 ..< 4, using: &random) < 3,
           let change = jsonChange(document, encoding: encoding, &random) {
            return change
        }
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
        var a = boundaries.randomElement(using: &random)!
        if records[languageId] != nil, Bool.random(using: &random) {
            // Aimed at a record's structure: a line start, a quote, a separator or a colon.
            let marks = boundaries.filter { $0 == 0 || $0 == bytes.count || [0x0A, 0x0D, 0x22, 0x2C, 0x09, 0x3A, 0x3B, 0x2F, 0x2A, 0x7B, 0x7D, 0x5B, 0x5D].contains(bytes[$0 - 1]) }
            a = marks.randomElement(using: &random) ?? a
        }
        // A table's header is edited now and then, not at every fourth edit (an edit there makes a new index, and
        // a header that no longer names its column as a title makes the table `.entries`).
        if languageId == "csv" || languageId == "tsv", document.lineCount > 2, a < document.lineStarts[1], Int.random(in: 0 ..< 4, using: &random) > 0 {
            a = boundaries.filter { $0 >= document.lineStarts[1] }.randomElement(using: &random) ?? a
        }
        let span = [0, 0, 1, 2, 5, 20, 200].randomElement(using: &random)!
        let b = boundaries[min(boundaries.count - 1, (boundaries.firstIndex(of: a) ?? 0) + Int.random(in: 0 ... span, using: &random))]
        var text = ""
        switch Int.random(in: 0 ..< 6, using: &random) {
        case 0: text = ""
        case 1: text = breaks.randomElement(using: &random)!
        case 2: text = names.randomElement(using: &random)!
        case 3: text = records[languageId] != nil ? record(languageId, &random) : line(languageId, &random)
        case 4: text = (0 ..< Int.random(in: 1 ..< 30, using: &random)).map { _ in records[languageId] != nil ? record(languageId, &random) : line(languageId, &random) }.joined()
        default: text = ((records[languageId]?.bits ?? []) + ["\r", "\n", "#", "`", "=", " ", "-"]).randomElement(using: &random)!
        }
        let change = ContentChange(range: EncodedRange(start: position(a, document, encoding), end: position(b, document, encoding)), text: text)
        return (change, Array(bytes[..<a]) + Array(text.utf8) + Array(bytes[b...]))
    }

    /// An edit that leaves JSON valid, as most typing does: a name typed into a string, a member added before a
    /// member, a member (with its comma) deleted, a blank line added.
    static func jsonChange(_ document: TextDocument, encoding: PositionEncoding, _ random: inout SplitMix64) -> (ContentChange, [UInt8])? {
        let bytes = document.bytes, quote = UInt8(ascii: "\""), starts = document.lineStarts
        func line(_ l: Int) -> String {
            String(decoding: bytes[starts[l] ..< (l + 1 < starts.count ? starts[l + 1] : bytes.count)], as: UTF8.self)
        }
        let l = Int.random(in: 0 ..< document.lineCount, using: &random), text = line(l)
        let (a, b, new): (Int, Int, String)
        switch Int.random(in: 0 ..< 4, using: &random) {
        case 0:
            // Into a string: just after an opening quote (one not followed by what ends a string).
            let opening = (1 ..< max(1, bytes.count)).filter { bytes[$0 - 1] == quote && ![0x3A, 0x2C, 0x0A, 0x0D, 0x7D, 0x5D].contains(bytes[$0]) }
            guard let at = opening.randomElement(using: &random) else { return nil }
            (a, b, new) = (at, at, names.randomElement(using: &random)!)
        case 1:
            guard text.hasPrefix("  \"") || text.hasPrefix("    \"") else { return nil }
            let indent = String(text.prefix { $0 == " " })
            (a, b, new) = (starts[l], starts[l], indent + "\"\(names.randomElement(using: &random)!)\": \"x\"," + breaks.randomElement(using: &random)!)
        case 2:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.hasPrefix("\""), trimmed.hasSuffix(","), !trimmed.hasSuffix("{,"), !"[{".contains(trimmed.dropLast().last ?? "x"),
                  trimmed.filter({ $0 == "{" }).count == trimmed.filter({ $0 == "}" }).count,
                  trimmed.filter({ $0 == "[" }).count == trimmed.filter({ $0 == "]" }).count else { return nil }
            (a, b, new) = (starts[l], l + 1 < starts.count ? starts[l + 1] : bytes.count, "")
        default:
            (a, b, new) = (starts[l], starts[l], breaks.randomElement(using: &random)!)
        }
        let change = ContentChange(range: EncodedRange(start: position(a, document, encoding), end: position(b, document, encoding)), text: new)
        return (change, Array(bytes[..<a]) + Array(new.utf8) + Array(bytes[b...]))
    }

    /// An edit that mostly leaves YAML valid: a name typed after a key's colon or into a nested line, a top-level key
    /// added before another, a line deleted, a blank line added.
    static func yamlChange(_ document: TextDocument, encoding: PositionEncoding, _ random: inout SplitMix64) -> (ContentChange, [UInt8])? {
        let bytes = document.bytes, starts = document.lineStarts
        let l = Int.random(in: 0 ..< document.lineCount, using: &random)
        let lineEnd = l + 1 < starts.count ? starts[l + 1] : bytes.count
        let (a, b, new): (Int, Int, String)
        func isLetter(_ i: Int) -> Bool { i < bytes.count && (bytes[i] >= 0x80 || (bytes[i] | 0x20) >= 0x61 && (bytes[i] | 0x20) <= 0x7A) }
        let plainNames = names.filter { $0.first!.isLetter && !$0.contains(":") && $0.last != " " }
        switch Int.random(in: 0 ..< 4, using: &random) {
        case 0:
            // Into a plain scalar: just after a `: ` that a letter follows.
            guard lineEnd > starts[l] + 2, let at = (starts[l] + 2 ..< lineEnd).first(where: { bytes[$0 - 2] == UInt8(ascii: ":") && bytes[$0 - 1] == 0x20 && isLetter($0) })
            else { return nil }
            (a, b, new) = (at, at, plainNames.randomElement(using: &random)!)
        case 1:
            guard starts[l] < bytes.count, ![0x20, 0x23, 0x0A, 0x0D, 0x2D].contains(bytes[starts[l]]) else { return nil }
            (a, b, new) = (starts[l], starts[l], "k\(Int.random(in: 0 ..< 1000, using: &random)): \(names.randomElement(using: &random)!)" + breaks.randomElement(using: &random)!)
        case 2:
            // A top-level key with its value on its line, and no lines under it.
            guard isLetter(starts[l]), bytes[starts[l] ..< lineEnd].contains(UInt8(ascii: ":")), lineEnd >= bytes.count || isLetter(lineEnd)
            else { return nil }
            (a, b, new) = (starts[l], lineEnd, "")
        default:
            (a, b, new) = (starts[l], starts[l], breaks.randomElement(using: &random)!)
        }
        let change = ContentChange(range: EncodedRange(start: position(a, document, encoding), end: position(b, document, encoding)), text: new)
        return (change, Array(bytes[..<a]) + Array(new.utf8) + Array(bytes[b...]))
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
