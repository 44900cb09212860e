import Collation
import XCTest

/// Index title → section, following the sparse-data rule of table view section indexes (Brown / Dylan / Zappa) and the
/// {search} shift of UILocalizedIndexedCollation.
final class JumpTests: XCTestCase {
    // Brown, Dylan, Zappa: only B, D and Z have entries.
    func seedPartition(_ collation: IndexedCollation) throws -> [Section<String>] {
        try collation.partition(["Zappa, Frank", "Brown, James", "Dylan, Bob"], by: { $0 })
    }

    func jumpedTitles(includeSearch: Bool) throws -> [String: String] {
        let collation = try IndexedCollation(locale: "en_US")
        let sections = try seedPartition(collation)
        XCTAssertEqual(sections.map(\.title), ["B", "D", "Z"])
        let titles = try collation.sectionIndexTitles(includeSearch: includeSearch)
        var result: [String: String] = [:]
        for (i, title) in titles.titles.enumerated() {
            switch try collation.jump(toIndexTitleAt: i, in: titles, nonEmptySections: sections.map(\.titleIndex)) {
            case .top: result[title] = "top"
            case .section(let s): result[title] = sections[s].title
            case .nothing: result[title] = "nothing"
            }
        }
        return result
    }

    func testSeedTable() throws {
        let jumps = try jumpedTitles(includeSearch: false)
        XCTAssertEqual(jumps["A"], "B")
        XCTAssertEqual(jumps["B"], "B")
        XCTAssertEqual(jumps["C"], "B")
        XCTAssertEqual(jumps["D"], "D")
        for letter in "EFGHIJKLMNOPQRSTUVWXY" { XCTAssertEqual(jumps[String(letter)], "D", String(letter)) }
        XCTAssertEqual(jumps["Z"], "Z")
        XCTAssertEqual(jumps["#"], "Z")
        XCTAssertEqual(jumps.count, 27)
    }

    func testSeedTableWithSearchEntry() throws {
        let jumps = try jumpedTitles(includeSearch: true)
        XCTAssertEqual(jumps["{search}"], "top")
        XCTAssertEqual(jumps["A"], "B")
        XCTAssertEqual(jumps["C"], "B")
        XCTAssertEqual(jumps["Q"], "D")
        XCTAssertEqual(jumps["#"], "Z")
        XCTAssertEqual(jumps.count, 28)
    }

    func testSearchShiftsPositionsByOne() throws {
        let collation = try IndexedCollation(locale: "en")
        let titles = try collation.sectionIndexTitles(includeSearch: true)
        XCTAssertEqual(titles.titles.first, "{search}")
        XCTAssertNil(try collation.sectionTitleIndex(forIndexTitleAt: 0, in: titles))
        XCTAssertEqual(try collation.sectionTitleIndex(forIndexTitleAt: 1, in: titles), 0)
        XCTAssertEqual(try collation.sectionTitleIndex(forIndexTitleAt: 27, in: titles), 26)
    }

    func testJumpNeverLeavesRange() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let titles = try collation.sectionIndexTitles(includeSearch: true, maxTitles: 9)
        XCTAssertThrowsError(try collation.jump(toIndexTitleAt: titles.titles.count, in: titles, nonEmptySections: [3]))
        XCTAssertThrowsError(try collation.jump(toIndexTitleAt: -1, in: titles, nonEmptySections: [3]))
        for nonEmpty in [[], [0], [5], [29], [0, 29], [2, 3, 4]] {
            for i in titles.titles.indices {
                let target = try collation.jump(toIndexTitleAt: i, in: titles, nonEmptySections: nonEmpty)
                switch target {
                case .section(let s): XCTAssertTrue(nonEmpty.indices.contains(s))
                case .nothing: XCTAssertTrue(nonEmpty.isEmpty)
                case .top: XCTAssertEqual(i, 0)
                }
            }
        }
    }

    func testNothingBeforeJumpsToFirstAfter() {
        XCTAssertEqual(IndexedCollation.jump(toSection: 0, nonEmptySections: [4, 9]), .section(0))
        XCTAssertEqual(IndexedCollation.jump(toSection: 4, nonEmptySections: [4, 9]), .section(0))
        XCTAssertEqual(IndexedCollation.jump(toSection: 8, nonEmptySections: [4, 9]), .section(0))
        XCTAssertEqual(IndexedCollation.jump(toSection: 20, nonEmptySections: [4, 9]), .section(1))
        XCTAssertEqual(IndexedCollation.jump(toSection: 3, nonEmptySections: []), .nothing)
    }
}
