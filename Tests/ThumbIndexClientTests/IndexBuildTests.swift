import JSONRPC
import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// While a document's index is being built, the server keeps answering: a stale page is refused at once, a cancelled
/// page is answered with -32800, edits made meanwhile are followed, and pages after the build see them.
///
/// "While" is an order of events, not a duration: every page's handler is held at a gate until the stale and the
/// cancelled page have been answered, so the test passes or fails the same way on any machine. A stale page that
/// went to a handler (or waited for the build) would be held too, and fail at its deadline.
final class IndexBuildTests: XCTestCase {
    static let uri = "file:///big.txt"

    func testStaleAndCancelledPagesDoNotWaitForTheBuildAndEditsMeanwhileAreFollowed() async throws {
        let uri = Self.uri, count = 25_000
        let gate = Gate()
        let pair = try await InProcessPair.start(locale: "sv_SE", instrumentation: ServerInstrumentation(willHandle: { method in
            if method == EntriesRequest.method { gate.pass(method) }
        }))
        let lines = (0 ..< count).map { "Namn \(String($0, radix: 7)) \(["Åsa", "Örjan", "Anna", "Zoë"][$0 % 4])" }
        try pair.client.open(uri: uri, languageId: "plaintext", version: 1, text: lines.joined(separator: "\n") + "\n")
        // The first page builds the index; it and a second page are held at the gate, so everything below happens
        // while the build has not finished.
        let building = Task { try await pair.client.entries(uri: uri, offset: 0, limit: 3, version: 1) }
        let cancelled = Task { try await pair.client.entries(uri: uri, offset: 10, limit: 3) }
        try await waitUntil("both pages to reach their handlers") { gate.arrivals.count == 2 }
        cancelled.cancel()
        try pair.client.change(uri: uri, version: 2, range: PositionRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)), text: "Aaaa först\n")
        do {
            _ = try await withDeadline("the stale page's answer while the build is held", seconds: 60) {
                try await pair.client.entries(uri: uri, offset: 0, limit: 3, version: 1)
            }
            XCTFail("version 1 is stale")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .contentModified)
        }
        do {
            _ = try await withDeadline("the cancelled page's answer while the build is held", seconds: 60) { try await cancelled.value }
            XCTFail("a cancelled page must not answer")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .requestCancelled)
        } catch is CancellationError {}
        XCTAssertEqual(gate.arrivals.count, 2, "the stale page was refused without running a handler")
        // Only now may the build finish.
        gate.open()
        let first = try await withDeadline("the page that built the index") { try await building.value }
        XCTAssertEqual(first.version, 1, "the page answers for the text it arrived with")
        XCTAssertEqual(first.totalCount, count)

        let after = try await pair.client.entries(uri: uri, offset: 0, limit: 1, version: 2)
        XCTAssertEqual(after.totalCount, count + 1)
        XCTAssertEqual(after.entries.map(\.name), ["Aaaa först"])
        XCTAssertEqual(after.entries.first?.range.start.line, 0)
        let last = try await pair.client.entries(uri: uri, offset: count, limit: 1, version: 2)
        XCTAssertEqual(last.entries.count, 1)
        XCTAssertGreaterThan(last.entries[0].range.start.line, 0, "entries below the insert moved down")
    }

    func testABinaryDocumentHasNoEntriesAndTheLogSaysWhy() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        let uri = "file:///a.out"
        try pair.client.open(uri: uri, languageId: "plaintext", version: 1, text: "Anna\n\u{0}\u{1}ELF\nÖsten\n")
        let sections = try await pair.client.sections(uri: uri)
        XCTAssertEqual(sections.totalCount, 0, "no garbage entries")
        let page = try await pair.client.entries(uri: uri, offset: 0, limit: 10)
        XCTAssertEqual(page.entries.count, 0)
        let message = try await firstElement(of: pair.client.logMessages, "a log message about \(uri)") { $0.message.contains(uri) }
        XCTAssertEqual(message?.message, "\(uri): a binary file (it holds NUL bytes), not text")
        XCTAssertEqual(message?.type, .error)
    }

    /// Markdown headings are scanned by the index itself, not by the extractor that refuses binary text: a NUL, in
    /// the opened text or typed into it, must still leave the document without entries (the model-based test found it).
    func testABinaryMarkdownDocumentHasNoEntriesOpenedOrEdited() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        try pair.client.open(uri: "file:///a.md", languageId: "markdown", version: 1, text: "# Anna\n\u{0}\n# Östen\n")
        let opened = try await pair.client.entries(uri: "file:///a.md", offset: 0, limit: 10)
        XCTAssertEqual(opened.totalCount, 0, "no headings in a binary file")
        try pair.client.open(uri: "file:///b.md", languageId: "markdown", version: 1, text: "# Anna\n\n# Östen\n")
        let before = try await pair.client.entries(uri: "file:///b.md", offset: 0, limit: 10)
        XCTAssertEqual(before.entries.map(\.name), ["Anna", "Östen"])
        try pair.client.change(uri: "file:///b.md", version: 2, range: PositionRange(start: Position(line: 1, character: 0), end: Position(line: 1, character: 0)), text: "\u{0}")
        let after = try await pair.client.entries(uri: "file:///b.md", offset: 0, limit: 10, version: 2)
        XCTAssertEqual(after.totalCount, 0, "a NUL typed in makes the text binary")
    }

    func testAnUnknownRegionAtInitializeIsLogged() async throws {
        let pair = try await InProcessPair.start(locale: "sv_XX")
        let message = try await firstElement(of: pair.client.logMessages, "a log message about sv_XX") { $0.message.contains("sv_XX") }
        XCTAssertEqual(message?.message, "sv_XX: XX is not a known region; collating as sv")
        XCTAssertEqual(message?.type, .warning)
        try pair.client.open(uri: "file:///n.txt", languageId: "plaintext", version: 1, text: "Östen\nAnna\n")
        let sections = try await pair.client.sections(uri: "file:///n.txt")
        XCTAssertEqual(sections.sections.map(\.title), ["A", "Ö"], "collated as Swedish")
    }
}
