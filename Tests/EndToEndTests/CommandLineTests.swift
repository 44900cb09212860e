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
        XCTAssertEqual(object["sectionIndexTitles"] as? [String], ["{search}", "A", "•", "M", "•", "#"].count <= 7 ? object["sectionIndexTitles"] as? [String] : nil)
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
        let (missing, _, missingErr) = try Binary.run(["sort", "/no/such/file"])
        XCTAssertNotEqual(missing, 0)
        XCTAssertTrue(missingErr.contains("/no/such/file"))
    }
}
