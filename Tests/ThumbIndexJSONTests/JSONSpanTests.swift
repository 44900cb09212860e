import ThumbIndexJSON
import XCTest

/// `JSONParser.parseSpans`: the same parser, listing every value with the byte span of it and of its key.
final class JSONSpanTests: XCTestCase {
    private func spans(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws -> [JSONSpan] {
        try Array(text.utf8).withUnsafeBufferPointer { try JSONParser(maxDepth: maxDepth).parseSpans($0) }
    }

    private func spanError(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth,
                           file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        do {
            let parsed = try bytes.withUnsafeBufferPointer { try JSONParser(maxDepth: maxDepth).parseSpans($0) }
            XCTFail("expected an error, parsed \(parsed)", file: file, line: line)
            return nil
        } catch let error as JSONParseError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    private func spanError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        spanError(Array(text.utf8), file: file, line: line)
    }

    /// The text a span covers.
    private func text(_ source: String, _ start: Int, _ end: Int) -> String {
        String(decoding: Array(source.utf8)[start..<end], as: UTF8.self)
    }

    /// The string whose token starts at `offset` of `source`, decoded, and the offset past its closing quote.
    private func string(_ source: String, at offset: Int?) -> (string: String, end: Int)? {
        guard let offset else { return nil }
        return Array(source.utf8).withUnsafeBufferPointer { JSONParser().string(at: offset, in: $0) }
    }

    /// The values `parent` holds directly.
    private func children(_ spans: [JSONSpan], of parent: Int) -> [JSONSpan] {
        spans.filter { $0.parent == parent }
    }

    // MARK: Spans

    func testScalarSpans() throws {
        let cases: [(String, JSONSpan.Kind, Int, Int)] = [
            ("null", .null, 0, 4), ("  true \n", .bool, 2, 6), ("false", .bool, 0, 5), (#""hi""#, .string, 0, 4),
            ("\t-12.5e+3 ", .number, 1, 9),
        ]
        for (source, kind, start, end) in cases {
            let spans = try spans(source)
            XCTAssertEqual(spans.map(\.kind), [kind], source)
            XCTAssertEqual(spans.map { [$0.start, $0.end, $0.size] }, [[start, end, 0]], "quotes included: \(source)")
            XCTAssertEqual(spans.map(\.keyStart), [nil])
            XCTAssertEqual(spans.map(\.parent), [nil])
        }
    }

    func testSpansOfKeysAndValuesInContainers() throws {
        let source = #"{"name": "Åsa", "tags": [1, {"x": null}], "empty": {}}"#
        let spans = try spans(source)
        XCTAssertEqual(spans.map(\.kind), [.object, .string, .array, .number, .object, .null, .object])
        XCTAssertEqual([spans[0].start, spans[0].end, spans[0].size], [0, source.utf8.count, 6])
        let members = children(spans, of: 0)
        XCTAssertEqual(members.map { string(source, at: $0.keyStart)?.string }, ["name", "tags", "empty"])
        for member in members {
            let key = try XCTUnwrap(string(source, at: member.keyStart))
            XCTAssertEqual(text(source, member.keyStart!, key.end), "\"\(key.string)\"")
        }
        XCTAssertEqual(members.map { text(source, $0.start, $0.end) }, [#""Åsa""#, #"[1, {"x": null}]"#, "{}"])
        XCTAssertEqual(children(spans, of: 2).map { text(source, $0.start, $0.end) }, ["1", #"{"x": null}"#])
        let x = try XCTUnwrap(children(spans, of: 4).first)
        let xKey = try XCTUnwrap(string(source, at: x.keyStart))
        XCTAssertEqual(text(source, x.keyStart!, xKey.end), #""x""#)
        XCTAssertEqual([x.start, x.end], [xKey.end + 2, xKey.end + 6])
    }

    func testSpansCountUTF8BytesOfMultiByteTextAndEscapes() throws {
        // "é" is 2 bytes, "中" 3, "😀" 4; the escapes are 6, 2 and 12 bytes of text for 1 character each.
        let source = #"{"é中": "😀", "\u00e9\n": "a\"b", "\ud83d\ude00": ["x😀"]}"#
        let spans = try spans(source)
        let members = children(spans, of: 0)
        XCTAssertEqual(members.map { string(source, at: $0.keyStart)?.string }, ["é中", "é\n", "😀"])
        XCTAssertEqual(members.map(\.keyStart), [1, 18, 38])
        XCTAssertEqual(members.map { string(source, at: $0.keyStart)?.end }, [8, 28, 52])
        XCTAssertEqual(members.map(\.start), [10, 30, 54])
        XCTAssertEqual(members.map(\.end), [16, 36, 63])
        XCTAssertEqual(string(source, at: members[0].start)?.string, "😀")
        XCTAssertEqual(string(source, at: members[1].start)?.string, "a\"b")
        let element = try XCTUnwrap(spans.last)
        XCTAssertEqual([element.start, element.end], [55, 62])
        XCTAssertEqual(string(source, at: element.start)?.string, "x😀")
        for member in members {
            XCTAssertEqual(text(source, member.keyStart!, member.keyStart! + 1), "\"")
        }
    }

    func testTheDocumentationExample() throws {
        let spans = try spans(#"{"a": [1, "é"]}"#)
        XCTAssertEqual(spans[1].keyStart, 1)
        XCTAssertEqual(spans[1].kind, .array)
        XCTAssertEqual(spans[3].parent, 1)
        XCTAssertEqual([spans[3].start, spans[3].end], [10, 14])
    }

    // MARK: Members and values

    func testDuplicateKeysAreAllKeptInOrder() throws {
        let source = #"{"a": 1, "b": 2, "a": {"c": 3}, "a": 4}"#
        let spans = try spans(source)
        let members = children(spans, of: 0)
        XCTAssertEqual(members.map { string(source, at: $0.keyStart)?.string }, ["a", "b", "a", "a"])
        XCTAssertEqual(members.map(\.keyStart), [1, 9, 17, 32])
        XCTAssertEqual(members.map { text(source, $0.start, $0.end) }, ["1", "2", #"{"c": 3}"#, "4"])
        XCTAssertEqual(children(spans, of: 3).map { string(source, at: $0.keyStart)?.string }, ["c"])
        XCTAssertEqual([members[3].start, members[3].end], [37, 38])
    }

    func testNumbersKeepTheirTextEvenPastTheRangeOfDouble() throws {
        let source = "[0, -0, 1.50, 1E2, 9223372036854775808, 1e999]"
        let spans = try spans(source)
        XCTAssertEqual(spans.dropFirst().map { text(source, $0.start, $0.end) },
                       ["0", "-0", "1.50", "1E2", "9223372036854775808", "1e999"])
        XCTAssertEqual(Set(spans.dropFirst().map(\.kind)), [.number])
        XCTAssertThrowsError(try JSONParser().parse("[1e999]"), "the JSON tree still refuses it")
    }

    // MARK: Blank input and the byte order mark

    func testBlankInputHasNoSpans() throws {
        XCTAssertEqual(try spans(""), [])
        XCTAssertEqual(try spans(" \t\r\n "), [])
        XCTAssertEqual(try spans("\u{FEFF}\n"), [])
    }

    func testALeadingByteOrderMarkIsSkippedAndCounted() throws {
        let spans = try spans("\u{FEFF}[true]")
        XCTAssertEqual(spans.map { [$0.start, $0.end] }, [[3, 9], [4, 8]])
        XCTAssertEqual(spans.map(\.kind), [.array, .bool])
        XCTAssertEqual(spanError("[\u{FEFF}]")?.offset, 1, "only at the start")
        XCTAssertThrowsError(try JSONParser().parse("\u{FEFF}[]"), "the JSON path is unchanged")
    }

    // MARK: Errors

    func testErrorsAreTheParsersWithAnOffsetAndAProblem() throws {
        let error = try XCTUnwrap(spanError("{\n  \"a\": [1, 2\n}"))
        XCTAssertEqual(error.offset, 15)
        XCTAssertEqual(error.message, "unexpected '}' at byte 15, expected ',' or ']'")
        XCTAssertEqual(error.problem, "expected ',' or ']' after an array element, found '}'")

        let inputs = [#"{"a": 1,}"#, #"{"a" 1}"#, #"{"a": 1 "b": 2}"#, "[1, 2", #"{"a": "b"#, #""\q""#, "tru", "01",
                      "1.", "-", "[1] x", #"{"a": "\u12"}"#, "\"a\u{1}\"", "{\"\u{FEFF}\": nul}"]
        for input in inputs {
            let spanned = spanError(input)
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
            XCTAssertEqual(spanError(input)?.problem, problem, input)
        }
        XCTAssertEqual(spanError([0x22, 0xFF, 0x22])?.problem, "invalid UTF-8 in a string")
    }

    func testNestingIsLimited() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let nested = try spans(ok)
        XCTAssertEqual(nested.count, 512)
        XCTAssertEqual(nested.last?.parent, 510)

        let deep = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
        let error = try XCTUnwrap(spanError(deep))
        XCTAssertEqual(error.offset, 512 * 5)
        XCTAssertEqual(error.problem, "nested more than 512 levels deep")

        XCTAssertEqual(spanError(Array("[[[1]]]".utf8), maxDepth: 2)?.offset, 2)
        XCTAssertNoThrow(try spans("[[[1]]]", maxDepth: 3))
        XCTAssertNotNil(spanError(String(repeating: "[", count: 100_000)), "an error, not a stack overflow")
    }
}
