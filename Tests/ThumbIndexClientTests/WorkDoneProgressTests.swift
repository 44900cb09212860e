import ThumbIndexClient
import ThumbIndexJSON
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// Server-started progress: long sorting shows a progress bar, short work none.
final class WorkDoneProgressTests: XCTestCase {
    private func start(showsProgress: Bool) async throws -> InProcessPair {
        try await InProcessPair.start(locale: "en_US", initialize: InitializeRequest.Params(workDoneProgress: showsProgress))
    }

    /// 300,000 lines: well over 300 ms to extract and sort in a debug build.
    private let large = (0 ..< 300_000).map { "Name \($0 % 977) \($0)" }.joined(separator: "\n")

    func testLongSortingBeginsAndEndsAProgressBar() async throws {
        let pair = try await start(showsProgress: true)
        try pair.client.open(uri: "file:///large.txt", languageId: "plaintext", text: large)
        // A page needs the sorted outline: extracting and sorting 300,000 entries.
        let page = try await pair.client.entries(uri: "file:///large.txt", offset: 0, limit: 1)
        XCTAssertEqual(page.totalCount, 300_000)
        var kinds: [String] = []
        var tokens = Set<ProgressToken>()
        for await progress in pair.client.progress {
            kinds.append(progress.value["kind"]?.stringValue ?? "?")
            tokens.insert(progress.token)
            if kinds.last == "end" { break }
        }
        XCTAssertEqual(kinds, ["begin", "end"])
        XCTAssertEqual(tokens, [.string("thumbindex/1")], "one token, chosen by the server")
    }

    func testNoProgressForShortWorkOrForAClientThatDoesNotShowIt() async throws {
        let quiet = try await start(showsProgress: false)
        try quiet.client.open(uri: "file:///large.txt", languageId: "plaintext", text: large)
        _ = try await quiet.client.sections(uri: "file:///large.txt")
        let short = try await start(showsProgress: true)
        for pair in [quiet, short] {
            try pair.client.open(uri: "file:///small.txt", languageId: "plaintext", text: "b\na\n")
            _ = try await pair.client.sections(uri: "file:///small.txt")
        }
        // A marker: documentSymbol with a workDoneToken always reports, so it is the first progress either client sees.
        for pair in [quiet, short] {
            _ = try await pair.client.documentSymbols(uri: "file:///small.txt", workDoneToken: .string("marker"))
            var iterator = pair.client.progress.makeAsyncIterator()
            let first = await iterator.next()
            XCTAssertEqual(first?.token, .string("marker"), "no server-started progress before the marker")
        }
    }
}
