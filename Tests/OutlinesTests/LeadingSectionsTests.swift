import Collation
@testable import Outlines
import XCTest

/// A page before the index sorts only the sections that hold it, and only while they are a small part of the document:
/// a page inside a section holding most of the entries (the `#` of names in many scripts) waits for the index.
final class LeadingSectionsTests: XCTestCase {
    /// 60 names under A, 20 under B, 120 in other scripts (`#` under sv_SE), interleaved.
    private func document() -> TextDocument {
        let lines = (0 ..< 200).map { i -> String in
            switch i % 10 {
            case 0, 1, 2: return "Anna \(i)"
            case 3: return "Bo \(i)"
            default: return "東京 \(i)"
            }
        }
        return TextDocument(uri: "file:///t.txt", languageId: "plaintext", version: 1, text: lines.joined(separator: "\n") + "\n")
    }

    private func leading(_ document: TextDocument, _ range: Range<Int>, atMost share: Double) throws -> LeadingSections? {
        try LeadingSections(document, collation: try IndexedCollation(locale: "sv_SE"), format: .lines, covering: range, atMost: share) { _ in [] }
    }

    func testAPageOfSmallSectionsIsSortedAndEqualsTheIndexsPage() throws {
        let document = document()
        let index = try OutlineIndex.make(document, collation: try IndexedCollation(locale: "sv_SE"), format: .lines) { _ in [] }
        // Across the end of A (60 entries) into B (20): 80 of 200 entries, under the share of one half.
        let sections = try XCTUnwrap(try leading(document, 55 ..< 65, atMost: 0.5))
        XCTAssertEqual(sections.counts, [60, 20, 120])
        XCTAssertEqual(sections.sections.map(\.title), ["A", "B"])
        let page = sections.page(55 ..< 65), indexed = index.page(offset: 55, limit: 10, in: document)
        XCTAssertEqual(page.map(\.entry), indexed.map(\.entry))
        XCTAssertEqual(page.map(\.section), indexed.map(\.section))
        XCTAssertEqual(sections.entries(of: sections.sections[1]).map(\.name), index.page(offset: 60, limit: 20, in: document).map(\.entry.name))
    }

    func testAPageInsideASectionOfMostEntriesIsLeftToTheIndex() throws {
        let document = document()
        XCTAssertNil(try leading(document, 100 ..< 110, atMost: 0.5), "`#` holds 120 of 200 entries")
        XCTAssertNil(try leading(document, 75 ..< 85, atMost: 0.5), "B and `#` hold 140 of 200 entries")
        XCTAssertNotNil(try leading(document, 0 ..< 10, atMost: 0.5), "A holds 60 of 200 entries")
        XCTAssertNil(try leading(document, 0 ..< 10, atMost: 0.25), "A holds 60 of 200 entries")
        XCTAssertNotNil(try leading(document, 100 ..< 110, atMost: 1), "no limit")
    }
}
