import Collation
@testable import Outlines
import XCTest

/// A page before the index sorts only the sections that hold it; how many entries those are is read off the thumb
/// index's layout (the server leaves a page in sections of more than half the entries to the index).
final class LeadingSectionsTests: XCTestCase {
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

    func testAPageOfSmallSectionsIsSortedAndEqualsTheIndexsPage() throws {
        let document = document()
        let index = try OutlineIndex.make(document, collation: try IndexedCollation(locale: "sv_SE"), format: .lines) { _ in [] }
        // Across the end of A (60 entries) into B (20).
        let sections = try LeadingSections(document, collation: try IndexedCollation(locale: "sv_SE"), format: .lines, covering: 55 ..< 65) { _ in [] }
        XCTAssertEqual(sections.counts, [60, 20, 120])
        XCTAssertEqual(sections.sections.map(\.title), ["A", "B"])
        let page = sections.page(55 ..< 65), indexed = index.page(offset: 55, limit: 10, in: document)
        XCTAssertEqual(page.map(\.entry), indexed.map(\.entry))
        XCTAssertEqual(page.map(\.section), indexed.map(\.section))
        XCTAssertEqual(sections.entries(of: sections.sections[1]).map(\.name), index.page(offset: 60, limit: 20, in: document).map(\.entry.name))
    }

    func testTheLayoutCountsTheEntriesOfTheSectionsAPageCovers() throws {
        let batch = UTF8Batch(lines)
        let layout = SectionLayout(sortStrings: batch, version: 1, generation: 0, collation: try IndexedCollation(locale: "sv_SE"))
        XCTAssertEqual(layout.sections.map(\.count), [60, 20, 120])
        XCTAssertEqual(layout.entries(inSectionsCovering: 100 ..< 110), 120, "inside `#`")
        XCTAssertEqual(layout.entries(inSectionsCovering: 75 ..< 85), 140, "B and `#`")
        XCTAssertEqual(layout.entries(inSectionsCovering: 0 ..< 10), 60, "inside A")
        XCTAssertEqual(layout.entries(inSectionsCovering: 59 ..< 61), 80, "across A's end")
        XCTAssertEqual(layout.entries(inSectionsCovering: 200 ..< 210), 0, "past the end")
    }
}
