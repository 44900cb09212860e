extension PagedArray {
    /// Drops every loaded page and takes a fresh snapshot, as when a load meets `contentModified`.
    ///
    /// For when the client learns of a change itself (it sent an edit). Synchronously: every page is
    /// dropped, every load cancelled (results still to come are discarded), and every position reads
    /// as a placeholder. Then, when the source's ``PageSource/snapshot()`` answers, ``count`` and
    /// ``version`` change and observers get ``Event/invalidated(_:)`` (or ``Event/snapshotFailed(_:)``).
    /// Invalidating again while a snapshot is being taken cancels that one and takes another, since it
    /// may predate the change. ``refresh()`` does the same and waits for the snapshot.
    public func invalidate() {
        let cancelled = state.withLock { beginInvalidation(&$0) }
        for task in cancelled { task.cancel() }
    }

    /// ``invalidate()``, then waits for the fresh snapshot.
    ///
    /// - Returns: the new snapshot (a later one, if the array was invalidated again meanwhile).
    /// - Throws: the error of the source's ``PageSource/snapshot()``, or `CancellationError` when the
    ///   calling task is cancelled (the refresh itself goes on).
    @discardableResult
    public func refresh() async throws -> PageSnapshot {
        invalidate()
        return try await look { state, _ in
            switch state.phase {
            case .current: .done(state.snapshot)
            case .refreshing: .wait(.refresh)
            case .failed(let error): throw error
            }
        }
    }

    /// Under the lock: drops pages and loads, starts taking a snapshot, and wakes the callers waiting for a
    /// page so they wait for the snapshot instead. Returns the tasks to cancel once unlocked.
    func beginInvalidation(_ state: inout State) -> [Task<Void, Never>] {
        var cancelled = state.loads.values.compactMap { state.tasks[$0] }
        if case .refreshing(let superseded) = state.phase, let task = state.tasks[superseded] { cancelled.append(task) }
        state.loads.removeAll()
        state.pages.removeAll()
        state.generation += 1
        let id = state.makeID()
        let task = Task { [weak self, source] in
            let result: Result<PageSnapshot, any Error>
            do {
                result = .success(try await source.snapshot())
            } catch {
                result = .failure(error)
            }
            self?.finishRefresh(id: id, result: result)
        }
        state.phase = .refreshing(id: id)
        state.tasks[id] = task
        state.wake({ if case .page = $0 { true } else { false } }, with: .success(()))
        return cancelled
    }

    /// A snapshot's end: the new content, or the failure; ignored if a later invalidation superseded it.
    func finishRefresh(id: Int, result: Result<PageSnapshot, any Error>) {
        state.withLock { state in
            state.tasks[id] = nil
            guard case .refreshing(let current) = state.phase, current == id else { return }
            switch result {
            case .success(let snapshot) where snapshot.count >= 0:
                state.snapshot = snapshot
                state.phase = .current
                state.emit(.invalidated(snapshot))
                state.wake({ $0 == .refresh }, with: .success(()))
            case .success(let snapshot):
                let error = PagedArrayError.invalidSnapshot(snapshot)
                state.phase = .failed(error)
                state.emit(.snapshotFailed(error))
                state.wake({ $0 == .refresh }, with: .failure(error))
            case .failure(let error):
                state.phase = .failed(error)
                state.emit(.snapshotFailed(error))
                state.wake({ $0 == .refresh }, with: .failure(error))
            }
        }
    }
}
