import JSONRPC
import ThumbIndexJSON
import XCTest

/// Malformed input of every kind: each gets the right error (or is ignored as the spec says), the
/// process lives on, and the open document is intact afterwards.
final class BadInputTests: XCTestCase {
    var server: ServerProcess!
    let names = "Östen\nAnna\nÅsa\n"

    override func setUpWithError() throws {
        server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        try server.open("file:///keep.txt", names)
    }

    override func tearDownWithError() throws {
        // After every kind of bad input: alive, answering, and the document unchanged.
        XCTAssertEqual(try server.entryNames("file:///keep.txt"), ["Anna", "Åsa", "Östen"])
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func errorResponse(id: RequestID? = nil) throws -> ResponseError {
        let response = try server.response(to: id)
        guard case .failure(let error) = response.result else { throw TimedOut("expected an error, got \(response)") }
        return error
    }

    func testInvalidJSON() throws {
        try server.sendFrame("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ")
        XCTAssertEqual(try errorResponse().code.rawValue, -32700)
    }

    func testInvalidUTF8() throws {
        let body = Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)
        try server.sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        XCTAssertEqual(try errorResponse().code.rawValue, -32700)
    }

    func testMissingContentLength() throws {
        try server.sendRaw("Content-Type: application/vscode-jsonrpc\r\n\r\n{}")
        XCTAssertEqual(try errorResponse().code.rawValue, -32700)
    }

    func testNonNumericContentLength() throws {
        try server.sendRaw("Content-Length: twelve\r\n\r\n")
        XCTAssertEqual(try errorResponse().code.rawValue, -32700)
    }

    func testNegativeAndHugeContentLength() throws {
        try server.sendRaw("Content-Length: -5\r\n\r\n")
        XCTAssertEqual(try errorResponse().code.rawValue, -32700)
        try server.sendRaw("Content-Length: 99999999999999999999\r\n\r\n")
        XCTAssertEqual(try errorResponse().code.rawValue, -32700)
    }

    func testNotAnObject() throws {
        try server.sendFrame("42")
        XCTAssertEqual(try errorResponse().code.rawValue, -32600)
        try server.sendFrame("\"hello\"")
        XCTAssertEqual(try errorResponse().code.rawValue, -32600)
    }

    func testMissingOrWrongJSONRPCVersion() throws {
        try server.sendFrame("{\"id\": 5, \"method\": \"thumbindex/indexTitles\"}")
        XCTAssertEqual(try errorResponse(id: 5).code.rawValue, -32600)
        try server.sendFrame("{\"jsonrpc\": \"1.0\", \"id\": 6, \"method\": \"thumbindex/indexTitles\"}")
        XCTAssertEqual(try errorResponse(id: 6).code.rawValue, -32600)
    }

    func testIdOfWrongType() throws {
        try server.sendFrame("{\"jsonrpc\": \"2.0\", \"id\": {\"a\": 1}, \"method\": \"thumbindex/indexTitles\"}")
        XCTAssertEqual(try errorResponse().code.rawValue, -32600)
    }

    func testMethodOfWrongType() throws {
        try server.sendFrame("{\"jsonrpc\": \"2.0\", \"id\": 8, \"method\": 12}")
        XCTAssertEqual(try errorResponse(id: 8).code.rawValue, -32600)
    }

    func testParamsNotStructured() throws {
        try server.sendFrame("{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": \"thumbindex/indexTitles\", \"params\": 3}")
        XCTAssertEqual(try errorResponse(id: 9).code.rawValue, -32600)
    }

    func testWrongParamTypes() throws {
        XCTAssertEqual(try server.errorCode("thumbindex/indexTitles", ["locale": 12]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/entries", ["textDocument": ["uri": "file:///keep.txt"], "offset": "zero", "limit": 5]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/entries", ["textDocument": ["uri": "file:///keep.txt"], "offset": 1.5, "limit": 5]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/sort", ["items": "abc"]), -32602)
        XCTAssertEqual(try server.errorCode("textDocument/documentSymbol", ["textDocument": "file:///keep.txt"]), -32602)
    }

    func testMissingParams() throws {
        XCTAssertEqual(try server.errorCode("textDocument/documentSymbol"), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/entries", ["textDocument": ["uri": "file:///keep.txt"]]), -32602)
        XCTAssertEqual(try server.errorCode("workspace/symbol", [:]), -32602)
    }

    func testUnknownDocument() throws {
        let response = try server.request("thumbindex/sections", ["textDocument": ["uri": "file:///missing.txt"]])
        guard case .failure(let error) = response.result else { return XCTFail() }
        XCTAssertEqual(error.code.rawValue, -32602)
        XCTAssertTrue(error.message.contains("file:///missing.txt"))
    }

    func testNegativeAndHugeNumbers() throws {
        let doc: JSON = ["uri": "file:///keep.txt"]
        XCTAssertEqual(try server.errorCode("thumbindex/entries", ["textDocument": doc, "offset": -1, "limit": 5]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/entries", ["textDocument": doc, "offset": 0, "limit": 1e300]), -32602)
        try server.sendFrame("{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"thumbindex/entries\",\"params\":{\"textDocument\":{\"uri\":\"file:///keep.txt\"},\"offset\":123456789012345678901234567890,\"limit\":5}}")
        XCTAssertEqual(try errorResponse(id: 11).code.rawValue, -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/indexTitles", ["maxIndexTitles": 9_223_372_036_854_775_807]), -32602)
    }

    func testOutOfRangePositionsInAnEditAreRefused() throws {
        try server.change("file:///keep.txt", version: 2, [["range": range(0, 0, 400, 0), "text": ""]])
        _ = try server.logMessage(containing: "past the end")
        try server.change("file:///keep.txt", version: 3, [["range": range(-1, 0, 0, 0), "text": ""]])
        _ = try server.logMessage(containing: "didChange")
    }

    func testDeeplyNestedJSON() throws {
        let depth = 100_000
        try server.sendFrame("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"thumbindex/sort\",\"params\":{\"items\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}")
        XCTAssertEqual(try errorResponse().code.rawValue, -32700)
    }

    func testRequestIdReusedWhilePending() throws {
        let items: JSON = .array((0 ..< 150_000).map { .string("name \($0 * 7919 % 150_001)") })
        try server.start("thumbindex/sort", ["items": items], id: "dup")
        try server.start("thumbindex/indexTitles", [:], id: "dup")
        let first = try server.response(to: "dup")
        let second = try server.response(to: "dup")
        let codes = [first, second].map { response -> Int? in
            if case .failure(let error) = response.result { return error.code.rawValue }
            return nil
        }
        XCTAssertTrue(codes.contains(-32600), "the reused id is refused: \(codes)")
        XCTAssertTrue(codes.contains(nil), "the first request still succeeds")
    }

    func testBatches() throws {
        try server.sendFrame("""
            [{"jsonrpc":"2.0","id":"b1","method":"thumbindex/sectionFor","params":{"strings":["Åsa"]}},
             {"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}},
             {"jsonrpc":"2.0","id":"b2","method":"nope"},
             {"foo":"bar"}]
            """)
        let replies = try server.batch()
        XCTAssertEqual(replies.count, 3)
        let byID = Dictionary(replies.compactMap { message -> (String, Response)? in
            guard case .response(let r) = message else { return nil }
            if case .string(let s)? = r.id { return (s, r) }
            return ("null", r)
        }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(try byID["b1"]?.result.get()["sections"], [26])
        if case .failure(let e)? = byID["b2"]?.result { XCTAssertEqual(e.code.rawValue, -32601) } else { XCTFail() }
        if case .failure(let e)? = byID["null"]?.result { XCTAssertEqual(e.code.rawValue, -32600) } else { XCTFail() }
        try server.sendFrame("[]")
        XCTAssertEqual(try errorResponse().code.rawValue, -32600)
    }

    func testTruncatedBodyFollowedByAValidMessage() throws {
        // A frame whose header promises more than the body has swallows what follows; the stream must
        // still recover once the promised bytes have arrived.
        try server.sendRaw("Content-Length: 30\r\n\r\n{\"jsonrpc\":\"2.0\"")
        try server.sendRaw("              ")
        XCTAssertEqual(try errorResponse().code.rawValue, -32700)
        XCTAssertEqual(try server.result("thumbindex/sectionFor", ["strings": ["Ö"]])["sections"], [28])
    }

    func testBadNotificationsAreLoggedNotFatal() throws {
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///x"]])
        _ = try server.logMessage(containing: "didOpen")
        try server.notify("textDocument/didChange", ["contentChanges": 5])
        _ = try server.logMessage(containing: "didChange")
        try server.notify("$/cancelRequest", ["id": ["nested": true]])
    }

    func testResponsesFromTheClientAreIgnored() throws {
        try server.sendFrame("{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}")
        try server.sendFrame("{\"jsonrpc\":\"2.0\",\"id\":98,\"error\":{\"code\":-1,\"message\":\"x\"}}")
    }

    func testLFOnlyHeadersAreRefusedAndTheStreamRecovers() throws {
        try server.sendRaw("Content-Length: 2\n\n{}")
        try server.sendRaw("\r\n\r\n")
        _ = try errorResponse()
    }
}
