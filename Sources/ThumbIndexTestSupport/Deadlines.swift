import Foundation
import Server

/// The server's injection points, for test targets that do not import `Server` themselves.
public typealias ServerInstrumentation = LanguageServer.Instrumentation
/// Which sections of a reply in parts are streamed (`Server.StreamedSections`), for tests that make them small.
public typealias StreamedSections = Server.StreamedSections

/// A wait that ran out: the test fails saying what it waited for, instead of hanging.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    public let what: String
    public let seconds: Double
    public var description: String { "gave up after \(seconds) s waiting for \(what)" }
}

/// How long tests wait for something that takes milliseconds: far beyond any real wait, even on a loaded machine,
/// since a deadline here only turns a hang into a clear failure and never decides a pass. No test asserts on how long
/// something took; durations are measured in `Benchmarks/`.
public enum Deadline {
    public static let standard: Double = 120
}

/// The result of `operation`, or `DeadlineExceeded` thrown after `seconds` (the operation is then cancelled and
/// left behind, so a hung request or an `AsyncStream` that never yields cannot hang the test).
///
///     let page = try await withDeadline("the first page") { try await client.entries(uri: uri, offset: 0, limit: 10) }
public func withDeadline<T: Sendable>(
    _ what: String, seconds: Double = Deadline.standard, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = Race<T>()
    return try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let work = Task {
            do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
        }
        race.setTimer(Task {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            if race.finish(.failure(DeadlineExceeded(what: what, seconds: seconds))) { work.cancel() }
        })
    }
}

/// The first of an operation and its timer to finish resumes the continuation; the other finds it done.
private final class Race<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var timer: Task<Void, Never>?
    private var done = false

    func start(_ continuation: CheckedContinuation<T, any Error>) { lock.withLock { self.continuation = continuation } }

    func setTimer(_ task: Task<Void, Never>) {
        let finished = lock.withLock {
            timer = task
            return done
        }
        if finished { task.cancel() }
    }

    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let (continuation, timer) = lock.withLock { () -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?) in
            guard !done else { return (nil, nil) }
            done = true
            defer { self.continuation = nil }
            return (self.continuation, self.timer)
        }
        guard let continuation else { return false }
        timer?.cancel()
        continuation.resume(with: result)
        return true
    }
}

/// The first element of `stream` that satisfies `predicate`, within a deadline; nil if the stream ends first.
public func firstElement<Element: Sendable>(
    of stream: AsyncStream<Element>, within seconds: Double = Deadline.standard, _ what: String,
    where predicate: @escaping @Sendable (Element) -> Bool = { _ in true }
) async throws -> Element? {
    try await withDeadline(what, seconds: seconds) {
        for await element in stream where predicate(element) { return element }
        return nil
    }
}

/// Elements of `stream` up to and including the first that satisfies `isLast`, within a deadline.
public func collectElements<Element: Sendable>(
    of stream: AsyncStream<Element>, within seconds: Double = Deadline.standard, _ what: String,
    through isLast: @escaping @Sendable (Element) -> Bool
) async throws -> [Element] {
    try await withDeadline(what, seconds: seconds) {
        var seen: [Element] = []
        for await element in stream {
            seen.append(element)
            if isLast(element) { break }
        }
        return seen
    }
}

/// Waits, polling every millisecond, until `condition` holds; throws `DeadlineExceeded` if it does not within
/// `seconds`. For states another thread or process reaches (a pipe filled, a process gone), never for time to pass.
public func waitUntil(_ what: String, seconds: Double = Deadline.standard, _ condition: () throws -> Bool) throws {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while try !condition() {
        if Date() > deadline { throw DeadlineExceeded(what: what, seconds: seconds) }
        usleep(1_000)
    }
}

/// The `async` form of `waitUntil`.
public func waitUntil(_ what: String, seconds: Double = Deadline.standard, _ condition: () throws -> Bool) async throws {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while try !condition() {
        if Date() > deadline { throw DeadlineExceeded(what: what, seconds: seconds) }
        try await Task.sleep(nanoseconds: 1_000_000)
    }
}

/// Waits until an `async` condition holds (asked again every few milliseconds), or throws at the deadline.
public func waitUntil(_ what: String, seconds: Double = Deadline.standard, asking condition: () async throws -> Bool) async throws {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while try await !condition() {
        if Date() > deadline { throw DeadlineExceeded(what: what, seconds: seconds) }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}

/// A gate that holds threads until a test opens it: work "in progress" for exactly as long as the test needs, so
/// the test asserts an order of events rather than a duration. Also counts who has arrived at it.
public final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private var arrived: [String] = []

    public init() {}

    /// Blocks until the gate is open (or `seconds` pass, so a test that forgets to open it fails rather than hangs).
    public func pass(_ name: String, seconds: Double = Deadline.standard) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.withLock {
            arrived.append(name)
            condition.broadcast()
            while !isOpen && condition.wait(until: deadline) {}
        }
    }

    /// Records an arrival without waiting (for events a test counts, not holds).
    public func arrive(_ name: String) {
        condition.withLock {
            arrived.append(name)
            condition.broadcast()
        }
    }

    public func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }

    /// Names of those that have arrived, in order.
    public var arrivals: [String] { condition.withLock { arrived } }

    /// Waits until `count` have arrived; throws `DeadlineExceeded` if they do not within `seconds`.
    public func waitForArrivals(_ count: Int, seconds: Double = Deadline.standard) throws {
        let deadline = Date(timeIntervalSinceNow: seconds)
        try condition.withLock {
            while arrived.count < count {
                if !condition.wait(until: deadline) {
                    throw DeadlineExceeded(what: "\(count) arrivals at the gate (\(arrived.count) came: \(arrived))", seconds: seconds)
                }
            }
        }
    }
}
