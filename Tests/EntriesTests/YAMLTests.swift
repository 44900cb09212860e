import XCTest
@testable import Entries

final class YAMLTests: XCTestCase {
    let document = """
    name: ThumbIndex
    version: 1.2
    # a comment
    server:
      port: 8080
      hosts:
        - name: a
          ip: 1
        - plain
      debug: true

    empty: ~
    "quoted key": 'x'
    """

    /// A YAML tree's read hands out the extractor's entries flattened: key by key as the block reader reads them, or,
    /// when it gives up after some keys, dropped and handed out again as Yams composes the text.
    func testTreeReadHandsOutTheExtractorsEntriesFlattened() throws {
        let format = try XCTUnwrap(TreeFormat(languageId: "yaml", options: ExtractionOptions()))
        let cases: [(text: String, restarts: Int)] = [
            (document + "\n", 0),
            ("---\nname: x\nlist:\n  - name: y\n  - [a, b]\nlast: |\n  text\n\n# end\n", 0),
            ("a: 1\nb:\n  c: 2\nc: plain\n  continued\nd: 4\n", 1),  // a scalar over two lines: Yams reads it
            ("a: x*y\nb: --x\nc: 'a&b'\nd: ..\n", 0),  // no alias, anchor or marker, though their characters
        ]
        for (text, restarts) in cases {
            var handed = HandedEntries()
            let shape = format.read(RecordText(text), into: &handed)
            XCTAssertEqual(shape?.entryCount, handed.entries.count, text)
            XCTAssertEqual(handed.entries, Entry.depthFirst(try extract("yaml", text).entries), text)
            XCTAssertEqual(handed.restarts, restarts, text)
        }
        for text in ["- a\n- b\n", "a: 1\n- b\n", "  a: 1\n  b: 2\n", "a: &x 1\nb: *x\n", "", "? a\n: 1\nb: 2\n", "plain\n",
                     "a: 1\n---\nb: 2\n", "a: 1\n...\n", "%YAML 1.2\n---\na: 1\n", "a: [*x]\n", "a:\n- &x 1\n"] {
            var handed = HandedEntries()
            XCTAssertNil(format.read(RecordText(text), into: &handed), text)
        }
    }

    func testKeysKindsAndNesting() throws {
        let entries = try extract("yaml", document).entries
        XCTAssertEqual(entries.names, ["name", "version", "server", "empty", "quoted key"])
        XCTAssertEqual(entries.map(\.kind), [.string, .number, .module, .null, .string])
        XCTAssertEqual(entries.map(\.detail), ["ThumbIndex", "1.2", "3 keys", "~", "x"])
        let server = entries[2]
        XCTAssertEqual(server.children.names, ["port", "hosts", "debug"])
        XCTAssertEqual(server.children.map(\.kind), [.number, .array, .boolean])
        XCTAssertEqual(server.children[1].children.names, ["a"], "named by its name field")
        XCTAssertEqual(server.children[1].children[0].children.names, ["name", "ip"])
    }

    func testRanges() throws {
        let entries = try extract("yaml", document).entries
        XCTAssertEqual(entries[0].range, r(0, 0, 0, 16))
        XCTAssertEqual(entries[0].selectionRange, r(0, 0, 0, 4))
        XCTAssertEqual(entries[1].range, r(1, 0, 1, 12))  // not through the comment after it
        XCTAssertEqual(entries[2].range, r(3, 0, 9, 13))  // not through the blank line
        XCTAssertEqual(entries[2].children[1].range, r(5, 2, 8, 11))
        XCTAssertEqual(entries[2].children[1].children[0].range, r(6, 6, 7, 11))
        XCTAssertEqual(entries[2].children[1].children[0].selectionRange, r(6, 6, 6, 13))
        XCTAssertEqual(entries[4].selectionRange, r(12, 0, 12, 12))
        XCTAssertEqual(entries[4].range, r(12, 0, 12, 17))
    }

    func testMultiByteColumnsFlowMappingsAndCRLF() throws {
        let entries = try extract("yaml", "å: {ö: 1, ü: [2]}\r\nnästa: ja\r\n").entries
        XCTAssertEqual(entries.names, ["å", "nästa"])
        XCTAssertEqual(entries[0].selectionRange, r(0, 0, 0, 2))
        XCTAssertEqual(entries[0].children.names, ["ö", "ü"])
        XCTAssertEqual(entries[0].children[0].range, r(0, 5, 0, 10))
        XCTAssertEqual(entries[0].children[0].selectionRange, r(0, 5, 0, 7))
        XCTAssertEqual(entries[1].range, r(1, 0, 1, 10))
    }

    func testSeveralDocumentsAndAliases() throws {
        let text = "a: 1\n---\nbase: &b\n  x: 1\nother: *b\n...\n"
        let entries = try extract("yaml", text).entries
        XCTAssertEqual(entries.names, ["a", "base", "other"])
        XCTAssertEqual(entries[0].range, r(0, 0, 0, 4))
        XCTAssertEqual(entries[1].children.names, ["x"])
        XCTAssertEqual(entries[2].children.count, 0)  // an alias is not outlined twice
        XCTAssertEqual(entries[2].kind, .module)
        XCTAssertEqual(entries[2].range, r(4, 0, 4, 9))
    }

    func testEmptyAndScalarDocuments() throws {
        XCTAssertEqual(try extract("yaml", "").entries.count, 0)
        XCTAssertEqual(try extract("yaml", "# only a comment\n").entries.count, 0)
        XCTAssertEqual(try extract("yaml", "just a string").entries.count, 0)
        XCTAssertEqual(try extract("yaml", "- a\n- {k: v}\n").entries.names, ["[1]"])
    }

    /// A mapping in a sequence is named by its `name` (else `title`, `id`, `key`, `label`), as JSON's objects are.
    func testSequenceItemsAreNamedByTheirNameField() throws {
        let text = "resources:\n  - path: a.csv\n    name: pandas\n  - id: 7\n  - other: 1\n"
        let items = try XCTUnwrap(try extract("yaml", text).entries.first).children
        XCTAssertEqual(items.names, ["pandas", "7", "[2]"])
        XCTAssertEqual(items.first?.detail.map { $0.hasPrefix("[0]") }, true)
    }

    func testMalformedYAMLNamesTheLine() {
        let unclosed = extractionError { try extract("yaml", "a: 1\nb: [1, 2\nc: 3\n", ExtractionOptions(fileName: "c.yaml")) }
        XCTAssertEqual(unclosed?.line, 3)
        XCTAssertTrue(unclosed?.message.hasPrefix("c.yaml:3: ") ?? false, unclosed?.message ?? "")
        let indentation = extractionError { try extract("yaml", "a:\n  b: 1\n c: 2\n") }
        XCTAssertEqual(indentation?.line, 3)
        let duplicate = extractionError { try extract("yaml", "a: 1\na: 2\n") }
        XCTAssertTrue(duplicate?.message.contains("duplicate key a") ?? false, duplicate?.message ?? "")
    }

    /// An error libyaml finds at the end of the text (a flow sequence never closed) names the last line, not the
    /// empty one after the final newline, nor a context past it.
    func testAnErrorAtTheEndNamesTheLastLine() {
        let error = extractionError { try extract("yaml", "a: 1\nb: [1, 2\n", ExtractionOptions(fileName: "e.yaml")) }
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.message.hasPrefix("e.yaml:2: ") ?? false, error?.message ?? "")
        XCTAssertFalse(error?.message.contains("line 3") ?? true, error?.message ?? "")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = "a: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let error = extractionError { try extract("yaml", deep) }
        XCTAssertEqual(error?.line, 1)
        XCTAssertTrue(error?.message.contains("nesting") ?? false, error?.message ?? "")
    }

    func testLongLineAndReplacementCharacters() throws {
        let big = String(repeating: "y", count: 1_048_576)
        XCTAssertEqual(try extract("yaml", "k: \(big)\nnext: 1\n").entries[1].range, r(1, 0, 1, 7))
        let invalid = textWithInvalidUTF8(Array("k".utf8) + [0xFF] + Array(": 1\nö: 2".utf8))
        let entries = try extract("yaml", invalid).entries
        XCTAssertEqual(entries.names, ["k\u{FFFD}", "ö"])
        XCTAssertEqual(entries[1].selectionRange, r(1, 0, 1, 2))
    }
}
