import JSONRPC
import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// While a large document's index is being built, the server keeps answering: a stale page is refused at once, a
/// cancelled page is answered with -32800, edits made meanwhile are followed, and pages after the build see them.
final class IndexBuildTests: XCTestCase {
    static let uri = "file:///big.txt"

    func testStaleAndCancelledPagesDoNotWaitForTheBuildAndEditsMeanwhileAreFollowed() async throws {
        let uri = Self.uri
        let pair = try await InProcessPair.start(locale: "sv_SE")
        let lines = (0 ..< 250_000).map { "Namn \(String($0, radix: 7)) \(["Åsa", "Örjan", "Anna", "Zoë"][$0 % 4])" }
        try pair.client.open(uri: uri, languageId: "plaintext", version: 1, text: lines.joined(separator: "\n") + "\n")
        // The first page builds the index (seconds in a debug build); everything below happens meanwhile.
        let building = Task {
            let page = try await pair.client.entries(uri: uri, offset: 0, limit: 3, version: 1)
            return (page, Date())
        }
        let cancelled = Task { try await pair.client.entries(uri: uri, offset: 10, limit: 3) }
        try await Task.sleep(nanoseconds: 50_000_000)
        cancelled.cancel()
        try pair.client.change(uri: uri, version: 2, range: PositionRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)), text: "Aaaa först\n")
        let started = Date()
        do {
            _ = try await pair.client.entries(uri: uri, offset: 0, limit: 3, version: 1)
            XCTFail("version 1 is stale")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .contentModified)
        }
        let refused = Date()
        do {
            _ = try await cancelled.value
            XCTFail("a cancelled page must not answer")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .requestCancelled)
        } catch is CancellationError {}
        let (first, built) = try await building.value
        XCTAssertEqual(first.version, 1, "the page answers for the text it arrived with")
        XCTAssertEqual(first.totalCount, 250_000)
        XCTAssertLessThan(refused, built, "the stale page was refused before the build was done")
        print("stale page refused \(Int(refused.timeIntervalSince(started) * 1000)) ms after the edit; build done \(Int(built.timeIntervalSince(started) * 1000)) ms after it")

        let after = try await pair.client.entries(uri: uri, offset: 0, limit: 1, version: 2)
        XCTAssertEqual(after.totalCount, 250_001)
        XCTAssertEqual(after.entries.map(\.name), ["Aaaa först"])
        XCTAssertEqual(after.entries.first?.range.start.line, 0)
        let last = try await pair.client.entries(uri: uri, offset: 250_000, limit: 1, version: 2)
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
        for await message in pair.client.logMessages {
            if message.message.contains(uri) {
                XCTAssertEqual(message.message, "\(uri): a binary file (it holds NUL bytes), not text")
                XCTAssertEqual(message.type, .error)
                break
            }
        }
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
        for await message in pair.client.logMessages where message.message.contains("sv_XX") {
            XCTAssertEqual(message.message, "sv_XX: XX is not a known region; collating as sv")
            XCTAssertEqual(message.type, .warning)
            break
        }
        try pair.client.open(uri: "file:///n.txt", languageId: "plaintext", version: 1, text: "Östen\nAnna\n")
        let sections = try await pair.client.sections(uri: "file:///n.txt")
        XCTAssertEqual(sections.sections.map(\.title), ["A", "Ö"], "collated as Swedish")
    }
}
