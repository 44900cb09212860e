import SeededRandom
import XCTest

/// The reference model against hand-worked LSP examples, so that a model bug cannot pass for a server bug.
final class TextModelTests: XCTestCase {
    private func at(_ line: Int, _ character: Int) -> ModelPosition { ModelPosition(line: line, character: character) }

    func testLineEnds() {
        let model = TextModel("a\r\nb\rc\n\nd")
        XCTAssertEqual(model.lines, [0 ..< 1, 3 ..< 4, 5 ..< 6, 7 ..< 7, 8 ..< 9])
        XCTAssertEqual(TextModel("").lines, [0 ..< 0])
        XCTAssertEqual(TextModel("x\n").lines, [0 ..< 1, 2 ..< 2])
    }

    func testPositionsPerEncoding() {
        let model = TextModel("a😀e\u{301}\r\nz")  // 😀: 4 bytes, 2 UTF-16 units, 1 scalar; U+0301: 2 bytes
        XCTAssertEqual(model.index(of: at(0, 2), .utf8), nil, "inside 😀")
        XCTAssertEqual(model.index(of: at(0, 5), .utf8), 2)
        XCTAssertEqual(model.index(of: at(0, 2), .utf16), nil, "between the surrogates")
        XCTAssertEqual(model.index(of: at(0, 3), .utf16), 2)
        XCTAssertEqual(model.index(of: at(0, 2), .utf32), 2)
        XCTAssertEqual(model.index(of: at(0, 3), .utf32), 3, "between e and its combining mark")
        XCTAssertEqual(model.index(of: at(0, 99), .utf16), 4, "past the line end: clamped before CRLF")
        XCTAssertEqual(model.index(of: at(1, 1), .utf16), 7)
        XCTAssertEqual(model.index(of: at(2, 0), .utf16), 7, "just past the last line")
        XCTAssertEqual(model.index(of: at(2, 1), .utf16), nil)
        XCTAssertEqual(model.index(of: at(3, 0), .utf16), nil)
        XCTAssertEqual(model.index(of: at(-1, 0), .utf16), nil)
        XCTAssertEqual(model.character(line: 0, utf8Column: 5, .utf16), 3)
        XCTAssertEqual(model.character(line: 0, utf8Column: 8, .utf32), 4)
        XCTAssertEqual(model.character(line: 0, utf8Column: 3, .utf32), nil)
    }

    func testEditsAreAllOrNothing() {
        let model = TextModel("ab\ncd")
        let join = ModelChange(range: ModelRange(start: at(0, 2), end: at(1, 0)), text: "\r")
        XCTAssertEqual(model.applying([join], .utf16)?.text, "ab\rcd")
        // A CR before an LF that an edit brings next to it makes one CRLF line end.
        let crlf = TextModel("a\rX\nb").applying([ModelChange(range: ModelRange(start: at(1, 0), end: at(1, 1)), text: "")], .utf8)
        XCTAssertEqual(crlf?.lines.count, 2)
        let bad = ModelChange(range: ModelRange(start: at(1, 1), end: at(0, 1)), text: "x")
        XCTAssertNil(model.applying([join, bad], .utf16), "a reversed range refuses the whole notification")
        XCTAssertEqual(model.applying([ModelChange(range: nil, text: "new")], .utf16)?.text, "new")
    }

    func testSplitMixIsTheReferenceSequence() {
        // The first outputs for seed 1234567 of the reference implementation (Vigna's splitmix64.c).
        var rng = SplitMix64(seed: 1_234_567)
        XCTAssertEqual([rng.next(), rng.next()], [6_457_827_717_110_365_317, 3_203_168_211_198_807_973])
    }
}
