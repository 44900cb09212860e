import Foundation
import Collation
import Entries
import Outlines
import XCTest

/// The outline domain without LSP: text → entries → sections, pages and jumps.
final class SectionedOutlineTests: XCTestCase {
    private func outline(_ text: String, locale: String = "sv_SE", languageId: String = "plaintext") throws -> SectionedOutline {
        let (entries, problems) = EntrySource().entries(
            of: text, languageId: languageId, fileName: nil, name: "test", settings: ExtractionSettings(), language: "sv", reading: nil)
        XCTAssertEqual(problems, [])
        return try SectionedOutline(outline: DocumentOutline(version: 3, roots: entries), collation: try IndexedCollation(locale: locale))
    }

    func testSectionsCountEntriesAndOffsetsFollowEachOther() throws {
        let outline = try outline("Östen\nÅsa\nAnders\nZorn\nÄrla\nAlma\n")
        XCTAssertEqual(outline.version, 3)
        XCTAssertEqual(outline.totalCount, 6)
        XCTAssertEqual(outline.sections.map(\.title), ["A", "Z", "Å", "Ä", "Ö"])
        XCTAssertEqual(outline.sections.map(\.count), [2, 1, 1, 1, 1])
        XCTAssertEqual(outline.sections.map(\.offset), [0, 2, 3, 4, 5])
        XCTAssertEqual(outline.sections.map(\.titleIndex), [0, 25, 26, 27, 28])
    }

    func testPagesCrossSectionsAndStopAtTheEnd() throws {
        let outline = try outline("Östen\nÅsa\nAnders\nZorn\nÄrla\nAlma\n")
        let page = outline.page(offset: 1, limit: 3)
        XCTAssertEqual(page.map(\.entry.name), ["Anders", "Zorn", "Åsa"])
        XCTAssertEqual(page.map(\.section), [0, 1, 2])
        XCTAssertEqual(outline.page(offset: 5, limit: 10).map(\.entry.name), ["Östen"])
        XCTAssertTrue(outline.page(offset: 6, limit: 10).isEmpty)
        XCTAssertTrue(outline.page(offset: 0, limit: 0).isEmpty)
    }

    func testJumpsLandOnTheNearestNonEmptySection() throws {
        let outline = try outline("Zappa, Frank\nBrown, James\nDylan, Bob\n", locale: "en_US")
        let titles = try outline.collation.sectionIndexTitles(includeSearch: true)
        guard case .section(let position, let title, let offset, let entry) = try outline.jump(toIndexTitleAt: try titles.position(of: "C", locale: outline.collation.locale), in: titles) else {
            return XCTFail("C should land on a section")
        }
        XCTAssertEqual([position, offset], [0, 0])
        XCTAssertEqual(title, "B")
        XCTAssertEqual(entry.name, "Brown, James")
        guard case .search = try outline.jump(toIndexTitleAt: 0, in: titles) else { return XCTFail("{search} goes to the top") }
        XCTAssertThrowsError(try titles.position(of: "Å", locale: outline.collation.locale))
        let empty = try self.outline("", locale: "en_US")
        guard case .nothing = try empty.jump(toIndexTitleAt: 1, in: titles) else { return XCTFail("no entries, nowhere to go") }
        XCTAssertEqual(titles.jumpTargets(nonEmptySections: outline.order.nonEmptySections).prefix(4), [.top, .section(0), .section(0), .section(0)])
    }

    func testAnUnknownFormatIsAProblemReportedOnce() {
        let (entries, problems) = EntrySource().entries(
            of: "x", languageId: "cobol", fileName: nil, name: "file:///a.cob", settings: ExtractionSettings(), language: "en", reading: nil)
        XCTAssertTrue(entries.isEmpty)
        XCTAssertEqual(problems.map(\.message), ["no entries for languageId cobol (file:///a.cob)"])
        XCTAssertEqual(problems.first?.key, "language:cobol", "a server reports it once per language")
    }

    func testTheStoreGivesEveryTextItsOwnGenerationAndRefusesBadEdits() throws {
        let store = DocumentStore()
        XCTAssertFalse(store.open(TextDocument(uri: "file:///a", languageId: "plaintext", version: 1, text: "b\na\n")))
        let first = try store.snapshot("file:///a")
        XCTAssertTrue(store.open(TextDocument(uri: "file:///a", languageId: "plaintext", version: 1, text: "c\n")), "reopened")
        let second = try store.snapshot("file:///a")
        XCTAssertNotEqual(first.generation, second.generation, "same version, other text: another generation")
        XCTAssertThrowsError(try store.edit("file:///a") { document throws(PositionError) in
            try document.apply([ContentChange(range: EncodedRange(start: EncodedPosition(line: 9, character: 0), end: EncodedPosition(line: 9, character: 0)), text: "x")],
                               version: 2, encoding: .utf16)
        })
        XCTAssertEqual(try store.snapshot("file:///a").text, "c\n", "a refused edit changes nothing")
        XCTAssertTrue(store.close("file:///a"))
        XCTAssertThrowsError(try store.snapshot("file:///a"))
    }
}

/// The layout from sections alone is the sorted outline's, so a thumb index drawn before the sort stays right after.
final class SectionLayoutTests: XCTestCase {
    func testTheLayoutBeforeSortingIsTheLayoutAfter() throws {
        let words = ["Östen", "Åsa", "Zorn", "anders", "Ärla", "Bo", "123", "ﾊﾟﾝ", "Ωmega", "éclair", "", "  x", "Ça", "张伟", "김민준"]
        var seed: UInt64 = 20261123
        for locale in ["sv_SE", "en_US", "ja_JP", "ko_KR"] {
            let collation = try IndexedCollation(locale: locale)
            for round in 0 ..< 20 {
                var lines: [String] = []
                for _ in 0 ..< (round * 7) {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    lines.append(words[Int(seed >> 33) % words.count] + " \(seed >> 50)")
                }
                let (entries, _) = EntrySource().entries(
                    of: lines.joined(separator: "\n"), languageId: "plaintext", fileName: nil, name: "t", settings: ExtractionSettings(), language: "en", reading: nil)
                let outline = DocumentOutline(version: round, roots: entries)
                let document = TextDocument(uri: "file:///t", languageId: "plaintext", version: round, text: lines.joined(separator: "\n"))
                let before = SectionLayout(counting: document, format: .entries, collation: collation, extract: { _ in entries })
                let after = try SectionedOutline(outline: outline, collation: collation)
                XCTAssertEqual(before.sections, after.sections, "\(locale), round \(round), seed 20261123")
                XCTAssertEqual(before.totalCount, after.totalCount)
                XCTAssertEqual(before.nonEmptySections, after.order.nonEmptySections)
            }
        }
    }
}

/// Requests that need the same index at once share one.
final class SharedSortTests: XCTestCase {
    /// Eight requests for the same index: one makes it; the others are told it is in progress (no thread waits inside
    /// the store) and find it made when they ask again. The build is held until all seven were told, so the order of
    /// events, not the clock, decides.
    func testConcurrentRequestsForTheSameIndexMakeItOnce() throws {
        let store = DocumentStore()
        _ = store.open(TextDocument(uri: "file:///a", languageId: "plaintext", version: 1, text: "b\na\nc\n"))
        let document = try store.snapshot("file:///a")
        let collation = try IndexedCollation(locale: "en_US")
        let builds = Counter(), told = Counter(), allTold = DispatchSemaphore(value: 0), done = DispatchGroup()
        // Threads of their own: the leader and the waiters block, which GCD's pool answers only slowly with new threads.
        for _ in 0 ..< 8 {
            done.enter()
            Thread {
                defer { done.leave() }
                while true {
                    let handled = try? store.withIndex(document, cacheKey: "en", make: { document throws(CollationError) in
                        builds.increment()
                        allTold.wait()  // held until the seven others were told the build is in progress
                        return try OutlineIndex.make(document, collation: collation, format: .lines) { _ in [] }
                    }) { index, _ in index.count }
                    switch handled {
                    case .done(let count):
                        XCTAssertEqual(count, 3)
                        return
                    case .later(let flight):
                        told.increment()
                        if told.value == 7 { allTold.signal() }
                        flight.wait()
                    case nil:
                        return XCTFail("the build failed")
                    }
                }
            }.start()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(builds.value, 1, "eight requests, one build")
        XCTAssertEqual(told.value, 7)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
