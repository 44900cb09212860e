import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

/// Every bundled example, through the server and through `thumbindex outline`: the same sectioned outline.
final class ExampleTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardizedFileURL

    /// (file, languageId, a section title and an entry the outline must have there)
    let cases: [(String, String, String, String)] = [
        ("contacts.vcf", "vcard", "Å", "Anders Ångström"),
        ("glossary.md", "markdown", "B", "Baseline"),
        ("svenska-ord.txt", "plaintext", "Ö", "öga"),
        ("cities.csv", "csv", "S", "Shanghai"),
        ("Localizable/sv.lproj/Localizable.strings", "strings", "F", "fruit.apple"),
        ("dictionary-settings.json", "json", "T", "typography"),
        ("style-guide.yaml", "yaml", "H", "headwords"),
        ("Sample.swift", "swift", "D", "Dictionary"),
    ]

    func testEveryExampleThroughServerAndCommandLine() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        for (name, language, title, entry) in cases {
            let file = Self.examples.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            try server.open(file.absoluteString, text, language: language)
            let symbols = try server.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(file.absoluteString)]])
            let sections = try XCTUnwrap(symbols.arrayValue, name)
            let section = try XCTUnwrap(sections.first { $0["name"]?.stringValue == title }, "\(name): no section \(title)")
            let names = section["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            XCTAssertTrue(names.contains(entry), "\(name): \(title) has \(names)")
            let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", "--language", language, "--json", file.path])
            XCTAssertEqual(code, 0, "\(name): \(err)")
            XCTAssertEqual(try JSONParser().parse(out), symbols, "\(name): the CLI prints what the server sends")
        }
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    /// The index each format gets (`IndexPlan`: lines, headings, records, a whole read) gives the sections and the
    /// order of the sectioned outline, through the server's paging requests and through `thumbindex outline`.
    func testTheIndexOfEveryFormatAgreesWithTheOutline() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tsv = folder.appendingPathComponent("people.tsv")
        try "name\tcity\nÖsten Berg\tUmeå\n\"Anna\tQ\"\tLund\nZorn\tMora\n\tno name\nÅsa\t\"Kiruna\nnorth\"\n".write(to: tsv, atomically: true, encoding: .utf8)
        let files = cases.map { (Self.examples.appendingPathComponent($0.0), $0.1) } + [(tsv, "tsv")]
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        for (file, language) in files {
            let name = file.lastPathComponent, uri = JSON.string(file.absoluteString)
            try server.open(file.absoluteString, try String(contentsOf: file, encoding: .utf8), language: language)
            let symbols = try XCTUnwrap(server.result("textDocument/documentSymbol", ["textDocument": ["uri": uri]]).arrayValue, name)
            let outline = symbols.map { ($0["name"]?.stringValue ?? "", ($0["children"]?.arrayValue ?? []).map { $0["name"]?.stringValue ?? "" }) }
            XCTAssertFalse(outline.isEmpty, name)
            // The server's index: sections, then every entry in sectioned order.
            let sections = try server.result("thumbindex/sections", ["textDocument": ["uri": uri]])["sections"]?.arrayValue ?? []
            let page = try server.result("thumbindex/entries", ["textDocument": ["uri": uri], "offset": 0, "limit": 10_000])["entries"]?.arrayValue ?? []
            var indexed: [(String, [String])] = [], offset = 0
            for section in sections {
                let count = Int(section["count"]?.intValue ?? 0)
                indexed.append((section["title"]?.stringValue ?? "", page[offset ..< min(page.count, offset + count)].map { $0["name"]?.stringValue ?? "" }))
                offset += count
            }
            XCTAssertEqual(indexed.map(\.0), outline.map(\.0), "\(name): section titles")
            XCTAssertEqual(indexed.map(\.1), outline.map(\.1), "\(name): entries in sectioned order")
            // `thumbindex outline` streams the same index: a header per section, then its entries' lines.
            let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", "--language", language, file.path])
            XCTAssertEqual(code, 0, "\(name): \(err)")
            let headers = out.split(separator: "\n").filter { !$0.hasPrefix(" ") }
            XCTAssertEqual(headers.map { String($0.split(separator: " ").first ?? "") }, outline.map(\.0), "\(name): the CLI's sections")
            let lines = out.split(separator: "\n").filter { $0.hasPrefix(" ") }.map { Int($0.split(separator: " ").first ?? "") }
            XCTAssertEqual(lines, page.map { $0["selectionRange"]?["start"]?["line"]?.intValue.map { Int($0) + 1 } }, "\(name): the CLI's entries")
        }
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
