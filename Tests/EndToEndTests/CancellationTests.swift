import JSONRPC
import ThumbIndexJSON
import XCTest

final class CancellationTests: XCTestCase {
    func testCancelledSlowRequestEndsPromptlyWith32800() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        // Sorting 400k strings takes seconds in a debug build: long enough to cancel mid-way.
        let items: JSON = .array((0 ..< 400_000).map { .string("namn \($0 * 7919 % 400_009)") })
        let id = try server.start("thumbindex/sort", ["items": items])
        usleep(200_000)
        let sent = Date()
        try server.notify("$/cancelRequest", ["id": id.json])
        let response = try server.response(to: id, timeout: 20)
        let elapsed = Date().timeIntervalSince(sent)
        guard case .failure(let error) = response.result else { return XCTFail("the request was not cancelled") }
        XCTAssertEqual(error.code.rawValue, -32800)
        XCTAssertLessThan(elapsed, 1.0, "cancellation is answered at once, not when the work ends")
        // Exactly one reply: nothing more arrives for that id, and the server still answers.
        XCTAssertEqual(try server.result("thumbindex/indexTitles", [:])["locale"], "sv-SE")
        XCTAssertThrowsError(try server.response(to: id, timeout: 1))
        XCTAssertEqual(try server.shutdownAndExit(), 0)
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
