import Dispatch

/// Two pieces of work run at once, one a core: a long string's halves unescaped, its UTF-8's halves checked, a large
/// document's spans read from its start and from near its middle.
enum TwoCores {
    /// Runs `first` and `second` at once and returns after both. They touch data each alone (their own variables,
    /// their own part of a buffer), which the compiler cannot see.
    static func run(_ first: () -> Void, _ second: () -> Void) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let work = Work(first: first, second: second)
                DispatchQueue.concurrentPerform(iterations: 2) { half in half == 0 ? work.first() : work.second() }
            }
        }
    }

    private struct Work: @unchecked Sendable {
        let first: () -> Void
        let second: () -> Void
    }
}
