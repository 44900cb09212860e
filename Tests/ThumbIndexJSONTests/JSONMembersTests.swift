import ThumbIndexJSON
import XCTest

/// Members of a container read from the middle of a document: they parse as in a whole parse, stop where the caller
/// says the text settles, and refuse what the whole parse refuses.
final class JSONMembersTests: XCTestCase {
    private func read(_ text: String, isObject: Bool = true, from: Int, afterBracket: Bool = false, depth: Int = 1,
                      settled: (Int) -> Bool = { _ in false }) throws(JSONParseError) -> (spans: [JSONSpan], end: JSONMembersEnd) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { p throws(JSONParseError) in
            try JSONParser(maxDepth: 3).parseMemberSpans(p, isObject: isObject, from: from, afterBracket: afterBracket, depth: depth, settled: settled)
        }
    }

    func testMembersFromTheMiddleReadAsTheWholeParseReadsThem() throws {
        let text = #"{"a": 1, "b": [2, {"c": 3}], "d": "x"}"#
        let whole = try Array(text.utf8).withUnsafeBufferPointer { try JSONParser().parseSpans($0) }
        let b = Array(text.utf8).firstIndex(of: UInt8(ascii: "b"))! - 1  // the quote opening "b"
        let read = try read(text, from: b)
        // The whole parse's spans from "b" on: the root's members without a parent, the rest under them.
        XCTAssertEqual(read.spans.count, whole.count - 2)
        for (span, same) in zip(read.spans, whole.dropFirst(2)) {
            XCTAssertEqual([span.start, span.end, span.size], [same.start, same.end, same.size])
            XCTAssertEqual(span.keyStart, same.keyStart)
            XCTAssertEqual(span.kind, same.kind)
            XCTAssertEqual(span.parent, same.parent == 0 ? nil : same.parent.map { $0 - 2 })
        }
        XCTAssertEqual(read.end, .closed(text.utf8.count))
    }

    func testItStopsAtTheFirstMemberStartTheCallerAccepts() throws {
        let text = "[1,\n 2,\n 3,\n 4]"
        var asked: [Int] = []
        let read = try read(text, isObject: false, from: 1, afterBracket: true) { at in
            asked.append(at)
            return at == 9  // where "3" starts
        }
        XCTAssertEqual(read.spans.map(\.start), [1, 5])
        XCTAssertEqual(read.end, .settled(9))
        XCTAssertEqual(asked, [1, 5, 9], "asked at the first element (after the bracket) and after each comma")
    }

    func testAnEmptyContainerClosesAtOnce() throws {
        let read = try read("{ }", from: 1, afterBracket: true)
        XCTAssertTrue(read.spans.isEmpty)
        XCTAssertEqual(read.end, .closed(3))
    }

    func testWhatTheWholeParseRefusesIsRefused() {
        XCTAssertThrowsError(try read(#"{"a": 1, }"#, from: 1, afterBracket: true), "a trailing comma")
        XCTAssertThrowsError(try read(#"{"a": 1 "b": 2}"#, from: 1, afterBracket: true), "a missing comma")
        XCTAssertThrowsError(try read(#"{"a": 1, "b": "#, from: 1, afterBracket: true), "cut short")
        XCTAssertThrowsError(try read(#"["a" : 1]"#, isObject: false, from: 1, afterBracket: true), "a member in an array")
        XCTAssertThrowsError(try read(#"{"a": "\x"}"#, from: 1, afterBracket: true), "an unknown escape, though strings are not decoded")
        // The depth counts from the container's: two more levels are one too many under a limit of 3.
        XCTAssertNoThrow(try read(#"{"a": [[1]]}"#, from: 1, afterBracket: true, depth: 1))
        XCTAssertThrowsError(try read(#"{"a": [[1]]}"#, from: 1, afterBracket: true, depth: 2))
    }
}
