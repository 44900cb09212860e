import Collation
import Entries
import Outlines
import XCTest

/// A large record file is read on two cores: the second half from a line where a record probably starts, kept only
/// when the first half arrives there at a record's start. These texts put that line inside a record (a quoted field
/// over many lines, an AGENT's card), so the guess is wrong and the first half must read on: the index must still equal
/// a whole extraction.
final class RecordHalvesTests: XCTestCase {
    func testAGuessInsideAQuotedFieldIsNotTaken() throws {
        var rows = ["name,note"]
        for i in 0 ..< 20_000 { rows.append("Name \(i),note \(i)") }
        // A quoted field of 30,000 lines around the middle of the text: its lines look like rows of their own.
        rows.append("Quoted,\"" + (0 ..< 30_000).map { "Fake \($0),x" }.joined(separator: "\n") + "\"")
        for i in 0 ..< 20_000 { rows.append("After \(i),y") }
        try check(rows.joined(separator: "\n") + "\n", languageId: "csv")
    }

    func testAGuessOnAnAgentsCardIsNotTaken() throws {
        var cards: [String] = []
        for i in 0 ..< 15_000 { cards.append("BEGIN:VCARD\nFN:Person \(i)\nN:Person;\(i);;;\nEND:VCARD") }
        // One card with an AGENT's card on every line of a long run: BEGIN:VCARD lines that start no record.
        let agents = (0 ..< 20_000).map { "AGENT:\nBEGIN:VCARD\nFN:Agent \($0)\nEND:VCARD" }.joined(separator: "\n")
        cards.append("BEGIN:VCARD\nFN:Boss\n" + agents + "\nEND:VCARD")
        for i in 0 ..< 15_000 { cards.append("BEGIN:VCARD\nFN:Later \(i)\nEND:VCARD") }
        try check(cards.joined(separator: "\n") + "\n", languageId: "vcard")
    }

    private func check(_ text: String, languageId: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertGreaterThan(text.utf8.count, 1 << 20, "large enough to be read in halves", file: file, line: line)
        let collation = try IndexedCollation(locale: "en_US")
        let document = TextDocument(uri: "file:///big", languageId: languageId, version: 1, text: text)
        let extract: @Sendable (TextDocument) -> [Entry] = { EntrySource().entries(of: $0, settings: ExtractionSettings(), collation: collation).entries }
        let index = try OutlineIndex.make(document, collation: collation, format: .records,
                                      records: RecordFormat(languageId: languageId, options: ExtractionOptions()), extract: extract)
        XCTAssertEqual(index.format, .records, file: file, line: line)
        let fresh = try SectionedOutline(outline: DocumentOutline(version: 1, roots: extract(document)), collation: collation)
        XCTAssertEqual(index.count, fresh.totalCount, file: file, line: line)
        XCTAssertEqual(index.sections, fresh.sections, file: file, line: line)
        XCTAssertEqual(index.page(offset: 0, limit: index.count, in: document).map(\.entry),
                       fresh.page(offset: 0, limit: fresh.totalCount).map(\.entry), file: file, line: line)
    }
}
