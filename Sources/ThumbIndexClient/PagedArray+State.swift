extension PagedArray {
    /// Everything that changes, behind ``PagedArray/state``'s lock.
    struct State: Sendable {
        /// The content the pages come from; replaced only when a refresh succeeds.
        var snapshot: PageSnapshot
        var preloadsNextPage: Bool
        var phase: Phase = .current
        /// Bumped by every invalidation; lets ``PagedArray/element(at:)`` give up on content that keeps changing.
        var generation = 0
        /// Loaded pages of `snapshot.version`, by page number.
        var pages: [Int: [Source.Element]] = [:]
        /// The id of the one load in flight per page, of `snapshot.version` (its task in `tasks`). A load's result
        /// counts only while its id is here: cancelling or invalidating removes the entry, which discards it.
        var loads: [Int: Int] = [:]
        /// Every task not yet finished, by id: current, cancelled and superseded loads and refreshes.
        var tasks: [Int: Task<Void, Never>] = [:]
        /// Callers suspended in ``PagedArray/element(at:)`` or ``PagedArray/refresh()``, by id.
        var waiters: [Int: Waiter] = [:]
        /// The continuations of ``PagedArray/events()`` streams, by id.
        var observers: [Int: AsyncStream<Event>.Continuation] = [:]
        private var lastID = 0

        init(snapshot: PageSnapshot, preloadsNextPage: Bool) {
            self.snapshot = snapshot
            self.preloadsNextPage = preloadsNextPage
        }

        mutating func makeID() -> Int {
            lastID += 1
            return lastID
        }

        /// Tells every observer. Called under the lock, so observers see events in the order of the
        /// changes (yielding to an unbounded stream never blocks nor runs the consumer).
        func emit(_ event: Event) {
            for observer in observers.values { observer.yield(event) }
        }

        /// Resumes (and forgets) the waiters whose target matches: with `()` to look again, or the error.
        mutating func wake(_ matches: (Target) -> Bool, with result: Result<Void, any Error>) {
            for (id, waiter) in waiters where matches(waiter.target) {
                waiters[id] = nil
                waiter.resume(result)
            }
        }

        /// The pages awaited by ``PagedArray/element(at:)``: ``PagedArray/cancelLoads(outside:)`` spares them.
        var awaitedPages: Set<Int> {
            Set(waiters.values.compactMap { waiter in
                if case .page(let page) = waiter.target { page } else { nil }
            })
        }
    }

    /// Whether the snapshot is the content's current one.
    enum Phase: Sendable {
        /// Pages load at `snapshot.version`.
        case current
        /// The content changed; the task takes a fresh snapshot. No page loads meanwhile.
        case refreshing(id: Int)
        /// Taking the fresh snapshot failed; the next read tries again.
        case failed(any Error)
    }

    /// What a suspended caller waits for.
    enum Target: Hashable, Sendable {
        /// The page's current load to end (loaded, failed, or dropped by an invalidation).
        case page(Int)
        /// The refresh to end.
        case refresh
    }

    struct Waiter: Sendable {
        let target: Target
        /// Resumes the caller: `()` to look again, or the error the target ended with.
        let resume: @Sendable (Result<Void, any Error>) -> Void
    }
}
