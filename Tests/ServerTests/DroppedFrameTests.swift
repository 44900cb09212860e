import JSONRPC
@testable import Server
import ThumbIndexJSON
import XCTest

/// A message dropped as malformed (a `didOpen` over the message limit): a request on the document it would have
/// opened says so, not only that the document is not open; the rest is served as before.
final class DroppedFrameTests: XCTestCase {
    func testARequestOnADocumentWhoseOpenWasDroppedSaysWhy() throws {
        let client = try InProcessServer(offering: nil)
        let symbols = { (uri: String) throws -> Result<JSON, ResponseError> in
            try client.response(to: client.request("textDocument/documentSymbol", documentParams(uri))).result
        }
        guard case .failure(let before) = try symbols("file:///huge.txt") else { return XCTFail("not open, yet answered") }
        XCTAssertFalse(before.message.contains("dropped"), before.message)
        let problem = "Content-Length '300000000' at byte 512 is over the limit of 268435456 bytes"
        let logged = client.store.logs(from: 0).count
        client.server.handle(.framingError(FramingError(problem, offset: 512)))
        XCTAssertEqual(client.store.shown, ["thumbindex dropped a message too large to read (\(problem)); if it opened a document, that document is not open"])
        XCTAssertGreaterThan(client.store.logs(from: 0).count, logged, "logged too")
        guard case .failure(let after) = try symbols("file:///huge.txt") else { return XCTFail("not open, yet answered") }
        XCTAssertEqual(after.code, -32602)
        XCTAssertTrue(after.message.hasPrefix("unknown document file:///huge.txt (not open)"), after.message)
        XCTAssertTrue(after.message.contains("a message was dropped at byte 512 (\(problem)): if it opened this document, it is too large to open"),
                      after.message)
        client.open("file:///small.txt", languageId: "plaintext", version: 1, text: "Bo\n")
        guard case .success = try symbols("file:///small.txt") else { return XCTFail("an open document is served") }
    }
}
