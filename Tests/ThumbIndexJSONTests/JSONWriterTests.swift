import ThumbIndexJSON
import XCTest

final class JSONWriterTests: XCTestCase {
    private func text(_ value: JSON) -> String {
        String(decoding: JSONWriter().write(value), as: UTF8.self)
    }

    func testCompactOutputKeepsKeyOrder() {
        XCTAssertEqual(text(["z": 1, "a": [true, false, nil], "m": [:], "e": []]),
                       #"{"z":1,"a":[true,false,null],"m":{},"e":[]}"#)
    }

    func testStringEscaping() {
        XCTAssertEqual(text("quote \" backslash \\ slash /"), #""quote \" backslash \\ slash /""#)
        XCTAssertEqual(text("\u{08}\u{0C}\n\r\t"), #""\b\f\n\r\t""#)
        XCTAssertEqual(text("\u{0}\u{1F}\u{7F}"), "\"\\u0000\\u001f\u{7F}\"")
        XCTAssertEqual(text("Å 中 😀"), "\"Å 中 😀\"", "non-ASCII goes out as UTF-8")
    }

    func testNumbers() {
        XCTAssertEqual(text(.int(0)), "0")
        XCTAssertEqual(text(.int(-42)), "-42")
        XCTAssertEqual(text(.int(.max)), "9223372036854775807")
        XCTAssertEqual(text(.int(.min)), "-9223372036854775808")
        XCTAssertEqual(text(.double(3.0)), "3")
        XCTAssertEqual(text(.double(-3.0)), "-3")
        XCTAssertEqual(text(.double(9_007_199_254_740_992)), "9007199254740992")
        XCTAssertEqual(text(.double(0.1)), "0.1")
        XCTAssertEqual(text(.double(1.5e300)), "1.5e+300")
        XCTAssertEqual(text(.double(1e-7)), "1e-07")
        XCTAssertEqual(text(.double(.nan)), "null")
        XCTAssertEqual(text(.double(.infinity)), "null")
        XCTAssertEqual(text(.double(-.infinity)), "null")
    }

    func testDoublesReadBackExactly() throws {
        for value in [0.1, 1.0 / 3.0, -2.5e-300, 1.7976931348623157e308, Double.leastNonzeroMagnitude, 123456.789, 2e53, 1e16] {
            let parsed = try JSONParser().parse(JSONWriter().write(.double(value)))
            XCTAssertEqual(parsed.doubleValue, value, "\(value)")
        }
    }

    func testRoundTrips() throws {
        let samples: [String] = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"rootUri":null}}"#,
            #"["a",1,-1,2.5,true,false,null,{},[],{"nested":[[{"x":"y"}]]}]"#,
            #""line\nbreak \"quoted\" \\ tab\t \u0001 Å 中 😀""#,
            #"{"big":9223372036854775807,"small":-9223372036854775808,"frac":0.5}"#,
        ]
        for sample in samples {
            let value = try JSONParser().parse(sample)
            XCTAssertEqual(text(value), sample)
            XCTAssertEqual(try JSONParser().parse(JSONWriter().write(value)), value)
        }
    }

    func testEscapedInputRoundTripsToItsValue() throws {
        let value = try JSONParser().parse(#""\u00c5\uD83D\uDE00\/""#)
        XCTAssertEqual(text(value), "\"Å😀/\"")
    }

    func testLargeDocumentRoundTrip() throws {
        // A document-symbol-like response; the writer's speed is measured in release (see the report), this checks
        // that a big value comes out intact.
        let value = JSON.array((0..<10_000).map { number in
            ["name": .string("symbol \(number) – Å"), "kind": 12,
             "range": ["start": ["line": .int(Int64(number)), "character": 0],
                       "end": ["line": .int(Int64(number)), "character": 40]]]
        })
        let bytes = JSONWriter().write(value)
        XCTAssertEqual(try JSONParser().parse(bytes), value)
    }
}

final class JSONWriterEscapeSweepTests: XCTestCase {
    /// The writer checks eight bytes at a time; put each special byte at every position of strings of many lengths.
    func testEscapesAtEveryPositionAndLength() throws {
        let specials: [(Character, String)] = [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1F}", "\\u001f"), ("\u{0}", "\\u0000")]
        for length in 1...24 {
            for position in 0..<length {
                for (special, escaped) in specials {
                    var characters = Array(repeating: Character("a"), count: length)
                    characters[position] = special
                    let string = String(characters)
                    let expected = "\"" + String(characters[..<position]) + escaped + String(characters[(position + 1)...]) + "\""
                    XCTAssertEqual(String(decoding: JSONWriter().write(.string(string)), as: UTF8.self), expected)
                }
            }
        }
    }

    /// Many special bytes in one string, close together and far apart (a document's text: a line break every few
    /// dozen bytes), written as a byte-by-byte escaper writes them. Seeded; a failure names the round.
    func testManyEscapesInOneString() {
        let pieces = ["\"", "\\", "\n", "\r\n", "\t", "\u{1}", "a", "abcdefgh", "Åsa ", "中文", String(repeating: "x", count: 17)]
        var state: UInt64 = 0x5EED_E5C
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for round in 0 ..< 500 {
            let string = (0 ..< next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            var expected = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": expected += "\\\""
                case "\\": expected += "\\\\"
                case "\n": expected += "\\n"
                case "\r": expected += "\\r"
                case "\t": expected += "\\t"
                case "\u{1}": expected += "\\u0001"
                default: expected.unicodeScalars.append(scalar)
                }
            }
            expected += "\""
            XCTAssertEqual(String(decoding: JSONWriter().write(.string(string)), as: UTF8.self), expected, "round \(round)")
        }
    }

    func testBytesNearTheSpecialOnesAreNotEscaped() {
        let string = " !#[]^_`{|}~\u{7F}ÅéØ中😀 " + String(repeating: "é", count: 9)
        XCTAssertEqual(String(decoding: JSONWriter().write(.string(string)), as: UTF8.self), "\"" + string + "\"")
    }
}
