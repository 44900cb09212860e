import JSONRPC
import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// A cancelled request is answered at once, not when its work ends: shown as an order of events, with the work held
/// at a gate until the answer has come (a stopwatch would depend on how fast the machine sorts).
final class CancellationOrderTests: XCTestCase {
    func testACancelledSortIsAnsweredWhileItsWorkIsStillHeld() async throws {
        let gate = Gate()
        let pair = try await InProcessPair.start(locale: "sv_SE", instrumentation: ServerInstrumentation(willHandle: { method in
            if method == SortRequest.method { gate.pass(method) }
        }))
        let sorting = Task { try await pair.client.sort([SortItem("Östen"), SortItem("Anna")]) }
        try await waitUntil("the sort to reach its handler") { gate.arrivals.count == 1 }
        sorting.cancel()
        do {
            _ = try await withDeadline("the cancelled sort's answer while its work is held", seconds: 60) { try await sorting.value }
            XCTFail("a cancelled sort must not answer")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .requestCancelled)
        } catch is CancellationError {}
        gate.open()
        // The server goes on, and the held work does not answer a second time (the client would drop it; the next
        // request's answer is still its own).
        let titles = try await withDeadline("a request after the cancelled one") { try await pair.client.indexTitles() }
        XCTAssertEqual(titles.locale, "sv-SE")
    }
}
