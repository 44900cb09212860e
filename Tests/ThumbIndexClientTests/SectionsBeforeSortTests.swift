import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// Records and JSON answer `thumbindex/sections` from their index's sections, kept before the index sorts: the sort
/// is held at a gate (`willSort`), so "before" is an order of events. A page needs the sort and waits for it; the
/// sections the index gives afterwards are the ones answered before.
final class SectionsBeforeSortTests: XCTestCase {
    static let names = ["Åsa Berg", "Örjan Lind", "Anna Ek", "Zoë Nyström", "Bo Ahl", "östen Ros", "Ärla Sund", "東京 Ito", "Émile Zola"]

    static func documents() -> [(uri: String, languageId: String, text: String)] {
        let names = (0 ..< 600).map { "\(Self.names[$0 % Self.names.count]) \(String($0 * 7919 % 601, radix: 5))" }
        let cards = names.map { name -> String in
            let parts = name.split(separator: " ")
            return "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nN:\(parts[1]);\(parts[0]);;;\r\nEND:VCARD\r\n"
        }
        let rows = names.map { "\($0),\($0.count)@example.org" }
        let members = names.enumerated().map { "  \"\($1)\": \($0)" }
        return [
            ("file:///people.vcf", "vcard", cards.joined()),
            ("file:///people.csv", "csv", "name,email\n" + rows.joined(separator: "\n") + "\n"),
            ("file:///people.json", "json", "{\n" + members.joined(separator: ",\n") + "\n}\n"),
        ]
    }

    func testSectionsComeWhileTheSortIsHeldAndEqualTheIndexs() async throws {
        let documents = Self.documents(), deferred = Gate()
        let gates = Dictionary(uniqueKeysWithValues: documents.map { ($0.uri, Gate()) })
        let pair = try await InProcessPair.start(locale: "sv_SE", instrumentation: ServerInstrumentation(
            deferred: { deferred.arrive($0) }, willSort: { gates[$0]!.pass($0) }))
        for document in documents {
            let gate = gates[document.uri]!
            try pair.client.open(uri: document.uri, languageId: document.languageId, version: 1, text: document.text)
            let before = try await withDeadline("sections while the sort is held") { try await pair.client.sections(uri: document.uri) }
            // The index keeps its sections, answers, then comes to the gate before its sort (which it cannot pass yet).
            try await waitUntil("the build to wait before its sort") { gate.arrivals == [document.uri] }
            XCTAssertEqual(before.totalCount, 600, document.uri)
            XCTAssertEqual(before.sections.first?.title, "A", document.uri)
            let waits = deferred.arrivals.count
            let page = Task { try await pair.client.entries(uri: document.uri, offset: 0, limit: 3, version: 1) }
            try await waitUntil("the page to wait for the sort") { deferred.arrivals.count == waits + 1 }
            gate.open()
            let first = try await withDeadline("the page after the sort") { try await page.value }
            XCTAssertEqual(first.totalCount, 600)
            let after = try await withDeadline("sections from the index") { try await pair.client.sections(uri: document.uri) }
            XCTAssertEqual(before, after, document.uri)
            XCTAssertEqual(gate.arrivals.count, 1, "one build")
        }
    }

    /// Found by the fuzzer (a hang): the text changes after `sections` arrived and before its handler runs, so the
    /// edit is not logged (no index or build follows it yet) and an index of the request's text cannot be kept, nor can
    /// its layout. Run again, the request must not start another build for its old text (and another, forever), but
    /// answer from an index of its own.
    func testSectionsOfTextChangedBeforeTheirHandlerRanAreAnswered() async throws {
        let gate = Gate()
        let pair = try await InProcessPair.start(locale: "sv_SE", instrumentation: ServerInstrumentation(
            willHandle: { method in if method == SectionsRequest.method { gate.pass(method) } }))
        let document = Self.documents()[0]
        try pair.client.open(uri: document.uri, languageId: document.languageId, version: 1, text: document.text)
        let asked = Task { try await pair.client.sections(uri: document.uri) }
        try await waitUntil("the sections request to reach its handler") { gate.arrivals.count == 1 }
        try pair.client.change(uri: document.uri, version: 2, range: PositionRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)),
                               text: "BEGIN:VCARD\r\nFN:Ada Ek\r\nEND:VCARD\r\n")
        // Notifications apply in order: once a later request is answered, the edit is in.
        _ = try await withDeadline("a request after the edit") { try await pair.client.indexTitles() }
        gate.open()
        let before = try await withDeadline("the sections asked before the edit") { try await asked.value }
        XCTAssertEqual(before.totalCount, 600, "the text the request came with")
        let after = try await withDeadline("the sections after the edit") { try await pair.client.sections(uri: document.uri) }
        XCTAssertEqual(after.totalCount, 601)
    }
}
