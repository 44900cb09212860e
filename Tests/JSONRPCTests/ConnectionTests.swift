import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class ConnectionTests: XCTestCase {
    func testRequestAndResponseBothWays() throws {
        let (client, server) = try Connection.pair()
        defer { client.close(); server.close() }

        // The server answers requests and also calls the client back.
        server.start { incoming in
            guard case .message(.request(let request)) = incoming else { return }
            try? server.send(.request(Request(id: "s1", method: "client/ping")))
            try? server.send(.response(Response(id: request.id, result: ["echo": request.params ?? nil])))
        }
        let atClient = Received()
        client.start { incoming in
            atClient.append(incoming)
            if case .message(.request(let request)) = incoming {
                try? client.send(.response(Response(id: request.id, result: "pong")))
            }
        }
        try client.send(.request(Request(id: 1, method: "echo", params: ["text": "Åsa 😀"])))
        XCTAssertTrue(atClient.wait(for: 2))
        XCTAssertEqual(atClient.events, [
            .message(.request(Request(id: "s1", method: "client/ping"))),
            .message(.response(Response(id: 1, result: ["echo": ["text": "Åsa 😀"]]))),
        ])
    }

    func testManyThreadsSendingAtOnceNeverInterleave() throws {
        let (client, server) = try Connection.pair()
        defer { client.close(); server.close() }
        let received = Received()
        client.start { received.append($0) }

        // Each message is far larger than PIPE_BUF, so unguarded writes would interleave.
        let threads = 8
        let perThread = 40
        let padding = String(repeating: "x", count: 20_000)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for number in 0..<perThread {
                let id = thread * 1000 + number
                try? server.send(.notification(Notification(method: "n", params: ["id": .int(Int64(id)), "pad": .string(padding)])))
            }
        }
        XCTAssertTrue(received.wait(for: threads * perThread, timeout: 30))
        var ids = Set<Int>()
        for event in received.events {
            guard case .message(.notification(let notification)) = event, let id = notification.params?["id"]?.intValue,
                  notification.params?["pad"]?.stringValue == padding else {
                return XCTFail("garbled: \(String(describing: event).prefix(200))")
            }
            ids.insert(id)
        }
        XCTAssertEqual(ids.count, threads * perThread)
    }

    func testLargeMessage() throws {
        let (client, server) = try Connection.pair()
        defer { client.close(); server.close() }
        let received = Received()
        client.start { received.append($0) }
        let items = JSON.array((0..<50_000).map { .string("item \($0)") })
        try server.send(.response(Response(id: 1, result: ["items": items])))
        XCTAssertTrue(received.wait(for: 1))
        XCTAssertEqual(received.events.first, .message(.response(Response(id: 1, result: ["items": items]))))
    }

    func testLineFraming() throws {
        let (client, server) = try Connection.pair(framing: .lines)
        defer { client.close(); server.close() }
        let received = Received()
        server.start { received.append($0) }
        try client.send(.notification(Notification(method: "a", params: ["text": "line\nbreak"])))
        try client.send(.request(Request(id: 2, method: "b")))
        XCTAssertTrue(received.wait(for: 2))
        XCTAssertEqual(received.events, [
            .message(.notification(Notification(method: "a", params: ["text": "line\nbreak"]))),
            .message(.request(Request(id: 2, method: "b"))),
        ])
    }

    func testPeerClosingGivesEOF() throws {
        let (client, server) = try Connection.pair()
        let received = Received()
        server.start { received.append($0) }
        try client.send(.notification(Notification(method: "exit")))
        client.close()
        XCTAssertTrue(server.waitUntilReaderFinished(timeout: 10))
        XCTAssertEqual(received.events, [.message(.notification(Notification(method: "exit"))), .eof])
        server.close()
    }

    /// A connection reading raw bytes written by the test.
    private func rawInput(framing: Framing = .contentLength) -> (connection: Connection, writer: Int32, received: Received) {
        let input = makeRawPipe()
        let output = open("/dev/null", O_WRONLY)
        let connection = Connection(input: input.read, output: output, framing: framing)
        let received = Received()
        connection.start { received.append($0) }
        return (connection, input.write, received)
    }

    func testEOFMidBodyIsReported() {
        let (connection, writer, received) = rawInput()
        defer { connection.close() }
        writeRaw(writer, "Content-Length: 2\r\n\r\n{}Content-Length: 50\r\n\r\n{\"jsonrpc\"")
        closeRaw(writer)
        XCTAssertTrue(connection.waitUntilReaderFinished(timeout: 10))
        let events = received.events
        XCTAssertEqual(events.count, 3)
        guard events.count == 3, case .invalid(let invalid) = events[0] else { return XCTFail("\(events)") }
        XCTAssertEqual(invalid.error.code, .invalidRequest, "{} is JSON but not a message")
        XCTAssertEqual(events[1], .framingError(FramingError(
            "end of input after 10 of the 50 body bytes of the message starting at byte 23", offset: 23)))
        XCTAssertEqual(events[2], .eof)
    }

    func testBadInputIsDeliveredAndTheStreamGoesOn() {
        let (connection, writer, received) = rawInput()
        defer { connection.close() }
        writeRaw(writer, "Content-Length: 5\r\n\r\n{bad}")
        writeRaw(writer, "Content-Length: x\r\n\r\n")
        writeRaw(writer, String(decoding: Framing.contentLength.frame(Message.notification(Notification(method: "ok")).serialized()),
                                as: UTF8.self))
        XCTAssertTrue(received.wait(for: 3))
        let events = received.events
        guard case .invalid(let parseError) = events[0] else { return XCTFail("\(events)") }
        XCTAssertEqual(parseError.error.code.rawValue, -32700)
        XCTAssertNil(parseError.id)
        guard case .framingError(let framingError) = events[1] else { return XCTFail("\(events)") }
        XCTAssertTrue(framingError.message.contains("invalid Content-Length 'x'"))
        XCTAssertEqual(events[2], .message(.notification(Notification(method: "ok"))))
        closeRaw(writer)
    }

    func testHostileNestingOnTheReaderThreadIsAParseError() {
        let (connection, writer, received) = rawInput()
        defer { connection.close() }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        for body in [deep, fine] {
            writeRaw(writer, String(decoding: Framing.contentLength.frame(Array(body.utf8)), as: UTF8.self))
        }
        XCTAssertTrue(received.wait(for: 2))
        guard case .invalid(let tooDeep) = received.events.first, case .batch(let batch) = received.events.last else {
            return XCTFail("\(received.events.map { String(describing: $0).prefix(100) })")
        }
        XCTAssertEqual(tooDeep.error.code, .parseError)
        XCTAssertEqual(tooDeep.error.message, "invalid JSON: JSON nested deeper than 512 levels (at byte 512)")
        XCTAssertEqual(batch.count, 1, "512 levels are accepted (and then rejected as a message, not as JSON)")
        closeRaw(writer)
    }

    func testCloseStopsTheReaderWhileThePeerIsSilent() throws {
        let (client, server) = try Connection.pair()
        let received = Received()
        server.start { received.append($0) }
        server.close()
        XCTAssertTrue(server.waitUntilReaderFinished(timeout: 10))
        XCTAssertTrue(received.events.isEmpty, "no events after close()")
        client.close()
    }

    func testSendAfterCloseThrows() throws {
        let (client, server) = try Connection.pair()
        client.close()
        XCTAssertThrowsError(try client.send(.notification(Notification(method: "m")))) { error in
            XCTAssertEqual((error as? ConnectionError)?.message, "the connection is closed")
        }
        server.close()
    }

    func testWritingToAGonePeerFailsWithEPIPE() {
        let pipe = makeRawPipe()
        closeRaw(pipe.read)
        let connection = Connection(input: open("/dev/null", O_RDONLY), output: pipe.write)
        defer { connection.close() }
        // Sending only queues; the writer meets EPIPE, and from then on every send throws it.
        try? connection.send(.notification(Notification(method: "m")))
        XCTAssertTrue(connection.flush(timeout: 10))
        XCTAssertEqual(connection.writeFailure?.errno, EPIPE)
        XCTAssertThrowsError(try connection.send(.notification(Notification(method: "m")))) { error in
            XCTAssertEqual((error as? ConnectionError)?.errno, EPIPE)
        }
    }

    func testSendingNeverBlocksAndCloseReturnsWhileThePeerDoesNotRead() throws {
        let (client, server) = try Connection.pair()
        defer { client.close() }
        // Far more than a pipe holds; nobody reads the client's end.
        // On another thread, with a deadline: sending that blocked would never return, so the test fails rather than
        // hangs (no stopwatch: "never blocks" is "returns at all while the peer reads nothing").
        let body = String(repeating: "x", count: 60_000)
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        DispatchQueue.global().async {
            do {
                for _ in 0 ..< 100 { try server.send(.notification(Notification(method: "m", params: [.string(body)]))) }
                outcome.set(pending: server.pendingOutputBytes, flushed: server.flush(timeout: 0.2))
                server.close()
            } catch {
                outcome.fail("\(error)")
            }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success, "sending or closing blocked while the peer does not read")
        let (pending, flushed, failure) = outcome.value
        XCTAssertNil(failure)
        XCTAssertGreaterThan(pending ?? 0, 1 << 20)
        XCTAssertEqual(flushed, false, "the peer reads nothing")
    }

    func testReaderPausesWhileRepliesAreUnreadAndResumesWhenTheyAre() throws {
        let pipes = (toServer: makeRawPipe(), toClient: makeRawPipe())
        let server = Connection(input: pipes.toServer.read, output: pipes.toClient.write, outboxLimit: 100_000)
        defer { server.close() }
        let handled = Received()
        server.start { incoming in
            handled.append(incoming)
            // Each request gets a 10 kB reply.
            try? server.send(.notification(Notification(method: "r", params: [.string(String(repeating: "y", count: 10_000))])))
        }
        let writer = Connection(input: open("/dev/null", O_RDONLY), output: pipes.toServer.write)
        defer { writer.close() }
        for id in 0 ..< 2000 { try writer.send(.request(Request(id: .int(id), method: "m"))) }
        // Nobody reads the replies, so the outbox grows past its limit, and from then on the reader must hand nothing
        // over. Wait for that state (not for a second to pass).
        let deadline = Date(timeIntervalSinceNow: 120)
        while server.pendingOutputBytes <= 100_000 && Date() < deadline { usleep(1_000) }
        XCTAssertGreaterThan(server.pendingOutputBytes, 100_000, "the outbox filled while nobody read (waited 120 s)")
        let whilePaused = handled.events.count
        XCTAssertLessThan(whilePaused, 2000, "the reader stopped while replies piled up")
        XCTAssertLessThan(server.pendingOutputBytes, 100_000 + 20_000, "at most one reply past the limit")
        // Now read the replies: the server goes on until every request is handled.
        let reader = Connection(input: pipes.toClient.read, output: open("/dev/null", O_WRONLY))
        defer { reader.close() }
        let replies = Received()
        reader.start { replies.append($0) }
        XCTAssertTrue(handled.wait(for: 2000, timeout: 30))
        XCTAssertTrue(replies.wait(for: 2000, timeout: 30))
    }

    func testReaderFinishesAtEndOfAFile() {
        // stdin redirected from a file: poll always says readable, read returns 0 at the end.
        let path = NSTemporaryDirectory() + "jsonrpc-\(UUID().uuidString).txt"
        let body = Message.request(Request(id: 1, method: "m")).serialized()
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(Framing.contentLength.frame(body))))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let connection = Connection(input: open(path, O_RDONLY), output: open("/dev/null", O_WRONLY))
        let received = Received()
        connection.start { received.append($0) }
        XCTAssertTrue(connection.waitUntilReaderFinished(timeout: 10))
        XCTAssertEqual(received.events, [.message(.request(Request(id: 1, method: "m"))), .eof])
        connection.close()
    }

    func testStreamOfEvents() async throws {
        let (client, server) = try Connection.pair()
        let events = server.startStream()
        try client.send(.notification(Notification(method: "one")))
        try client.send(.notification(Notification(method: "two")))
        client.close()
        // With a deadline: a stream that never ended would otherwise hang the test.
        let methods = await withTaskGroup(of: [String]?.self) { group in
            group.addTask {
                var methods: [String] = []
                for await event in events {
                    switch event {
                    case .message(let message): methods.append(message.method ?? "?")
                    case .eof: methods.append("eof")
                    default: methods.append("\(event)")
                    }
                }
                return methods
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: 120_000_000_000)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        XCTAssertEqual(methods, ["one", "two", "eof"], "nil: the stream did not end within 120 s")
        server.close()
    }

    func testWaitingWithoutStartingReturnsAtOnce() throws {
        let (client, server) = try Connection.pair()
        XCTAssertTrue(server.waitUntilReaderFinished(timeout: 0.1))
        client.close()
        server.close()
        server.close()  // idempotent
    }
}

/// What a sender on another thread saw.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: Int?
    private var flushed: Bool?
    private var failure: String?

    func set(pending: Int, flushed: Bool) { lock.withLock { (self.pending, self.flushed) = (pending, flushed) } }
    func fail(_ message: String) { lock.withLock { failure = message } }
    var value: (pending: Int?, flushed: Bool?, failure: String?) { lock.withLock { (pending, flushed, failure) } }
}
