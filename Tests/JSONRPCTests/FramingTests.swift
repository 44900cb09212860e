import JSONRPC
import ThumbIndexJSON
import XCTest

final class FramingTests: XCTestCase {
    private let first = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"name":"Åsa"}}"#
    private let second = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#

    private func framed(_ body: String) -> [UInt8] {
        Framing.contentLength.frame(Array(body.utf8))
    }

    /// Feeds the chunks in order, then ends the input.
    private func events(_ chunks: [[UInt8]], framer: some Framer) -> [FramerEvent] {
        var framer = framer
        var events: [FramerEvent] = []
        for chunk in chunks { events += framer.feed(chunk) }
        return events + framer.finish()
    }

    private func events(_ text: String, framer: some Framer = ContentLengthFramer()) -> [FramerEvent] {
        events([Array(text.utf8)], framer: framer)
    }

    private func frames(_ events: [FramerEvent]) -> [String] {
        events.compactMap { if case .frame(let body) = $0 { return String(decoding: body, as: UTF8.self) } else { return nil } }
    }

    private func errors(_ events: [FramerEvent]) -> [FramingError] {
        events.compactMap { if case .error(let error) = $0 { return error } else { return nil } }
    }

    // MARK: Content-Length: splitting

    func testFrameWritesTheHeader() {
        XCTAssertEqual(String(decoding: framed("{}"), as: UTF8.self), "Content-Length: 2\r\n\r\n{}")
        XCTAssertEqual(Framing.contentLength.frame(Array("é".utf8)).count, "Content-Length: 2\r\n\r\n".utf8.count + 2,
                       "the length counts bytes, not characters")
    }

    /// At a terminal a message ends in a line break, so that what comes next starts on a line of its own.
    func testAtATerminalAMessageEndsInALineBreak() {
        XCTAssertEqual(String(decoding: Framing.contentLengthAtTerminal.frame(Array("{}".utf8)), as: UTF8.self), "Content-Length: 2\r\n\r\n{}\n")
        XCTAssertEqual(Framing.contentLength.frame(Array("{}".utf8)).last, UInt8(ascii: "}"), "not for a client")
    }

    func testEverySplitPositionOfTwoMessages() {
        let stream = framed(first) + framed(second)
        for split in 0...stream.count {
            let result = events([Array(stream[..<split]), Array(stream[split...])], framer: ContentLengthFramer())
            XCTAssertEqual(result, [.frame(Array(first.utf8)), .frame(Array(second.utf8))], "split at \(split)")
        }
    }

    func testEveryPairOfSplitPositions() {
        let stream = framed("[1]") + framed("{}")
        for a in 0...stream.count {
            for b in a...stream.count {
                let chunks = [Array(stream[..<a]), Array(stream[a..<b]), Array(stream[b...])]
                XCTAssertEqual(frames(events(chunks, framer: ContentLengthFramer())), ["[1]", "{}"], "splits \(a), \(b)")
            }
        }
    }

    func testOneByteAtATime() {
        let stream = framed(first) + framed(second) + framed(first)
        let result = events(stream.map { [$0] }, framer: ContentLengthFramer())
        XCTAssertEqual(frames(result), [first, second, first])
        XCTAssertTrue(errors(result).isEmpty)
    }

    /// A large body is handed over whole, not copied: what follows it in the same chunk, and where the stream's
    /// offsets are counted from, must come out the same.
    func testALargeBodyAndWhatFollowsItInTheSameChunk() {
        let large = #"{"jsonrpc":"2.0","method":"x","params":{"text":""# + String(repeating: "Åsa\n", count: 30_000) + #""}}"#
        let stream = framed(first) + framed(large) + framed(second) + Array("Content-Length: x\r\n\r\n".utf8)
        for size in [stream.count, 65_536, 100_000, 4_096] {
            let chunks = stride(from: 0, to: stream.count, by: size).map { Array(stream[$0 ..< min($0 + size, stream.count)]) }
            let got = events(chunks, framer: ContentLengthFramer())
            XCTAssertEqual(frames(got), [first, large, second], "chunks of \(size)")
            XCTAssertEqual(errors(got).first?.offset, stream.count - 21, "chunks of \(size)")
        }
    }

    func testEmptyBody() {
        XCTAssertEqual(events("Content-Length: 0\r\n\r\n"), [.frame([])])
    }

    // MARK: Content-Length: headers

    func testHeaderNamesAreCaseInsensitive() {
        XCTAssertEqual(frames(events("content-length: 2\r\n\r\n{}CONTENT-LENGTH: 2\r\n\r\n[]")), ["{}", "[]"])
    }

    func testOtherHeadersAreIgnoredInAnyOrder() {
        let stream = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}"
            + "Content-Length: 2\r\nX-Custom:\r\n\r\n[]"
        let result = events(stream)
        XCTAssertEqual(frames(result), ["{}", "[]"])
        XCTAssertTrue(errors(result).isEmpty)
    }

    func testWhitespaceAroundTheValueIsAllowed() {
        XCTAssertEqual(frames(events("Content-Length:2\r\n\r\n{}Content-Length: \t 2 \t\r\n\r\n[]")), ["{}", "[]"])
    }

    func testBlankLinesBetweenMessagesAreTolerated() {
        let result = events("\r\n\r\nContent-Length: 2\r\n\r\n{}\r\n" + "Content-Length: 2\r\n\r\n[]")
        XCTAssertEqual(frames(result), ["{}", "[]"])
        XCTAssertTrue(errors(result).isEmpty)
    }

    // MARK: Content-Length: errors and resynchronisation

    func testMissingContentLength() {
        let result = events("Content-Type: application/json\r\n\r\n{\"lost\":1}" + String(decoding: framed(second), as: UTF8.self))
        XCTAssertEqual(errors(result).map(\.message), ["header block at byte 0 has no Content-Length header"])
        XCTAssertEqual(frames(result), [second], "the stream goes on with the next message")
    }

    func testNonNumericContentLength() {
        let result = events("Content-Length: abc\r\n\r\n{}" + String(decoding: framed(second), as: UTF8.self))
        XCTAssertEqual(errors(result).map(\.message),
                       ["invalid Content-Length 'abc' at byte 0, expected a decimal number of bytes"])
        XCTAssertEqual(frames(result), [second])
    }

    func testNegativeContentLength() {
        let result = events("Content-Length: -5\r\n\r\nhello" + String(decoding: framed(second), as: UTF8.self))
        XCTAssertEqual(errors(result).map(\.message),
                       ["invalid Content-Length '-5' at byte 0, expected a decimal number of bytes"])
        XCTAssertEqual(frames(result), [second])
    }

    func testEmptyAndFractionalContentLength() {
        XCTAssertEqual(errors(events("Content-Length:\r\n\r\n")).count, 1)
        XCTAssertEqual(errors(events("Content-Length: 1.5\r\n\r\n{}")).count, 1)
        XCTAssertEqual(errors(events("Content-Length: +2\r\n\r\n{}")).count, 1)
    }

    func testAbsurdlyLargeContentLength() {
        let result = events("Content-Length: 99999999999999999999999999\r\n\r\n{}" + String(decoding: framed(second), as: UTF8.self))
        XCTAssertEqual(errors(result).map(\.message),
                       ["Content-Length '99999999999999999999999999' at byte 0 is over the limit of 268435456 bytes"])
        XCTAssertEqual(frames(result), [second])

        let limited = events([Array("Content-Length: 11\r\n\r\nhello world".utf8)],
                             framer: ContentLengthFramer(maxContentLength: 10))
        XCTAssertEqual(errors(limited).count, 1)
    }

    func testConflictingContentLengths() {
        let result = events("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}" + String(decoding: framed(second), as: UTF8.self))
        XCTAssertEqual(errors(result).map(\.message), ["conflicting Content-Length headers (2 and 3) at byte 19"])
        XCTAssertEqual(frames(result), [second])
        XCTAssertEqual(frames(events("Content-Length: 2\r\ncontent-length: 2\r\n\r\n{}")), ["{}"], "repeating is fine")
    }

    func testBareLineFeedsAreRejectedAndTheBodySkipped() {
        let stream = "Content-Length: 2\n\n{}" + String(decoding: framed(second), as: UTF8.self)
        let result = events(stream)
        XCTAssertEqual(errors(result).map(\.message),
                       [#"header line at byte 0 ends with a bare \n; header lines must end with \r\n"#])
        XCTAssertEqual(frames(result), [second])
        // Byte at a time gives the same.
        XCTAssertEqual(events(Array(stream.utf8).map { [$0] }, framer: ContentLengthFramer()), result)
    }

    func testOneBareLineFeedAmongGoodLines() {
        let result = events("Content-Length: 2\r\nContent-Type: x\n\r\n{}" + String(decoding: framed(second), as: UTF8.self))
        XCTAssertEqual(errors(result).first?.offset, 19)
        XCTAssertEqual(frames(result), [second])
    }

    func testMalformedHeaderLine() {
        let result = events("Content-Length: 2\r\nthis is not a header\r\n\r\n{}" + String(decoding: framed(second), as: UTF8.self))
        XCTAssertEqual(errors(result).map(\.message),
                       ["malformed header line 'this is not a header' at byte 19, expected 'Name: value'"])
        XCTAssertEqual(frames(result), [second])
        XCTAssertEqual(errors(events("Content-Length : 2\r\n\r\n{}")).count, 1, "no space before the colon")
    }

    func testJSONWithoutHeadersIsReportedAtOnce() {
        var framer = ContentLengthFramer()
        let early = framer.feed(Array(#"{"jsonrpc":"2.0""#.utf8))
        XCTAssertEqual(errors(early).count, 1, "no need to wait for a line end")
        XCTAssertTrue(errors(early).first?.message.hasPrefix("expected a Content-Length header at byte 0, found JSON") ?? false)
        let rest = framer.feed(Array(#","method":"m"}"#.utf8) + framed(second)) + framer.finish()
        XCTAssertEqual(rest, [.frame(Array(second.utf8))])
    }

    func testEndlessHeaderIsCutOff() {
        var framer = ContentLengthFramer()
        let garbage = [UInt8](repeating: UInt8(ascii: "x"), count: ContentLengthFramer.maxHeaderBlockLength + 1)
        let result = framer.feed(garbage)
        XCTAssertEqual(errors(result).count, 1)
        XCTAssertEqual(framer.feed(framed(second)) + framer.finish(), [.frame(Array(second.utf8))])
    }

    func testAnOverlongHeaderLineIsCutAtTheSameByteHoweverTheInputIsSplit() {
        // Found by the fuzzer: read whole, the long line was dropped entirely (with the Content-Length inside it);
        // read in pieces, only what happened to be buffered.
        let long = "X-Junk: " + String(repeating: "x", count: ContentLengthFramer.maxHeaderBlockLength)
        let stream = Array((long + "Content-Length: 2\r\n\r\n[]" + "Content-Length: 2\r\n\r\n{}").utf8)
        let whole = events([stream], framer: ContentLengthFramer())
        XCTAssertEqual(errors(whole).count, 1)
        for size in [1, 7, 4096, 65_536, 65_537, 70_000] {
            let chunks = stride(from: 0, to: stream.count, by: size).map { Array(stream[$0 ..< min($0 + size, stream.count)]) }
            XCTAssertEqual(events(chunks, framer: ContentLengthFramer()), whole, "chunks of \(size)")
        }
        XCTAssertEqual(frames(whole), ["[]", "{}"])
    }

    func testResynchronisationIsSplitSafe() {
        let stream = Array(("X-Junk: 1\r\n\r\nsome body" + "Content-Length: 2\r\n\r\n{}").utf8)
        for split in 0...stream.count {
            let result = events([Array(stream[..<split]), Array(stream[split...])], framer: ContentLengthFramer())
            XCTAssertEqual(frames(result), ["{}"], "split at \(split)")
            XCTAssertEqual(errors(result).count, 1, "split at \(split)")
        }
    }

    // MARK: Content-Length: end of input

    func testEndOfInputMidBody() {
        let result = events("Content-Length: 10\r\n\r\n{\"a\"")
        XCTAssertEqual(errors(result).map(\.message),
                       ["end of input after 4 of the 10 body bytes of the message starting at byte 0"])
    }

    func testEndOfInputMidHeader() {
        let result = events(String(decoding: framed("{}"), as: UTF8.self) + "Content-Len")
        XCTAssertEqual(frames(result), ["{}"])
        XCTAssertEqual(errors(result).map(\.message), ["end of input inside the header block starting at byte 23"])
    }

    func testCleanEndOfInput() {
        XCTAssertEqual(events(""), [])
        XCTAssertEqual(events("Content-Length: 2\r\n\r\n{}\r\n"), [.frame(Array("{}".utf8))])
    }

    // MARK: Lines

    func testLinesSplitOnNewlines() {
        let result = events("{\"a\":1}\n\n  \n[2]\r\n{}", framer: LineFramer())
        XCTAssertEqual(frames(result), [#"{"a":1}"#, "[2]", "{}"], "blank lines skipped, CRLF tolerated, last line kept")
        XCTAssertEqual(String(decoding: Framing.lines.frame(Array("{}".utf8)), as: UTF8.self), "{}\n")
    }

    func testLinesByteAtATime() {
        let stream = Array("[1]\r\n\n[2]\n".utf8)
        XCTAssertEqual(frames(events(stream.map { [$0] }, framer: LineFramer())), ["[1]", "[2]"])
    }

    func testOverlongLineIsSkipped() {
        let result = events([Array("[1]\n".utf8), Array(repeating: UInt8(ascii: "x"), count: 50), Array("y\n[2]\n".utf8)],
                            framer: LineFramer(maxLineLength: 20))
        XCTAssertEqual(frames(result), ["[1]", "[2]"])
        XCTAssertEqual(errors(result).count, 1)
        XCTAssertEqual(errors(result).first?.offset, 4)
        XCTAssertEqual(errors(events([Array("\(String(repeating: "z", count: 30))\n[3]\n".utf8)],
                                     framer: LineFramer(maxLineLength: 20))).count, 1)
    }

    func testFramingEnumPicksTheFramer() {
        var lines = Framing.lines.makeFramer()
        XCTAssertEqual(lines.feed(Framing.lines.frame(Array("{}".utf8))), [.frame(Array("{}".utf8))])
        var contentLength = Framing.contentLength.makeFramer()
        XCTAssertEqual(contentLength.feed(Framing.contentLength.frame(Array("{}".utf8))), [.frame(Array("{}".utf8))])
    }
}

extension FramingTests {
    func testEndlessHeaderLinesAreCutOff() {
        var framer = ContentLengthFramer()
        var result: [FramerEvent] = []
        for _ in 0..<(ContentLengthFramer.maxHeaderBlockLength / 10 + 10) { result += framer.feed(Array("X-Pad: 12\r\n".utf8)) }
        XCTAssertEqual(result.count, 1)
        XCTAssertTrue(errors(result).first?.message.contains("longer than 65536 bytes") ?? false)
        XCTAssertEqual(frames(framer.feed(framed(second)) + framer.finish()), [second])
    }

    func testLargeBodyInChunks() {
        let body = "[" + Array(repeating: "\"abcdefghij\"", count: 200_000).joined(separator: ",") + "]"
        let stream = framed(body) + framed(second)
        var chunks: [[UInt8]] = []
        var offset = 0
        while offset < stream.count {
            chunks.append(Array(stream[offset..<min(stream.count, offset + 65_536)]))
            offset += 65_536
        }
        XCTAssertEqual(frames(events(chunks, framer: ContentLengthFramer())), [body, second])
        let lines = Framing.lines.frame(Array(body.utf8)) + Framing.lines.frame(Array(second.utf8))
        XCTAssertEqual(frames(events(stride(from: 0, to: lines.count, by: 65_536).map {
            Array(lines[$0..<min(lines.count, $0 + 65_536)])
        }, framer: LineFramer())), [body, second])
    }
}
