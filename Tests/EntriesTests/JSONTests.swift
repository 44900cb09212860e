@testable import Entries
import LowLevel
import ThumbIndexJSON
import XCTest

final class JSONTests: XCTestCase {
    let document = """
    {
      "name": "ThumbIndex",
      "tags": ["a", {"x": 1}, [{"y": 2}], 3],
      "deps": {"yams": {"v": 6.2}, "ok": true, "none": null},
      "åäö \\u00e9\\ud83d\\ude00": "\\"q\\""
    }
    """

    /// A tree format's read hands out the extractor's entries flattened depth-first, one at a time: the same list.
    func testEntriesHandedOutOneAtATimeAreTheExtractorsFlattened() throws {
        let nested = document + "\n"
        // Keys and details handed out as the text's bytes, and those that are not: escapes, long values, line breaks
        // (escaped, NEL, LS), numbers, non-ASCII keys, keys repeated.
        let long = String(repeating: "é", count: 40) + String(repeating: "x", count: 3)
        let strings = #"{"a\"b": "c\nd", "Åsa": "\#(long)", "n": -1.5e3, "ü": "x\#u{85}y", "ls": "p\#u{2028}q", "#
            + #""\u00e9": "\u00e9", "80": "\#(String(repeating: "ab", count: 40))", "81": "\#(String(repeating: "c", count: 81))", "#
            + #""t": true, "z": null, "Åsa": [1, {"k": "v"}]}"#
        for text in [nested, #"[{"name": "a", "items": [{"id": 2}, [1, {"z": {}}]]}, 3, [[]]]"#, strings] {
            let format = try XCTUnwrap(TreeFormat(languageId: "json", options: ExtractionOptions()))
            var handed = HandedEntries()
            let shape = format.read(RecordText(text), into: &handed)
            XCTAssertEqual(shape?.entryCount, handed.entries.count)
            XCTAssertEqual(handed.entries, Entry.depthFirst(try extract("json", text).entries), text)
            XCTAssertFalse(handed.entries.isEmpty)
        }
    }

    /// A document of more values than one core reads (`Thresholds.valuesReadOnTwoCores`) is read in two halves, the
    /// later one into a part of its own, appended after: the same entries in the same order, array items named by
    /// their place in the whole array.
    func testALargeDocumentReadOnTwoCoresHandsOutTheSameEntries() throws {
        let format = try XCTUnwrap(TreeFormat(languageId: "json", options: ExtractionOptions()))
        let items = (0 ..< 12_000).map { #"{"k\#($0 % 7)": [\#($0), {"x": "v\#($0)"}], "s": "ö\#($0)"}"# }
        let members = (0 ..< 36_000).map { #""m\#($0)": \#($0 % 3 == 0 ? "{\"a\": \($0)}" : "\"é\\n\($0)\"")"# }
        for text in ["[" + items.joined(separator: ",\n") + "]", "{" + members.joined(separator: ",\n") + "}"] {
            var handed = HandedEntries()
            let shape = try XCTUnwrap(format.read(RecordText(text), into: &handed))
            XCTAssertEqual(shape.entryCount, handed.entries.count)
            XCTAssertEqual(handed.entries, Entry.depthFirst(try extract("json", text).entries))
            XCTAssertEqual(handed.entries.last?.name, text.hasPrefix("[") ? "s" : "m35999")
        }
    }

    /// A value's span and what it holds, as the parsed value has them (the documents have no repeated keys).
    func testSpansListTheValuesInDocumentOrder() throws {
        for text in [document, #"[{"name": "a", "items": [{"id": 2}, [1, {"z": {}}]]}, 3, [[]]]"#, "\u{FEFF} 7 ", "  "] {
            let bytes = Array(text.utf8)
            let spans = try bytes.withUnsafeBufferPointer { try JSONParser().parseSpans($0) }
            var flat: [(isContainer: Bool, key: String?, parent: Int?)] = []
            func walk(_ value: JSON, key: String?, parent: Int?) {
                let me = flat.count
                flat.append((value.objectValue != nil || value.arrayValue != nil, key, parent))
                value.objectValue?.forEach { walk($0.value, key: $0.key, parent: me) }
                value.arrayValue?.forEach { walk($0, key: nil, parent: me) }
            }
            let trimmed = text.drop { $0 == "\u{FEFF}" }.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { walk(try JSONParser().parse(trimmed), key: nil, parent: nil) }
            XCTAssertEqual(spans.count, flat.count, text)
            for (span, (isContainer, key, parent)) in zip(spans, flat) {
                XCTAssertEqual(span.kind == .object || span.kind == .array, isContainer)
                XCTAssertEqual(span.keyStart.flatMap { start in bytes.withUnsafeBufferPointer { JSONParser().string(at: start, in: $0)?.string } }, key)
                XCTAssertEqual(span.parent, parent)
            }
            for (i, span) in spans.enumerated() {
                XCTAssertEqual(span.size, spans[(i + 1)...].prefix { $0.start < span.end }.count, text)
            }
        }
        XCTAssertThrowsError(try Array(#"{"a": [1,]}"#.utf8).withUnsafeBufferPointer { try JSONParser().parseSpans($0) })
        XCTAssertThrowsError(try Array(#"{"a": "\x"}"#.utf8).withUnsafeBufferPointer { try JSONParser().parseSpans($0) })
    }

    func testKeysKindsAndNesting() throws {
        let entries = try extract("json", document).entries
        XCTAssertEqual(entries.names, ["name", "tags", "deps", "åäö é😀"])
        XCTAssertEqual(entries.map(\.kind), [.string, .array, .module, .string])
        XCTAssertEqual(entries.map(\.detail), ["ThumbIndex", "4 items", "3 keys", "\"q\""])
        let tags = entries[1]
        XCTAssertEqual(tags.children.names, ["[1]", "[2]"])
        XCTAssertEqual(tags.children[0].children.names, ["x"])
        XCTAssertEqual(tags.children[0].children[0].kind, .number)
        XCTAssertEqual(tags.children[1].kind, .array)
        XCTAssertEqual(tags.children[1].children.names, ["[0]"])
        XCTAssertEqual(tags.children[1].children[0].children.names, ["y"])
        let deps = entries[2]
        XCTAssertEqual(deps.children.names, ["yams", "ok", "none"])
        XCTAssertEqual(deps.children.map(\.kind), [.module, .boolean, .null])
        XCTAssertEqual(deps.children[0].children[0].detail, "6.2")
        XCTAssertEqual(deps.children[2].detail, "null")
    }

    /// An object in an array is named by its `name` (else `title`, `id`, `key`, `label`), its place in its detail: a
    /// lettered index files it by that name, not under `#` as `[0]`.
    func testArrayItemsAreNamedByTheirNameField() throws {
        let text = #"{"resources": [{"path": "a.csv", "name": "pandas"}, {"id": 7}, {"other": 1}, {"name": ""}]}"#
        let items = try XCTUnwrap(try extract("json", text).entries.first).children
        XCTAssertEqual(items.names, ["pandas", "7", "[2]", "[3]"])
        XCTAssertEqual(items.map(\.detail), ["[0], 2 keys", "[1], 1 key", "1 key", "1 key"])
        // A naming key spelled with an escape, the last of two, or only looking alike (a Kelvin sign is "K", not "k").
        let spelled = #"[{"na\u006de": "Z"}, {"name": "A", "name": "B"}, {"\u212Aey": "x"}, {"ke\u0079": "y"}]"#
        XCTAssertEqual(try extract("json", spelled).entries.names, ["Z", "B", "[2]", "y"])
    }

    func testRanges() throws {
        let entries = try extract("json", document).entries
        XCTAssertEqual(entries[0].range, r(1, 2, 1, 22))
        XCTAssertEqual(entries[0].selectionRange, r(1, 2, 1, 8))
        XCTAssertEqual(entries[1].children[0].range, r(2, 16, 2, 24))
        XCTAssertEqual(entries[1].children[0].selectionRange, r(2, 16, 2, 17))
        XCTAssertEqual(entries[3].selectionRange, r(4, 2, 4, 29))
    }

    func testRootArrayEmptyAndScalarDocuments() throws {
        let entries = try extract("json", "[{\"a\": 1}, 2, {}]").entries
        XCTAssertEqual(entries.names, ["[0]", "[2]"])
        XCTAssertEqual(entries[0].children.names, ["a"])
        XCTAssertEqual(entries[1].detail, "0 keys")
        XCTAssertEqual(try extract("json", "").entries.count, 0)
        XCTAssertEqual(try extract("json", " \r\n").entries.count, 0)
        XCTAssertEqual(try extract("json", "42").entries.count, 0)
        XCTAssertEqual(try extract("json", "\u{FEFF}{\"k\": []}").entries.first?.selectionRange, r(0, 4, 0, 7))
    }

    func testCRLFAndDuplicateKeys() throws {
        let entries = try extract("json", "{\r\n\"a\": 1,\r\n\"a\": {\r\n\"b\": 2\r\n}\r\n}").entries
        XCTAssertEqual(entries.names, ["a", "a"])
        XCTAssertEqual(entries[1].range, r(2, 0, 4, 1))
    }

    func testMalformedJSONNamesLineAndColumn() {
        let cases: [(String, String)] = [
            ("{\"a\": 1,}", "line 1, column 9: expected a key in double quotes, found '}'"),
            ("{\n  \"a\": [1, 2\n}", "line 3, column 1: expected ',' or ']' after an array element, found '}'"),
            ("{\"a\": tru}", "line 1, column 7: expected 'true', found 'tru'"),
            ("{\"å\": \"x\" \"b\"}", "line 1, column 11: expected ',' or '}' after the value of \"å\", found '\"'"),
            ("{\"a\": 01}", "line 1, column 7: invalid number, leading zeros are not allowed"),
            ("{\"a\": \"line\nbreak\"}", "line 1, column 12: control character U+000A in a string (write it as an escape such as \\n)"),
            ("{\"a\": \"\\x\"}", "line 1, column 8: unknown escape '\\x' in a string"),
            ("{\"a\": 1} x", "line 1, column 10: unexpected 'x' after the end of the JSON value"),
            ("\n\n  {\"a\": [", "line 3, column 9: array is never closed (a ']' is missing)"),
            ("{\"a\":", "line 1, column 6: expected a value, found the end of the input"),
            ("\u{FEFF}{\"a\" 1}", "line 1, column 7: expected ':' after the key \"a\", found '1'"),
            ("{\"a\": \"open", "line 1, column 7: string is never closed (a '\"' is missing)"),
            ("{'a': 1}", "line 1, column 2: expected a key in double quotes, found '''"),
        ]
        for (text, message) in cases {
            XCTAssertEqual(extractionError { try extract("json", text) }?.message, message, text)
        }
        XCTAssertEqual(extractionError { try extract("json", "{\n\"a\" 1}", ExtractionOptions(fileName: "p.json")) }?.message,
                       "p.json:2:5: expected ':' after the key \"a\", found '1'")
    }

    func testDeepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertEqual(extractionError { try extract("json", deep) }?.message, "line 1, column 513: nested more than 512 levels deep")
        let ok = String(repeating: "{\"a\":", count: 300) + "1" + String(repeating: "}", count: 300)
        XCTAssertEqual(try extract("json", ok).entries.flattened.count, 300)
    }

    func testLongValuesAndInvalidUTF8() throws {
        let big = String(repeating: "x", count: 1_048_576)
        let entries = try extract("json", "{\"big\": \"\(big)\", \"after\": 1}").entries
        XCTAssertEqual(entries.names, ["big", "after"])
        XCTAssertEqual(entries[0].detail?.count, 80)
        XCTAssertEqual(entries[1].selectionRange, r(0, 1_048_588, 0, 1_048_595))
        let invalid = textWithInvalidUTF8(Array("{\"".utf8) + [0xFF] + Array("\": 1}".utf8))
        XCTAssertEqual(try extract("json", invalid).entries.names, ["\u{FFFD}"])
    }
}
