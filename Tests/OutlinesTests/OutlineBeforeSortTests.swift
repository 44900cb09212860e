import Collation
@testable import Outlines
import XCTest

/// Before the index: a first part of symbols sorts only its whole sections, a page finds only its own entries in the
/// sections that hold it; both equal what the index answers.
final class OutlineBeforeSortTests: XCTestCase {
    /// 60 names under A, 20 under B, 120 in other scripts (`#` under sv_SE), interleaved.
    private let lines = (0 ..< 200).map { i -> String in
        switch i % 10 {
        case 0, 1, 2: return "Anna \(i)"
        case 3: return "Bo \(i)"
        default: return "東京 \(i)"
        }
    }

    private func document() -> TextDocument {
        TextDocument(uri: "file:///t.txt", languageId: "plaintext", version: 1, text: lines.joined(separator: "\n") + "\n")
    }

    func testPagesBeforeTheSortEqualTheIndexsPages() throws {
        let document = document(), collation = try IndexedCollation(locale: "sv_SE")
        let index = try OutlineIndex.make(document, collation: collation, format: .lines) { _ in [] }
        // Inside A, across the end of A (60 entries) into B (20), across B into `#`, deep inside `#`, at and past the end.
        for range in [0 ..< 10, 55 ..< 65, 75 ..< 85, 100 ..< 101, 130 ..< 190, 195 ..< 205, 200 ..< 210] {
            let outline = OutlineBeforeSort(document, collation: collation, format: .lines) { _ in [] }
            let page = try outline.page(range), indexed = index.page(offset: range.lowerBound, limit: range.count, in: document)
            XCTAssertEqual(page.map(\.entry), indexed.map(\.entry), "\(range)")
            XCTAssertEqual(page.map(\.section), indexed.map(\.section), "\(range)")
            XCTAssertEqual(outline.totalCount, 200)
        }
        let sections = try OutlineBeforeSort(document, collation: collation, format: .lines) { _ in [] }.leadingSections(holding: 70)
        XCTAssertEqual(sections.map(\.title), ["A", "B"])
        XCTAssertEqual(sections[1].entries.map(\.name), index.page(offset: 60, limit: 20, in: document).map(\.entry.name))
    }
}
