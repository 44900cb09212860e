import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

/// What an unlucky or hostile client does to the server, through the real binary: reopening a document with the same
/// version mid-request, ids no Int64 holds, batches, omitted params, clients without hierarchical symbols.
final class HardeningTests: XCTestCase {
    func testReopeningWithTheSameVersionWhileARequestRunsServesTheNewText() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        let old = (0 ..< 60_000).map { "Gammal \($0)" }.joined(separator: "\n")
        for round in 0 ..< 3 {
            try server.open("file:///same.txt", old, version: 7)
            // Still deriving the old text's outline and word index when the document is replaced.
            let symbols = try server.start("workspace/symbol", ["query": "gam"])
            let outline = try server.start("textDocument/documentSymbol", ["textDocument": ["uri": "file:///same.txt"]])
            try server.notify("textDocument/didClose", ["textDocument": ["uri": "file:///same.txt"]])
            try server.open("file:///same.txt", "Ny\nÖsten\nAnna\n", version: 7)
            _ = try server.response(to: symbols, timeout: 120)
            _ = try server.response(to: outline, timeout: 120)
            XCTAssertEqual(try server.entryNames("file:///same.txt"), ["Anna", "Ny", "Östen"], "round \(round)")
            let found = try server.result("workspace/symbol", ["query": "ö"]).arrayValue ?? []
            XCTAssertEqual(found.compactMap { $0["name"]?.stringValue }, ["Östen"], "round \(round)")
            XCTAssertEqual(try server.result("workspace/symbol", ["query": "gam"]).arrayValue?.count, 0)
            try server.notify("textDocument/didClose", ["textDocument": ["uri": "file:///same.txt"]])
        }
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testIdsComeBackExactlyAsSent() throws {
        let server = try ServerProcess()
        try server.initialize()
        for literal in ["-9223372036854775809", "9223372036854775808", "123456789012345678901234567890", "9007199254740993", "1.0", "2.5e3"] {
            try server.sendFrame(#"{"jsonrpc":"2.0","id":\#(literal),"method":"thumbindex/sort","params":{"items":["b","a"]}}"#)
            let expected: RequestID = Int(literal).map(RequestID.int) ?? .number(literal)
            let response = try server.response(to: expected)
            XCTAssertEqual(response.id?.json.description, literal)
            XCTAssertEqual(try response.result.get()["items"], ["a", "b"])
        }
    }

    func testBatchRepliesComeInRequestOrderEachOnce() throws {
        let server = try ServerProcess()
        try server.initialize()
        try server.open("file:///big.txt", (0 ..< 30_000).map { "Namn \($0)" }.joined(separator: "\n"))
        // The first request is slow, the later ones fast; one id repeats, one element is invalid.
        try server.sendFrame("""
            [{"jsonrpc":"2.0","id":"slow","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///big.txt"}}},
             {"jsonrpc":"2.0","id":2,"method":"thumbindex/sort","params":{"items":["b","a"]}},
             {"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}},
             7,
             {"jsonrpc":"2.0","id":3,"method":"thumbindex/sectionFor","params":{"strings":["Ö"]}},
             {"jsonrpc":"2.0","id":2,"method":"thumbindex/indexTitles"}]
            """)
        let replies = try server.batch(timeout: 120)
        let ids = replies.map { message -> String in
            guard case .response(let response) = message else { return "not a response" }
            return response.id?.description ?? "null"
        }
        XCTAssertEqual(ids, [#""slow""#, "2", "null", "3", "2"])
        XCTAssertThrowsError(try server.batch(timeout: 1), "one array, sent once")
    }

    func testParamsMayBeOmittedWhenAllAreOptional() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        let titles = try server.request("thumbindex/indexTitles", nil)
        XCTAssertEqual(try titles.result.get()["locale"], "sv-SE")
        XCTAssertEqual(try server.errorCode("thumbindex/sort", nil), -32602, "required params are still required")
    }

    func testClientsWithoutHierarchyGetSymbolInformationInOutlineOrder() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE", hierarchicalSymbols: false)
        try server.open("file:///n.txt", "Östen\nAnna\nÅsa\nBo\n")
        let symbols = try server.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///n.txt"]]).arrayValue ?? []
        XCTAssertEqual(symbols.compactMap { $0["name"]?.stringValue }, ["Anna", "Bo", "Åsa", "Östen"])
        XCTAssertEqual(symbols.compactMap { $0["containerName"]?.stringValue }, ["A", "B", "Å", "Ö"])
        XCTAssertEqual(symbols.first?["location"]?["uri"], "file:///n.txt")
        XCTAssertEqual(symbols.first?["location"]?["range"], range(1, 0, 1, 4))
        XCTAssertNil(symbols.first?["children"])
    }

    /// The flat symbols come from the document's index as the hierarchical ones do: the same entries, in the same
    /// order, each with its section as its container, for every kind of index.
    func testFlatSymbolsAreTheSectionsFlattenedForEveryFormat() throws {
        let documents = [
            ("file:///n.md", "markdown", "# Östen\n## Anna\ntext\n## Bo\n# Åsa\nAlma\n===\n"),
            ("file:///n.json", "json", #"{"Östen": {"Anna": 1, "Bo": [2]}, "Åsa": {"Alma": null}}"#),
            ("file:///n.vcf", "vcard", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Östen Berg\r\nN:Berg;Östen;;;\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna Ek\r\nN:Ek;Anna;;;\r\nEND:VCARD\r\n"),
            ("file:///n.txt", "plaintext", "Östen\n\nAnna\n  Åsa\r\nBo\n"),
            // Enough entries to be written on two cores, the halves joined.
            ("file:///large.txt", "plaintext", (0 ..< 25_000).map { k in
                ["Östen", "Anna", "Åsa", "Bo", "Zelda", "4 Ek", "Ärla"][k % 7] + " \(k * 7919 % 25_000)"
            }.joined(separator: "\n")),
        ]
        let flatServer = try ServerProcess(), nestedServer = try ServerProcess()
        try flatServer.initialize(locale: "sv_SE", hierarchicalSymbols: false)
        try nestedServer.initialize(locale: "sv_SE")
        for (uri, languageId, text) in documents {
            try flatServer.open(uri, text, language: languageId)
            try nestedServer.open(uri, text, language: languageId)
            let flat = try flatServer.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]).arrayValue ?? []
            let sections = try nestedServer.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]).arrayValue ?? []
            let expected: [JSON] = sections.flatMap { section in
                (section["children"]?.arrayValue ?? []).map { child -> JSON in
                    ["name": child["name"] ?? .null, "kind": child["kind"] ?? .null,
                     "location": ["uri": .string(uri), "range": child["range"] ?? .null], "containerName": section["name"] ?? .null]
                }
            }
            XCTAssertFalse(expected.isEmpty, uri)
            XCTAssertEqual(flat, expected, uri)
        }
    }

    /// On every entry's line, the first top-level symbol whose range holds the cursor (as lsp-mode's breadcrumbs and
    /// VS Code look for it) is that entry's own section, or none; never another section.
    func testSectionRangesNeverClaimAnotherSectionsEntries() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        let lines = ["Anna", "Bertil", "Axel", "Bo", "Åsa", "Östen", "Örjan", "Alva", "Ärla"]
        try server.open("file:///s.txt", lines.joined(separator: "\n") + "\n")
        let sections = try server.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///s.txt"]]).arrayValue ?? []
        func contains(_ symbol: JSON, line: Int) -> Bool {
            (symbol["range"]?["start"]?["line"]?.intValue ?? .max) <= line && line <= (symbol["range"]?["end"]?["line"]?.intValue ?? -1)
        }
        var found = 0
        for (line, name) in lines.enumerated() {
            let own = sections.first { ($0["children"]?.arrayValue ?? []).contains { $0["name"]?.stringValue == name } }
            guard let hit = sections.first(where: { contains($0, line: line) }) else { continue }
            XCTAssertEqual(hit["name"], own?["name"], "line \(line) (\(name)) is claimed by another section")
            XCTAssertEqual((hit["children"]?.arrayValue ?? []).first { contains($0, line: line) }?["name"]?.stringValue, name)
            found += 1
        }
        // Östen and Örjan are next to each other, so both their lines find Ö; so does the line of each section's first
        // entry (Alva, Bertil, Åsa, Ärla). Anna, Axel and Bo lie between other sections' entries: no section claims them.
        XCTAssertEqual(found, 6)
        for section in sections {
            // The selection (the first entry in sorted order) lies inside the range, as LSP requires.
            let start = section["range"]?["start"]?["line"]?.intValue ?? -1, end = section["range"]?["end"]?["line"]?.intValue ?? -1
            let selected = section["selectionRange"]?["start"]?["line"]?.intValue ?? -2
            XCTAssertTrue(start <= selected && selected <= end, "\(section)")
        }
    }
}
