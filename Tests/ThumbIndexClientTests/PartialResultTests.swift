import JSONRPC
import ThumbIndexClient
import ThumbIndexJSON
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// `textDocument/documentSymbol` with `partialResultToken` and `workDoneToken`.
final class PartialResultTests: XCTestCase {
    let uri = "file:///many.txt"

    /// 30,000 names over 26 letters: more than one part.
    private func pairWithALargeDocument() async throws -> InProcessPair {
        let pair = try await InProcessPair.start(locale: "en_US")
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let text = (0 ..< 30_000).map { "\(letters[($0 * 7) % 26])name \($0)" }.joined(separator: "\n")
        try pair.client.open(uri: uri, languageId: "plaintext", text: text)
        return pair
    }

    func testPartsInOrderMakeTheWholeOutlineAndTheAnswerIsEmpty() async throws {
        let pair = try await pairWithALargeDocument()
        guard case .symbols(let whole) = try await pair.client.documentSymbols(uri: uri).decoded() else { return XCTFail("symbols") }
        let answer = try await pair.client.documentSymbols(uri: uri, workDoneToken: .string("work"), partialResultToken: .int(7))
        XCTAssertEqual(try answer.decoded(), .symbols([]), "what was sent in parts is not sent again")
        var parts: [[DocumentSymbol]] = []
        var work: [String] = []
        let seen = try await collectElements(of: pair.client.progress, "the work's end") {
            $0.token == .string("work") && $0.value["kind"]?.stringValue == "end"
        }
        for progress in seen {
            switch progress.token {
            case .int(7): parts.append(try [DocumentSymbol](json: progress.value, path: "value"))
            case .string("work"): work.append(progress.value["kind"]?.stringValue ?? "?")
            default: XCTFail("unknown token \(progress.token)")
            }
        }
        XCTAssertGreaterThan(parts.count, 1, "a 30,000-entry outline comes in more than one part")
        XCTAssertLessThanOrEqual(parts.first.map { $0.reduce(0) { $0 + ($1.children?.count ?? 0) } } ?? 0, 2_000 + 30_000 / 26,
                                 "the first part is small, so that it arrives early")
        XCTAssertEqual(parts.flatMap { $0 }, whole, "the parts, in order, are the outline")
        XCTAssertEqual(work.first, "begin")
        XCTAssertEqual(work.last, "end")
        XCTAssertEqual(work.dropFirst().dropLast().count, parts.count, "a report per part")
    }

    /// A slow client is not flooded: each part after the first is made only once the transport says the client has
    /// read enough of what was sent (here a gate the test opens, so the order of events is what is checked).
    func testEachPartWaitsForTheClientToReadTheOnesBefore() async throws {
        let gate = Gate()
        let pair = try await InProcessPair.start(locale: "en_US", waitForOutput: { _ in gate.pass("part") })
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        try pair.client.open(uri: uri, languageId: "plaintext", text: (0 ..< 30_000).map { "\(letters[($0 * 7) % 26])name \($0)" }.joined(separator: "\n"))
        _ = try await pair.client.sections(uri: uri)  // the index, so that parts come from it
        let client = pair.client, uri = self.uri
        let answer = Task { try await client.documentSymbols(uri: uri, workDoneToken: .string("w"), partialResultToken: .int(7)) }
        try gate.waitForArrivals(1)
        XCTAssertEqual(gate.arrivals.count, 1, "the second part waits for the first to be read")
        gate.open()
        let result = try await answer.value
        XCTAssertEqual(try result.decoded(), .symbols([]))
        let seen = try await collectElements(of: pair.client.progress, "the work's end") {
            $0.token == .string("w") && $0.value["kind"]?.stringValue == "end"
        }
        let parts = seen.filter { $0.token == .int(7) }.count
        XCTAssertGreaterThan(parts, 1)
        XCTAssertEqual(gate.arrivals.count, parts - 1, "a wait before every part but the first")
    }

    /// Parts come from the leading sections (before any index) or the document's index, the plain answer from the
    /// index (ExampleTests hold it to the sorted outline of `thumbindex outline --json`): the section symbols (and
    /// their ranges, which depend on the entries' neighbours in the document) must agree for every kind of index,
    /// also after edits.
    func testPartsEqualThePlainAnswerForMarkdownJSONAndAfterEdits() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        let documents = [
            ("file:///notes.md", "markdown", "# Östen\n## Anna\ntext\n## Bo\n# Åsa\nAlma\n===\n### Örn\n\n## Axel\n"),
            ("file:///data.json", "json", #"{"Östen": {"Anna": 1, "Bo": [2]}, "Åsa": {"Alma": null}, "Axel": true}"#),
            ("file:///names.txt", "plaintext", "Östen\n\nAnna\nBo\n  Åsa\nAlma\r\nÖrn\nAxel"),
        ]
        for (uri, languageId, text) in documents {
            try pair.client.open(uri: uri, languageId: languageId, text: text)
            try await assertPartsEqualTheAnswer(pair, uri)  // no index yet: the leading sections, sorted alone
            try await assertPartsEqualTheAnswer(pair, uri)  // from the index the first call built
            if languageId != "json" {
                try pair.client.change(uri: uri, version: 2, range: PositionRange(start: Position(line: 2, character: 0), end: Position(line: 2, character: 0)), text: "Ärla\n")
                try await assertPartsEqualTheAnswer(pair, uri)
            }
        }
    }

    /// A section of 20,000 entries or more is a part written on two cores, its halves joined: still the section of
    /// the plain answer, every entry once and in order.
    func testAPartOfOneLargeSectionEqualsThePlainAnswer() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        let uri = "file:///one-section.txt"
        try pair.client.open(uri: uri, languageId: "plaintext", text: (0 ..< 25_000).map { $0 % 50 == 0 ? "Bo \($0)" : "Anna \($0 * 7919 % 25_000)" }.joined(separator: "\n"))
        try await assertPartsEqualTheAnswer(pair, uri)  // no index yet: the leading sections
        try await assertPartsEqualTheAnswer(pair, uri)  // from the index: section A (24,500 entries) on two cores
    }

    /// A section of `StreamedSections.entries` entries or more goes out streamed, made again piece by piece as the
    /// client reads (here made small: sections of 1,000 entries or more, pieces of 64, the first two kept): the parts
    /// are still the plain answer, for a part of one streamed section and for a part of streamed and whole sections.
    func testStreamedSectionsEqualThePlainAnswer() async throws {
        let pair = try await InProcessPair.start(
            locale: "sv_SE", instrumentation: ServerInstrumentation(streaming: StreamedSections(entries: 1_000, entriesInPiece: 64, keptPieces: 2)))
        let uri = "file:///streamed.txt"
        // Å: 2,400 entries (streamed), Ö: 3 (whole), Ä: 1,000 (streamed, exactly the size), some with quotes and tabs to escape.
        let lines = (0 ..< 2_400).map { "Åsa \"\($0 * 7919 % 2_400)\"" } + ["Örn", "Östen", "Öjvind"] + (0 ..< 1_000).map { "Ärla\t\($0)" }
        try pair.client.open(uri: uri, languageId: "plaintext", text: lines.joined(separator: "\n"))
        _ = try await pair.client.sections(uri: uri)  // the index, so that the parts come from it
        try await assertPartsEqualTheAnswer(pair, uri)
    }

    private func assertPartsEqualTheAnswer(_ pair: InProcessPair, _ uri: String) async throws {
        _ = try await pair.client.documentSymbols(uri: uri, workDoneToken: .string("w"), partialResultToken: .string("p"))
        var parts: [DocumentSymbol] = []
        let seen = try await collectElements(of: pair.client.progress, "the work's end on \(uri)") {
            $0.token == .string("w") && $0.value["kind"]?.stringValue == "end"
        }
        for progress in seen where progress.token == .string("p") {
            parts += try [DocumentSymbol](json: progress.value, path: "value")
        }
        guard case .symbols(let whole) = try await pair.client.documentSymbols(uri: uri).decoded() else { return XCTFail("symbols") }
        XCTAssertFalse(whole.isEmpty, uri)
        XCTAssertEqual(parts, whole, uri)
    }

    func testATokenOfTheWrongTypeIsInvalidParams() async throws {
        let pair = try await pairWithALargeDocument()
        do {
            _ = try await pair.client.send(RawDocumentSymbolRequest.self, ["textDocument": ["uri": .string(uri)], "partialResultToken": true])
            XCTFail("a boolean token must be refused")
        } catch let error as ResponseError {
            XCTAssertEqual(error.message, "params.partialResultToken must be an integer or a string, got a boolean")
        }
    }
}

/// documentSymbol with params as given, to send what the typed params cannot hold.
private enum RawDocumentSymbolRequest: LSPRequest {
    static let method = DocumentSymbolRequest.method
    typealias Params = JSON
    typealias Result = JSON
}
