extension PagedArray {
    /// What one look at the state found: the answer, or what to wait for before looking again.
    enum Look<Answer: Sendable>: Sendable {
        case done(Answer)
        case wait(Target)
    }

    /// How many invalidations one ``element(at:)`` sits through; the next makes it throw `contentModified`.
    static var invalidationsPerWait: Int { 3 }

    /// The element at `index`, waiting for its page to load if need be. For code that is not a UI, such
    /// as a command paging through a document.
    ///
    /// Reads `index` as the subscript does (starting its page's load and preloading the next), then
    /// waits. If the content changes meanwhile, it waits for the fresh snapshot and reads `index` of the
    /// new content, so the element is always of the array's current ``version``; it gives up when the
    /// content changes a fourth time during one call. A page it waits for is spared by
    /// ``cancelLoads(outside:)``.
    ///
    /// - Throws: ``PagedArrayError/indexOutOfRange(index:count:)`` for an index outside the current
    ///   content; the error the page's load failed with (once; the next call loads again); the error of
    ///   a failed snapshot; ``PageSourceError/contentModified`` if the content kept changing;
    ///   `CancellationError` when the calling task is cancelled (the load itself goes on).
    public func element(at index: Int) async throws -> Source.Element {
        var firstGeneration: Int?
        return try await look { state, cancelled in
            let first = firstGeneration ?? state.generation
            firstGeneration = first
            guard state.generation - first <= Self.invalidationsPerWait else { throw PageSourceError.contentModified }
            switch state.phase {
            case .current: break
            case .refreshing: return .wait(.refresh)
            case .failed:
                cancelled = beginInvalidation(&state)
                return .wait(.refresh)
            }
            guard index >= 0, index < state.snapshot.count else {
                throw PagedArrayError.indexOutOfRange(index: index, count: state.snapshot.count)
            }
            if case .loaded(let element) = touch(index, &state) { return .done(element) }
            assert(state.loads[index / pageSize] != nil, "reading a missing page of a current snapshot starts its load")
            return .wait(.page(index / pageSize))
        }
    }

    /// A stream of what happens to the array: pages loading, failing, the content changing.
    ///
    /// Each call makes a new stream; it receives the events from the moment of the call, in the order
    /// they happen, and buffers them without limit until read. It ends when the array is released;
    /// cancelling the task that iterates it unsubscribes. A UI reloads the rows of a page on
    /// ``Event/pageLoaded(_:)`` and everything on ``Event/invalidated(_:)``; it should show, not retry,
    /// a ``Event/loadFailed(page:error:)``, since reading the page again retries at once.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let id = state.withLock { state in
            let id = state.makeID()
            state.observers[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.observers[id] = nil }
        }
        return stream
    }

    /// Looks at the state until `decide` has the answer, waiting between looks for what it names.
    ///
    /// Each look runs `decide` under the lock and, if it says to wait, registers the waiter in the same
    /// critical section, so no wake-up falls between deciding and waiting. A wake-up with an error ends
    /// the loop with it, as does an error `decide` throws or the calling task's cancellation. `decide`
    /// puts the tasks to cancel once unlocked in its second argument.
    func look<Answer: Sendable>(
        _ decide: (inout State, inout [Task<Void, Never>]) throws -> Look<Answer>
    ) async throws -> Answer {
        while true {
            let id = state.withLock { $0.makeID() }
            let answer: Answer? = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer?, any Error>) in
                    var cancelled: [Task<Void, Never>] = []
                    state.withLock { state in
                        guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
                        do {
                            switch try decide(&state, &cancelled) {
                            case .done(let answer):
                                continuation.resume(returning: answer)
                            case .wait(let target):
                                state.waiters[id] = Waiter(target: target) { continuation.resume(with: $0.map { nil }) }
                            }
                        } catch {
                            continuation.resume(throwing: error)
                        }
                    }
                    for task in cancelled { task.cancel() }
                }
            } onCancel: {
                let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.resume(.failure(CancellationError()))
            }
            if let answer { return answer }
        }
    }

    /// Waits until no task of the array is running: loads (including cancelled and discarded ones) and
    /// snapshots, and whatever their ends start. For tests and diagnostics; hangs while a load hangs.
    func settle() async {
        while let task = state.withLock({ $0.tasks.values.first }) {
            await task.value
        }
    }
}
