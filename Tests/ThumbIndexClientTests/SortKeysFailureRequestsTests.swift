import Collation
import JSONRPC
import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// When the sort keys of a request's strings cannot be allocated (the shim's NULL, injected by the batch's size), the
/// request fails with -32803 saying so, and the server goes on: its documents are kept and the same requests are
/// answered once memory is there again.
final class SortKeysFailureRequestsTests: XCTestCase {
    override func tearDown() {
        SortKeys.failingAllocation.withLock { $0 = nil }
    }

    func expectFailure<T: Sendable>(_ what: String, _ body: @escaping @Sendable () async throws -> T) async throws {
        do {
            _ = try await withDeadline(what) { try await body() }
            XCTFail("\(what): answered although the keys could not be allocated")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .requestFailed, what)
            XCTAssertTrue(error.message.contains("out of memory for the sort keys of 777 strings"), "\(what): \(error.message)")
        }
    }

    func testRequestsFailAndTheServerGoesOn() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        let names = (0 ..< 777).map { "Anna \(String($0 * 7919 % 778, radix: 5))" }
        let cards = (0 ..< 777).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna \($0)\r\nN:\($0);Anna;;;\r\nEND:VCARD\r\n" }
        try pair.client.open(uri: "file:///names.txt", languageId: "plaintext", version: 1, text: names.joined(separator: "\n") + "\n")
        try pair.client.open(uri: "file:///people.vcf", languageId: "vcard", version: 1, text: cards.joined())
        SortKeys.failingAllocation.withLock { $0 = { $0 == 777 } }
        // Every name is in A: a first page of most of them sorts that section, all 777.
        try await expectFailure("a plain-text page") { try await pair.client.entries(uri: "file:///names.txt", offset: 0, limit: 400) }
        // The cards' sections come before their sort; a page needs the sort.
        let sections = try await withDeadline("the cards' sections") { try await pair.client.sections(uri: "file:///people.vcf") }
        XCTAssertEqual(sections.totalCount, 777)
        try await expectFailure("a page of cards") { try await pair.client.entries(uri: "file:///people.vcf", offset: 0, limit: 5) }
        try await expectFailure("thumbindex/sort") { try await pair.client.sort(names.map(SortItem.init)) }
        SortKeys.failingAllocation.withLock { $0 = nil }
        let page = try await withDeadline("the page once the keys can be made") { try await pair.client.entries(uri: "file:///names.txt", offset: 0, limit: 5) }
        XCTAssertEqual(page.totalCount, 777)
        let cardsPage = try await withDeadline("the cards' page") { try await pair.client.entries(uri: "file:///people.vcf", offset: 0, limit: 2) }
        XCTAssertEqual(cardsPage.entries.map(\.name), ["Anna 0", "Anna 1"])
        let sorted = try await withDeadline("thumbindex/sort") { try await pair.client.sort(names.map(SortItem.init)) }
        XCTAssertEqual(sorted.items.count, 777)
    }
}
