import Collation
import Entries
import Foundation
@testable import Outlines
import SeededRandom
import XCTest

/// Sorting a document's entries: per format, seeded random documents (comments, quoted fields, folded vCard lines,
/// CRLF, no final newline, duplicates) are sorted and held to the rules: sorting twice changes nothing, the units'
/// bytes and the text between them are what they were, and the result read back is in collation order.
/// `THUMBINDEX_SEED=<n>` replays a run; a failure names its seed.
final class EntrySortTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x50_27ED
    static let names = ["Åsa", "Ärla", "Östen", "Anna", "Zoë", "Zoe", "zoe", "Bo", "item10", "item9", "Ölund", "Ødegaard", "Éva", "Eva",
                        "曾国藩", "李白", "Ängel", "a", "B", "Ödla", "Ås", "Aaron", "10", "9", "Anna"]

    private static let collations = CollationCache()

    private func sort(_ text: String, _ languageId: String, locale: String = "sv", scope: SortScope = .document) throws -> (EntrySort, String) {
        let collation = try Self.collations.collation(locale: locale, style: .apple, options: CollationOptions())
        let document = TextDocument(uri: "file:///doc", languageId: languageId, version: 0, text: text)
        let sort = try EntrySource().sort(document, scope: scope, settings: ExtractionSettings(), collation: collation)
        return (sort, String(decoding: sort.applied(to: Array(text.utf8)), as: UTF8.self))
    }

    private func units(_ text: String, _ languageId: String, scope: SortScope = .document) throws -> [[String]] {
        let extraction = try Extractors.extract(text, languageId: languageId)
        let bytes = Array(text.utf8)
        return try SortRuns.runs(languageId: languageId, bytes: bytes, entries: extraction.entries, scope: scope)
            .map { $0.units.map { String(decoding: bytes[$0.bytes], as: UTF8.self) } }
    }

    /// The rules every sort keeps, for `text` of `languageId` sorted under `locale`.
    private func check(_ text: String, _ languageId: String, locale: String = "sv", scope: SortScope = .document, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) throws {
        let context = "seed \(seed), \(languageId): \(text.debugDescription)"
        let (first, sorted) = try sort(text, languageId, locale: locale, scope: scope)
        let (second, _) = try sort(sorted, languageId, locale: locale, scope: scope)
        XCTAssertEqual(second.edits, [], "sorting twice changes nothing; \(context)", file: file, line: line)
        XCTAssertNil(second.disorder, context, file: file, line: line)
        XCTAssertEqual(first.edits.isEmpty, first.disorder == nil, "an edit exactly when something is out of order; \(context)", file: file, line: line)
        let before = try units(text, languageId, scope: scope), after = try units(sorted, languageId, scope: scope)
        XCTAssertEqual(before.map { $0.sorted() }, after.map { $0.sorted() }, "the same units, byte for byte; \(context)", file: file, line: line)
        XCTAssertEqual(separators(text, languageId, scope), separators(sorted, languageId, scope), "the text between units stays; \(context)", file: file, line: line)
        // In the order of the document's index (the server's sort): the same edits, found without a sort of their own.
        let collation = try Self.collations.collation(locale: locale, style: .apple, options: CollationOptions())
        let document = TextDocument(uri: "file:///doc", languageId: languageId, version: 0, text: text)
        let settings = ExtractionSettings()
        let index = try IndexPlan(document, settings: settings, collation: collation, fileName: "doc").index(document, collation: collation, inputs: IndexInputs { doc in
            EntrySource().entries(of: doc, settings: settings, collation: collation).entries
        })
        let runs = try SortRuns.runs(languageId: languageId, bytes: Array(text.utf8), entries: Extractors.extract(text, languageId: languageId).entries, scope: scope)
        if runs.allSatisfy({ $0.units.allSatisfy { $0.depthFirst != nil } }) {
            let ranked = try XCTUnwrap(EntrySort(runs, bytes: Array(text.utf8), ranks: index.collationRanks(in: document)), "every entry ranked; \(context)", file: file, line: line)
            XCTAssertEqual(ranked.edits, first.edits, "the index's order; \(context)", file: file, line: line)
            XCTAssertEqual(ranked.disorder?.unit.line, first.disorder?.unit.line, context, file: file, line: line)
        }
        // A tree as its index reads it, nested again by ranges (what the sort reads): the extraction's entries.
        if let tree = IndexPlan(document, settings: settings, collation: collation).tree, let read = EntrySource.tree(of: document, format: tree) {
            func outline(_ entries: [Entry]) -> [String] {
                entries.flatMap { ["\($0.name) \($0.kind) \($0.range) \($0.selectionRange) {"] + outline($0.children) + ["}"] }
            }
            XCTAssertEqual(outline(read), try outline(Extractors.extract(text, languageId: languageId).entries), "nested by ranges; \(context)", file: file, line: line)
        }
        // Read back, the entries are in collation order (compared one by one, not by the sort's own keys).
        let collator = try Self.collations.collation(locale: locale, style: .apple, options: CollationOptions()).collator
        let extraction = try Extractors.extract(sorted, languageId: languageId)
        for run in try SortRuns.runs(languageId: languageId, bytes: Array(sorted.utf8), entries: extraction.entries, scope: scope) {
            for (a, b) in zip(run.units, run.units.dropFirst()) {
                XCTAssertNotEqual(collator.compare(a.sortString, b.sortString), .orderedDescending, "“\(a.name)” before “\(b.name)”; \(context)", file: file, line: line)
            }
        }
    }

    private func separators(_ text: String, _ languageId: String, _ scope: SortScope) -> [String] {
        guard let extraction = try? Extractors.extract(text, languageId: languageId),
              let runs = try? SortRuns.runs(languageId: languageId, bytes: Array(text.utf8), entries: extraction.entries, scope: scope) else { return [] }
        let bytes = Array(text.utf8)
        return runs.flatMap { run in zip(run.units, run.units.dropFirst()).map { String(decoding: bytes[$0.0.bytes.upperBound ..< $0.1.bytes.lowerBound], as: UTF8.self) } }
    }

    // MARK: Examples

    func testASwedishWordListSortsAsASwedeReadsIt() throws {
        let (sort, sorted) = try sort("Östen\nÅsa\nÄrla\nZoë\nZoe\nAnna\n", "plaintext")
        XCTAssertEqual(sorted, "Anna\nZoe\nZoë\nÅsa\nÄrla\nÖsten\n")
        XCTAssertEqual(sort.disorder?.unit.name, "Åsa")
        XCTAssertEqual(sort.disorder?.after.name, "Östen")
        XCTAssertEqual(sort.edits.count, 1)
    }

    func testABlankLineEndsARunAndTheEditIsTheSmallest() throws {
        let (sort, sorted) = try sort("a\nb\nd\nc\ne\n\nz\ny\n", "plaintext", locale: "en")
        XCTAssertEqual(sorted, "a\nb\nc\nd\ne\n\ny\nz\n")
        XCTAssertEqual(sort.edits.map { String(decoding: $0.text, as: UTF8.self) }, ["c\nd", "y\nz"], "unchanged entries at the start and end are not rewritten")
    }

    func testLineEndsAndTheMissingFinalNewlineStay() throws {
        XCTAssertEqual(try sort("b\r\na\r\nc", "plaintext", locale: "en").1, "a\r\nb\r\nc")
        XCTAssertEqual(try sort("  b\t\na  \n", "plaintext", locale: "en").1, "a  \n  b\t\n", "every byte of a line moves with it")
    }

    func testCardsMoveWholeByTheFamilyName() throws {
        let card = { (n: String, fn: String) in "BEGIN:VCARD\r\nVERSION:3.0\r\nN:\(n)\r\nFN:\(fn)\r\nNOTE:a long note that is\r\n  folded\r\nEND:VCARD\r\n" }
        let text = card("Öberg;Ann;;;", "Ann Öberg") + "\r\n" + card("Åberg;Bo;;;", "Bo Åberg") + card("Zorn;Anders;;;", "Anders Zorn")
        let (sort, sorted) = try sort(text, "vcard")
        XCTAssertEqual(sorted, card("Zorn;Anders;;;", "Anders Zorn") + "\r\n" + card("Åberg;Bo;;;", "Bo Åberg") + card("Öberg;Ann;;;", "Ann Öberg"))
        // Read by their sort strings ("Åberg Bo"), named in a message as shown, at the line of their FN.
        XCTAssertEqual(sort.disorder.map { [$0.unit.name, $0.after.name, "\($0.unit.line) \($0.after.line)"] }, ["Bo Åberg", "Ann Öberg", "11 3"])
    }

    func testRowsSortUnderTheHeaderWithQuotedLineBreaksWhole() throws {
        let sorted = try sort("name,note\nÖsten,\"two\nlines\"\nAnna,x\n\"Zoë, Z\",y\n", "csv").1
        XCTAssertEqual(sorted, "name,note\nAnna,x\n\"Zoë, Z\",y\nÖsten,\"two\nlines\"\n")
    }

    func testStringsEntriesTakeTheirCommentsAndTheHeaderStays() throws {
        let text = "/* Localizable.strings */\n\n/* The title */\n\"title\" = \"Titel\"; // shown big\n/*\n * About\n */\n\"about\" = \"Om\";\n\"cancel\" = \"Avbryt\";"
        XCTAssertEqual(try sort(text, "strings", locale: "en").1,
                       "/* Localizable.strings */\n\n/*\n * About\n */\n\"about\" = \"Om\";\n\"cancel\" = \"Avbryt\";\n/* The title */\n\"title\" = \"Titel\"; // shown big")
    }

    func testJSONMembersAtTheCursorOnlyTheirOrderChanges() throws {
        let text = "{\n  \"b\": {\"y\": 1, \"x\": [3, 2, 1]},\n  \"a\": 2\n}\n"
        XCTAssertEqual(try sort(text, "json", locale: "en").1, "{\n  \"a\": 2,\n  \"b\": {\"y\": 1, \"x\": [3, 2, 1]}\n}\n")
        let inner = try sort(text, "json", locale: "en", scope: .container(at: TextPosition(line: 1, column: 10))).1
        XCTAssertEqual(inner, "{\n  \"b\": {\"x\": [3, 2, 1], \"y\": 1},\n  \"a\": 2\n}\n", "the object the cursor is in; the array keeps its order")
        let inArray = try sort(text, "json", locale: "en", scope: .container(at: TextPosition(line: 1, column: 28))).1
        XCTAssertEqual(inArray, inner, "in an array: the object around it")
        let between = try sort(text, "json", locale: "en", scope: .container(at: TextPosition(line: 1, column: 16))).1
        XCTAssertEqual(between, inner, "between two members: the object they are in")
        XCTAssertThrowsError(try sort("[{\"b\": 1}, {\"a\": 2}]", "json")) { error in
            XCTAssertEqual((error as? SortProblem)?.message, "the top level is an array: its elements keep their order")
        }
    }

    func testYAMLKeysTakeTheCommentsAboveThem() throws {
        let text = "# about b\nb:\n  z: 1\n  y: 2\n# about a\na: 1 # one\n"
        XCTAssertEqual(try sort(text, "yaml", locale: "en").1, "# about a\na: 1 # one\n# about b\nb:\n  z: 1\n  y: 2\n")
        XCTAssertEqual(try sort(text, "yaml", locale: "en", scope: .container(at: TextPosition(line: 2, column: 3))).1,
                       "# about b\nb:\n  y: 2\n  z: 1\n# about a\na: 1 # one\n")
    }

    func testMarkdownSectionsUnderTheTitleAndTheListAtTheCursor() throws {
        let text = "# Guide\n\nIntro.\n\n## Zebra\n\nText.\n\n### Sub\n\n## Apple\n- [Öl](https://x)\n- b\n  - z\n  - y\n- [Al](a)\n\n```\n- not a list\n```\n"
        XCTAssertEqual(try sort(text, "markdown", locale: "sv").1,
                       "# Guide\n\nIntro.\n\n## Apple\n- [Öl](https://x)\n- b\n  - z\n  - y\n- [Al](a)\n\n```\n- not a list\n```\n\n## Zebra\n\nText.\n\n### Sub\n")
        XCTAssertEqual(try sort(text, "markdown", locale: "sv", scope: .container(at: TextPosition(line: 12, column: 0))).1,
                       "# Guide\n\nIntro.\n\n## Zebra\n\nText.\n\n### Sub\n\n## Apple\n- [Al](a)\n- b\n  - z\n  - y\n- [Öl](https://x)\n\n```\n- not a list\n```\n",
                       "by the items' text as rendered (Al, b, Öl); sub-items move with theirs")
        XCTAssertEqual(try sort("1. b\n2. a\n3. c\n", "markdown", locale: "en", scope: .container(at: TextPosition(line: 0, column: 0))).1,
                       "1. a\n2. b\n3. c\n", "numbers stay in place")
    }

    func testABrokenCardSortsNothingAndSaysWhere() throws {
        let text = "BEGIN:VCARD\nFN:Zed\nEND:VCARD\nBEGIN:VCARD\nFN:Ann\n"
        XCTAssertThrowsError(try sort(text, "vcard")) { error in
            XCTAssertEqual("\(error)", "doc:4: BEGIN:VCARD without END:VCARD; the card runs to the end of the file; nothing was sorted")
        }
        XCTAssertThrowsError(try sort("a,b\n\"open,x\nc,d\n", "csv")) { error in
            XCTAssertTrue("\(error)".contains(":2:"), "\(error)")
        }
        XCTAssertThrowsError(try sort("{\"b\": 1, \"a\": }", "json"))
        XCTAssertThrowsError(try sort("int main() {}", "c"))
    }

    func testEqualKeysKeepTheirOrder() throws {
        XCTAssertEqual(try sort("b 2\nA\nb 1\na\n", "plaintext", locale: "en").1, "a\nA\nb 1\nb 2\n")
        let text = "{\"k\": 1, \"a\": 1, \"k\": 2}"
        XCTAssertEqual(try sort(text, "json", locale: "en").1, "{\"a\": 1, \"k\": 1, \"k\": 2}")
    }

    // MARK: Files by others

    /// Real files (`Fixtures/SOURCES.md`): each sorted and held to the rules; a file already in its locale's order
    /// (Vienna's Swedish strings, in Apple's order) comes back whole from its entries in reverse.
    func testRealFilesByOthers() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let entriesFixtures = here.deletingLastPathComponent().appendingPathComponent("EntriesTests/Fixtures")
        let files: [(URL, String, String)] = [
            (here.appendingPathComponent("Fixtures/vienna-sv.Localizable.strings"), "strings", "sv"),
            (here.appendingPathComponent("Fixtures/yams-swiftpm-workflow.yml"), "yaml", "en"),
            (here.appendingPathComponent("Fixtures/yams-sourcekitten-debug.yaml"), "yaml", "en"),
            (here.appendingPathComponent("Fixtures/argument-parser-math-dump-help.json"), "json", "en"),
            (here.appendingPathComponent("Fixtures/workspace/book/SUMMARY.md"), "markdown", "en"),
            (entriesFixtures.appendingPathComponent("argument-parser-CHANGELOG.md"), "markdown", "en"),
            (entriesFixtures.appendingPathComponent("rails-i18n-sv.yml"), "yaml", "sv"),
        ]
        for (url, languageId, locale) in files {
            try check(String(contentsOf: url, encoding: .utf8), languageId, locale: locale, seed: 0)
        }
        // Every card of the contacts folder in one export (the UTF-16 file left out: its own encoding).
        let contacts = here.appendingPathComponent("Fixtures/workspace/contacts")
        let cards = try FileManager.default.contentsOfDirectory(atPath: contacts.path).sorted().filter { $0.hasSuffix(".vcf") && !$0.contains("Utf16") }
            .map { try String(contentsOf: contacts.appendingPathComponent($0), encoding: .utf8) }
        let export = cards.map { $0.hasSuffix("\n") ? $0 : $0 + "\r\n" }.joined()
        try check(export, "vcard", locale: "sv", seed: 0)
        XCTAssertGreaterThan(try sort(export, "vcard").0.unitCount, 15)
        // Vienna's strings are in order: reversed and sorted again, they are the file as it was.
        let strings = try String(contentsOf: files[0].0, encoding: .utf8)
        XCTAssertNil(try sort(strings, "strings").0.disorder, "in Swedish order already")
        let bytes = Array(strings.utf8)
        let run = try XCTUnwrap(SortRuns.runs(languageId: "strings", bytes: bytes, entries: Extractors.extract(strings, languageId: "strings").entries, scope: .document).first)
        XCTAssertGreaterThan(run.units.count, 150)
        let reversed = EntrySort.apply([try XCTUnwrap(EntrySort.edit(run, order: Array((0 ..< Int32(run.units.count)).reversed()), bytes: bytes))], to: bytes)
        XCTAssertEqual(try sort(String(decoding: reversed, as: UTF8.self), "strings").1, strings)
    }

    // MARK: Random documents

    func testRandomDocumentsOfEveryFormat() throws {
        for n in 0 ..< 200 {
            let seed = Self.seed &+ UInt64(n)
            var random = SplitMix64(seed: seed)
            let lineEnd = Bool.random(using: &random) ? "\r\n" : "\n"
            func pick() -> String { Self.names.randomElement(using: &random)! }
            func count() -> Int { Int.random(in: 0 ... 12, using: &random) }
            func finish(_ lines: [String]) -> String {
                let text = lines.joined(separator: lineEnd)
                return Bool.random(using: &random) ? text + lineEnd : text
            }
            // Plain text: blank lines between runs, spaces kept.
            try check(finish((0 ..< count()).map { _ in Int.random(in: 0 ..< 5, using: &random) == 0 ? "" : (Bool.random(using: &random) ? " " : "") + pick() }), "plaintext", seed: seed)
            // vCard: folded lines, a blank line between some cards.
            try check(finish((0 ..< count()).map { _ in
                let name = pick()
                return ["BEGIN:VCARD", "VERSION:3.0", "N:\(name);\(pick());;;", "FN:\(pick()) \(name)", "NOTE:line", " folded", "END:VCARD"].joined(separator: lineEnd)
                    + (Bool.random(using: &random) ? lineEnd : "")
            }), "vcard", seed: seed)
            // CSV: quoted fields with commas and line breaks.
            try check(finish(["name,note"] + (0 ..< count()).map { _ in
                Bool.random(using: &random) ? "\"\(pick()), x\",\"a\(lineEnd)b\"" : "\(pick()),\(pick())"
            }), "csv", seed: seed)
            // .strings: comments above and after.
            try check(finish((0 ..< count()).map { k in
                let comment = [nil, "/* c\(k) */", "// c\(k)", "/*\(lineEnd) * c\(k)\(lineEnd) */"].randomElement(using: &random)!
                let entry = "\"\(pick())\" = \"v\(k)\";" + (Bool.random(using: &random) ? " // after \(k)" : "")
                return (comment.map { $0 + lineEnd } ?? "") + entry
            }), "strings", seed: seed)
            // JSON: nested objects and arrays.
            let members = (0 ..< count()).map { k in
                "\"\(pick())\": " + (Bool.random(using: &random) ? "{\"\(pick())\": [\(k), 1], \"\(pick())\": null}" : "\(k)")
            }
            try check("{" + lineEnd + members.map { "  " + $0 }.joined(separator: "," + lineEnd) + lineEnd + "}", "json", seed: seed)
            // YAML: comments above keys, nested mappings.
            try check(finish((0 ..< count()).map { k in
                (Bool.random(using: &random) ? "# about \(k)" + lineEnd : "") + "\"\(pick()) \(k)\":" + (Bool.random(using: &random) ? " \(k)" : lineEnd + "  x: 1" + lineEnd + "  y: 2")
            }), "yaml", seed: seed)
            // Markdown: sections under a title.
            try check(finish(["# Title", ""] + (0 ..< count()).map { k in "## \(pick())" + lineEnd + lineEnd + "Text \(k)." + lineEnd }), "markdown", seed: seed)
        }
    }
}
