import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

final class BatchTests: XCTestCase {
    private func incoming(_ text: String) -> Incoming {
        Incoming.decode(frame: Array(text.utf8))
    }

    /// Records what a collector sends.
    private final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private var _batches: [[Message]] = []
        var batches: [[Message]] { lock.withLock { _batches } }
        func send(_ batch: [Message]) { lock.withLock { _batches.append(batch) } }
    }

    func testSingleMessageAndParseError() {
        XCTAssertEqual(incoming(#"{"jsonrpc":"2.0","method":"m"}"#), .message(.notification(Notification(method: "m"))))
        guard case .invalid(let invalid) = incoming(#"{"jsonrpc":"2.0",}"#) else { return XCTFail() }
        XCTAssertEqual(invalid.error.code, .parseError)
        XCTAssertNil(invalid.id)
        XCTAssertEqual(invalid.error.message, "invalid JSON: unexpected '}' at byte 17, expected a string key")
    }

    func testInvalidRequestCarriesID() {
        guard case .invalid(let invalid) = incoming(#"{"jsonrpc":"2.0","id":5,"method":1}"#) else { return XCTFail() }
        XCTAssertEqual(invalid.response, Response(id: 5, error: invalid.error))
        XCTAssertEqual(invalid.error.code.rawValue, -32600)
    }

    func testEmptyBatchIsAnInvalidRequest() {
        guard case .invalid(let invalid) = incoming("[]") else { return XCTFail() }
        XCTAssertEqual(invalid.error.code, .invalidRequest)
        XCTAssertNil(invalid.id)
    }

    func testBatchElementsAreValidatedOneByOne() {
        let event = incoming(#"[{"jsonrpc":"2.0","id":1,"method":"a"}, 1, {"jsonrpc":"2.0","method":"n"}, {"id":2}]"#)
        guard case .batch(let elements) = event else { return XCTFail("\(event)") }
        XCTAssertEqual(elements.count, 4)
        XCTAssertEqual(try elements[0].get(), .request(Request(id: 1, method: "a")))
        guard case .failure(let second) = elements[1], case .failure(let fourth) = elements[3] else { return XCTFail() }
        XCTAssertNil(second.id)
        XCTAssertEqual(fourth.id, 2)
        XCTAssertEqual(try elements[2].get(), .notification(Notification(method: "n")))
    }

    func testCollectorSendsOneArrayInBatchOrderOnceComplete() {
        guard case .batch(let elements) = incoming(
            #"[{"jsonrpc":"2.0","id":1,"method":"a"}, {"jsonrpc":"2.0","method":"n"}, 7, {"jsonrpc":"2.0","id":"b","method":"b"}]"#
        ) else { return XCTFail() }
        let sink = Sink()
        let collector = BatchCollector(elements) { sink.send($0) }
        XCTAssertTrue(sink.batches.isEmpty)
        collector.replier(for: 3)(Response(id: "b", result: "B"))
        XCTAssertTrue(sink.batches.isEmpty, "waits for every request")
        collector.replier(for: 1)(Response(id: 99, result: nil))  // a notification's: nothing to answer
        XCTAssertTrue(sink.batches.isEmpty, "a notification's answer completes nothing")
        collector.replier(for: 0)(Response(id: 1, result: "A"))
        collector.replier(for: 0)(Response(id: 1, result: "again"))  // a second answer is ignored
        XCTAssertEqual(sink.batches.count, 1)
        let replies = sink.batches.first ?? []
        XCTAssertEqual(replies.count, 3, "no reply for the notification")
        XCTAssertEqual(replies[0], .response(Response(id: 1, result: "A")))
        guard case .response(let invalid) = replies[1] else { return XCTFail() }
        XCTAssertNil(invalid.id)
        guard case .failure = invalid.result else { return XCTFail("the invalid element is answered with an error") }
        XCTAssertEqual(replies[2], .response(Response(id: "b", result: "B")))
    }

    func testRepliesKeepBatchOrderWhenIdsRepeat() {
        guard case .batch(let elements) = incoming(
            #"[{"jsonrpc":"2.0","id":1,"method":"slow"}, {"jsonrpc":"2.0","id":1,"method":"fast"}, {"jsonrpc":"2.0","id":2,"method":"x"}]"#
        ) else { return XCTFail() }
        let sink = Sink()
        let collector = BatchCollector(elements) { sink.send($0) }
        // Answered in reverse order; the second request with id 1 is answered before the first.
        collector.replier(for: 2)(Response(id: 2, result: "x"))
        collector.replier(for: 1)(Response(id: 1, result: "fast"))
        collector.replier(for: 0)(Response(id: 1, result: "slow"))
        XCTAssertEqual(sink.batches, [[.response(Response(id: 1, result: "slow")), .response(Response(id: 1, result: "fast")),
                                       .response(Response(id: 2, result: "x"))]])
    }

    func testCollectorSendsNothingForABatchOfNotifications() {
        guard case .batch(let elements) = incoming(#"[{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","method":"m"}]"#)
        else { return XCTFail() }
        let sink = Sink()
        _ = BatchCollector(elements) { sink.send($0) }
        XCTAssertTrue(sink.batches.isEmpty)
    }

    func testCollectorAnswersAllInvalidBatchAtOnce() {
        guard case .batch(let elements) = incoming("[1,2,3]") else { return XCTFail() }
        let sink = Sink()
        _ = BatchCollector(elements) { sink.send($0) }
        XCTAssertEqual(sink.batches.count, 1)
        XCTAssertEqual(sink.batches.first?.count, 3)
    }

    func testBatchOnTheWireIsOneArray() throws {
        let (client, server) = try Connection.pair()
        defer { client.close(); server.close() }
        let received = Received()
        client.start { received.append($0) }
        try server.send(batch: [.response(Response(id: 1, result: 1)), .response(Response(id: 2, result: 2))])
        try server.send(batch: [])  // nothing at all goes out
        try server.send(.notification(Notification(method: "after")))
        XCTAssertTrue(received.wait(for: 2))
        guard case .batch(let elements) = received.events.first else { return XCTFail("\(received.events)") }
        XCTAssertEqual(elements.count, 2)
        XCTAssertEqual(received.events.last, .message(.notification(Notification(method: "after"))))
    }
}
