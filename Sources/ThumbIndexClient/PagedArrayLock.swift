import Foundation

/// A value behind an `NSLock`: the one place where `PagedArray`'s state is shared between threads.
///
/// `NSLock` rather than `Synchronization.Mutex`, because the package still deploys to macOS 13 and
/// `Mutex` needs macOS 15. The lock is not recursive: `body` must not take it again, and it must not
/// run code that may (cancelling a `Task` runs its cancellation handlers synchronously, so callers
/// collect the tasks to cancel and cancel them after unlocking).
final class PagedArrayLock<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
