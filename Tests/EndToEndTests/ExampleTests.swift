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
            XCTAssertEqual(try JSON(parsing: out), symbols, "\(name): the CLI prints what the server sends")
        }
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
