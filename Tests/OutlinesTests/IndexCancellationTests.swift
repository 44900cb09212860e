import Collation
import Entries
import Outlines
import Synchronization
import XCTest

/// An index nobody wants any more (its document closed or opened again while it is made) stops before its sort keys
/// and before its sort, so that their memory is never taken; the sections it told before that are its own.
final class IndexCancellationTests: XCTestCase {
    override func tearDown() {
        SortKeys.failingAllocation.withLock { $0 = nil }
    }

    static let documents: [(languageId: String, text: String)] = [
        ("plaintext", (0 ..< 503).map { "Namn \($0)" }.joined(separator: "\n") + "\n"),
        ("vcard", (0 ..< 503).map { "BEGIN:VCARD\nVERSION:3.0\nFN:Namn \($0)\nEND:VCARD\n" }.joined()),
        ("json", "{\n" + (0 ..< 503).map { "  \"Namn \($0)\": \($0)" }.joined(separator: ",\n") + "\n}\n"),
    ]

    func testABuildCancelledOnceItsSectionsAreKnownMakesNoKeys() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let keysMade = Mutex(0)
        SortKeys.failingAllocation.withLock { $0 = { count in if count == 503 { keysMade.withLock { $0 += 1 } }; return false } }
        for (languageId, text) in Self.documents {
            let document = TextDocument(uri: "file:///t", languageId: languageId, version: 1, text: text)
            let plan = IndexPlan(document, settings: ExtractionSettings(), collation: collation)
            var told: SectionLayout?
            XCTAssertThrowsError(try plan.index(document, collation: collation, set: { inputs in
                inputs.sectionsKnown = { told = $0 }
                inputs.isCancelled = { told != nil }
            }, extract: { _ in [] })) { error in
                XCTAssertEqual((error as? CollationError)?.kind, .cancelled, languageId)
            }
            XCTAssertEqual(told?.totalCount, 503, languageId)
            XCTAssertEqual(keysMade.withLock { $0 }, 0, "\(languageId): no sort keys made for a cancelled build")
            let index = try plan.index(document, collation: collation, extract: { _ in [] })
            XCTAssertEqual(index.count, 503, languageId)
            XCTAssertEqual(keysMade.withLock { $0 }, 1, "\(languageId): the build that goes on makes its keys")
            keysMade.withLock { $0 = 0 }
        }
    }

    func testADocumentIsOpenThroughItsEditsUntilClosedOrOpenedAgain() throws {
        let store = DocumentStore(), uri = "file:///a.txt"
        _ = store.open(TextDocument(uri: uri, languageId: "plaintext", version: 1, text: "Anna\n"))
        let first = try store.snapshot(uri)
        XCTAssertTrue(store.isOpen(first))
        try store.edit(uri) { document throws(PositionError) in
            let at = EncodedPosition(line: 0, character: 0)
            return try document.apply([ContentChange(range: EncodedRange(start: at, end: at), text: "Bo\n")], version: 2, encoding: .utf16)
        }
        XCTAssertTrue(store.isOpen(first), "an edit does not end what an index is made for: it follows the edit")
        _ = store.open(TextDocument(uri: uri, languageId: "plaintext", version: 1, text: "Östen\n"))
        XCTAssertFalse(store.isOpen(first), "opened again: the old text is gone")
        let second = try store.snapshot(uri)
        XCTAssertTrue(store.isOpen(second))
        _ = store.close(uri)
        XCTAssertFalse(store.isOpen(second))
    }
}
