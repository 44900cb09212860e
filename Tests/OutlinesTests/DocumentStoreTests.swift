import Collation
import Entries
@testable import Outlines
import XCTest

/// The store's generations, edit log and builds, driven directly: a stale snapshot, a reopen or a close during a build,
/// and the edit log kept only as far back as the oldest index needs it (see `Documentation/Server.md`, "Generations").
final class DocumentStoreTests: XCTestCase {
    private let uri = "file:///names.txt"
    private let collation = try! IndexedCollation(locale: "sv_SE")

    private func make(_ count: Counter) -> (TextDocument) throws(CollationError) -> OutlineIndex {
        { document throws(CollationError) in
            count.value += 1
            return try OutlineIndex.make(document, collation: self.collation, format: .lines) { _ in [] }
        }
    }

    private func insert(_ store: DocumentStore, _ text: String, atLine line: Int) throws {
        try store.edit(uri) { document throws(PositionError) in
            let at = EncodedPosition(line: line, character: 0)
            return try document.apply([ContentChange(range: EncodedRange(start: at, end: at), text: text)], version: document.version + 1, encoding: .utf16)
        }
    }

    private func names(_ index: OutlineIndex, _ document: TextDocument) -> [String] {
        index.page(offset: 0, limit: 100, in: document).map(\.entry.name)
    }

    /// A plain text's names kept with its layout for a first page before the index go once the index is made; the
    /// layout's sections stay.
    func testTheLayoutsNamesGoWhenTheIndexIsMade() throws {
        let store = DocumentStore(), made = Counter()
        _ = store.open(TextDocument(uri: uri, languageId: "plaintext", version: 1, text: "Östen\nAnna\n東京\n"))
        let document = try store.snapshot(uri)
        let layout = store.layout(document, cacheKey: "k") {
            SectionLayout(counting: $0, format: .lines, collation: self.collation, extract: { _ in [] })
        }
        XCTAssertEqual(layout.names?.lines, [0, 1, 2])
        let page = try OutlineBeforeSort(document, collation: collation, format: .lines, known: layout.sectionOfEntries,
                                         names: layout.names) { _ in [] }.page(1 ..< 3)
        XCTAssertEqual(page.map(\.entry.name), ["Östen", "東京"])
        XCTAssertEqual(page.map(\.entry.selectionRange.start.line), [0, 2])
        _ = try store.withIndexWaiting(document, cacheKey: "k", make: make(made)) { _, _ in () }
        XCTAssertNil(store.cachedLayout(document, cacheKey: "k")?.names)
        XCTAssertEqual(store.cachedLayout(document, cacheKey: "k")?.sections.map(\.count), [1, 1, 1])
    }

    func testAnIndexFollowsEditsAndAStaleSnapshotGetsOneOfItsOwn() throws {
        let store = DocumentStore(), made = Counter()
        _ = store.open(TextDocument(uri: uri, languageId: "plaintext", version: 1, text: "Östen\nAnna\n"))
        let first = try store.snapshot(uri)
        XCTAssertEqual(try store.withIndexWaiting(first, cacheKey: "k", make: make(made)) { names($0, $1) }, ["Anna", "Östen"])
        try insert(store, "Bo\n", atLine: 0)
        let second = try store.snapshot(uri)
        // The kept index follows the edit: not made again.
        XCTAssertEqual(try store.withIndexWaiting(second, cacheKey: "k", make: make(made)) { names($0, $1) }, ["Anna", "Bo", "Östen"])
        XCTAssertEqual(made.value, 1)
        // A request that still holds the first text: the index is past it, so it gets one of its own, not kept.
        XCTAssertEqual(try store.withIndexWaiting(first, cacheKey: "k", make: make(made)) { index, document in "\(index.version) \(names(index, document))" },
                       "1 [\"Anna\", \"Östen\"]")
        XCTAssertEqual(made.value, 2)
        XCTAssertEqual(store.withExistingIndex(second, cacheKey: "k") { index, _ in index.version }, 2)
    }

    /// An index catching up on edits does so outside the store's lock: the reader's next edit goes through meanwhile,
    /// and another request for the same index is told it is in progress rather than kept waiting.
    func testAnIndexCatchesUpOutsideTheLock() throws {
        let store = DocumentStore(), made = Counter()
        _ = store.open(TextDocument(uri: uri, languageId: "plaintext", version: 1, text: "Östen\nAnna\n"))
        XCTAssertEqual(try store.withIndexWaiting(try store.snapshot(uri), cacheKey: "k", make: make(made)) { names($0, $1) }, ["Anna", "Östen"])
        try insert(store, "Bo\n", atLine: 0)
        let second = try store.snapshot(uri)
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        store.willFollow = { _ in
            held.signal()
            release.wait()
        }
        let served = Served(), collation = self.collation
        let done = DispatchGroup()
        done.enter()
        Thread {
            served.names = (try? store.withIndexWaiting(second, cacheKey: "k", make: { document throws(CollationError) in
                made.value += 1
                return try OutlineIndex.make(document, collation: collation, format: .lines) { _ in [] }
            }) { index, document in index.page(offset: 0, limit: 100, in: document).map(\.entry.name) }) ?? []
            done.leave()
        }.start()
        XCTAssertEqual(held.wait(timeout: .now() + 60), .success, "the update started")
        store.willFollow = nil
        // Meanwhile: an edit (the reader's didChange) goes through, and the same index is in progress for others.
        try insert(store, "Cecilia\n", atLine: 0)
        guard case .later = try store.withIndex(second, cacheKey: "k", make: make(made), { _, _ in () }) else {
            return XCTFail("the update in progress is waited for")
        }
        XCTAssertNil(store.withExistingIndex(second, cacheKey: "k") { _, _ in () })
        release.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(served.names, ["Anna", "Bo", "Östen"], "the request sees its own snapshot")
        XCTAssertEqual(try store.withIndexWaiting(try store.snapshot(uri), cacheKey: "k", make: make(made)) { names($0, $1) },
                       ["Anna", "Bo", "Cecilia", "Östen"], "and the index follows the edit made meanwhile")
        XCTAssertEqual(made.value, 1)
    }

    func testABuildOutlivedByAReopenOrACloseServesItsRequestAndIsNotKept() throws {
        let store = DocumentStore(), made = Counter()
        _ = store.open(TextDocument(uri: uri, languageId: "plaintext", version: 1, text: "Östen\nAnna\n"))
        let old = try store.snapshot(uri)
        // The document is opened again while the index of its old text is being built.
        let served = try store.withIndexWaiting(old, cacheKey: "k", make: { document throws(CollationError) in
            _ = store.open(TextDocument(uri: self.uri, languageId: "plaintext", version: 1, text: "Zorn\n"))
            return try self.make(made)(document)
        }) { names($0, $1) }
        XCTAssertEqual(served, ["Anna", "Östen"], "the build answers the request it was made for")
        let reopened = try store.snapshot(uri)
        XCTAssertNil(store.withExistingIndex(reopened, cacheKey: "k") { _, _ in true }, "the old text's index is not kept")
        XCTAssertEqual(try store.withIndexWaiting(reopened, cacheKey: "k", make: make(made)) { names($0, $1) }, ["Zorn"])
        // Closed during a build: the same, and the store forgets the document.
        let last = try store.snapshot(uri)
        let closedServed = try store.withIndexWaiting(last, cacheKey: "other", make: { document throws(CollationError) in
            _ = store.close(self.uri)
            return try self.make(made)(document)
        }) { names($0, $1) }
        XCTAssertEqual(closedServed, ["Zorn"])
        XCTAssertThrowsError(try store.snapshot(uri))
        XCTAssertNil(store.withExistingIndex(last, cacheKey: "other") { _, _ in true })
    }

    func testTheEditLogKeepsWhatTheOldestIndexHasNotFollowed() throws {
        let store = DocumentStore(), made = Counter()
        _ = store.open(TextDocument(uri: uri, languageId: "plaintext", version: 1, text: "Östen\nAnna\n"))
        // No index yet: edits are not logged.
        try insert(store, "Bo\n", atLine: 0)
        XCTAssertEqual(store.lock.withLock { store.documents[uri]!.edits.count }, 0)
        try store.withIndexWaiting(try store.snapshot(uri), cacheKey: "a", make: make(made)) { _, _ in () }
        try insert(store, "Cia\n", atLine: 0)
        try insert(store, "Dan\n", atLine: 0)
        XCTAssertEqual(store.lock.withLock { store.documents[uri]!.edits.count }, 2, "index a has followed neither")
        // A second index, built at the newest text: the log still holds what a needs.
        try store.withIndexWaiting(try store.snapshot(uri), cacheKey: "b", make: make(made)) { _, _ in () }
        XCTAssertEqual(store.lock.withLock { store.documents[uri]!.edits.count }, 2)
        // a catches up: nothing older than both indexes is kept.
        XCTAssertEqual(try store.withIndexWaiting(try store.snapshot(uri), cacheKey: "a", make: make(made)) { names($0, $1) },
                       ["Anna", "Bo", "Cia", "Dan", "Östen"])
        XCTAssertEqual(store.lock.withLock { store.documents[uri]!.edits.count }, 0)
        XCTAssertEqual(made.value, 2, "a followed the edits, b was built once")
    }
}

/// A count a test's closures share.
private final class Counter: @unchecked Sendable {
    var value = 0
}

private final class Served: @unchecked Sendable {
    var names: [String] = []
}
