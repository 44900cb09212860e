import ThumbIndexJSON
import XCTest

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSON {
        try JSONParser().parse(text)
    }

    private func parseError(_ bytes: [UInt8], maxDepth: Int = 512, file: StaticString = #filePath,
                            line: UInt = #line) -> JSONParseError? {
        do {
            let value = try JSONParser(maxDepth: maxDepth).parse(bytes)
            XCTFail("expected an error, parsed \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        parseError(Array(text.utf8), file: file, line: line)
    }

    // MARK: Values

    func testScalarsAndContainers() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" true "), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("\"hi\""), .string("hi"))
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object([:]))
        XCTAssertEqual(try parse(" \t\r\n[1, {\"a\" : [null]}]\n"), [1, ["a": [nil]]])
    }

    func testObjectKeyOrderIsKept() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        XCTAssertEqual(value.objectValue?.keys, ["z", "a", "m"])
    }

    func testDuplicateKeysKeepFirstPositionAndLastValue() throws {
        let value = try parse(#"{"a": 1, "b": 2, "a": 3}"#)
        XCTAssertEqual(value.objectValue?.keys, ["a", "b"])
        XCTAssertEqual(value["a"], 3)
    }

    // MARK: Numbers

    func testIntegersStayExact() throws {
        XCTAssertEqual(try parse("9007199254740993"), .int(9_007_199_254_740_993))
        if case .int(let value) = try parse("9223372036854775807") { XCTAssertEqual(value, .max) } else { XCTFail() }
        if case .int(let value) = try parse("-9223372036854775808") { XCTAssertEqual(value, .min) } else { XCTFail() }
        if case .int(let value) = try parse("-0") { XCTAssertEqual(value, 0) } else { XCTFail() }
    }

    func testNumbersWithFractionOrExponentKeepTheirText() throws {
        XCTAssertEqual(try parse("1.0"), .number("1.0"))
        XCTAssertEqual(try parse("-2.5e-3").doubleValue, -0.0025)
        XCTAssertEqual(try parse("1E2").intValue, 100)
        XCTAssertEqual(try parse("1.0"), .int(1), "numbers compare by value")
        XCTAssertNil(try parse("1.5").intValue)
        XCTAssertEqual(try parse("1.0").description, "1.0", "written back as read")
    }

    func testIntegersBeyondInt64KeepTheirText() throws {
        XCTAssertEqual(try parse("9223372036854775808"), .number("9223372036854775808"))
        XCTAssertEqual(try parse("9223372036854775808").doubleValue, 9_223_372_036_854_775_808.0)
        XCTAssertEqual(try parse("-99999999999999999999").doubleValue, -1e20)
        // Never rounded into range: -2^63 - 1 is not Int64.min.
        XCTAssertNil(try parse("-9223372036854775809").intValue)
        XCTAssertEqual(try parse("-9223372036854775809").description, "-9223372036854775809")
    }

    func testNumbersOutOfDoubleRangeAreErrors() {
        XCTAssertEqual(parseError("1e999")?.message, "number out of range at byte 0")
        XCTAssertEqual(parseError("[0, -1e400]")?.offset, 4)
        XCTAssertNotNil(parseError(String(repeating: "9", count: 400)))
        XCTAssertEqual(try parse("1e-999"), .double(0), "underflow rounds to zero, which is representable")
    }

    func testMalformedNumbers() {
        XCTAssertEqual(parseError("01")?.message, "invalid number at byte 0, leading zeros are not allowed")
        XCTAssertEqual(parseError("-")?.message, "invalid number at byte 0, expected a digit after '-'")
        XCTAssertEqual(parseError("1.")?.message, "invalid number at byte 0, expected a digit after '.'")
        XCTAssertEqual(parseError("1e+")?.message, "invalid number at byte 0, expected a digit in the exponent")
        XCTAssertNotNil(parseError("+1"))
        XCTAssertNotNil(parseError(".5"))
        XCTAssertNotNil(parseError("NaN"))
        XCTAssertNotNil(parseError("Infinity"))
    }

    // MARK: Strings

    func testEscapes() throws {
        XCTAssertEqual(try parse(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{08}\u{0C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\u4E2D""#), .string("Aé中"))
        XCTAssertEqual(parseError(#""\q""#)?.message, "invalid escape '\\q' at byte 1")
        XCTAssertEqual(parseError(#""\u12G4""#)?.message, "invalid \\u escape at byte 1, expected 4 hex digits")
    }

    func testSurrogatePairsDecode() throws {
        XCTAssertEqual(try parse(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(try parse(#""a\ud834\udd1eb""#), .string("a𝄞b"))
    }

    func testLoneSurrogatesBecomeReplacementCharacters() throws {
        XCTAssertEqual(try parse(#""\uD83D""#), .string("\u{FFFD}"))
        XCTAssertEqual(try parse(#""\uDE00x""#), .string("\u{FFFD}x"))
        XCTAssertEqual(try parse(#""\uD83D\u0041""#), .string("\u{FFFD}A"), "the next escape is still read")
        XCTAssertEqual(try parse(#""\uD83D\uD83D\uDE00""#), .string("\u{FFFD}😀"))
    }

    func testRawUnicodeIsKept() throws {
        let text = "\"Ål ñ 中文 한국어 العربية 😀\""
        XCTAssertEqual(try parse(text), .string("Ål ñ 中文 한국어 العربية 😀"))
    }

    func testControlCharactersInStringsAreRejected() {
        let error = parseError("\"a\nb\"")
        XCTAssertEqual(error?.offset, 2)
        XCTAssertEqual(error?.message, "control character U+000A in string at byte 2, it must be escaped")
        XCTAssertNotNil(parseError("\"\t\""))
        XCTAssertNotNil(parseError("\"\u{0}\""))
    }

    func testInvalidUTF8IsRejectedWithItsOffset() {
        // quote, 'a', 0xFF …
        XCTAssertEqual(parseError([0x22, 0x61, 0xFF, 0x62, 0x22])?.message, "invalid UTF-8 in string at byte 2")
        XCTAssertEqual(parseError([0x22, 0xC0, 0xAF, 0x22])?.offset, 1, "overlong encoding")
        XCTAssertEqual(parseError([0x22, 0xED, 0xA0, 0x80, 0x22])?.offset, 1, "encoded surrogate")
        XCTAssertEqual(parseError([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22])?.offset, 1, "above U+10FFFF")
        XCTAssertEqual(parseError([0x22, 0x78, 0xE4, 0xB8, 0x22])?.offset, 2, "truncated sequence")
        XCTAssertEqual(parseError([0x22, 0x5C, 0x6E, 0x80, 0x22])?.offset, 3, "stray continuation after an escape")
        XCTAssertEqual(parseError([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])?.offset, 2, "in a key")
    }

    func testUnterminatedString() {
        XCTAssertEqual(parseError(#"{"a": "abc"#)?.message, "unterminated string starting at byte 6")
        XCTAssertEqual(parseError(#""abc\"#)?.message, "unterminated string starting at byte 0")
    }

    // MARK: Structure errors

    func testUnexpectedTokensSayWhatAndWhere() {
        XCTAssertEqual(parseError(#"{"a": 1, "b": }"#)?.message, "unexpected '}' at byte 14, expected a value")
        XCTAssertEqual(parseError(#"{"a": 1,}"#)?.message, "unexpected '}' at byte 8, expected a string key")
        XCTAssertEqual(parseError("[1 2]")?.message, "unexpected '2' at byte 3, expected ',' or ']'")
        XCTAssertEqual(parseError(#"{"a" 1}"#)?.message, "unexpected '1' at byte 5, expected ':' after the key")
        XCTAssertEqual(parseError("[1,")?.message, "unterminated array starting at byte 0")
        XCTAssertEqual(parseError("{\"a\":")?.message, "unexpected end of input at byte 5, expected a value")
        XCTAssertEqual(parseError("[1")?.message, "unterminated array starting at byte 0")
        XCTAssertEqual(parseError("tru")?.message, "invalid literal at byte 0, expected 'true'")
        XCTAssertEqual(parseError("{'a': 1}")?.message, "unexpected ''' at byte 1, expected a string key")
    }

    func testEmptyInput() {
        XCTAssertEqual(parseError("")?.message, "empty input, expected a JSON value")
        XCTAssertEqual(parseError("  \n")?.message, "only whitespace, expected a JSON value")
    }

    func testTrailingGarbageIsAnError() {
        let error = parseError(#"{"a": 1} x"#)
        XCTAssertEqual(error?.offset, 9)
        XCTAssertEqual(error?.message, "unexpected 'x' at byte 9 after the end of the JSON value")
        XCTAssertNotNil(parseError("1 2"))
        XCTAssertNotNil(parseError("{}{}"))
        XCTAssertEqual(parseError([0x31, 0x00])?.message, "unexpected byte 0x00 at byte 1 after the end of the JSON value")
    }

    // MARK: Depth

    func testNestingUpToTheLimitIsFine() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try parse(text)
        var depth = 0
        while case .array(let inner) = value, let first = inner.first { value = first; depth += 1 }
        XCTAssertEqual(depth, 511)
    }

    func testNestingPastTheLimitIsAnErrorNotACrash() {
        let arrays = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let error = parseError(arrays)
        XCTAssertEqual(error?.message, "JSON nested deeper than 512 levels (at byte 512)")
        XCTAssertEqual(error?.offset, 512)

        let objects = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
        XCTAssertTrue(parseError(objects)?.message.hasPrefix("JSON nested deeper than 512 levels") ?? false)

        let unclosed = String(repeating: "[", count: 100_000)
        XCTAssertTrue(parseError(unclosed)?.message.hasPrefix("JSON nested deeper than 512 levels") ?? false)
    }

    func testCustomDepthLimit() {
        XCTAssertEqual(parseError(Array("[[[1]]]".utf8), maxDepth: 2)?.message,
                       "JSON nested deeper than 2 levels (at byte 2)")
        XCTAssertNoThrow(try JSONParser(maxDepth: 3).parse("[[[1]]]"))
    }
}
