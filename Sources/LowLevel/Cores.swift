import Dispatch

/// Work split over the cores: parts that touch data each alone (their own variables, their own part of a buffer),
/// which the compiler cannot see; hence the bodies need not be `Sendable`.
package enum Cores {
    /// Runs `body(0 ..< parts)` at once, a part a thread, and returns after all; one part runs here.
    @inlinable
    package static func run(_ parts: Int, _ body: (Int) -> Void) {
        if parts == 1 { return body(0) }
        withoutActuallyEscaping(body) { body in
            let box = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: parts) { box.value($0) }
        }
    }

    /// Runs `first` and `second` at once, one a core, and returns after both.
    @inlinable
    package static func run(_ first: () -> Void, _ second: () -> Void) {
        run(2) { $0 == 0 ? first() : second() }
    }

    /// `0 ..< count` cut into at most `parts` ranges of nearly equal size, as many as leave each `minimumSlice` or
    /// more (one when `count` is smaller).
    @inlinable
    package static func slices(_ count: Int, atMost parts: Int, minimumSlice: Int) -> [Range<Int>] {
        let n = max(1, min(parts, count / minimumSlice))
        return (0 ..< n).map { s in (count * s / n) ..< (count * (s + 1) / n) }
    }
}

/// A value handed to other threads that the compiler cannot prove safe to share: buffers each thread writes its own
/// part of, read after all have finished.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    @inlinable @inline(__always) package init(_ value: Value) { self.value = value }
}
