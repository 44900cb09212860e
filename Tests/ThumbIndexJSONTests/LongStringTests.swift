import LowLevel
@testable import ThumbIndexJSON
import XCTest

/// A string value of `JSONParser.longString` bytes or more (a document's text) is kept as its UTF-8, unescaped into an
/// array of its own and checked there: it is the string a shorter one would be, equal to it and written back the
/// same, and any text that is not JSON gets the error (at the same byte) it would get as a key, which is read into
/// a `String` as before.
final class LongStringTests: XCTestCase {
    static let seed: UInt64 = 0x10_46_57

    /// `json` as a value and as a key: the value's parse, and the key's (its error, or its name).
    private func parses(_ json: [UInt8]) -> (value: Result<JSON, JSONParseError>, key: Result<String, JSONParseError>) {
        let value = Result { () throws(JSONParseError) in try JSONParser().parse(json) }
        let object = Array("{".utf8) + json + Array(":1}".utf8)
        let key = Result { () throws(JSONParseError) -> String in try JSONParser().parse(object).objectValue?.keys.first ?? "" }
        return (value, key.mapError { JSONParseError($0.message, problem: $0.problem, offset: $0.offset - 1) })
    }

    func testLongStringsAreTheirStrings() throws {
        var state = Self.seed
        func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let pieces = JSONStringScanTests.pieces
        for round in 0 ..< 40 {
            var text = "", json = "", boundaries = [0]
            while json.utf8.count < JSONParser.longString + below(300) {
                let piece = pieces[below(pieces.count)]
                text += piece.text
                json += piece.json
                boundaries.append(json.utf8.count)
            }
            let quoted = Array(("\"" + json + "\"").utf8)
            let (value, key) = parses(quoted)
            guard case .utf8String(let kept) = try value.get() else { return XCTFail("seed \(Self.seed), round \(round): not kept as UTF-8") }
            XCTAssertEqual(kept.string, text, "seed \(Self.seed), round \(round)")
            XCTAssertEqual(try value.get(), .string(text), "seed \(Self.seed), round \(round)")
            XCTAssertEqual(try value.get().stringValue, try key.get(), "seed \(Self.seed), round \(round)")
            XCTAssertEqual(JSONWriter().write(try value.get()), JSONWriter().write(.string(text)), "seed \(Self.seed), round \(round)")
            // A byte that is no UTF-8, a raw control character, a quote too early or none at the end: the key's error.
            for broken in 0 ..< 3 {
                var bytes = quoted
                let at = 1 + boundaries[below(boundaries.count)]
                switch broken {
                case 0: bytes.insert(contentsOf: JSONStringScanTests.invalidUTF8[below(JSONStringScanTests.invalidUTF8.count)], at: at)
                case 1: bytes.insert(UInt8(below(0x20)), at: at)
                default: bytes.removeLast()
                }
                let (brokenValue, brokenKey) = parses(bytes)
                guard case .failure(let error) = brokenValue else { XCTFail("seed \(Self.seed), round \(round), \(broken): parsed"); continue }
                guard case .failure(let keyError) = brokenKey else { XCTFail("seed \(Self.seed), round \(round), \(broken): the key parsed"); continue }
                XCTAssertEqual(error.offset, keyError.offset, "seed \(Self.seed), round \(round), \(broken): \(error) / \(keyError)")
                XCTAssertEqual(error.problem, keyError.problem, "seed \(Self.seed), round \(round), \(broken)")
            }
        }
    }

    /// A long string's census (its line breaks, NULs and bytes past ASCII, counted as it is unescaped and checked) is
    /// what a count of its bytes finds, whichever escapes spell them.
    func testALongStringsCensusIsItsBytes() throws {
        var state = Self.seed
        func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let pieces = JSONStringScanTests.pieces + [("\n", "\\u000a"), ("\r", "\\u000D"), ("\0", "\\u0000"), ("\r\n", "\\r\\u000a"),
                                                   ("\r\n", "\\u000d\\n"), ("\r\r\n", "\\r\\r\\n"), ("\n\r", "\\n\\r")]
        for round in 0 ..< 60 {
            var text = "", json = ""
            while json.utf8.count < JSONParser.longString + below(300) {
                let piece = pieces[below(pieces.count)]
                text += piece.0
                json += piece.1
            }
            guard case .utf8String(let kept) = try JSONParser().parse("\"" + json + "\"") else {
                return XCTFail("seed \(Self.seed), round \(round): not kept as UTF-8")
            }
            let bytes = Array(text.utf8)
            var expected = UTF8String.Census()
            expected.lineFeeds = bytes.filter { $0 == 0x0A }.count
            expected.carriageReturns = bytes.filter { $0 == 0x0D }.count
            expected.carriageReturnsBeforeLineFeeds = zip(bytes, bytes.dropFirst()).filter { $0 == (0x0D, 0x0A) }.count
            expected.nuls = bytes.filter { $0 == 0 }.count
            expected.nonASCII = bytes.filter { $0 >= 0x80 }.count
            XCTAssertEqual(kept.census, expected, "seed \(Self.seed), round \(round)")
        }
    }

    /// A string of 2 MiB or more is unescaped in two halves on two cores, cut after a line feed's escape near the
    /// middle of the rest of the message: the same string, census and errors as read whole, whatever escapes stand
    /// around the cut, and when the string closes before the cut (more of the message after it).
    func testAStringUnescapedOnTwoCoresIsTheWholeString() throws {
        var state = Self.seed
        func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let pieces: [(text: String, json: String)] = [("Åsa Berg", "Åsa Berg"), ("\r\n", "\\r\\n"), ("\n", "\\n"), ("\\n", "\\\\n"),
                                                       ("\\", "\\\\"), ("\"", "\\\""), ("é", "\\u00e9"), ("中", "中"), ("\r", "\\r")]
        for round in 0 ..< 6 {
            var text = "", json = "", boundaries: [Int] = []
            while json.utf8.count < (2 << 20) + 1000 {
                let piece = pieces[below(pieces.count)]
                text += piece.text
                json += piece.json
                boundaries.append(json.utf8.count)
            }
            // Rounds 4 and 5: a shorter long string first, closed before the cut; the second one cut.
            let head = round >= 4 ? "\"" + String(repeating: "ab\\n", count: JSONParser.longString / 2) + "\", " : ""
            let quoted = Array(("[" + head + "\"" + json + "\"]").utf8)
            let value = try JSONParser().parse(quoted)
            guard case .utf8String(let kept) = value[round >= 4 ? 1 : 0] else { return XCTFail("seed \(Self.seed), round \(round): not kept as UTF-8") }
            XCTAssertEqual(kept.string, text, "seed \(Self.seed), round \(round)")
            let bytes = Array(text.utf8)
            XCTAssertEqual(kept.census?.lineFeeds, bytes.filter { $0 == 0x0A }.count, "seed \(Self.seed), round \(round)")
            XCTAssertEqual(kept.census?.carriageReturnsBeforeLineFeeds, zip(bytes, bytes.dropFirst()).filter { $0 == (0x0D, 0x0A) }.count,
                           "seed \(Self.seed), round \(round)")
            if round >= 4 {
                guard case .utf8String(let first) = value[0] else { return XCTFail("seed \(Self.seed), round \(round): not kept as UTF-8") }
                XCTAssertEqual(first.string, String(repeating: "ab\n", count: JSONParser.longString / 2), "seed \(Self.seed), round \(round)")
            }
            // A raw control character in either half: the error a string read whole gets, at the same byte.
            guard round < 4 else { continue }
            var broken = Array(("\"" + json + "\"").utf8)
            broken.insert(0x01, at: 1 + boundaries[round % 2 == 0 ? boundaries.count * 3 / 4 : boundaries.count / 4])
            let (brokenValue, brokenKey) = parses(broken)
            guard case .failure(let error) = brokenValue, case .failure(let keyError) = brokenKey else {
                XCTFail("seed \(Self.seed), round \(round): parsed"); continue
            }
            XCTAssertEqual(error.offset, keyError.offset, "seed \(Self.seed), round \(round): \(error) / \(keyError)")
            XCTAssertEqual(error.problem, keyError.problem, "seed \(Self.seed), round \(round)")
        }
    }

    func testAStringJustShorterIsAString() throws {
        let short = String(repeating: "a", count: JSONParser.longString - 1)
        guard case .string = try JSONParser().parse("\"" + short + "\"") else { return XCTFail("kept as UTF-8") }
        guard case .utf8String = try JSONParser().parse("\"" + short + "a\"") else { return XCTFail("not kept as UTF-8") }
        // Escapes count as written: a text of line breaks shorter unescaped is long.
        let lines = String(repeating: "ab\\n", count: JSONParser.longString / 4)
        guard case .utf8String(let kept) = try JSONParser().parse("[\"" + lines + "\"]")[0] else { return XCTFail("not kept as UTF-8") }
        XCTAssertEqual(kept.bytes.count, JSONParser.longString / 4 * 3)
        // Room past the text to grow into (a document's edits), not written.
        XCTAssertGreaterThanOrEqual(kept.bytes.capacity, kept.bytes.count + kept.bytes.count / 16)
    }

    /// A long string is unescaped into room for the rest of the message; when much of the message follows it (a text
    /// not last, a batch), it is kept in room of its own size, not in room that reaches over the rest.
    func testALongStringIsKeptInRoomOfItsOwnSize() throws {
        let long = String(repeating: "abc\\\"", count: JSONParser.longString / 2)
        let value = try JSONParser().parse("[\"" + long + "\", \"" + long + "\"]")
        for index in 0 ..< 2 {
            guard case .utf8String(let kept) = value[index] else { return XCTFail("not kept as UTF-8") }
            XCTAssertEqual(kept.string, String(repeating: "abc\"", count: JSONParser.longString / 2))
            XCTAssertGreaterThanOrEqual(kept.bytes.capacity, kept.bytes.count + kept.bytes.count / 16)
            XCTAssertLessThan(kept.bytes.capacity, kept.bytes.count * 3 / 2, "string \(index)")
        }
    }

    /// A text of a MiB or more is checked in two halves on two cores: the same answer as one check, whichever
    /// character or broken sequence stands across the cut.
    func testATextCheckedOnTwoCoresIsCheckedWhole() {
        var state = Self.seed
        func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let characters = ["a", "é", "中", "😀", "\u{10FFFF}"].map { Array($0.utf8) }
        let broken: [[UInt8]] = JSONStringScanTests.invalidUTF8 + [[0x80, 0x80, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80, 0x80]]
        var text: [UInt8] = []
        while text.count < (1 << 20) + 64 { text += characters[below(characters.count)] }
        for round in 0 ..< 60 {
            var bytes = text
            let middle = bytes.count / 2 - 8 + below(16)
            // A character or a broken sequence across the cut, and half the time nothing broken at all.
            bytes.insert(contentsOf: round % 2 == 0 ? characters[below(characters.count)] : broken[below(broken.count)], at: middle)
            let whole = bytes.withUnsafeBufferPointer(UTF8Check.nonASCIICount)
            XCTAssertEqual(bytes.withUnsafeBufferPointer(UTF8Check.nonASCIICountOnTwoCores), whole, "seed \(Self.seed), round \(round)")
            XCTAssertEqual(whole != nil, String(validating: bytes, as: UTF8.self) != nil, "seed \(Self.seed), round \(round)")
        }
    }

    /// Against the standard library's check, on random sequences of characters of every length and of broken ones.
    func testWellFormedUTF8IsWhatTheStandardLibraryAccepts() {
        var state = Self.seed
        func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let characters = ["a", " ", "\n", "é", "ß", "中", "한", "😀", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "abcdefghijk",
                          String(repeating: "abcdefgh", count: 5)]
            .map { Array($0.utf8) }
        let broken: [[UInt8]] = JSONStringScanTests.invalidUTF8 + [[0xC1, 0x80], [0xE0, 0x9F, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0x80, 0x80],
                                                                   [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xE2, 0x28, 0xA1]]
        for round in 0 ..< 3000 {
            var bytes: [UInt8] = []
            for _ in 0 ..< below(30) { bytes += characters[below(characters.count)] }
            if below(2) == 0 { bytes.insert(contentsOf: broken[below(broken.count)], at: below(bytes.count + 1)) }
            if below(4) == 0, !bytes.isEmpty { bytes.removeLast(below(min(3, bytes.count)) + 1) }  // cut inside a character
            let expected = String(validating: bytes, as: UTF8.self) != nil
            XCTAssertEqual(bytes.withUnsafeBufferPointer(UTF8Check.isWellFormed), expected, "seed \(Self.seed), round \(round): \(bytes)")
            XCTAssertEqual(bytes.withUnsafeBufferPointer(UTF8Check.nonASCIICount), expected ? bytes.filter { $0 >= 0x80 }.count : nil,
                           "seed \(Self.seed), round \(round): \(bytes)")
        }
    }
}
