import XCTest
@testable import ThumbIndexClient

/// Loads and snapshots that fail: reported to observers and to `element(at:)`, retried on the next read.
final class PagedArrayFailureTests: XCTestCase {
    func testAFailedLoadIsReportedAndRetriedOnTheNextRead() async throws {
        let (source, array) = try await makeArray(count: 30, preloads: false)
        let events = EventRecorder(array)
        await source.fail(offset: 10, FakePageSource.Failure(message: "boom"))
        do {
            _ = try await array.boundedElement(at: 12)
            XCTFail("the load failed")
        } catch {
            XCTAssertEqual(error as? FakePageSource.Failure, FakePageSource.Failure(message: "boom"))
        }
        XCTAssertEqual(array.peek(at: 12), .placeholder)
        let element = try await array.boundedElement(at: 12)
        XCTAssertEqual(element, "v1#12")
        await events.waitFor(.loaded(1))
        XCTAssertEqual(events.events.count, 2)
        guard case .failed(page: 1, let message) = events.events.first else { return XCTFail("\(events.events)") }
        XCTAssertTrue(message.contains("boom"))
    }

    func testAFailedSnapshotIsReportedAndRetriedOnTheNextRead() async throws {
        let (source, array) = try await makeArray(count: 30, preloads: false)
        let events = EventRecorder(array)
        await source.set(failsSnapshots: true)
        await XCTAssertThrowsErrorAsync(try await array.boundedRefresh())
        XCTAssertEqual(array[0], .placeholder, "this read starts another snapshot")
        await idle(array)
        await source.set(failsSnapshots: false)
        let snapshot = try await array.boundedRefresh()
        XCTAssertEqual(snapshot, PageSnapshot(version: 1, count: 30))
        let element = try await array.boundedElement(at: 0)
        XCTAssertEqual(element, "v1#0")
        let snapshots = await source.snapshotsTaken
        XCTAssertEqual(snapshots, 4, "load, failed refresh, the read's retry, refresh")
        await events.waitFor(.loaded(0))
        XCTAssertEqual(events.events.filter { if case .snapshotFailed = $0 { true } else { false } }.count, 2)
    }

    func testAPageOfTheWrongLengthIsAFailure() async throws {
        let (source, array) = try await makeArray(count: 30, preloads: false)
        let events = EventRecorder(array)
        await source.shorten(offset: 0)
        do {
            _ = try await array.boundedElement(at: 5)
            XCTFail("page 0 came one short")
        } catch {
            XCTAssertEqual(error as? PagedArrayError, .wrongPageLength(page: 0, expected: 10, actual: 9))
        }
        XCTAssertEqual(array.loadedPages, [])
        XCTAssertEqual(array.peek(at: 5), .placeholder)
        _ = try await array.boundedElement(at: 15)
        await events.waitFor(.loaded(1))
        XCTAssertEqual(events.events.count, 2)
        guard case .failed(page: 0, let message) = events.events.first else { return XCTFail("\(events.events)") }
        XCTAssertTrue(message.contains("wrongPageLength"), message)
    }
}
