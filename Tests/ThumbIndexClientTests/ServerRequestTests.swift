import JSONRPC
import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// The server's requests through the typed client, server and client in this process.
final class ServerRequestTests: XCTestCase {
    let artists = "file:///home/ana/artists.txt"

    /// Seed 002's document: Zappa, Brown, Dylan under en_US.
    private func artistsPair() async throws -> InProcessPair {
        let pair = try await InProcessPair.start(locale: "en_US")
        try pair.client.open(uri: artists, languageId: "plaintext", text: "Zappa, Frank\nBrown, James\nDylan, Bob\n")
        return pair
    }

    func testSectionsPagesAndJumpsFollowSeed002() async throws {
        let pair = try await artistsPair()
        let sections = try await pair.client.sections(uri: artists, titles: IndexTitleChoice(includeSearch: true))
        XCTAssertEqual(sections.version, 1)
        XCTAssertEqual(sections.locale, "en-US")
        XCTAssertEqual(sections.totalCount, 3)
        XCTAssertEqual(sections.sections.map(\.title), ["B", "D", "Z"])
        XCTAssertEqual(sections.sections.map(\.offset), [0, 1, 2])
        XCTAssertEqual(sections.indexTargets.first, .search)
        XCTAssertEqual(sections.indexTargets[3], .section(0), "C jumps back to B")
        XCTAssertEqual(sections.indexTargets.last, .section(2), "# jumps to Z")

        let page = try await pair.client.entries(uri: artists, offset: 1, limit: 5, version: 1)
        XCTAssertEqual(page.entries.map(\.name), ["Dylan, Bob", "Zappa, Frank"])
        XCTAssertEqual(page.entries.map(\.section), [1, 2])
        XCTAssertEqual(page.entries.first?.selectionRange, PositionRange(start: Position(line: 2, character: 0), end: Position(line: 2, character: 10)))

        let jump = try await pair.client.jump(uri: artists, to: .title("C"))
        XCTAssertEqual(jump, .section(section: 0, title: "B", offset: 0, location: Location(
            uri: artists, range: PositionRange(start: Position(line: 1, character: 0), end: Position(line: 1, character: 12)))))
        let search = try await pair.client.jump(uri: artists, to: .index(0), titles: IndexTitleChoice(includeSearch: true))
        XCTAssertEqual(search, .search)
    }

    func testAStaleVersionIsContentModifiedAndAnEditIsSeen() async throws {
        let pair = try await artistsPair()
        try pair.client.change(uri: artists, version: 2, range: PositionRange(start: Position(line: 0, character: 0), end: Position(line: 1, character: 0)), text: "Abba\n")
        do {
            _ = try await pair.client.entries(uri: artists, offset: 0, limit: 10, version: 1)
            XCTFail("a page of version 1 after an edit to version 2 must fail")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .contentModified)
            XCTAssertEqual(error.message, "\(artists) is at version 2, not 1")
        }
        let page = try await pair.client.entries(uri: artists, offset: 0, limit: 10, version: 2)
        XCTAssertEqual(page.entries.map(\.name), ["Abba", "Brown, James", "Dylan, Bob"])
    }

    func testInvalidParamsNameTheField() async throws {
        let pair = try await artistsPair()
        do {
            _ = try await pair.client.entries(uri: artists, offset: 0, limit: 100_001)
            XCTFail("limit above 100000 must be refused")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .invalidParams)
            XCTAssertEqual(error.message, "params.limit must be in 0...100000, got 100001")
        }
        do {
            _ = try await pair.client.sections(uri: "file:///not/open.txt")
            XCTFail("a document that is not open has no sections")
        } catch let error as ResponseError {
            XCTAssertEqual(error.message, "unknown document file:///not/open.txt (not open)")
        }
        do {
            _ = try await pair.client.jump(uri: artists, to: .index(99))
            XCTFail("an index past the titles must be refused")
        } catch let error as ResponseError {
            XCTAssertEqual(error.message, "params.index must be in 0...26, got 99")
        }
    }

    func testCollationRequestsKeepTheItemsAsGiven() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        let items = [SortItem("Östen"), SortItem("Åsa"), SortItem("Zorn"), SortItem(label: "Ümit Özdemir", sortText: "Özdemir, Ümit"),
                     SortItem("Anders"), SortItem("Ärla")]
        let sorted = try await pair.client.sort(items)
        XCTAssertEqual(sorted.order, [4, 2, 1, 5, 0, 3])
        XCTAssertEqual(sorted.items.last, items[3])
        let partition = try await pair.client.partition(items)
        XCTAssertEqual(partition.sections.map(\.title), ["A", "Z", "Å", "Ä", "Ö"])
        let sections = try await pair.client.sectionFor(["Öl", "apa"])
        XCTAssertEqual(sections, [28, 0])
        let titles = try await pair.client.indexTitles(collation: CollationChoice(locale: "ko_KO"), titles: IndexTitleChoice(maxIndexTitles: 9))
        XCTAssertEqual(titles.sectionIndexTitles, ["A", "•", "K", "•", "U", "•", "ㅁ", "•", "#"])
    }

    func testDocumentSymbolsAndWorkspaceSymbolsDecode() async throws {
        let pair = try await artistsPair()
        guard case .symbols(let symbols) = try await pair.client.documentSymbols(uri: artists).decoded() else {
            return XCTFail("a client with hierarchical support gets DocumentSymbol[]")
        }
        XCTAssertEqual(symbols.map(\.name), ["B", "D", "Z"])
        XCTAssertEqual(symbols.map { $0.children?.map(\.name) ?? [] }, [["Brown, James"], ["Dylan, Bob"], ["Zappa, Frank"]])
        let found = try await pair.client.workspaceSymbols(query: "bo")
        XCTAssertEqual(found.map(\.name), ["Dylan, Bob"])
    }

    func testShutdownThenExitEndsWithZero() async throws {
        let pair = try await artistsPair()
        try await pair.client.shutdown()
        try await waitUntil("the server to exit") { pair.exitCode != nil }
        XCTAssertEqual(pair.exitCode, 0)
    }
}
