import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

/// `thumbindex titles` and `thumbindex sort` as a person runs them.
final class CommandLineTests: XCTestCase {
    func testKoreanTitlesAreTheSeedRow() throws {
        let (code, out, _) = try Binary.run(["titles", "--locale", "ko_KO", "--json"])
        XCTAssertEqual(code, 0)
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
        let latin = (65 ... 90).map { String(UnicodeScalar($0)!) }
        XCTAssertEqual(object["sectionTitles"] as? [String], latin + "ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅅ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ".split(separator: " ").map(String.init) + ["#"])
        XCTAssertEqual(object["sectionIndexTitles"] as? [String], object["sectionTitles"] as? [String])
        XCTAssertEqual(object["locale"] as? String, "ko-KO")
    }

    func testTitlesWithSearchAndCondensing() throws {
        let (code, out, _) = try Binary.run(["titles", "--locale", "en", "--search", "--max-titles", "7", "--json"])
        XCTAssertEqual(code, 0)
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
        XCTAssertEqual(object["sectionIndexTitles"] as? [String], ["{search}", "A", "•", "N", "•", "#"])
        let titles = object["sectionIndexTitles"] as? [String] ?? []
        XCTAssertEqual(titles.first, "{search}")
        XCTAssertEqual(titles.last, "#")
        XCTAssertLessThanOrEqual(titles.count, 7)
    }

    func testSortLikeSortUnderALocale() throws {
        let input = "Östen\nanna\nÅsa\nZorn\nAnna\n"
        let (code, out, _) = try Binary.run(["sort", "--locale", "sv_SE"], stdin: input)
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, "anna\nAnna\nZorn\nÅsa\nÖsten\n")
    }

    func testSortSectionsFromAFileAndAsJSON() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID()).txt")
        try "Östen\nBertil\n42\nÅsa\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (code, out, _) = try Binary.run(["sort", "--locale", "sv", "--sections", file.path])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, "== B ==\nBertil\n== Å ==\nÅsa\n== Ö ==\nÖsten\n== # ==\n42\n")
        let (_, json, _) = try Binary.run(["sort", "--locale", "sv", "--sections", "--json", file.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let sections = object["sections"] as! [[String: Any]]
        XCTAssertEqual(sections.map { $0["title"] as! String }, ["B", "Å", "Ö", "#"])
        XCTAssertEqual(sections[3]["items"] as? [String], ["42"])
    }

    func testLocaleFromEnvironment() throws {
        let (_, out, _) = try Binary.run(["sort"], stdin: "Öl\nZoo\n", environment: ["LANG": "sv_SE.UTF-8"])
        XCTAssertEqual(out, "Zoo\nÖl\n")
        let (_, german, _) = try Binary.run(["sort"], stdin: "Öl\nZoo\n", environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(german, "Öl\nZoo\n")
    }

    func testErrorsGoToStderrWithNonZeroExit() throws {
        let (code, out, err) = try Binary.run(["titles", "--locale", "xx_YY"])
        XCTAssertNotEqual(code, 0)
        XCTAssertEqual(out, "")
        XCTAssertTrue(err.contains("xx_YY"), err)
        let (fromLang, _, langErr) = try Binary.run(["sort"], stdin: "a\n", environment: ["LANG": "zz_ZZ.UTF-8"])
        XCTAssertNotEqual(fromLang, 0)
        XCTAssertTrue(langErr.contains("from LANG=zz_ZZ.UTF-8"), langErr)
        let (missing, _, missingErr) = try Binary.run(["sort", "/no/such/file"])
        XCTAssertNotEqual(missing, 0)
        XCTAssertTrue(missingErr.contains("/no/such/file"))
    }

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardizedFileURL

    func testOutlineOfAnAddressBookUsesPhoneticNames() throws {
        let file = Self.examples.appendingPathComponent("contacts.vcf").path
        let (code, out, err) = try Binary.run(["outline", "--locale", "ja_JP", file])
        XCTAssertEqual(code, 0, err)
        let lines = out.split(separator: "\n").map(String.init)
        // 佐藤 (さとう) and 鈴木 (すずき) file under さ by their X-PHONETIC readings.
        let sa = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("さ ") })
        XCTAssertTrue(lines[sa + 1].contains("佐藤 花子"), lines[sa + 1])
        XCTAssertTrue(lines[sa + 2].contains("鈴木 一郎"), lines[sa + 2])
        XCTAssertFalse(out.contains("\u{1B}["), "no colour when not on a terminal")
    }

    func testOutlineJSONIsWhatTheServerSends() throws {
        let file = Self.examples.appendingPathComponent("glossary.md")
        let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", "--json", file.path])
        XCTAssertEqual(code, 0, err)
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE")
        try server.open(file.absoluteString, try String(contentsOf: file, encoding: .utf8), language: "markdown")
        let symbols = try server.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(file.absoluteString)]])
        XCTAssertEqual(try JSONParser().parse(out), symbols)
        XCTAssertGreaterThan(symbols.arrayValue?.count ?? 0, 5)
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testOutlineGroupingsAndLocalization() throws {
        let strings = Self.examples.appendingPathComponent("Localizable/en.lproj/Localizable.strings").path
        let tables = Self.examples.appendingPathComponent("Localizable").path
        let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", "--grouping", "sorted", "--strings", tables, strings])
        XCTAssertEqual(code, 0, err)
        // Keys are shown by their Swedish values, sorted as Swedish, with the key as detail.
        let names = out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? "" }
        XCTAssertTrue(out.contains("Jordgubbe  fruit.strawberry"), out)
        XCTAssertEqual(names, names.sorted { $0.compare($1, locale: Locale(identifier: "sv_SE")) == .orderedAscending })
        let (_, document, _) = try Binary.run(["outline", "--grouping", "document", "--locale", "en", strings])
        XCTAssertFalse(document.contains("Jordgubbe"))
    }

    func testOutlineErrors() throws {
        let (code, _, err) = try Binary.run(["outline", "/no/such/file.md"])
        XCTAssertNotEqual(code, 0)
        XCTAssertTrue(err.contains("/no/such/file.md"), err)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID()).weird")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // An extension that names no format is read as plain text, with a note (CommandLineConventionsTests).
        let (unknown, _, unknownErr) = try Binary.run(["outline", file.path])
        XCTAssertEqual(unknown, 0)
        XCTAssertTrue(unknownErr.contains("--language"), unknownErr)
        let (forced, forcedOut, _) = try Binary.run(["outline", "--language", "plaintext", file.path])
        XCTAssertEqual(forced, 0)
        XCTAssertTrue(forcedOut.contains("X"))
        // Control bytes in a file's lines are shown as pictures, never sent to the terminal (NUL makes it binary:
        // CommandLineInputTests).
        try Data([0x61, 0x1B, 0x5B, 0x32, 0x4A, 0x07, 0x62, 0x0A]).write(to: file)
        let (_, binaryOut, _) = try Binary.run(["outline", "--language", "plaintext", file.path])
        XCTAssertTrue(binaryOut.contains("a\u{241B}[2J\u{2407}b"), binaryOut)
        XCTAssertFalse(binaryOut.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0 })
    }
}
