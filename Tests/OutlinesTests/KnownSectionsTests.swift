import Collation
import Entries
@testable import Outlines
import SeededRandom
import XCTest

/// A plain-text document's first `thumbindex/sections` looks up the section of every line; the index made after it
/// takes those sections instead of looking every line up again (the larger part of making a layout). Taken from a
/// layout of the same text, they give an index as sound as one that looked them up itself; a list that does not
/// have one section per entry is not taken.
final class KnownSectionsTests: XCTestCase {
    func testAnIndexTakesTheSectionsItsLayoutCounted() throws {
        var random = SplitMix64(seed: 0x4B_4E0_5EC7)
        let names = ["Anna", "Åsa", "Östen", "Zoë", "Émile", "東京", "Olle", "berit", "123", "Ärla", "Иван", "#tag"]
        let text = (0 ..< 3_000).map { _ in names.randomElement(using: &random)! + " " + names.randomElement(using: &random)! }
            .joined(separator: "\n") + "\n\n  \n"
        let document = TextDocument(uri: "file:///names.txt", languageId: "plaintext", version: 1, text: text)
        let collation = try IndexedCollation(locale: "sv_SE")
        let extract: @Sendable (TextDocument) -> [Entry] = { EntrySource().entries(of: $0, settings: ExtractionSettings(), collation: collation).entries }
        for format in [OutlineIndex.Format.lines, .startLines] {
            let layout = SectionLayout(counting: document, format: format, collation: collation, extract: extract)
            let known = try XCTUnwrap(layout.sectionOfEntries)
            let taking = try OutlineIndex.make(document, collation: collation, format: format, set: { $0.knownSections = known }, extract: extract)
            XCTAssertEqual(taking.invariantViolations(in: document), [], "\(format)")
            XCTAssertEqual(taking.layout.sections.map(\.count), layout.sections.map(\.count), "\(format)")
            XCTAssertEqual(taking.layout.sections.map(\.titleIndex), layout.sections.map(\.titleIndex), "\(format)")
            // They are taken as given: sections of another text (all the first) would be the index's, and found out.
            let wrong = try OutlineIndex.make(document, collation: collation, format: format,
                                              set: { $0.knownSections = [Int32](repeating: 0, count: known.count) }, extract: extract)
            XCTAssertFalse(wrong.invariantViolations(in: document).isEmpty, "\(format)")
            // One too few: not taken, looked up.
            let short = try OutlineIndex.make(document, collation: collation, format: format,
                                              set: { $0.knownSections = Array(known.dropLast()) }, extract: extract)
            XCTAssertEqual(short.invariantViolations(in: document), [], "\(format)")
        }
    }
}
