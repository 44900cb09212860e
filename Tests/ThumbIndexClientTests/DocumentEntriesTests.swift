import ThumbIndexClient
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// PagedArray over a real server (in process): a document's sectioned entries, page by page, and starting over when
/// the document changes under it.
final class DocumentEntriesTests: XCTestCase {
    let uri = "file:///names.txt"

    func testPagesThroughADocumentInSectionedOrder() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        let names = (0 ..< 1_000).map { ["Östen", "Åsa", "Zorn", "Anders", "Ärla", "Bo"][$0 % 6] + " \($0)" }
        try pair.client.open(uri: uri, languageId: "plaintext", text: names.joined(separator: "\n"))
        let entries = try await pair.client.pagedEntries(uri: uri, pageSize: 100)
        XCTAssertEqual(entries.count, 1_000)
        XCTAssertEqual(entries.pageCount, 10)
        XCTAssertTrue(entries[0].isPlaceholder, "nothing is loaded before it is read")
        let first = try await entries.element(at: 0)
        XCTAssertTrue(first.name.hasPrefix("Anders"))
        let last = try await entries.element(at: 999)
        XCTAssertTrue(last.name.hasPrefix("Östen"))
        XCTAssertTrue(entries.loadedPages.isSuperset(of: [0, 9]))
        // The sections' offsets land on their first entries.
        let sections = try await pair.client.sections(uri: uri)
        for section in sections.sections {
            let entry = try await entries.element(at: section.offset)
            XCTAssertTrue(entry.name.hasPrefix(["A": "Anders", "B": "Bo", "Z": "Zorn", "Å": "Åsa", "Ä": "Ärla", "Ö": "Östen"][section.title]!),
                          "\(section.title): \(entry.name)")
        }
    }

    func testAnEditMakesTheArrayStartOverWithTheNewVersion() async throws {
        let pair = try await InProcessPair.start(locale: "en_US")
        try pair.client.open(uri: uri, languageId: "plaintext", text: "Brown\nDylan\nZappa\n")
        let entries = try await pair.client.pagedEntries(uri: uri, pageSize: 2)
        _ = try await entries.element(at: 0)
        XCTAssertEqual(entries.version, 1)
        // Another line at the top: the next page of version 1 is refused (ContentModified) and the array follows.
        try pair.client.change(uri: uri, version: 2, range: PositionRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)), text: "Abba\n")
        let third = try await entries.element(at: 2)
        XCTAssertEqual(entries.version, 2)
        XCTAssertEqual(entries.count, 4)
        XCTAssertEqual(third.name, "Dylan")
        let top = try await entries.element(at: 0)
        XCTAssertEqual(top.name, "Abba", "pages of version 1 were dropped")
    }
}
