import ThumbIndexJSON
import XCTest

/// `JSONParser.parseNode`: the same parser, building a tree that keeps the byte span of every value and key.
final class JSONNodeTests: XCTestCase {
    private func node(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth,
                      file: StaticString = #filePath, line: UInt = #line) throws -> JSONNode {
        let parsed = try JSONParser(maxDepth: maxDepth).parseNode(text)
        return try XCTUnwrap(parsed, "nil for non-blank text", file: file, line: line)
    }

    private func nodeError(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth,
                           file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        do {
            let parsed = try JSONParser(maxDepth: maxDepth).parseNode(bytes)
            XCTFail("expected an error, parsed \(String(describing: parsed))", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func nodeError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        nodeError(Array(text.utf8), file: file, line: line)
    }

    /// The text a span covers.
    private func text(_ source: String, _ start: Int, _ end: Int) -> String {
        String(decoding: Array(source.utf8)[start..<end], as: UTF8.self)
    }

    // MARK: Spans

    func testScalarSpans() throws {
        XCTAssertEqual(try node("null"), JSONNode(.null, start: 0, end: 4))
        XCTAssertEqual(try node("  true \n"), JSONNode(.bool(true), start: 2, end: 6))
        XCTAssertEqual(try node("false"), JSONNode(.bool(false), start: 0, end: 5))
        XCTAssertEqual(try node(#""hi""#), JSONNode(.string("hi"), start: 0, end: 4), "quotes included")
        XCTAssertEqual(try node("\t-12.5e+3 "), JSONNode(.number("-12.5e+3"), start: 1, end: 9))
    }

    func testSpansOfKeysAndValuesInContainers() throws {
        let source = #"{"name": "Åsa", "tags": [1, {"x": null}], "empty": {}}"#
        let root = try node(source)
        XCTAssertEqual(root.start, 0)
        XCTAssertEqual(root.end, source.utf8.count)
        XCTAssertEqual(root.members.map(\.key), ["name", "tags", "empty"])
        for member in root.members {
            XCTAssertEqual(text(source, member.keyStart, member.keyEnd), "\"\(member.key)\"")
        }
        XCTAssertEqual(root.members.map { text(source, $0.value.start, $0.value.end) },
                       [#""Åsa""#, #"[1, {"x": null}]"#, "{}"])
        let tags = try XCTUnwrap(root["tags"])
        XCTAssertEqual(tags.elements.map { text(source, $0.start, $0.end) }, ["1", #"{"x": null}"#])
        let x = try XCTUnwrap(tags.elements[1].members.first)
        XCTAssertEqual(text(source, x.keyStart, x.keyEnd), #""x""#)
        XCTAssertEqual(x.value, JSONNode(.null, start: x.keyEnd + 2, end: x.keyEnd + 6))
    }

    func testSpansCountUTF8BytesOfMultiByteTextAndEscapes() throws {
        // "é" is 2 bytes, "中" 3, "😀" 4; the escapes are 6, 2 and 12 bytes of text for 1 character each.
        let source = #"{"é中": "😀", "\u00e9\n": "a\"b", "\ud83d\ude00": ["x😀"]}"#
        let root = try node(source)
        let members = root.members
        XCTAssertEqual(members.map(\.key), ["é中", "é\n", "😀"])
        XCTAssertEqual(members.map(\.keyStart), [1, 18, 38])
        XCTAssertEqual(members.map(\.keyEnd), [8, 28, 52])
        XCTAssertEqual(members.map { $0.value.start }, [10, 30, 54])
        XCTAssertEqual(members.map { $0.value.end }, [16, 36, 63])
        XCTAssertEqual(members[0].value.stringValue, "😀")
        XCTAssertEqual(members[1].value.stringValue, "a\"b")
        XCTAssertEqual(members[2].value.elements.first, JSONNode(.string("x😀"), start: 55, end: 62))
        for member in members {
            XCTAssertEqual(text(source, member.keyStart, member.keyStart + 1), "\"")
            XCTAssertEqual(text(source, member.keyEnd - 1, member.keyEnd), "\"")
        }
    }

    func testTheDocumentationExample() throws {
        let root = try XCTUnwrap(try JSONParser().parseNode(Array(#"{"a": [1, "é"]}"#.utf8)))
        XCTAssertEqual(root.members[0].key, "a")
        XCTAssertEqual(root.members[0].keyStart, 1)
        XCTAssertEqual(root["a"]?.elements[1].start, 10)
        XCTAssertEqual(root["a"]?.elements[1].end, 14)
    }

    // MARK: Members and values

    func testDuplicateKeysAreAllKeptInOrder() throws {
        let source = #"{"a": 1, "b": 2, "a": {"c": 3}, "a": 4}"#
        let root = try node(source)
        XCTAssertEqual(root.members.map(\.key), ["a", "b", "a", "a"])
        XCTAssertEqual(root.members.map(\.keyStart), [1, 9, 17, 32])
        XCTAssertEqual(root.members.map { $0.value.value }, [.number("1"), .number("2"), root.members[2].value.value,
                                                             .number("4")])
        XCTAssertEqual(root.members[2].value.members.map(\.key), ["c"])
        XCTAssertEqual(root["a"], JSONNode(.number("4"), start: 37, end: 38), "the subscript gives the last one")
        XCTAssertNil(root["z"])
        XCTAssertNil(root.members[0].value["a"], "not an object")
    }

    func testNumbersKeepTheirTextEvenPastTheRangeOfDouble() throws {
        let root = try node("[0, -0, 1.50, 1E2, 9223372036854775808, 1e999]")
        XCTAssertEqual(root.elements.map(\.value),
                       [.number("0"), .number("-0"), .number("1.50"), .number("1E2"),
                        .number("9223372036854775808"), .number("1e999")])
        XCTAssertThrowsError(try JSONParser().parse("[1e999]"), "the JSON tree still refuses it")
    }

    func testAccessorsOnOtherKinds() throws {
        let scalar = try node("\"s\"")
        XCTAssertEqual(scalar.members, [])
        XCTAssertEqual(scalar.elements, [])
        XCTAssertEqual(scalar.stringValue, "s")
        XCTAssertNil(try node("[]").stringValue)
    }

    // MARK: Blank input and the byte order mark

    func testBlankInputIsNil() throws {
        XCTAssertNil(try JSONParser().parseNode([UInt8]()))
        XCTAssertNil(try JSONParser().parseNode(" \t\r\n "))
        XCTAssertNil(try JSONParser().parseNode("\u{FEFF}\n"))
    }

    func testALeadingByteOrderMarkIsSkippedAndCounted() throws {
        XCTAssertEqual(try node("\u{FEFF}[true]"), JSONNode(.array([JSONNode(.bool(true), start: 4, end: 8)]),
                                                          start: 3, end: 9))
        XCTAssertEqual(nodeError("[\u{FEFF}]")?.offset, 1, "only at the start")
        XCTAssertThrowsError(try JSONParser().parse("\u{FEFF}[]"), "the JSON path is unchanged")
    }

    // MARK: Errors

    func testErrorsAreTheParsersWithAnOffsetAndAProblem() throws {
        let error = try XCTUnwrap(nodeError("{\n  \"a\": [1, 2\n}"))
        XCTAssertEqual(error.offset, 15)
        XCTAssertEqual(error.message, "unexpected '}' at byte 15, expected ',' or ']'")
        XCTAssertEqual(error.problem, "expected ',' or ']' after an array element, found '}'")

        let inputs = [#"{"a": 1,}"#, #"{"a" 1}"#, #"{"a": 1 "b": 2}"#, "[1, 2", #"{"a": "b"#, #""\q""#, "tru", "01",
                      "1.", "-", "[1] x", #"{"a": "\u12"}"#, "\"a\u{1}\"", "{\"\u{FEFF}\": nul}"]
        for input in inputs {
            let spanned = nodeError(input)
            XCTAssertNotNil(spanned, input)
            XCTAssertThrowsError(try JSONParser().parse(input), input) { error in
                XCTAssertEqual(error as? JSONParseError, spanned, "the same error on both paths: \(input)")
            }
        }
    }

    func testProblemsSayWhatIsWrongWithoutTheOffset() {
        let cases: [(String, String)] = [
            (#"{"a": 1,}"#, "expected a key in double quotes, found '}'"),
            (#"{"a" 1}"#, "expected ':' after the key \"a\", found '1'"),
            (#"{"a": 1 "b": 2}"#, "expected ',' or '}' after the value of \"a\", found '\"'"),
            ("{\"a\":", "expected a value, found the end of the input"),
            ("[1, 2", "array is never closed (a ']' is missing)"),
            ("{\"a\": 1", "object is never closed (a '}' is missing)"),
            (#"{"a": "b"#, "string is never closed (a '\"' is missing)"),
            (#""\q""#, "unknown escape '\\q' in a string"),
            (#""\u12""#, "expected 4 hex digits after '\\u' in a string"),
            ("[nul]", "expected 'null', found 'nul'"),
            ("[01]", "invalid number, leading zeros are not allowed"),
            ("\"a\u{1}\"", "control character U+0001 in a string (write it as an escape such as \\n)"),
            ("[1] x", "unexpected 'x' after the end of the JSON value"),
        ]
        for (input, problem) in cases {
            XCTAssertEqual(nodeError(input)?.problem, problem, input)
        }
        XCTAssertEqual(nodeError([0x22, 0xFF, 0x22])?.problem, "invalid UTF-8 in a string")
    }

    func testNestingIsLimited() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var current = try node(ok)
        var depth = 1
        while let first = current.elements.first { current = first; depth += 1 }
        XCTAssertEqual(depth, 512)

        let deep = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
        let error = try XCTUnwrap(nodeError(deep))
        XCTAssertEqual(error.offset, 512 * 5)
        XCTAssertEqual(error.problem, "nested more than 512 levels deep")

        XCTAssertEqual(nodeError(Array("[[[1]]]".utf8), maxDepth: 2)?.offset, 2)
        XCTAssertNoThrow(try node("[[[1]]]", maxDepth: 3))
        XCTAssertNotNil(nodeError(String(repeating: "[", count: 100_000)), "an error, not a stack overflow")
    }
}
