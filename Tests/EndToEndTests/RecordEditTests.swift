import JSONRPC
import ThumbIndexJSON
import XCTest

/// Contacts and tables edited through the server as an editor edits them: the index follows card and row edits, and
/// a quote left open empties the outline with the same error a fresh open gives, until it is closed again.
final class RecordEditTests: XCTestCase {
    func testAnOpenQuoteEmptiesTheTableUntilItCloses() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        let uri = "file:///people.csv"
        try server.open(uri, "name,city\nÖsten,Umeå\nAnna,Lund\nZorn,Mora\n", language: "csv")
        XCTAssertEqual(try server.entryNames(uri), ["Anna", "Zorn", "Östen"])
        // A quote opened before "Anna": no whole read accepts the table now.
        try server.change(uri, version: 2, [["range": range(2, 0, 2, 0), "text": "\""]])
        XCTAssertEqual(try server.result("thumbindex/sections", ["textDocument": ["uri": .string(uri)]])["totalCount"]?.intValue, 0)
        XCTAssertTrue(try server.logMessage(containing: "quoted field is never closed").contains("people.csv:3"))
        // Typing on while it is open, then closing it inside the same field: the rows are back, one of them renamed.
        try server.change(uri, version: 3, [["range": range(3, 0, 3, 0), "text": "X"]])
        XCTAssertEqual(try server.entryNames(uri), [])
        try server.change(uri, version: 4, [["range": range(2, 5, 2, 5), "text": "\""]])
        XCTAssertEqual(try server.entryNames(uri), ["Anna", "XZorn", "Östen"])
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testACardEditedAndItsEndDeleted() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        let uri = "file:///c.vcf"
        let cards = ["Östen", "Anna", "Zorn"].map { "BEGIN:VCARD\nFN:\($0)\nN:\($0);;;;\nEND:VCARD\n" }.joined()
        try server.open(uri, cards, language: "vcard")
        XCTAssertEqual(try server.entryNames(uri), ["Anna", "Zorn", "Östen"])
        try server.change(uri, version: 2, [["range": range(5, 3, 5, 7), "text": "Bo"], ["range": range(6, 2, 6, 6), "text": "Bo"]])
        XCTAssertEqual(try server.entryNames(uri), ["Bo", "Zorn", "Östen"])
        // The first card's END:VCARD deleted: it ends before the next card, with a warning naming its line.
        try server.change(uri, version: 3, [["range": range(3, 0, 4, 0), "text": ""]])
        XCTAssertEqual(try server.entryNames(uri), ["Bo", "Zorn", "Östen"])
        XCTAssertTrue(try server.logMessage(containing: "without END:VCARD").contains("c.vcf:1"))
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
