import Collation
import Entries
import XCTest
@testable import Outlines
@testable import Server

/// A one-character edit of a JSON, catalog or YAML document makes again, in a whole `documentSymbol` reply, only the
/// values of the entries it changed (the rest handed out as kept): the tree formats as cheap after an edit as lines.
final class TreeRepliesTests: XCTestCase {
    private func made(afterEditing text: String, languageId: String, line: Int, from old: String, to new: String) throws -> (first: Int, after: [String]) {
        var document = TextDocument(uri: "file:///t", languageId: languageId, version: 1, text: text)
        let collation = try IndexedCollation(locale: "sv_SE")
        let plan = IndexPlan(document, settings: ExtractionSettings(), collation: collation)
        let source = EntrySource()
        let index = try plan.index(document, collation: collation) { source.entries(of: $0, settings: ExtractionSettings(), collation: collation).entries }
        XCTAssertEqual(index.format, .tree, languageId)
        var made: [String] = []
        _ = reply(index, document, &made)
        let first = made.count
        made = []
        let content = document.withLine(line) { String(decoding: $0, as: UTF8.self) }
        let at = try XCTUnwrap(content.range(of: old), "\(old) on line \(line): \(content)")
        let character = content[..<at.lowerBound].utf16.count
        let change = try document.apply([ContentChange(range: EncodedRange(start: EncodedPosition(line: line, character: character),
                                                                           end: EncodedPosition(line: line, character: character + old.utf16.count)),
                                                       text: new)], version: 2, encoding: .utf16)
        XCTAssertTrue(index.update(to: document, edit: change), "followed, not rebuilt")
        _ = reply(index, document, &made)
        return (first, made)
    }

    private func reply(_ index: OutlineIndex, _ document: TextDocument, _ made: inout [String]) -> Int {
        let view = index.view(document: document)
        var bytes = 0
        for section in view.sections {
            let offsets = section.offset ..< section.offset + section.count
            let joined = view.memo.joined(section: section.titleIndex, changes: view.changes(ofSection: section.titleIndex),
                                          ids: { offsets.map(view.id(at:)) }, lastChange: view.lastChange(of:),
                                          stamp: { view.stamp(at: offsets.lowerBound + $0) }, variant: 0) { k in
                let entry = view.entry(at: offsets.lowerBound + k)
                made.append(entry.name)
                return Array("\(entry.name)@\(entry.range)".utf8)
            }
            bytes += joined.reduce(0) { $0 + $1.count }
        }
        return bytes
    }

    func testAJSONEditMakesAgainOnlyWhatItChanged() throws {
        let members = (0 ..< 2_000).map { "  \"Namn \($0)\": {\"telefon\": \"070-\($0)\", \"ort\": \"Åre\"}" }
        let text = "{\n" + members.joined(separator: ",\n") + "\n}\n"
        let (first, after) = try made(afterEditing: text, languageId: "json", line: 1_001, from: "Åre", to: "Öre")
        XCTAssertEqual(first, 6_000)
        XCTAssertLessThanOrEqual(after.count, 8, "\(after.prefix(20))")
    }

    func testAYAMLEditMakesAgainOnlyWhatItChanged() throws {
        let members = (0 ..< 2_000).map { "Namn \($0):\n  telefon: 070-\($0)\n  ort: Åre" }
        let text = members.joined(separator: "\n") + "\n"
        let (first, after) = try made(afterEditing: text, languageId: "yaml", line: 3_002, from: "Åre", to: "Öre")
        XCTAssertEqual(first, 6_000)
        XCTAssertLessThanOrEqual(after.count, 8, "\(after.prefix(20))")
    }
}
