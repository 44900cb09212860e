import Collation
import XCTest

/// The index titles printed in NSHipster's table of UILocalizedIndexedCollation), exactly.
final class SeedTableTests: XCTestCase {
    static let latin = (UnicodeScalar("A").value ... UnicodeScalar("Z").value).map { String(UnicodeScalar($0)!) }

    func titles(_ locale: String) throws -> [String] {
        try IndexedCollation(locale: locale).sectionTitles
    }

    func testEnglish() throws {
        XCTAssertEqual(try titles("en_US"), Self.latin + ["#"])
    }

    func testJapanese() throws {
        XCTAssertEqual(try titles("ja_JP"), Self.latin + "あ か さ た な は ま や ら わ".split(separator: " ").map(String.init) + ["#"])
    }

    func testSwedish() throws {
        XCTAssertEqual(try titles("sv_SE"), Self.latin + ["Å", "Ä", "Ö", "#"])
    }

    func testKorean() throws {
        let hangul = "ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅅ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ".split(separator: " ").map(String.init)
        XCTAssertEqual(try titles("ko_KO"), Self.latin + hangul + ["#"])
    }

    func testArabic() throws {
        let arabic = "آ ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن ه و ي".split(separator: " ").map(String.init)
        XCTAssertEqual(try titles("AR_sa"), Self.latin + arabic + ["#"])
        XCTAssertEqual(try titles("ar_SA"), try titles("AR_sa"))
    }

    func testIndexTitlesDefaultToSectionTitles() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        XCTAssertEqual(collation.sectionIndexTitles, collation.sectionTitles)
        XCTAssertEqual(try collation.sectionIndexTitles().titles, collation.sectionTitles)
    }

    func testICUStyleKeepsICUOrderAndFlowLabels() throws {
        let korean = try IndexedCollation(locale: "ko_KO", style: .icu).sectionTitles
        XCTAssertEqual(korean.first, "…")
        XCTAssertEqual(korean[1], "ㄱ")
        XCTAssertEqual(korean.last, "…")
        XCTAssertLessThan(korean.firstIndex(of: "ㅎ")!, korean.firstIndex(of: "A")!)
        let english = try IndexedCollation(locale: "en", style: .icu).sectionTitles
        XCTAssertEqual(english, ["…"] + Self.latin + ["…"])
    }
}
