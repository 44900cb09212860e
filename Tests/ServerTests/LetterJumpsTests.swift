import JSONRPC
@testable import Server
import ThumbIndexJSON
import XCTest

/// A jump to a letter for a client with no ThumbIndex plugin: a code action and a code lens per letter with entries,
/// each running `thumbindex.jump`, which lands where `thumbindex/jump` does and moves the client's cursor there.
final class LetterJumpsTests: XCTestCase {
    private let uri = "file:///names.txt"
    // Under en: Anna, then Åsa, under A (Anna first: the jump lands on it), Bo under B, Östen under O, Zoë under Z; no other letter has entries.
    private let text = "Zoë\nÖsten\nBo\nÅsa\nAnna\n"

    private func open(showDocument: Bool) throws -> InProcessServer {
        let client = try InProcessServer(offering: nil, showDocument: showDocument)
        client.open(uri, languageId: "plaintext", version: 1, text: text)
        return client
    }

    func testACodeActionAndALensPerLetterWithEntries() throws {
        let client = try open(showDocument: false)
        let actions = try XCTUnwrap(client.result(of: client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 0]],
            "context": ["diagnostics": []],
        ])).arrayValue)
        XCTAssertEqual(actions.compactMap { $0["title"]?.stringValue }, ["Sort entries (en_US)", "Go to A (2 entries)", "Go to B (1 entry)", "Go to O (1 entry)", "Go to Z (1 entry)"])
        let lenses = try XCTUnwrap(client.result(of: client.request("textDocument/codeLens", documentParams(uri))).arrayValue)
        XCTAssertEqual(lenses.compactMap { $0["command"]?["title"]?.stringValue }, ["A", "B", "O", "Z"])
        XCTAssertEqual(Set(lenses.compactMap { $0["range"] }), [["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]])
        let jumps = actions.filter { $0["kind"] == nil }
        XCTAssertEqual(jumps.map { $0["command"] }, lenses.map { $0["command"] }, "the same commands")
        for action in jumps {
            XCTAssertEqual(action["command"]?["command"], "thumbindex.jump")
        }
    }

    /// Each command lands where `thumbindex/jump` does for its letter, and, for a client that moves its cursor when
    /// asked, asks it to (the cursor at the entry's name).
    func testTheCommandLandsWhereTheJumpDoesAndMovesTheCursor() throws {
        for showDocument in [true, false] {
            let client = try open(showDocument: showDocument)
            let actions = try XCTUnwrap(client.result(of: client.request("textDocument/codeAction", documentParams(uri))).arrayValue).filter { $0["kind"] == nil }
            var shown = 0
            for (action, title) in zip(actions, ["A", "B", "O", "Z"]) {
                let command = try XCTUnwrap(action["command"])
                let landed = try client.result(of: client.request("workspace/executeCommand", [
                    "command": command["command"] ?? .null, "arguments": command["arguments"] ?? .null,
                ]))
                let jump = try client.result(of: client.request("thumbindex/jump", documentParams(uri, ["indexTitle": .string(title)])))
                XCTAssertEqual(landed, jump["location"], "\(title)")
                XCTAssertEqual(landed["range"]?["start"]?["line"], ["A": 4, "B": 2, "O": 1, "Z": 0][title].map { .int(Int64($0)) }, "\(title)")
                let documents = client.store.documentsShown
                if showDocument {
                    shown += 1
                    XCTAssertEqual(documents.count, shown)
                    XCTAssertEqual(documents.last?["uri"]?.stringValue, uri)
                    XCTAssertEqual(documents.last?["selection"]?["start"], landed["range"]?["start"])
                    XCTAssertEqual(documents.last?["selection"]?["end"], landed["range"]?["start"])
                } else {
                    XCTAssertEqual(documents.count, 0, "a client that does not support showDocument is not asked")
                }
            }
        }
    }

    func testAnUnknownCommandOrAMissingArgumentIsInvalidParams() throws {
        let client = try open(showDocument: true)
        for (params, message) in [
            (["command": "rm -rf", "arguments": []] as JSON, "params.command rm -rf is not a command of thumbindex (it runs thumbindex.jump and thumbindex.sortEntries)"),
            (["command": "thumbindex.jump"], "params.arguments[0] is missing: thumbindex.jump takes thumbindex/jump's params"),
            (["command": "thumbindex.jump", "arguments": [["textDocument": ["uri": .string(uri)]]]], "params.arguments[0]"),
        ] {
            guard case .failure(let error) = try client.response(to: client.request("workspace/executeCommand", params)).result else {
                return XCTFail("\(params) answered")
            }
            XCTAssertEqual(error.code, -32602)
            XCTAssertTrue(error.message.hasPrefix(message), error.message)
        }
        XCTAssertEqual(client.store.documentsShown.count, 0)
    }
}
