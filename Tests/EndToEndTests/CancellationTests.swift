import JSONRPC
import ThumbIndexJSON
import XCTest

final class CancellationTests: XCTestCase {
    /// The binary answers a cancelled request with -32800, once. That the answer does not wait for the work is an
    /// order of events, shown in process where the work can be held: `CancellationOrderTests`.
    func testCancelledSlowRequestIsAnsweredOnceWith32800() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        let items: JSON = .array((0 ..< 400_000).map { .string("namn \($0 * 7919 % 400_009)") })
        let id = try server.start("thumbindex/sort", ["items": items])
        // The pipe keeps the order: the server has the request before the cancellation.
        try server.notify("$/cancelRequest", ["id": id.json])
        let response = try server.response(to: id, timeout: 120)
        guard case .failure(let error) = response.result else { return XCTFail("the request was not cancelled") }
        XCTAssertEqual(error.code.rawValue, -32800)
        XCTAssertEqual(try server.result("thumbindex/indexTitles", [:])["locale"], "sv-SE")
        // Exactly one reply: shutdown is answered after every request before it has finished (its handler too), so
        // a second reply for that id would have come before shutdown's.
        guard case .success(.null) = try server.request("shutdown", nil, timeout: 120).result else { return XCTFail("shutdown failed") }
        XCTAssertThrowsError(try server.response(to: id, timeout: 0), "a second reply to the cancelled request")
        try server.notify("exit", nil)
        XCTAssertEqual(try server.waitForExit(timeout: 120), 0)
    }

    func testCancellingAFinishedOrUnknownRequestIsHarmless() throws {
        let server = try ServerProcess()
        try server.initialize()
        let id = try server.start("thumbindex/indexTitles", [:])
        _ = try server.response(to: id)
        try server.notify("$/cancelRequest", ["id": id.json])
        try server.notify("$/cancelRequest", ["id": "never-sent"])
        XCTAssertEqual(try server.result("thumbindex/indexTitles", [:])["locale"], "sv-SE")
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
