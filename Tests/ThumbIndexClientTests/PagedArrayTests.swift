import XCTest
@testable import ThumbIndexClient

/// Counting, reading, page geometry, one load per page, preloading, `element(at:)`, emptiness.
final class PagedArrayTests: XCTestCase {
    func testCountAndIndicesAreKnownBeforeAnyPageLoads() async throws {
        let (source, array) = try await makeArray(count: 25)
        XCTAssertEqual(array.count, 25)
        XCTAssertEqual(array.indices, 0 ..< 25)
        XCTAssertEqual(array.pageCount, 3)
        XCTAssertEqual(array.pageSize, 10)
        XCTAssertEqual(array.version, 1)
        XCTAssertEqual(array.snapshot, PageSnapshot(version: 1, count: 25))
        XCTAssertEqual(array.loadedPages, [])
        XCTAssertEqual(array.peek(at: 0), .placeholder, "peeking starts nothing")
        XCTAssertEqual(array.loadingPages, [])
        let snapshots = await source.snapshotsTaken
        let loads = await source.loads
        XCTAssertEqual(snapshots, 1)
        XCTAssertEqual(loads, [], "the count comes from the snapshot alone")
    }

    func testInitFromAKnownSnapshotRequestsNothing() async {
        let source = FakePageSource(count: 7)
        let array = Paged(source: source, pageSize: 3, snapshot: PageSnapshot(version: 1, count: 7))
        XCTAssertEqual(array.count, 7)
        XCTAssertEqual(array.pageCount, 3)
        let snapshots = await source.snapshotsTaken
        XCTAssertEqual(snapshots, 0)
    }

    func testAPositionIsAPlaceholderUntilItsPageLoads() async throws {
        let (source, array) = try await makeArray(count: 25, preloads: false, holds: true)
        let events = EventRecorder(array)
        XCTAssertEqual(array[3], .placeholder)
        XCTAssertTrue(array[3].isPlaceholder)
        XCTAssertEqual(array.loadingPages, [0])
        await eventually("the load to arrive") { await source.heldCount == 1 }
        XCTAssertEqual(array[3], .placeholder, "still loading")
        await source.releaseAll()
        await events.waitFor(.loaded(0))
        XCTAssertEqual(array[3], .item(1, 3))
        XCTAssertEqual(array[3].element, "v1#3")
        XCTAssertEqual(array[9], .item(1, 9))
        XCTAssertEqual(array.peek(at: 0), .item(1, 0))
        XCTAssertEqual(array[10], .placeholder, "the next page is another load")
        await idle(array)
        XCTAssertEqual(array.loadedPages, [0, 1])
        XCTAssertEqual(array.loadingPages, [])
        let loads = await source.loads
        XCTAssertEqual(loads, [.init(version: 1, offset: 0, limit: 10), .init(version: 1, offset: 10, limit: 10)])
    }

    func testPageGeometryIncludingTheShortLastPage() async throws {
        let (source, array) = try await makeArray(count: 25, preloads: false)
        XCTAssertEqual([0, 9, 10, 19, 20, 24].map(array.page(for:)), [0, 0, 1, 1, 2, 2])
        XCTAssertEqual(array.indices(forPage: 0), 0 ..< 10)
        XCTAssertEqual(array.indices(forPage: 1), 10 ..< 20)
        XCTAssertEqual(array.indices(forPage: 2), 20 ..< 25, "the last page is short")
        XCTAssertEqual(array.indices(forPage: 3), 25 ..< 25, "no page past the end")
        _ = array[22]
        await idle(array)
        let loads = await source.loads
        XCTAssertEqual(loads, [.init(version: 1, offset: 20, limit: 5)], "the short page is asked for as such")
        XCTAssertEqual(array[24], .item(1, 24))

        let exact = Paged(source: source, pageSize: 10, snapshot: PageSnapshot(version: 1, count: 20))
        XCTAssertEqual(exact.pageCount, 2)
        XCTAssertEqual(exact.indices(forPage: 1), 10 ..< 20)
        let single = Paged(source: source, pageSize: 1, snapshot: PageSnapshot(version: 1, count: 3))
        XCTAssertEqual(single.pageCount, 3)
        XCTAssertEqual(single.indices(forPage: 2), 2 ..< 3)
    }

    func testRepeatedAndConcurrentReadsOfAPageLoadItOnce() async throws {
        let (source, array) = try await makeArray(count: 100, preloads: false, holds: true)
        _ = array[0]
        await eventually("the first load to arrive") { await source.heldCount == 1 }
        for index in 0 ..< 10 { _ = array[index] }
        await withTaskGroup(of: Void.self) { group in
            for task in 0 ..< 16 {
                group.addTask { for index in 0 ..< 10 { _ = array[(index * 7 + task) % 10] } }
            }
        }
        XCTAssertEqual(array.loadingPages, [0])
        await source.releaseAll()
        await idle(array)
        let loads = await source.loads
        XCTAssertEqual(loads, [.init(version: 1, offset: 0, limit: 10)])
        XCTAssertEqual(array.loadedPages, [0])
    }

    func testReadingTheSecondHalfOfAPagePreloadsTheNextOne() async throws {
        let (source, array) = try await makeArray(count: 25, holds: true)
        _ = array[4]
        XCTAssertEqual(array.loadingPages, [0], "the first half does not preload")
        _ = array[5]
        XCTAssertEqual(array.loadingPages, [0, 1], "from pageSize / 2 on it does")
        _ = array[24]
        XCTAssertEqual(array.loadingPages, [0, 1, 2], "no page past the last")
        await source.releaseAll()
        await idle(array)
        let loads = await source.loads
        XCTAssertEqual(Set(loads.map(\.offset)), [0, 10, 20])
        XCTAssertEqual(loads.count, 3)

        let (scrolledSource, scrolled) = try await makeArray(count: 25, holds: false)
        _ = scrolled[2]
        await idle(scrolled)
        XCTAssertEqual(scrolled.loadedPages, [0])
        await scrolledSource.set(holdsLoads: true)
        XCTAssertEqual(scrolled[7], .item(1, 7))
        XCTAssertEqual(scrolled.loadingPages, [1], "a loaded page's second half preloads too")
        await scrolledSource.releaseAll()
        await idle(scrolled)
    }

    func testNoPreloadingWhenDisabled() async throws {
        let (source, array) = try await makeArray(count: 25, preloads: false, holds: true)
        XCTAssertFalse(array.preloadsNextPage)
        _ = array[9]
        XCTAssertEqual(array.loadingPages, [0])
        array.preloadsNextPage = true
        _ = array[9]
        XCTAssertEqual(array.loadingPages, [0, 1], "switching it on takes effect")
        await source.releaseAll()
        await idle(array)
        let loads = await source.loads
        XCTAssertEqual(loads.count, 2)
    }

    func testElementAtWaitsForItsPageAcrossPages() async throws {
        let (source, array) = try await makeArray(count: 25, preloads: false)
        for index in [0, 9, 10, 24, 3] {
            let element = try await array.boundedElement(at: index)
            XCTAssertEqual(element, FakePageSource.item(1, index))
        }
        let loads = await source.loads
        XCTAssertEqual(loads, [0, 10, 20].map { .init(version: 1, offset: $0, limit: $0 == 20 ? 5 : 10) })
        do {
            _ = try await array.boundedElement(at: 25)
            XCTFail("25 is past the end")
        } catch {
            XCTAssertEqual(error as? PagedArrayError, .indexOutOfRange(index: 25, count: 25))
        }
        await XCTAssertThrowsErrorAsync(try await array.boundedElement(at: -1))
    }

    func testElementAtPagesThroughEverythingWithPreloading() async throws {
        let (source, array) = try await makeArray(count: 23, pageSize: 4)
        var all: [String] = []
        for index in array.indices { all.append(try await array.boundedElement(at: index)) }
        XCTAssertEqual(all, (0 ..< 23).map { FakePageSource.item(1, $0) })
        await idle(array)
        let loads = await source.loads
        XCTAssertEqual(loads.map(\.offset).sorted(), [0, 4, 8, 12, 16, 20], "each page once")
    }

    func testElementAtCallerCancelledLeavesTheLoadRunning() async throws {
        let (source, array) = try await makeArray(count: 10, holds: true)
        let reader = Task { try await array.element(at: 1) }
        await eventually("the load to arrive") { await source.heldCount == 1 }
        reader.cancel()
        let result = try await bounded("the cancelled reader") { await reader.result }
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(array.loadingPages, [0])
        await source.releaseAll()
        await idle(array)
        let cancelled = await source.cancelled
        XCTAssertEqual(cancelled, [])
        XCTAssertEqual(array[1], .item(1, 1))
    }

    func testAnEmptySource() async throws {
        let (source, array) = try await makeArray(count: 0)
        XCTAssertTrue(array.isEmpty)
        XCTAssertEqual(array.count, 0)
        XCTAssertEqual(array.pageCount, 0)
        XCTAssertEqual(array.indices, 0 ..< 0)
        XCTAssertEqual(array.indices(forPage: 0), 0 ..< 0)
        XCTAssertEqual(Array(array), [])
        XCTAssertEqual(array[0], .placeholder, "past the end reads as a placeholder")
        array.cancelLoads(outside: 0 ..< 0)
        do {
            _ = try await array.boundedElement(at: 0)
            XCTFail("nothing to wait for")
        } catch {
            XCTAssertEqual(error as? PagedArrayError, .indexOutOfRange(index: 0, count: 0))
        }
        await idle(array)
        let loads = await source.loads
        XCTAssertEqual(loads, [])
        XCTAssertEqual(array.loadedPages, [])
    }
}

func XCTAssertThrowsErrorAsync<T>(
    _ expression: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line
) async {
    do {
        _ = try await expression()
        XCTFail("no error thrown", file: file, line: line)
    } catch {}
}
