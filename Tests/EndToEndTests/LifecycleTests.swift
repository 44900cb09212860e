import JSONRPC
import XCTest

/// A whole session through the real binary, as an editor drives it.
final class LifecycleTests: XCTestCase {
    func testWholeSession() throws {
        let server = try ServerProcess()
        let result = try server.initialize(locale: "sv_SE")
        let capabilities = try XCTUnwrap(result["capabilities"])
        XCTAssertEqual(capabilities["positionEncoding"], "utf-16")
        XCTAssertEqual(capabilities["textDocumentSync"]?["change"], 2)
        XCTAssertNotNil(capabilities["documentSymbolProvider"])
        XCTAssertEqual(result["serverInfo"]?["name"], "thumbindex")
        try server.open("file:///names.txt", "Östen\nAnna\nÅsa\nBrown\n")
        let symbols = try server.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///names.txt"]])
        XCTAssertEqual(symbols.arrayValue?.compactMap { $0["name"]?.stringValue }, ["A", "B", "Å", "Ö"])
        try server.notify("textDocument/didClose", ["textDocument": ["uri": "file:///names.txt"]])
        XCTAssertEqual(try server.errorCode("textDocument/documentSymbol", ["textDocument": ["uri": "file:///names.txt"]]), -32602)
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testExitWithoutShutdownExitsWithOne() throws {
        let server = try ServerProcess()
        try server.initialize()
        try server.notify("exit")
        XCTAssertEqual(try server.waitForExit(), 1)
    }

    func testStartsWithNoArgumentsAndWithStdioFlag() throws {
        for arguments in [[], ["--stdio"], ["serve"], ["serve", "--stdio"]] {
            let server = try ServerProcess(arguments: arguments)
            try server.initialize()
            XCTAssertEqual(try server.shutdownAndExit(), 0, "\(arguments)")
        }
    }

    func testRequestsBeforeInitializeAndAfterShutdown() throws {
        let server = try ServerProcess()
        XCTAssertEqual(try server.errorCode("thumbindex/indexTitles", [:]), -32002)
        try server.initialize()
        XCTAssertEqual(try server.errorCode("initialize", ["capabilities": [:]]), -32600)
        _ = try server.result("shutdown")
        XCTAssertEqual(try server.errorCode("thumbindex/indexTitles", [:]), -32600)
        try server.notify("exit")
        XCTAssertEqual(try server.waitForExit(), 0)
    }

    func testUnknownRequestsAndNotifications() throws {
        let server = try ServerProcess()
        try server.initialize()
        XCTAssertEqual(try server.errorCode("thumbindex/noSuchThing", [:]), -32601)
        XCTAssertEqual(try server.errorCode("textDocument/hover", [:]), -32601)
        try server.notify("thumbindex/whatever", ["x": 1])
        try server.notify("$/progress", ["token": 1, "value": [:]])
        try server.notify("$/setTrace", ["value": "verbose"])
        XCTAssertEqual(try server.result("thumbindex/indexTitles", ["locale": "en"])["locale"], "en")
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testPositionEncodingNegotiation() throws {
        for (offered, chosen) in [(nil, "utf-16"), (["utf-16"], "utf-16"), (["utf-16", "utf-8"], "utf-8"), (["utf-32", "utf-16"], "utf-32")] as [([String]?, String)] {
            let server = try ServerProcess()
            let result = try server.initialize(encodings: offered)
            XCTAssertEqual(result["capabilities"]?["positionEncoding"]?.stringValue, chosen)
            XCTAssertEqual(try server.shutdownAndExit(), 0)
        }
    }

    func testLocaleFromInitializeParamsAndEnvironment() throws {
        let server = try ServerProcess(environment: ["LANG": "ja_JP.UTF-8", "PATH": "/usr/bin:/bin"])
        _ = try server.result("initialize", ["capabilities": [:], "locale": "ko"])
        XCTAssertEqual(try server.result("thumbindex/indexTitles", [:])["locale"], "ko")
        XCTAssertEqual(try server.shutdownAndExit(), 0)
        let fromEnvironment = try ServerProcess(environment: ["LANG": "ja_JP.UTF-8", "PATH": "/usr/bin:/bin"])
        _ = try fromEnvironment.result("initialize", ["capabilities": [:]])
        XCTAssertEqual(try fromEnvironment.result("thumbindex/indexTitles", [:])["locale"], "ja-JP")
        XCTAssertEqual(try fromEnvironment.shutdownAndExit(), 0)
    }

    func testBadLocaleInOptionsIsReportedAndEnglishUsed() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "xx_YY")
        XCTAssertTrue(try server.logMessage(containing: "xx").contains("unknown locale"))
        XCTAssertEqual(try server.result("thumbindex/indexTitles", [:])["locale"], "en")
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testMessagesAfterExitAreNotRead() throws {
        let server = try ServerProcess()
        try server.initialize()
        _ = try server.result("shutdown")
        // exit and, in the same write, more messages: the process ends with 0 and answers none of them.
        let exit = Message.notification(JSONRPC.Notification(method: "exit")).serialized()
        let late = Message.request(Request(id: 77, method: "thumbindex/indexTitles", params: [:])).serialized()
        try server.sendRaw(Array("Content-Length: \(exit.count)\r\n\r\n".utf8) + exit + Array("Content-Length: \(late.count)\r\n\r\n".utf8) + late + Array("garbage".utf8))
        XCTAssertEqual(try server.waitForExit(), 0)
        XCTAssertThrowsError(try server.response(to: 77, timeout: 0.5))
    }

    func testClientVanishingEndsTheServer() throws {
        let server = try ServerProcess()
        try server.initialize()
        try server.closeInput()
        XCTAssertEqual(try server.waitForExit(), 1)
    }
}
