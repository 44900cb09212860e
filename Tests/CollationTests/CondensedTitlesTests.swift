import Collation
import XCTest

final class CondensedTitlesTests: XCTestCase {
    func testCondensesWithBulletsKeepingEnds() throws {
        let collation = try IndexedCollation(locale: "en")
        let titles = try collation.sectionIndexTitles(maxTitles: 9)
        XCTAssertEqual(titles.titles, ["A", "•", "G", "•", "N", "•", "T", "•", "#"])
        XCTAssertEqual(titles.targets.count, titles.titles.count)
        // A bullet stands for the middle of the run it hides (B…F → D).
        XCTAssertEqual(titles.targets[1], .section(3))
    }

    func testEvenLimitsUseEverySlot() throws {
        let collation = try IndexedCollation(locale: "en")
        XCTAssertEqual(try collation.sectionIndexTitles(maxTitles: 8).titles, ["A", "G", "•", "N", "•", "T", "•", "#"])
        for limit in 3 ..< 27 {
            XCTAssertEqual(try collation.sectionIndexTitles(maxTitles: limit).titles.count, limit, "\(limit)")
        }
    }

    func testEveryLimitFitsAndNeverShowsALoneBullet() throws {
        for locale in ["en", "sv_SE", "ja_JP", "ar_SA", "zh_TW"] {
            let collation = try IndexedCollation(locale: locale)
            for search in [false, true] {
                for limit in (search ? 2 : 1) ... 40 {
                    let titles = try collation.sectionIndexTitles(includeSearch: search, maxTitles: limit)
                    XCTAssertLessThanOrEqual(titles.titles.count, limit, "\(locale) \(limit)")
                    XCTAssertNotEqual(titles.titles.filter { $0 != "{search}" }, ["•"])
                    XCTAssertNotEqual(titles.titles.first(where: { $0 != "{search}" }), "•")
                    XCTAssertEqual(titles.titles.last, collation.sectionTitles.count <= limit - (search ? 1 : 0) || limit - (search ? 1 : 0) >= 2 ? "#" : collation.sectionTitles.first)
                    for (a, b) in zip(titles.titles, titles.titles.dropFirst()) {
                        XCTAssertFalse(a == "•" && b == "•", "two bullets in a row")
                    }
                    if search { XCTAssertEqual(titles.titles.first, "{search}") }
                }
            }
        }
    }

    func testLimitBelowOneIsAnError() throws {
        let collation = try IndexedCollation(locale: "en")
        XCTAssertThrowsError(try collation.sectionIndexTitles(maxTitles: 0))
        XCTAssertThrowsError(try collation.sectionIndexTitles(includeSearch: true, maxTitles: 1))
    }
}
