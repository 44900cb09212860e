import JSONRPC
import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// Requests that need an index another request is building do not park a thread: they leave and run again when the
/// build is done, while other documents' requests are answered meanwhile.
///
/// The build is held at a gate inside it, so "meanwhile" is an order of events: the eight waiting pages must all
/// have left their handlers (`deferred`) and the other requests must have been answered before the gate opens.
final class DeferredRequestsTests: XCTestCase {
    func testEightWaitersOnABuildHoldNoThreadAndCheapRequestsAreAnsweredMeanwhile() async throws {
        let uri = "file:///big.txt", other = "file:///small.txt", count = 5_000
        let gate = Gate()
        let deferred = Gate()
        let pair = try await InProcessPair.start(locale: "sv_SE", instrumentation: ServerInstrumentation(
            deferred: { method in deferred.arrive(method) }, willBuild: { built in if built == uri { gate.pass(built) } }))
        let lines = (0 ..< count).map { "Namn \(String($0, radix: 7)) \(["Åsa", "Örjan", "Anna", "Zoë"][$0 % 4])" }
        try pair.client.open(uri: uri, languageId: "plaintext", version: 1, text: lines.joined(separator: "\n") + "\n")
        try pair.client.open(uri: other, languageId: "plaintext", version: 1, text: "Östen\nAnna\n")
        let building = Task { try await pair.client.entries(uri: uri, offset: 0, limit: 3, version: 1) }
        try await waitUntil("the first page to start building the index") { gate.arrivals.count == 1 }
        let waiters = (1 ... 8).map { k in Task { try await pair.client.entries(uri: uri, offset: k * 100, limit: 2, version: 1) } }
        try await waitUntil("all eight pages to leave their handlers for the build") { deferred.arrivals.count == 8 }
        XCTAssertEqual(Set(deferred.arrivals), [EntriesRequest.method])
        // The build is still held: other work is answered now.
        let titles = try await withDeadline("indexTitles during the build") { try await pair.client.indexTitles() }
        XCTAssertEqual(titles.sectionTitles.last, "#")
        let sections = try await withDeadline("another document's sections during the build") { try await pair.client.sections(uri: other) }
        XCTAssertEqual(sections.sections.map(\.title), ["A", "Ö"])
        let page = try await withDeadline("another document's page during the build") { try await pair.client.entries(uri: other, offset: 0, limit: 5) }
        XCTAssertEqual(page.entries.map(\.name), ["Anna", "Östen"])
        XCTAssertEqual(gate.arrivals.count, 1, "one build, however many ask")
        gate.open()
        let first = try await withDeadline("the page that built the index") { try await building.value }
        XCTAssertEqual(first.totalCount, count)
        for (k, waiter) in waiters.enumerated() {
            let result = try await withDeadline("waiting page \(k + 1)") { try await waiter.value }
            XCTAssertEqual(result.totalCount, count)
            XCTAssertEqual(result.entries.count, 2)
            XCTAssertEqual(result.offset, (k + 1) * 100)
        }
        XCTAssertEqual(gate.arrivals.count, 1, "the waiters used the index the first page built")
    }

    /// A page cancelled while it waits for a build is answered at once, and nothing runs for it when the build ends.
    func testAWaitingPageCancelledIsAnsweredAtOnce() async throws {
        let uri = "file:///big.txt"
        let gate = Gate(), deferred = Gate()
        let pair = try await InProcessPair.start(locale: "sv_SE", instrumentation: ServerInstrumentation(
            deferred: { method in deferred.arrive(method) }, willBuild: { _ in gate.pass("build") }))
        try pair.client.open(uri: uri, languageId: "plaintext", version: 1, text: (0 ..< 2_000).map { "Namn \($0)" }.joined(separator: "\n"))
        let building = Task { try await pair.client.entries(uri: uri, offset: 0, limit: 1) }
        try await waitUntil("the build to start") { gate.arrivals.count == 1 }
        let waiting = Task { try await pair.client.entries(uri: uri, offset: 5, limit: 1) }
        try await waitUntil("the page to wait for the build") { deferred.arrivals.count == 1 }
        waiting.cancel()
        do {
            _ = try await withDeadline("the cancelled page's answer while the build is held") { try await waiting.value }
            XCTFail("a cancelled page must not answer")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .requestCancelled)
        } catch is CancellationError {}
        gate.open()
        let first = try await withDeadline("the build") { try await building.value }
        XCTAssertEqual(first.totalCount, 2_000)
    }
}
