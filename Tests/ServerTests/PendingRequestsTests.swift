import Foundation
import JSONRPC
@testable import Server
import ThumbIndexJSON
import XCTest

/// A request cancelled while its handler still runs gives up its id at once, and a client may send a new request with
/// it (JSON-RPC asks only that ids of requests in flight differ): the old handler, ending late, must then neither
/// answer the new request nor send its parts.
final class PendingRequestsTests: XCTestCase {
    func testALateHandlerOfACancelledRequestLeavesTheNewRequestWithItsIdAlone() throws {
        let replies = Replies()
        let pending = PendingRequests()
        let old = try XCTUnwrap(pending.begin(.int(7), reply: replies.record))
        pending.cancel(.int(7))
        let new = try XCTUnwrap(pending.begin(.int(7), reply: replies.record), "a cancelled request's id is free again")
        XCTAssertTrue(old.isCancelled)

        // The old handler ends after the new request arrived: its part and its answer go nowhere.
        XCTAssertFalse(pending.whilePending(.int(7), old) {}, "the old request's part after its cancellation")
        pending.finish(.int(7), old, .success("old"))
        XCTAssertEqual(pending.count, 1, "the new request is still in flight")

        XCTAssertTrue(pending.whilePending(.int(7), new) {})
        pending.finish(.int(7), new, .success("new"))
        let answers = replies.all.map(\.result)
        XCTAssertEqual(answers.count, 2, "one answer each")
        XCTAssertEqual(try? answers.last?.get(), "new")
        guard case .failure(let error)? = answers.first else { return XCTFail("the cancelled request's answer: \(answers)") }
        XCTAssertEqual(error.code, .requestCancelled)
        XCTAssertEqual(pending.count, 0)
    }
}

private final class Replies: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [Response] = []

    func record(_ response: Response) { lock.withLock { replies.append(response) } }
    var all: [Response] { lock.withLock { replies } }
}
