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

    func testEveryElisionHasItsBullet() throws {
        let collation = try IndexedCollation(locale: "sv")
        for limit in 3 ..< 30 {
            let titles = try collation.sectionIndexTitles(maxTitles: limit)
            XCTAssertGreaterThanOrEqual(titles.titles.count, limit - 1, "at most one slot left empty")
            // Consecutive letters are adjacent sections; anything between two letters is marked by a bullet.
            let letters = zip(titles.titles, titles.targets).compactMap { title, target -> Int? in
                if title == "•" { return nil }
                if case .section(let s) = target { return s }
                return nil
            }
            for (a, b) in zip(titles.titles, titles.titles.dropFirst()) where a != "•" && b != "•" {
                let sa = collation.sectionTitles.firstIndex(of: a)!, sb = collation.sectionTitles.firstIndex(of: b)!
                XCTAssertEqual(sb, sa + 1, "\(limit): \(a) and \(b) side by side hide letters without a bullet")
            }
            XCTAssertEqual(letters, letters.sorted())
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
