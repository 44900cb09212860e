import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A message holding a `.streamed` value goes out as one frame whose pieces the writer thread makes as the peer
/// reads, so a sender of a hundred megabytes holds one piece at a time.
final class StreamedMessageTests: XCTestCase {
    /// Four strings of `length` bytes each, one piece each, recording when each is made.
    private func streamedValue(_ made: MadePieces, length: Int = 256 << 10) -> (value: StreamedJSON, whole: JSON) {
        let letters = Array("abcd".utf8)
        let pieces = (0 ..< 4).map { k in
            StreamedJSON.Piece(count: length + 3) {
                made.record(k)
                return [k == 0 ? UInt8(ascii: "[") : UInt8(ascii: ",")] + [UInt8(ascii: "\"")]
                    + [UInt8](repeating: letters[k], count: length) + [UInt8(ascii: "\"")]
            }
        } + [StreamedJSON.Piece([UInt8(ascii: "]")])]
        let whole = JSON.array(letters.map { .string(String(repeating: String(UnicodeScalar($0)), count: length)) })
        return (StreamedJSON(pieces: pieces), whole)
    }

    func testAPieceIsMadeOnlyOnceTheOnesBeforeItAreRead() throws {
        let made = MadePieces()
        let output = makeRawPipe()
        // Each piece twice what the pipe holds (64 KiB by default; F_GETPIPE_SZ, which Glibc does not export, says).
        let capacity = Int(fcntl(output.write, 1032))
        let (value, whole) = streamedValue(made, length: 2 * max(capacity, 64 << 10))
        let connection = Connection(input: open("/dev/null", O_RDONLY), output: output.write)
        defer { connection.close() }
        try connection.send(.notification(Notification(method: "$/progress", params: ["token": "p", "value": .streamed(value)])))
        XCTAssertTrue(made.wait(for: 1))
        // The writer is writing piece 0 into a pipe nobody reads: piece 1 cannot have been made.
        XCTAssertEqual(made.order, [0])

        let frame = readFrame(output.read)
        XCTAssertEqual(made.order, [0, 1, 2, 3], "each piece made once, in order")
        let message = try Message(JSONParser().parse(frame))
        XCTAssertEqual(message, Message.notification(Notification(method: "$/progress", params: ["token": "p", "value": whole])))
        closeRaw(output.read)
    }

    func testTheWholeTextIsMadeWhereNoPiecesCanGo() throws {
        let made = MadePieces()
        let (value, whole) = streamedValue(made)
        XCTAssertEqual(JSON.streamed(value), whole, "a streamed value compares as the value it spells")
        XCTAssertEqual(JSON.streamed(value)[2]?.stringValue?.count, 256 << 10)
        let message = Message.notification(Notification(method: "m", params: ["value": .streamed(value)]))
        XCTAssertEqual(message.serialized(), Message.notification(Notification(method: "m", params: ["value": whole])).serialized())
        let pieces = try XCTUnwrap(JSONWriter().pieces(message.json))
        XCTAssertEqual(pieces.flatMap { $0.bytes() }, message.serialized(), "the pieces spell the message")
        XCTAssertNil(JSONWriter().pieces(["value": whole]), "nothing to stream")
    }

    /// A streamed message and a large body go out in pieces in every framing, each framed as its whole text would be.
    func testEveryFramingWrapsPiecesAsItWrapsAWholeBody() throws {
        for framing in [Framing.contentLength, .contentLengthAtTerminal, .lines] {
            let (value, _) = streamedValue(MadePieces(), length: 100)
            let streamed = Message.notification(Notification(method: "m", params: ["value": .streamed(value)]))
            let large = Array(Message.notification(Notification(method: "big", params: ["s": .string(String(repeating: "x", count: 1 << 17))])).serialized())
            let output = makeRawPipe()
            let connection = Connection(input: open("/dev/null", O_RDONLY), output: output.write, framing: framing)
            defer { connection.close() }
            try connection.send(streamed)
            try connection.write(body: large)
            try connection.send(.notification(Notification(method: "small")))
            let small = Message.notification(Notification(method: "small")).serialized()
            let expected = framing.frame(streamed.serialized()) + framing.frame(large) + framing.frame(small)
            XCTAssertEqual(readBytes(output.read, count: expected.count), expected, "\(framing)")
            closeRaw(output.read)
        }
    }

    /// `count` bytes, or fewer at the end of input.
    private func readBytes(_ fd: Int32, count: Int) -> [UInt8] {
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, count - bytes.count)) }
            guard got > 0 else { break }
            bytes += buffer[..<got]
        }
        return bytes
    }

    /// Reads one Content-Length frame's body.
    private func readFrame(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) {
                let header = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
                let length = Int(header.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))!
                if bytes.count - end.upperBound >= length { return Array(bytes[end.upperBound ..< end.upperBound + length]) }
            }
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard got > 0 else { return [] }
            bytes += buffer[..<got]
        }
    }
}

/// The pieces made so far, in order.
private final class MadePieces: @unchecked Sendable {
    private let condition = NSCondition()
    private var made: [Int] = []

    func record(_ k: Int) {
        condition.lock()
        made.append(k)
        condition.broadcast()
        condition.unlock()
    }

    var order: [Int] { condition.withLock { made } }

    func wait(for count: Int) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        condition.lock()
        defer { condition.unlock() }
        while made.count < count {
            if !condition.wait(until: deadline) { return made.count >= count }
        }
        return true
    }
}
