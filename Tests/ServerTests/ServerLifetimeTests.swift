@testable import Server
import ThumbIndexJSON
import XCTest

/// A server let go of is gone, with its documents and indexes: nothing it keeps holds it. (An index kept the
/// server through its `report` and `extract` closures: every fuzzed input's server stayed, 400 KB each, until a
/// long fuzzing run was out of memory.)
final class ServerLifetimeTests: XCTestCase {
    func check(_ languageId: String, _ uri: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        weak var weakServer: LanguageServer?
        do {
            let connection = try InProcessServer(offering: ["utf-16"])
            weakServer = connection.server
            connection.open(uri, languageId: languageId, version: 1, text: text)
            _ = try? connection.result(of: connection.request("thumbindex/sections", ["textDocument": ["uri": .string(uri)]]))
            _ = try? connection.result(of: connection.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]))
            // The work the requests left behind (an index made in the background) is queued on the server's workers
            // before their replies: done, and let go of what it held, when a barrier after it runs.
            connection.server.workers.sync(flags: .barrier) {}
        }
        XCTAssertNil(weakServer, languageId, file: file, line: line)
    }

    func testAServerLetGoOfIsFreedWhateverItsDocumentsFormat() throws {
        try check("plaintext", "file:///names.txt", "Åsa\nBo\nÖrjan\n")
        try check("markdown", "file:///r.md", "# Östen\n\nText\n## Åsa\n")
        try check("csv", "file:///p.csv", "name,city\nÖsten,Malmö\n")
        try check("json", "file:///d.json", "{\"zeta\": 1, \"alpha\": {\"ärla\": [1]}}\n")
        try check("vcard", "file:///c.vcf", "BEGIN:VCARD\r\nFN:Märta Wallin\r\nEND:VCARD\r\n")
        try check("strings", "file:///L.strings", "\"a\" = \"b\";\n")
        try check("yaml", "file:///c.yaml", "zeta: 1\nalpha:\n  beta: x\n")
        try check("swift", "file:///m.swift", "struct A {}\n")
    }
}
