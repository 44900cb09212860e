import JSONRPC
@testable import Server
import ThumbIndexJSON
import XCTest

/// Sorting a document's entries through standard LSP: code actions of kind `source.sortEntries`, resolved lazily
/// (`codeAction/resolve`) for a client that resolves edits, else run as `thumbindex.sortEntries`, which sends the
/// edit with `workspace/applyEdit`. The edit, applied to the text, is the sorted document.
final class SortActionsTests: XCTestCase {
    private let uri = "file:///ord.txt"
    private let text = "Östen\nÅsa\nÄrla\nZoë\nAnna\n"
    private let sorted = "Anna\nZoë\nÅsa\nÄrla\nÖsten\n"

    private func actions(_ client: InProcessServer, _ uri: String, range: (Int, Int, Int, Int) = (0, 0, 0, 0), only: [String]? = nil) throws -> [JSON] {
        var context: JSONObject = ["diagnostics": []]
        if let only { context["only"] = .array(only.map(JSON.string)) }
        return try XCTUnwrap(client.result(of: client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)],
            "range": ["start": ["line": .int(Int64(range.0)), "character": .int(Int64(range.1))], "end": ["line": .int(Int64(range.2)), "character": .int(Int64(range.3))]],
            "context": .object(context),
        ])).arrayValue)
    }

    /// `text` with a `WorkspaceEdit`'s edits of `uri` made (UTF-16 positions, as the test client offers).
    private func apply(_ edit: JSON?, to text: String, uri: String) throws -> String {
        let edits = try XCTUnwrap(edit?["changes"]?[uri]?.arrayValue ?? (edit?["changes"] == .object([:]) ? [] : nil), "\(String(describing: edit))")
        var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        for edit in edits.reversed() {  // sent in document order, none overlapping
            let (sl, sc) = (edit["range"]!["start"]!["line"]!.intValue!, edit["range"]!["start"]!["character"]!.intValue!)
            let (el, ec) = (edit["range"]!["end"]!["line"]!.intValue!, edit["range"]!["end"]!["character"]!.intValue!)
            let replaced = Array(lines[sl][..<sc]) + Array(edit["newText"]!.stringValue!.utf16) + Array(lines[el][ec...])
            lines.replaceSubrange(sl ... el, with: String(decoding: replaced, as: UTF16.self).components(separatedBy: "\n").map { Array($0.utf16) })
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    func testAResolvingClientGetsTheEditOnlyWhenItResolves() throws {
        let client = try InProcessServer(offering: nil, resolvesEdits: true, locale: "sv")
        client.open(uri, languageId: "plaintext", version: 3, text: text)
        let listed = try actions(client, uri, only: ["source"])
        XCTAssertEqual(listed.map { $0["title"]?.stringValue }, ["Sort entries (sv)"], "kinds asked for: no jumps")
        let action = try XCTUnwrap(listed.first)
        XCTAssertEqual(action["kind"], "source.sortEntries")
        XCTAssertNil(action["edit"], "no sort until the action is chosen")
        let resolved = try client.result(of: client.request("codeAction/resolve", action))
        XCTAssertEqual(try apply(resolved["edit"], to: text, uri: uri), sorted)
        XCTAssertEqual(resolved["title"], action["title"])
        XCTAssertEqual(client.store.editsApplied.count, 0)
    }

    func testWithoutResolveTheCommandSendsTheEdit() throws {
        let client = try InProcessServer(offering: nil, appliesEdits: true, locale: "sv")
        client.open(uri, languageId: "plaintext", version: 1, text: text)
        let all = try actions(client, uri)
        XCTAssertEqual(all.first?["title"], "Sort entries (sv)")
        XCTAssertTrue(all.dropFirst().allSatisfy { $0["title"]?.stringValue?.hasPrefix("Go to ") == true }, "then the jumps")
        let command = try XCTUnwrap(all.first?["command"])
        XCTAssertEqual(command["command"], "thumbindex.sortEntries")
        XCTAssertEqual(try client.result(of: client.request("workspace/executeCommand", ["command": command["command"]!, "arguments": command["arguments"]!])), .null)
        let sent = try XCTUnwrap(client.store.editsApplied.first)
        XCTAssertEqual(try apply(sent["edit"], to: text, uri: uri), sorted)
    }

    func testASelectionSortsTheEntriesItTouches() throws {
        let client = try InProcessServer(offering: nil, resolvesEdits: true, locale: "sv")
        client.open(uri, languageId: "plaintext", version: 1, text: text)
        let listed = try actions(client, uri, range: (1, 1, 3, 0), only: ["source.sortEntries"])
        XCTAssertEqual(listed.map { $0["title"]?.stringValue }, ["Sort entries (sv)", "Sort the selected entries"])
        let resolved = try client.result(of: client.request("codeAction/resolve", listed[1]))
        XCTAssertEqual(try apply(resolved["edit"], to: text, uri: uri), "Östen\nZoë\nÅsa\nÄrla\nAnna\n", "lines 2–4 only")
    }

    func testTheObjectAtTheCursorInUTF16() throws {
        let json = "{\n  \"ö\": {\"b𝄞\": 1, \"a\": 2},\n  \"a\": 0\n}\n", jsonURI = "file:///o.json"
        let client = try InProcessServer(offering: nil, resolvesEdits: true)
        client.open(jsonURI, languageId: "json", version: 1, text: json)
        let listed = try actions(client, jsonURI, range: (1, 13, 1, 13), only: ["source.sortEntries"])
        XCTAssertEqual(listed.map { $0["title"]?.stringValue }, ["Sort entries (en_US)", "Sort the members of the object here"])
        XCTAssertEqual(try apply(client.result(of: client.request("codeAction/resolve", listed[1]))["edit"], to: json, uri: jsonURI),
                       "{\n  \"ö\": {\"a\": 2, \"b𝄞\": 1},\n  \"a\": 0\n}\n")
        XCTAssertEqual(try apply(client.result(of: client.request("codeAction/resolve", listed[0]))["edit"], to: json, uri: jsonURI),
                       "{\n  \"a\": 0,\n  \"ö\": {\"b𝄞\": 1, \"a\": 2}\n}\n")
    }

    func testAnEditSinceTheListIsContentModifiedAndABrokenDocumentSaysWhy() throws {
        let client = try InProcessServer(offering: nil, resolvesEdits: true)
        client.open(uri, languageId: "plaintext", version: 1, text: text)
        let action = try XCTUnwrap(actions(client, uri, only: ["source"]).first)
        client.change(uri, version: 2, [ModelChange(range: nil, text: "b\na\n")])
        guard case .failure(let stale) = try client.response(to: client.request("codeAction/resolve", action)).result else { return XCTFail("answered") }
        XCTAssertEqual(stale.code, -32801)
        let cards = "file:///c.vcf"
        client.open(cards, languageId: "vcard", version: 1, text: "BEGIN:VCARD\nFN:Zed\nEND:VCARD\nBEGIN:VCARD\nFN:Ann\n")
        let sort = try XCTUnwrap(actions(client, cards, only: ["source"]).first)
        guard case .failure(let broken) = try client.response(to: client.request("codeAction/resolve", sort)).result else { return XCTFail("answered") }
        XCTAssertEqual(broken.code, -32803)
        XCTAssertTrue(broken.message.contains(":4: BEGIN:VCARD without END:VCARD"), broken.message)
        XCTAssertTrue(broken.message.hasSuffix("nothing was sorted"), broken.message)
        guard case .failure(let badData) = try client.response(to: client.request("codeAction/resolve", ["title": "x", "data": ["scope": "x"]])).result else { return XCTFail("answered") }
        XCTAssertEqual(badData.code, -32602)
        // A jump, which Neovim 0.7 resolves too before it runs the command: answered as it is.
        let jump: JSON = ["title": "Go to A (1 entry)", "command": ["title": "A", "command": "thumbindex.jump", "arguments": [["textDocument": ["uri": .string(uri)], "index": 0]]]]
        XCTAssertEqual(try client.result(of: client.request("codeAction/resolve", jump)), jump)
        XCTAssertEqual(client.store.anomalies, [])
    }

    func testSourceCodeOffersNoSort() throws {
        let client = try InProcessServer(offering: nil, resolvesEdits: true)
        client.open("file:///a.py", languageId: "python", version: 1, text: "def b(): pass\ndef a(): pass\n")
        XCTAssertEqual(try actions(client, "file:///a.py", only: ["source"]), [])
    }
}

/// keep-sorted blocks in open documents: a warning on the first item out of order, published after open and every
/// change, cleared when the block is in order again or the document closes, and a quick fix that sorts the block.
final class KeptSortedDiagnosticsTests: XCTestCase {
    private let uri = "file:///deps.py"
    private let text = "deps = [\n    # keep-sorted start\n    \"zlib\",\n    \"attrs\",\n    # keep-sorted end\n]\n"

    func testAWarningAQuickFixAndClearedOnceSorted() throws {
        let client = try InProcessServer(offering: nil)
        client.open("file:///plain.py", languageId: "python", version: 1, text: "x = 1\n")
        XCTAssertEqual(client.store.diagnosticsPublished.count, 0, "no marker, nothing published")
        client.open(uri, languageId: "python", version: 1, text: text)
        let first = try XCTUnwrap(client.store.diagnosticsPublished.last)
        XCTAssertEqual(first["uri"]?.stringValue, uri)
        let diagnostic = try XCTUnwrap(first["diagnostics"]?[0])
        XCTAssertEqual(diagnostic["range"]?["start"]?["line"], 3)
        XCTAssertEqual(diagnostic["code"], "keep-sorted")
        XCTAssertEqual(diagnostic["severity"], 2)
        XCTAssertEqual(diagnostic["message"]?.stringValue, "“\"attrs\",” sorts before “\"zlib\",” (line 3) in this keep-sorted block (en_US)")
        let actions = try XCTUnwrap(client.result(of: client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": diagnostic["range"]!, "context": ["diagnostics": [diagnostic], "only": ["quickfix"]],
        ])).arrayValue)
        XCTAssertEqual(actions.map { $0["title"]?.stringValue }, ["Sort this keep-sorted block (en_US)"])
        let edit = try XCTUnwrap(actions[0]["edit"]?["changes"]?[uri]?[0])
        XCTAssertEqual(edit["newText"]?.stringValue, "    \"attrs\",\n    \"zlib\",")
        // The client makes the edit: the warning goes.
        let published = client.store.diagnosticsPublished.count
        client.change(uri, version: 2, [ModelChange(range: ModelRange(start: .init(line: 2, character: 4), end: .init(line: 3, character: 12)), text: "\"attrs\",\n    \"zlib\",")])
        XCTAssertEqual(client.store.diagnosticsPublished.count, published + 1)
        XCTAssertEqual(client.store.diagnosticsPublished.last?["diagnostics"], [])
        // Out of order again by an edit that does not type the marker: the document is still watched.
        client.change(uri, version: 3, [ModelChange(range: ModelRange(start: .init(line: 2, character: 5), end: .init(line: 2, character: 10)), text: "zzz")])
        XCTAssertEqual(client.store.diagnosticsPublished.last?["diagnostics"]?.arrayValue?.count, 1)
        client.close(uri)
        XCTAssertEqual(client.store.diagnosticsPublished.last?["diagnostics"], [], "cleared on close")
        XCTAssertEqual(client.store.anomalies, [])
    }

    func testAnUnknownLocaleIsAnErrorAtTheStartLine() throws {
        let client = try InProcessServer(offering: nil)
        client.open(uri, languageId: "python", version: 1, text: "# keep-sorted start locale=qq_NOPE!\nb\na\n# keep-sorted end\n")
        let diagnostic = try XCTUnwrap(client.store.diagnosticsPublished.last?["diagnostics"]?[0])
        XCTAssertEqual(diagnostic["severity"], 1)
        XCTAssertEqual(diagnostic["range"]?["start"]?["line"], 0)
        XCTAssertTrue(diagnostic["message"]?.stringValue?.hasPrefix("keep-sorted locale=qq_NOPE!") == true, "\(diagnostic)")
    }
}
