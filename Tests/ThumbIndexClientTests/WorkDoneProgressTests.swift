import ThumbIndexClient
import ThumbIndexJSON
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// Server-started progress: long sorting shows a progress bar, short work none.
///
/// "Long" is whatever outlasts the progress delay, which the tests inject instead of making work slow enough for the
/// clock: a delay of 0 makes every sort long (the bar is asked for before the work starts), an hour makes every sort
/// short. So the outcome does not depend on the speed of the machine, and every wait on the progress stream has a
/// deadline.
final class WorkDoneProgressTests: XCTestCase {
    private func start(showsProgress: Bool, progressDelay: Double) async throws -> InProcessPair {
        try await InProcessPair.start(locale: "en_US", initialize: InitializeRequest.Params(workDoneProgress: showsProgress),
                                      instrumentation: ServerInstrumentation(progressDelay: progressDelay))
    }

    private let text = (0 ..< 3_000).map { "Name \($0 % 977) \($0)" }.joined(separator: "\n")

    func testTheDefaultDelayIsThreeHundredMilliseconds() {
        XCTAssertEqual(ServerInstrumentation().progressDelay, 0.3)
    }

    func testLongSortingBeginsAndEndsAProgressBar() async throws {
        let pair = try await start(showsProgress: true, progressDelay: 0)
        try pair.client.open(uri: "file:///large.txt", languageId: "plaintext", text: text)
        // A page needs the sorted outline: extracting and sorting, longer than the delay.
        let page = try await pair.client.entries(uri: "file:///large.txt", offset: 0, limit: 1)
        XCTAssertEqual(page.totalCount, 3_000)
        let progress = try await collectElements(of: pair.client.progress, "the progress bar to begin and end") {
            $0.value["kind"]?.stringValue == "end"
        }
        XCTAssertEqual(progress.map { $0.value["kind"]?.stringValue ?? "?" }, ["begin", "end"])
        XCTAssertEqual(Set(progress.map(\.token)), [.string("thumbindex/1")], "one token, chosen by the server")
    }

    func testNoProgressForShortWorkOrForAClientThatDoesNotShowIt() async throws {
        // A client that does not show progress gets none even for work longer than the delay.
        let quiet = try await start(showsProgress: false, progressDelay: 0)
        try quiet.client.open(uri: "file:///large.txt", languageId: "plaintext", text: text)
        _ = try await quiet.client.sections(uri: "file:///large.txt")
        // Work shorter than the delay shows none.
        let short = try await start(showsProgress: true, progressDelay: 3600)
        for pair in [quiet, short] {
            try pair.client.open(uri: "file:///small.txt", languageId: "plaintext", text: "b\na\n")
            _ = try await pair.client.sections(uri: "file:///small.txt")
        }
        // A marker: documentSymbol with a workDoneToken always reports, so it is the first progress either client sees.
        for pair in [quiet, short] {
            _ = try await pair.client.documentSymbols(uri: "file:///small.txt", workDoneToken: .string("marker"))
            let first = try await firstElement(of: pair.client.progress, "the marker's progress")
            XCTAssertEqual(first?.token, .string("marker"), "no server-started progress before the marker")
        }
    }
}
