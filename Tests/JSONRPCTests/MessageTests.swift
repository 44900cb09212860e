import JSONRPC
import ThumbIndexJSON
import XCTest

final class MessageTests: XCTestCase {
    private func decode(_ text: String) throws -> Message {
        try Message(JSONParser().parse(text))
    }

    /// The error a message gets, or a failure if it is accepted.
    private func rejection(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> InvalidMessage? {
        do {
            let message = try Message(JSONParser().parse(text))
            XCTFail("expected rejection, got \(message)", file: file, line: line)
        } catch let error as InvalidMessage {
            XCTAssertEqual(error.error.code, .invalidRequest, file: file, line: line)
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
        return nil
    }

    // MARK: Error codes

    func testErrorCodeNumbers() {
        XCTAssertEqual(ErrorCode.parseError.rawValue, -32700)
        XCTAssertEqual(ErrorCode.invalidRequest.rawValue, -32600)
        XCTAssertEqual(ErrorCode.methodNotFound.rawValue, -32601)
        XCTAssertEqual(ErrorCode.invalidParams.rawValue, -32602)
        XCTAssertEqual(ErrorCode.internalError.rawValue, -32603)
    }

    func testErrorFactoriesUseTheirCodes() {
        XCTAssertEqual(ResponseError.parseError("x").code.rawValue, -32700)
        XCTAssertEqual(ResponseError.invalidRequest("x").code.rawValue, -32600)
        XCTAssertEqual(ResponseError.methodNotFound("foo/bar").code.rawValue, -32601)
        XCTAssertEqual(ResponseError.methodNotFound("foo/bar").message, "method not found: foo/bar")
        XCTAssertEqual(ResponseError.invalidParams("x").code.rawValue, -32602)
        XCTAssertEqual(ResponseError.internalError("x").code.rawValue, -32603)
    }

    func testErrorCodesAreOpen() {
        let custom = ErrorCode(rawValue: -31999)
        XCTAssertEqual(custom.rawValue, -31999)
        XCTAssertEqual(ErrorCode(rawValue: -32601), .methodNotFound)
    }

    // MARK: Decoding valid messages

    func testRequest() throws {
        let message = try decode(#"{"jsonrpc":"2.0","id":7,"method":"thumbindex/sort","params":{"items":["b","a"]}}"#)
        XCTAssertEqual(message, .request(Request(id: 7, method: "thumbindex/sort", params: ["items": ["b", "a"]])))
    }

    func testRequestWithStringIDAndArrayParams() throws {
        let message = try decode(#"{"jsonrpc":"2.0","id":"abc","method":"m","params":[1,2]}"#)
        XCTAssertEqual(message, .request(Request(id: "abc", method: "m", params: [1, 2])))
    }

    func testNotificationHasNoID() throws {
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#),
                       .notification(Notification(method: "initialized", params: [:])))
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","method":"exit"}"#),
                       .notification(Notification(method: "exit")))
    }

    func testNullParamsReadAsAbsent() throws {
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":null}"#),
                       .request(Request(id: 1, method: "shutdown")))
    }

    func testResponses() throws {
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":1,"result":null}"#),
                       .response(Response(id: 1, result: .null)))
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"nope","data":[1]}}"#),
                       .response(Response(id: "x", error: ResponseError(code: .methodNotFound, message: "nope", data: [1]))))
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#),
                       .response(Response(id: nil, error: .parseError("bad"))))
    }

    func testNumericIDsAreKeptExactlyAsWritten() throws {
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":3,"method":"m"}"#), .request(Request(id: 3, method: "m")))
        for literal in ["3.0", "1.5", "-9223372036854775809", "18446744073709551616", "1e400", "-0.0"] where Double(literal)?.isFinite ?? false {
            let message = try decode(#"{"jsonrpc":"2.0","id":\#(literal),"method":"m"}"#)
            guard case .request(let request) = message else { return XCTFail("\(message)") }
            XCTAssertEqual(request.id, .number(literal))
            let reply = Message.response(Response(id: request.id, result: .null))
            XCTAssertEqual(String(decoding: reply.serialized(), as: UTF8.self), #"{"jsonrpc":"2.0","id":\#(literal),"result":null}"#)
        }
    }

    // MARK: Rejections

    func testNotAnObject() {
        XCTAssertEqual(rejection("42")?.error.message, "a JSON-RPC message must be an object, got a number")
        XCTAssertNil(rejection(#""x""#)?.id)
    }

    func testMissingOrWrongVersion() {
        let missing = rejection(#"{"id":1,"method":"m"}"#)
        XCTAssertEqual(missing?.error.message, #"missing "jsonrpc": "2.0""#)
        XCTAssertEqual(missing?.id, 1, "the id is carried when it could be read")
        let wrong = rejection(#"{"jsonrpc":"1.0","id":"a","method":"m"}"#)
        XCTAssertEqual(wrong?.error.message, #"unsupported "jsonrpc": "1.0", expected "2.0""#)
        XCTAssertEqual(wrong?.id, "a")
        XCTAssertNotNil(rejection(#"{"jsonrpc":2.0,"id":1,"method":"m"}"#))
    }

    func testIDOfWrongType() {
        XCTAssertNil(rejection(#"{"jsonrpc":"2.0","id":{"a":1},"method":"m"}"#)?.id)
        XCTAssertEqual(rejection(#"{"jsonrpc":"2.0","id":[1],"method":"m"}"#)?.error.message,
                       #""id" must be an integer or a string, got an array"#)
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","id":true,"method":"m"}"#))
    }

    func testRequestWithNullID() {
        let error = rejection(#"{"jsonrpc":"2.0","id":null,"method":"m"}"#)
        XCTAssertNil(error?.id)
    }

    func testMethodMustBeAString() {
        XCTAssertEqual(rejection(#"{"jsonrpc":"2.0","id":2,"method":5}"#)?.error.message,
                       #""method" must be a string, got a number"#)
    }

    func testParamsMustBeStructured() {
        XCTAssertEqual(rejection(#"{"jsonrpc":"2.0","id":1,"method":"m","params":5}"#)?.error.message,
                       #""params" must be an object or an array, got a number"#)
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","method":"m","params":"text"}"#))
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","method":"m","params":true}"#))
    }

    func testResponseNeedsExactlyOneOfResultAndError() {
        let both = rejection(#"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}}"#)
        XCTAssertEqual(both?.error.message, #"a response must have exactly one of "result" and "error", not both"#)
        XCTAssertEqual(both?.id, 1)
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","id":1}"#))
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","result":1}"#), "a response needs an id")
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","id":1,"method":"m","result":1}"#))
    }

    func testMalformedErrorObject() {
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","id":1,"error":"bad"}"#))
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}"#))
        XCTAssertNotNil(rejection(#"{"jsonrpc":"2.0","id":1,"error":{"code":1}}"#))
    }

    // MARK: Encoding

    func testEncodingUsesConventionalMemberOrder() {
        func text(_ message: Message) -> String { String(decoding: message.serialized(), as: UTF8.self) }
        XCTAssertEqual(text(.request(Request(id: 1, method: "m", params: ["a": 1]))),
                       #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1}}"#)
        XCTAssertEqual(text(.notification(Notification(method: "n"))), #"{"jsonrpc":"2.0","method":"n"}"#)
        XCTAssertEqual(text(.response(Response(id: "r", result: ["ok": true]))),
                       #"{"jsonrpc":"2.0","id":"r","result":{"ok":true}}"#)
        XCTAssertEqual(text(.response(Response(id: nil, error: .parseError("bad JSON")))),
                       #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad JSON"}}"#)
        XCTAssertEqual(text(.response(Response(id: 3, error: ResponseError(code: .invalidParams, message: "m", data: [1])))),
                       #"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"m","data":[1]}}"#)
    }

    func testEncodeDecodeRoundTrip() throws {
        let messages: [Message] = [
            .request(Request(id: 1, method: "a", params: ["x": [1, 2.5, "é"]])),
            .request(Request(id: "s", method: "b")),
            .notification(Notification(method: "c", params: [nil, true])),
            .response(Response(id: 9, result: .null)),
            .response(Response(id: nil, error: .invalidRequest("why"))),
        ]
        for message in messages {
            XCTAssertEqual(try Message(JSONParser().parse(message.serialized())), message)
        }
    }

    func testAResponseWithSerializedResultIsWrittenAsTheValueItSpells() {
        var stream = JSONStream()
        stream.beginArray()
        stream.value(["name": "Å\"\n", "kind": -1])
        stream.endArray()
        let text = stream.finish()
        let expected: JSON = [["name": "Å\"\n", "kind": -1]]
        XCTAssertEqual(Message.response(Response(id: 1, result: .streamed(text))).serialized(),
                       Message.response(Response(id: 1, result: expected)).serialized())
    }
}
