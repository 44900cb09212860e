import Foundation

/// Work in progress that others need the result of (an index being built, a sort): they ask to be called when it is
/// done instead of parking a thread until then (`DocumentStore.withIndex`, `sectioned`).
public final class Flight: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var waiters: [@Sendable () -> Void] = []

    public init() {}

    /// Calls `next` once the work is done: at once (on this thread) when it already is, else on the thread that
    /// finishes it.
    public func whenDone(_ next: @escaping @Sendable () -> Void) {
        let now = lock.withLock { () -> Bool in
            if done { return true }
            waiters.append(next)
            return false
        }
        if now { next() }
    }

    /// Blocks until the work is done: for callers that have no request to answer later (tests, a command line tool).
    public func wait() {
        let semaphore = DispatchSemaphore(value: 0)
        whenDone { semaphore.signal() }
        semaphore.wait()
    }

    /// Marks the work done and calls everyone who asked.
    func finish() {
        let waiting = lock.withLock { () -> [@Sendable () -> Void] in
            done = true
            defer { waiters = [] }
            return waiters
        }
        for next in waiting { next() }
    }
}

/// A request found the work it needs in progress (`flight`): it is to be answered once that is done, without a thread
/// waiting for it meanwhile.
public struct InProgress: Error {
    public let flight: Flight
}
