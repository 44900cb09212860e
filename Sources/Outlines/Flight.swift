import Collation
import Synchronization
import Dispatch

/// Work in progress that others need the result of (an index being built or catching up on edits, a sort): they ask
/// to be called when it is done instead of parking a thread until then (`DocumentStore.withIndex`, `sectioned`).
public final class Flight: Sendable {
    private struct State {
        var done = false
        var waiters: [@Sendable () -> Void] = []
    }
    private let state = Mutex(State())

    public init() {}

    /// Calls `next` once the work is done: at once (on this thread) when it already is, else on the thread that
    /// finishes it.
    public func whenDone(_ next: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.done { return true }
            state.waiters.append(next)
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
    public func finish() {
        let waiting = state.withLock { state -> [@Sendable () -> Void] in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for next in waiting { next() }
    }
}

/// What a request gets: its answer, or the work in progress it needs (another request building or updating the
/// index). `later` means nothing was sent for it: it runs again, from the start, once the flight is done, and no
/// thread waits for it meanwhile.
public enum Handled<T> {
    case done(T)
    case later(Flight)

    /// The answer transformed; `later` stays as it is.
    public func map<U, E: Error>(_ transform: (T) throws(E) -> U) throws(E) -> Handled<U> {
        switch self {
        case .done(let value): .done(try transform(value))
        case .later(let flight): .later(flight)
        }
    }
}
