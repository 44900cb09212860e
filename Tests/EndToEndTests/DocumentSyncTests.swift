import JSONRPC
import ThumbIndexJSON
import XCTest

/// didOpen / incremental didChange / didClose, in all three position encodings, with text outside the BMP.
final class DocumentSyncTests: XCTestCase {
    let uri: JSON = "file:///doc.txt"

    /// Line 0 holds an emoji (two UTF-16 units, one UTF-32 unit, four UTF-8 bytes) before the edited word.
    func runEdits(encoding: String, emojiUnits: Int) throws {
        let server = try ServerProcess()
        let result = try server.initialize(locale: "en", encodings: [encoding])
        XCTAssertEqual(result["capabilities"]?["positionEncoding"]?.stringValue, encoding)
        try server.open("file:///doc.txt", "😀 Apple\nBanana\r\nCherry\rDate\n")
        XCTAssertEqual(try server.entryNames("file:///doc.txt"), ["Banana", "Cherry", "Date", "😀 Apple"])
        // Replace "Apple" (after the emoji and a space) with "Zebra".
        let start = emojiUnits + 1
        try server.change("file:///doc.txt", version: 2, [["range": range(0, start, 0, start + 5), "text": "Zebra"]])
        XCTAssertEqual(try server.entryNames("file:///doc.txt"), ["Banana", "Cherry", "Date", "😀 Zebra"])
        // Insert a line after the CR-terminated "Cherry" line (line 2), then rename "Date" (line 3, now 4).
        try server.change("file:///doc.txt", version: 3, [
            ["range": range(3, 0, 3, 0), "text": "𝄞 Clef\n"],
            ["range": range(4, 0, 4, 4), "text": "Fig"],
        ])
        let names = try server.entryNames("file:///doc.txt")
        XCTAssertEqual(Array(names.prefix(3)), ["Banana", "Cherry", "Fig"])
        XCTAssertEqual(Set(names.suffix(2)), ["😀 Zebra", "𝄞 Clef"], "symbols go to # at the end")
        let clefOffset = try XCTUnwrap(names.firstIndex(of: "𝄞 Clef"))
        let page = try server.result("thumbindex/entries", ["textDocument": ["uri": uri], "offset": .int(Int64(clefOffset)), "limit": 1])
        XCTAssertEqual(page["version"], 3)
        let clef = try XCTUnwrap(page["entries"]?[0])
        XCTAssertEqual(clef["range"], range(3, 0, 3, emojiUnits + 5))
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testUTF16() throws { try runEdits(encoding: "utf-16", emojiUnits: 2) }
    func testUTF8() throws { try runEdits(encoding: "utf-8", emojiUnits: 4) }
    func testUTF32() throws { try runEdits(encoding: "utf-32", emojiUnits: 1) }

    func testFullReplacementAndCharacterPastLineEndClamps() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "en")
        try server.open("file:///doc.txt", "one\ntwo\n")
        try server.change("file:///doc.txt", version: 2, [["text": "alpha\nbeta"]])
        XCTAssertEqual(try server.entryNames("file:///doc.txt"), ["alpha", "beta"])
        // LSP: a character past the end of the line means the end of the line.
        try server.change("file:///doc.txt", version: 3, [["range": range(0, 99, 0, 99), "text": "s"]])
        XCTAssertEqual(try server.entryNames("file:///doc.txt"), ["alphas", "beta"])
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testBadEditsLeaveTheTextIntact() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "en", encodings: ["utf-16"])
        try server.open("file:///doc.txt", "😀 Apple\nBanana\n")
        let before = try server.entryNames("file:///doc.txt")
        // A line past the end, a range that ends before it starts, the middle of a surrogate pair, and a
        // good change followed by a bad one in the same notification (all or nothing).
        try server.change("file:///doc.txt", version: 2, [["range": range(9, 0, 9, 1), "text": "x"]])
        XCTAssertTrue(try server.logMessage(containing: "past the end").contains("not applied"))
        try server.change("file:///doc.txt", version: 3, [["range": range(1, 3, 1, 1), "text": "x"]])
        _ = try server.logMessage(containing: "ends before it starts")
        try server.change("file:///doc.txt", version: 4, [["range": range(0, 1, 0, 1), "text": "x"]])
        _ = try server.logMessage(containing: "inside a character")
        try server.change("file:///doc.txt", version: 5, [["range": range(1, 0, 1, 6), "text": "Cherry"], ["range": range(5, 0, 5, 0), "text": "x"]])
        XCTAssertEqual(try server.entryNames("file:///doc.txt"), before)
        let page = try server.result("thumbindex/entries", ["textDocument": ["uri": uri], "offset": 0, "limit": 1])
        XCTAssertEqual(page["version"], 1, "the version does not move when a change is refused")
        try server.change("file:///nowhere.txt", version: 2, [["text": "x"]])
        _ = try server.logMessage(containing: "unknown document file:///nowhere.txt")
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testStaleVersionGetsContentModified() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "en")
        try server.open("file:///doc.txt", "b\na\n", version: 7)
        try server.change("file:///doc.txt", version: 8, [["range": range(0, 0, 0, 1), "text": "c"]])
        let response = try server.request("thumbindex/entries", ["textDocument": ["uri": uri], "offset": 0, "limit": 10, "version": 7])
        guard case .failure(let error) = response.result else { return XCTFail("stale version accepted") }
        XCTAssertEqual(error.code.rawValue, -32801)
        let fresh = try server.result("thumbindex/entries", ["textDocument": ["uri": uri], "offset": 0, "limit": 10, "version": 8])
        XCTAssertEqual(fresh["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["a", "c"])
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
