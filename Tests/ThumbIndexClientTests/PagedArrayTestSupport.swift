import ThumbIndexTestSupport
import XCTest
@testable import ThumbIndexClient

/// A `PageSource` of strings "v<version>#<index>" that records every request and can hold, fail and change.
///
/// A load's reply is made when the load arrives (the version check included), as a server would answer;
/// with ``holdsLoads`` it is then held, like a reply in transit, until released. A held load that is
/// cancelled throws `CancellationError` if ``honorsCancellation``, else its reply still arrives on release.
actor FakePageSource: PageSource {
    struct Load: Hashable, Sendable {
        var version: Int
        var offset: Int
        var limit: Int
    }

    struct Failure: Error, Equatable {
        var message: String
    }

    private(set) var version = 1
    private(set) var count: Int
    /// Every `elements` request, in arrival order.
    private(set) var loads: [Load] = []
    /// The numbers (positions in ``loads``) of the loads that saw their task cancelled.
    private(set) var cancelled: Set<Int> = []
    private(set) var snapshotsTaken = 0
    var holdsLoads = false
    var honorsCancellation = true
    var failsSnapshots = false
    /// Whether snapshots wait for ``releaseSnapshots()``.
    var holdsSnapshots = false
    private var heldSnapshots: [Int: CheckedContinuation<Void, Never>] = [:]
    /// Offsets whose loads answer one element short.
    private var shortened: Set<Int> = []
    /// Offset → error its next load throws (once).
    private var failures: [Int: any Error] = [:]
    private var held: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var released: Set<Int> = []

    init(count: Int) {
        self.count = count
    }

    static func item(_ version: Int, _ index: Int) -> String { "v\(version)#\(index)" }

    /// The reply is made on arrival; with ``holdsSnapshots`` it is then held until released.
    func snapshot() async throws -> PageSnapshot {
        let number = snapshotsTaken
        snapshotsTaken += 1
        let reply: Result<PageSnapshot, any Error> =
            failsSnapshots ? .failure(Failure(message: "no snapshot")) : .success(PageSnapshot(version: version, count: count))
        if holdsSnapshots { await withCheckedContinuation { heldSnapshots[number] = $0 } }
        return try reply.get()
    }

    func elements(version: Int, offset: Int, limit: Int) async throws -> [String] {
        let number = loads.count
        loads.append(Load(version: version, offset: offset, limit: limit))
        let reply: Result<[String], any Error>
        if let failure = failures.removeValue(forKey: offset) {
            reply = .failure(failure)
        } else if version != self.version {
            reply = .failure(PageSourceError.contentModified)
        } else {
            let end = Swift.min(count, offset + limit) - (shortened.contains(offset) ? 1 : 0)
            reply = .success((offset ..< end).map { Self.item(version, $0) })
        }
        if holdsLoads { try await hold(number) }
        return try reply.get()
    }

    private func hold(_ number: Int) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if released.contains(number) {
                    continuation.resume()
                } else {
                    held[number] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancel(number) }
        }
    }

    private func cancel(_ number: Int) {
        cancelled.insert(number)
        if honorsCancellation { held.removeValue(forKey: number)?.resume(throwing: CancellationError()) }
    }

    /// Lets every held load (and every later one) through.
    func releaseAll() {
        holdsLoads = false
        for number in loads.indices { release(number) }
    }

    /// Lets load number `number` through, now if it is held, else as soon as it arrives.
    func release(_ number: Int) {
        released.insert(number)
        held.removeValue(forKey: number)?.resume()
    }

    /// Lets the held snapshots (and every later one) through.
    func releaseSnapshots() {
        holdsSnapshots = false
        for snapshot in heldSnapshots.values { snapshot.resume() }
        heldSnapshots = [:]
    }

    /// Lets snapshot number `number` (counting from 0, the array's first) through if it is held.
    func releaseSnapshot(_ number: Int) {
        heldSnapshots.removeValue(forKey: number)?.resume()
    }

    /// A new version of the content, with `count` elements (unchanged by default).
    func bump(count: Int? = nil) {
        version += 1
        if let count { self.count = count }
    }

    func fail(offset: Int, _ error: any Error) { failures[offset] = error }
    func shorten(offset: Int) { shortened.insert(offset) }
    func set(holdsLoads: Bool) { self.holdsLoads = holdsLoads }
    func set(honorsCancellation: Bool) { self.honorsCancellation = honorsCancellation }
    func set(failsSnapshots: Bool) { self.failsSnapshots = failsSnapshots }
    func set(holdsSnapshots: Bool) { self.holdsSnapshots = holdsSnapshots }
    var heldSnapshotCount: Int { heldSnapshots.count }
    var heldCount: Int { held.count }
    var cancelledOffsets: [Int] { cancelled.sorted().map { loads[$0].offset } }
}

typealias Paged = PagedArray<FakePageSource>

/// An event with its error as a string, to compare.
enum Seen: Equatable {
    case loaded(Int)
    case invalidated(PageSnapshot)
    case failed(page: Int, String)
    case snapshotFailed(String)

    init(_ event: Paged.Event) {
        switch event {
        case .pageLoaded(let page): self = .loaded(page)
        case .invalidated(let snapshot): self = .invalidated(snapshot)
        case .loadFailed(let page, let error): self = .failed(page: page, String(describing: error))
        case .snapshotFailed(let error): self = .snapshotFailed(String(describing: error))
        }
    }
}

/// Collects an array's events from the moment it is made.
final class EventRecorder: Sendable {
    private let log = PagedArrayLock<[Seen]>([])
    private let task: Task<Void, Never>

    init(_ array: Paged) {
        let stream = array.events()
        let log = log
        task = Task {
            for await event in stream { log.withLock { $0.append(Seen(event)) } }
        }
    }

    deinit { task.cancel() }

    var events: [Seen] { log.withLock { $0 } }

    /// Waits until `event` has been recorded: every event emitted before it has been recorded too.
    func waitFor(_ event: Seen, file: StaticString = #filePath, line: UInt = #line) async {
        await eventually("event \(event)", file: file, line: line) { self.events.contains(event) }
    }
}

/// Polls `condition` until it holds, failing the test if it does not within `timeout`.
func eventually(
    _ what: String, timeout: Duration = .seconds(Deadline.standard), file: StaticString = #filePath, line: UInt = #line,
    _ condition: @Sendable () async -> Bool
) async {
    let deadline = ContinuousClock.now + timeout
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            XCTFail("timed out waiting for \(what)", file: file, line: line)
            return
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}

struct TimedOut: Error {}

/// `operation`'s result, failing the test (and throwing ``TimedOut``) if it takes longer than `timeout`,
/// so that a hang is a failure. On time-out the operation is cancelled and left behind.
func bounded<T: Sendable>(
    _ what: String = "the operation", timeout: Duration = .seconds(Deadline.standard), file: StaticString = #filePath, line: UInt = #line,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = PagedArrayLock<Result<T, any Error>?>(nil)
    let task = Task {
        do {
            let value = try await operation()
            outcome.withLock { $0 = .success(value) }
        } catch {
            outcome.withLock { $0 = .failure(error) }
        }
    }
    await eventually(what, timeout: timeout, file: file, line: line) { outcome.withLock { $0 } != nil }
    guard let result = outcome.withLock({ $0 }) else {
        task.cancel()
        throw TimedOut()
    }
    return try result.get()
}

/// Waits, boundedly, until no task of `array` runs (`PagedArray.settle()`).
func idle(_ array: Paged, file: StaticString = #filePath, line: UInt = #line) async {
    _ = try? await bounded("the array to settle", file: file, line: line) { await array.settle() }
}

extension PagedArray where Source == FakePageSource {
    /// `element(at:)`, failing the test instead of hanging.
    func boundedElement(at index: Int, file: StaticString = #filePath, line: UInt = #line) async throws -> String {
        try await bounded("element(at: \(index))", file: file, line: line) { try await self.element(at: index) }
    }

    /// `refresh()`, failing the test instead of hanging.
    @discardableResult
    func boundedRefresh(file: StaticString = #filePath, line: UInt = #line) async throws -> PageSnapshot {
        try await bounded("refresh()", file: file, line: line) { try await self.refresh() }
    }
}

/// A source of `count` elements at version 1, and a paged array over it.
func makeArray(count: Int, pageSize: Int = 10, preloads: Bool = true, holds: Bool = false) async throws -> (FakePageSource, Paged) {
    let source = FakePageSource(count: count)
    await source.set(holdsLoads: holds)
    let array = try await Paged.load(source: source, pageSize: pageSize, preloadsNextPage: preloads)
    return (source, array)
}

extension PagedArray.Slot where Source.Element == String {
    static func item(_ version: Int, _ index: Int) -> Self { .loaded(FakePageSource.item(version, index)) }
}
