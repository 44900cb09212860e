import Foundation
import JSONRPC
import XCTest

/// Apple's localization step through the server: names that are keys of a strings table are shown and
/// sorted by their value in the collation's language.
final class LocalizationTests: XCTestCase {
    func testRelativeTablesAreReadFromTheWorkspaceAndAFixedTableIsPickedUp() throws {
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-ws-\(UUID())")
        let lproj = workspace.appendingPathComponent("Resources/sv.lproj")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }

        let server = try ServerProcess()
        _ = try server.result("initialize", [
            "capabilities": [:], "rootUri": .string(workspace.absoluteString),
            "initializationOptions": ["locale": "sv_SE", "thumbindex": ["localization": ["tables": ["Resources"]]]],
        ])
        try server.notify("initialized", [:])
        try server.open("file:///keys.txt", "fruit.apple\nfruit.banana\ncolour.blue\n")
        // No table yet: a clear message naming the folder, and the keys as they are.
        XCTAssertEqual(try server.entryNames("file:///keys.txt"), ["colour.blue", "fruit.apple", "fruit.banana"])
        _ = try server.logMessage(containing: "Resources")

        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try """
            /* Fruit */
            "fruit.apple" = "Äpple";
            "fruit.banana" = "Banan";
            "colour.blue" = "Blå";
            """.write(to: lproj.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        try server.change("file:///keys.txt", version: 2, [["range": range(3, 0, 3, 0), "text": "unknown.key\n"]])
        XCTAssertEqual(try server.entryNames("file:///keys.txt"), ["Banan", "Blå", "unknown.key", "Äpple"],
                       "Swedish values, Swedish order (Ä after Z); a key without a value stays a key")
        let page = try server.result("thumbindex/entries", ["textDocument": ["uri": "file:///keys.txt"], "offset": 0, "limit": 1])
        XCTAssertEqual(page["entries"]?[0]?["detail"], "fruit.banana", "the key is the detail")
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
