import JSONRPC
import ThumbIndexJSON
import XCTest

/// JSON edited through the server as an editor edits it: a key renamed inside a nested object, a member added, an
/// element named by its field; a comma deleted makes the text no JSON (the error a fresh open gives, no entries) until
/// it is typed back.
final class JSONEditTests: XCTestCase {
    func testKeysFollowEditsAndABrokenTextIsReportedUntilMended() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        let uri = "file:///people.json"
        let text = """
        {
          "Östen": {
            "city": "Umeå"
          },
          "people": [
            {"name": "Anna"},
            {"name": "Zorn"}
          ]
        }

        """
        try server.open(uri, text, language: "json")
        XCTAssertEqual(try server.entryNames(uri), ["Anna", "city", "name", "name", "people", "Zorn", "Östen"])
        // Inside the nested object, on a line of its own: "city" → "Ccity".
        try server.change(uri, version: 2, [["range": range(2, 5, 2, 5), "text": "C"]])
        XCTAssertEqual(try server.entryNames(uri), ["Anna", "Ccity", "name", "name", "people", "Zorn", "Östen"])
        // An element's naming field edited, and a member added before "people".
        try server.change(uri, version: 3, [["range": range(5, 14, 5, 18), "text": "Åsa"]])
        try server.change(uri, version: 4, [["range": range(4, 0, 4, 0), "text": "  \"Bo\": 1,\n"]])
        XCTAssertEqual(try server.entryNames(uri), ["Bo", "Ccity", "name", "name", "people", "Zorn", "Åsa", "Östen"])
        let page = try server.result("thumbindex/entries", ["textDocument": ["uri": .string(uri)], "offset": 4, "limit": 1])
        XCTAssertEqual(page["entries"]?[0]?["range"]?["start"]?["line"]?.intValue, 5, "the member below the new line moved down")
        XCTAssertEqual(page["entries"]?[0]?["detail"]?.stringValue, "2 items")
        // The comma after "Östen"'s object deleted: no longer JSON.
        try server.change(uri, version: 5, [["range": range(3, 3, 3, 4), "text": ""]])
        XCTAssertEqual(try server.entryNames(uri), [])
        XCTAssertTrue(try server.logMessage(containing: "expected ',' or '}'").contains("people.json:5"))
        try server.change(uri, version: 6, [["range": range(3, 3, 3, 3), "text": ","]])
        XCTAssertEqual(try server.entryNames(uri), ["Bo", "Ccity", "name", "name", "people", "Zorn", "Åsa", "Östen"])
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
