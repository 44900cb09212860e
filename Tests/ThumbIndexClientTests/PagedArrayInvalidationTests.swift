import XCTest
@testable import ThumbIndexClient

/// Cancelling loads scrolled past, invalidation (by `contentModified` and by `invalidate()`), concurrency.
final class PagedArrayInvalidationTests: XCTestCase {
    func testLoadsOfPagesScrolledPastAreCancelledAndLoadAgainOnAccess() async throws {
        let (source, array) = try await makeArray(count: 100, holds: true)
        _ = array[0]
        _ = array[35]
        _ = array[61]
        XCTAssertEqual(array.loadingPages, [0, 3, 4, 6], "35 preloads page 4")
        await eventually("four loads held") { await source.heldCount == 4 }
        array.cancelLoads(outside: 30 ..< 40)
        XCTAssertEqual(array.loadingPages, [3, 4], "the visible page and the preload margin stay")
        await eventually("the source to see two cancellations") { await source.cancelled.count == 2 }
        let cancelledOffsets = await source.cancelledOffsets
        XCTAssertEqual(cancelledOffsets.sorted(), [0, 60])
        await source.releaseAll()
        await idle(array)
        XCTAssertEqual(array.loadedPages, [3, 4])
        XCTAssertEqual(array.peek(at: 0), .placeholder, "a cancelled page stays a placeholder")
        await source.set(holdsLoads: true)
        XCTAssertEqual(array[0], .placeholder)
        XCTAssertEqual(array.loadingPages, [0], "and loads again when read")
        await source.releaseAll()
        await idle(array)
        XCTAssertEqual(array[0], .item(1, 0))
        let loads = await source.loads
        XCTAssertEqual(loads.filter { $0.offset == 0 }.count, 2)
    }

    func testTheCancellationMarginFollowsPreloadingAndSparesAwaitedPages() async throws {
        let (source, array) = try await makeArray(count: 100, preloads: false, holds: true)
        _ = array[30]
        _ = array[45]
        let awaited = Task { try await array.element(at: 80) }
        await eventually("three loads held") { await source.heldCount == 3 }
        array.cancelLoads(outside: 30 ..< 40)
        XCTAssertEqual(array.loadingPages, [3, 8], "no margin without preloading; page 8 is awaited")
        await source.releaseAll()
        let element = try await bounded("the awaited page") { try await awaited.value }
        XCTAssertEqual(element, "v1#80")
        await idle(array)
        XCTAssertEqual(array.loadedPages, [3, 8])
    }

    func testContentModifiedTakesAFreshSnapshotAndDropsEveryPage() async throws {
        let (source, array) = try await makeArray(count: 30, preloads: false)
        let events = EventRecorder(array)
        _ = try await array.boundedElement(at: 0)
        XCTAssertEqual(array.loadedPages, [0])
        await source.bump(count: 12)
        XCTAssertEqual(array[15], .placeholder)
        await idle(array)
        let snapshots = await source.snapshotsTaken
        XCTAssertEqual(snapshots, 2)
        XCTAssertEqual(array.snapshot, PageSnapshot(version: 2, count: 12))
        XCTAssertEqual(array.count, 12)
        XCTAssertEqual(array.pageCount, 2)
        XCTAssertEqual(array.loadedPages, [], "page 0 of version 1 is gone")
        XCTAssertEqual(array.peek(at: 0), .placeholder)
        await events.waitFor(.invalidated(PageSnapshot(version: 2, count: 12)))
        XCTAssertEqual(events.events, [.loaded(0), .invalidated(PageSnapshot(version: 2, count: 12))])
        XCTAssertEqual(array[11], .placeholder)
        await idle(array)
        XCTAssertEqual(array[11], .item(2, 11))
        let loads = await source.loads
        XCTAssertEqual(loads.last, .init(version: 2, offset: 10, limit: 2))
    }

    func testConcurrentContentModifiedLoadsInvalidateOnce() async throws {
        let (source, array) = try await makeArray(count: 50, preloads: false, holds: true)
        let events = EventRecorder(array)
        await source.set(honorsCancellation: false)
        await source.bump()
        _ = array[10]
        _ = array[20]
        _ = array[30]
        await eventually("three stale loads held") { await source.heldCount == 3 }
        await source.releaseAll()
        await idle(array)
        let snapshots = await source.snapshotsTaken
        XCTAssertEqual(snapshots, 2, "one refresh for three failures")
        XCTAssertEqual(array.version, 2)
        _ = try await array.boundedElement(at: 40)
        await events.waitFor(.loaded(4))
        XCTAssertEqual(events.events, [.invalidated(PageSnapshot(version: 2, count: 50)), .loaded(4)])
    }

    func testALoadOfTheOldVersionFinishingLateIsDiscarded() async throws {
        let (source, array) = try await makeArray(count: 30, preloads: false, holds: true)
        let events = EventRecorder(array)
        await source.set(honorsCancellation: false)
        _ = array[0]
        await eventually("the load to arrive") { await source.heldCount == 1 }
        await source.bump()
        let snapshot = try await array.boundedRefresh()
        XCTAssertEqual(snapshot, PageSnapshot(version: 2, count: 30))
        XCTAssertEqual(array.loadingPages, [], "the old load is no longer the page's")
        await eventually("the source to see the old load cancelled") { await source.cancelled == [0] }
        await source.release(0)
        await idle(array)
        XCTAssertEqual(array.loadedPages, [], "its version-1 page was not kept")
        XCTAssertEqual(array.peek(at: 0), .placeholder)

        _ = array[0]
        await eventually("the new load to arrive") { await source.heldCount == 1 }
        await source.releaseAll()
        await idle(array)
        XCTAssertEqual(array[0], .item(2, 0))
        await events.waitFor(.loaded(0))
        XCTAssertEqual(events.events, [.invalidated(snapshot), .loaded(0)], "one page loaded, of version 2")
    }

    func testALateOldLoadDoesNotOverwriteTheNewPage() async throws {
        let (source, array) = try await makeArray(count: 30, preloads: false, holds: true)
        await source.set(honorsCancellation: false)
        _ = array[0]
        await eventually("the load to arrive") { await source.heldCount == 1 }
        await source.bump()
        try await array.boundedRefresh()
        _ = array[0]
        await eventually("the new load to arrive") { await source.heldCount == 2 }
        let loads = await source.loads
        XCTAssertEqual(loads.map(\.version), [1, 2])
        await source.release(1)
        await eventually("page 0 of version 2") { array.peek(at: 0) == .item(2, 0) }
        await source.release(0)
        await idle(array)
        XCTAssertEqual(array[0], .item(2, 0))
    }

    func testInvalidateDropsPagesAtOnceAndTakesASnapshot() async throws {
        let (source, array) = try await makeArray(count: 30, preloads: false)
        _ = try await array.boundedElement(at: 0)
        _ = try await array.boundedElement(at: 10)
        let events = EventRecorder(array)
        await source.bump(count: 5)
        await source.set(holdsSnapshots: true)
        array.invalidate()
        XCTAssertEqual(array.loadedPages, [], "dropped at once")
        XCTAssertEqual(array.snapshot, PageSnapshot(version: 1, count: 30), "until the new snapshot")
        XCTAssertEqual(array[0], .placeholder)
        await eventually("the snapshot to be asked for") { await source.heldSnapshotCount == 1 }
        XCTAssertEqual(array[0], .placeholder)
        XCTAssertEqual(array.loadingPages, [], "nothing loads before the new snapshot")
        await source.releaseSnapshots()
        await idle(array)
        XCTAssertEqual(array.snapshot, PageSnapshot(version: 2, count: 5))
        XCTAssertEqual(array.pageCount, 1)
        await events.waitFor(.invalidated(PageSnapshot(version: 2, count: 5)))
        let element = try await array.boundedElement(at: 4)
        XCTAssertEqual(element, "v2#4")
        await XCTAssertThrowsErrorAsync(try await array.boundedElement(at: 5))
        let snapshots = await source.snapshotsTaken
        XCTAssertEqual(snapshots, 2)
    }

    func testALaterInvalidationSupersedesASnapshotInFlight() async throws {
        let (source, array) = try await makeArray(count: 30)
        let events = EventRecorder(array)
        await source.set(holdsSnapshots: true)
        await source.bump(count: 20)
        array.invalidate()
        await eventually("snapshot 1 (version 2) held") { await source.heldSnapshotCount == 1 }
        await source.bump(count: 10)
        array.invalidate()
        await eventually("snapshot 2 (version 3) held") { await source.heldSnapshotCount == 2 }
        await source.releaseSnapshot(1)
        await eventually("the superseded snapshot's task to end") { array.state.withLock { $0.tasks.count } == 1 }
        XCTAssertEqual(array.snapshot, PageSnapshot(version: 1, count: 30), "version 2 is not adopted: it predates the change")
        await source.releaseSnapshots()
        await idle(array)
        XCTAssertEqual(array.snapshot, PageSnapshot(version: 3, count: 10))
        _ = try await array.boundedElement(at: 0)
        await events.waitFor(.loaded(0))
        XCTAssertEqual(events.events, [.invalidated(PageSnapshot(version: 3, count: 10)), .loaded(0)])
    }

    func testElementAtFollowsTheContentToItsNewVersion() async throws {
        let (source, array) = try await makeArray(count: 20, preloads: false)
        await source.bump()
        let element = try await array.boundedElement(at: 3)
        XCTAssertEqual(element, "v2#3")
        let loads = await source.loads
        XCTAssertEqual(loads, [.init(version: 1, offset: 0, limit: 10), .init(version: 2, offset: 0, limit: 10)])
    }

    func testConcurrentReadersAndChangesNeverMixVersions() async throws {
        let (source, array) = try await makeArray(count: 95, pageSize: 7)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for reader in 0 ..< 6 {
                group.addTask {
                    for step in 0 ..< 60 {
                        let index = (step * 13 + reader * 29) % 95
                        if reader % 2 == 0 {
                            do {
                                let element = try await array.boundedElement(at: Swift.min(index, 39))
                                XCTAssertTrue(element.hasSuffix("#\(Swift.min(index, 39))"), element)
                            } catch PageSourceError.contentModified {
                                // Changed more than `invalidationsPerWait` times during the call: allowed.
                            }
                        } else if case .loaded(let element) = array[index] {
                            XCTAssertTrue(element.hasSuffix("#\(index)"), element)
                        }
                        if step % 20 == 19 { array.cancelLoads(outside: index ..< index + 7) }
                    }
                }
            }
            group.addTask {
                for change in 0 ..< 3 {
                    await source.bump(count: 95 - change * 20)
                    if change > 0 { array.invalidate() }
                    await Task.yield()
                }
            }
            try await group.waitForAll()
        }
        await idle(array)
        let current = PageSnapshot(version: await source.version, count: await source.count)
        XCTAssertEqual(array.snapshot, current, "the array ends on the source's last version")
        for index in array.indices {
            if case .loaded(let element) = array.peek(at: index) {
                XCTAssertEqual(element, FakePageSource.item(current.version, index))
            }
        }
    }
}
