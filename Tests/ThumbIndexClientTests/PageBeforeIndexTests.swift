import Synchronization
import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// A plain-text document's first page comes before its index: only the sections that hold the page are sorted while
/// the index is made on another worker. The build is held at a gate, so "before" is an order of events; the pages are
/// then the index's own.
final class PageBeforeIndexTests: XCTestCase {
    func testTheFirstPageComesWhileTheIndexIsStillMadeAndEqualsTheIndexsPage() async throws {
        let gate = Gate()
        let pair = try await InProcessPair.start(locale: "sv_SE", instrumentation: ServerInstrumentation(willBuild: { _ in gate.pass("build") }))
        let first = ["Åsa", "Örjan", "Anna", "Zoë", "Bo", "östen", "Ärla", "東京", "123", "Émile", "anna"]
        let text = (0 ..< 3_000).map { "\(first[$0 % first.count]) \(String($0 * 7919 % 3_001, radix: 5))" }.joined(separator: "\n") + "\n"
        try pair.client.open(uri: "file:///probe.txt", languageId: "plaintext", version: 1, text: text)
        let sections = try await withDeadline("sections") { try await pair.client.sections(uri: "file:///probe.txt") }
        // Pages inside a section, across a section's end, and at the end of the outline: each the first page of a
        // document of its own, answered while that document's index is held in its build.
        let aEnd = sections.sections[0].count
        let asked = [(0, 5), (aEnd - 3, 7), (sections.totalCount - 4, 10)]
        var before: [EntriesRequest.Result] = []
        for (k, (offset, limit)) in asked.enumerated() {
            let uri = "file:///names\(k).txt"
            try pair.client.open(uri: uri, languageId: "plaintext", version: 1, text: text)
            before.append(try await withDeadline("a page before the index") { try await pair.client.entries(uri: uri, offset: offset, limit: limit, version: 1) })
            try await waitUntil("the index to be made meanwhile") { gate.arrivals.count == k + 1 }
        }
        gate.open()
        for (k, (offset, limit)) in asked.enumerated() {
            let after = try await withDeadline("the index's page") { try await pair.client.entries(uri: "file:///names\(k).txt", offset: offset, limit: limit, version: 1) }
            XCTAssertEqual(before[k], after, "offset \(offset), limit \(limit)")
            XCTAssertEqual(before[k].totalCount, 3_000)
        }
        XCTAssertEqual(gate.arrivals.count, 3, "one build a document, none for the pages asked after it")
        XCTAssertEqual(before[1].entries.map(\.section), [0, 0, 0, 1, 1, 1, 1], "across the end of the first section")
        XCTAssertEqual(before[2].entries.count, 4)
    }

    /// A page inside the section of most entries comes before the index too (only its own entries are found there,
    /// not the section sorted), and before the index is started: the build starts once the page is answered.
    func testAPageInsideASectionOfMostEntriesComesBeforeTheIndex() async throws {
        let gate = Gate()
        let pair = try await InProcessPair.start(locale: "sv_SE", instrumentation: ServerInstrumentation(willBuild: { _ in gate.pass("build") }))
        // 600 names under A, 200 under B, 1,200 in other scripts (`#`), with repeated names.
        let text = (0 ..< 2_000).map { i in i % 10 < 3 ? "Anna \(i % 7)" : i % 10 == 3 ? "Bo \(i)" : "東京 \(i % 300)" }.joined(separator: "\n") + "\n"
        let uri = "file:///large.txt"
        try pair.client.open(uri: uri, languageId: "plaintext", version: 1, text: text)
        let sections = try await withDeadline("sections") { try await pair.client.sections(uri: uri) }
        XCTAssertEqual(sections.sections.map(\.count), [600, 200, 1_200])
        let page = try await withDeadline("a page in `#` before the index") { try await pair.client.entries(uri: uri, offset: 1_000, limit: 25, version: 1) }
        XCTAssertEqual(page.entries.map(\.section), Array(repeating: 2, count: 25))
        XCTAssertEqual(page.totalCount, 2_000)
        try await waitUntil("the index to be started after the page") { gate.arrivals.count == 1 }
        gate.open()
        let again = try await withDeadline("the index's page") { try await pair.client.entries(uri: uri, offset: 1_000, limit: 25, version: 1) }
        XCTAssertEqual(page, again)
        XCTAssertEqual(gate.arrivals.count, 1)
    }
}
