import ThumbIndexJSON
import XCTest

/// Members of a container read from the middle of a document: they parse as in a whole parse, stop where the caller
/// says the text settles, and refuse what the whole parse refuses.
final class JSONMembersTests: XCTestCase {
    private func read(_ text: String, isObject: Bool = true, from: Int, afterBracket: Bool = false, depth: Int = 1,
                      settled: (Int) -> Bool = { _ in false }) throws(JSONParseError) -> JSONMembers {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { p throws(JSONParseError) in
            try JSONParser(maxDepth: 3).parseMembers(p, isObject: isObject, from: from, afterBracket: afterBracket, depth: depth, settled: settled)
        }
    }

    func testMembersFromTheMiddleReadAsTheWholeParseReadsThem() throws {
        let text = #"{"a": 1, "b": [2, {"c": 3}], "d": "x"}"#
        let whole = try XCTUnwrap(JSONParser().parseNode(text))
        let b = Array(text.utf8).firstIndex(of: UInt8(ascii: "b"))! - 1  // the quote opening "b"
        let read = try read(text, from: b)
        XCTAssertEqual(read.members, Array(whole.members.dropFirst()))
        XCTAssertEqual(read.end, JSONMembers.End.closed(text.utf8.count))
    }

    func testItStopsAtTheFirstMemberStartTheCallerAccepts() throws {
        let text = "[1,\n 2,\n 3,\n 4]"
        var asked: [Int] = []
        let read = try read(text, isObject: false, from: 1, afterBracket: true) { at in
            asked.append(at)
            return at == 9  // where "3" starts
        }
        XCTAssertEqual(read.elements.map(\.start), [1, 5])
        XCTAssertEqual(read.end, .settled(9))
        XCTAssertEqual(asked, [1, 5, 9], "asked at the first element (after the bracket) and after each comma")
    }

    func testAnEmptyContainerClosesAtOnce() throws {
        let read = try read("{ }", from: 1, afterBracket: true)
        XCTAssertTrue(read.members.isEmpty)
        XCTAssertEqual(read.end, .closed(3))
    }

    func testWhatTheWholeParseRefusesIsRefused() {
        XCTAssertThrowsError(try read(#"{"a": 1, }"#, from: 1, afterBracket: true), "a trailing comma")
        XCTAssertThrowsError(try read(#"{"a": 1 "b": 2}"#, from: 1, afterBracket: true), "a missing comma")
        XCTAssertThrowsError(try read(#"{"a": 1, "b": "#, from: 1, afterBracket: true), "cut short")
        XCTAssertThrowsError(try read(#"["a" : 1]"#, isObject: false, from: 1, afterBracket: true), "a member in an array")
        // The depth counts from the container's: two more levels are one too many under a limit of 3.
        XCTAssertNoThrow(try read(#"{"a": [[1]]}"#, from: 1, afterBracket: true, depth: 1))
        XCTAssertThrowsError(try read(#"{"a": [[1]]}"#, from: 1, afterBracket: true, depth: 2))
    }
}
