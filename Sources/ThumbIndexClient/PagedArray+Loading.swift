extension PagedArray {
    /// The slot at `index` without starting any load: what the subscript would give, minus its effects.
    public func peek(at index: Int) -> Slot {
        precondition(index >= 0, "negative index \(index)")
        return state.withLock { state in
            guard index < state.snapshot.count, let elements = state.pages[index / pageSize] else { return .placeholder }
            return .loaded(elements[index % pageSize])
        }
    }

    /// Cancels the loads of pages that the rows `visible` do not touch, for a list scrolled past them.
    ///
    /// Kept: the pages holding `visible` and, with ``preloadsNextPage``, the page after them (the preload
    /// margin), and pages a caller of ``element(at:)`` is waiting for. Every other load in flight is
    /// cancelled: its `Task` is cancelled, so the source sees cancellation, its result is discarded
    /// whenever it comes, and the page stays a placeholder until read again. An empty `visible` cancels
    /// every load nobody waits for. Loaded pages are kept either way.
    public func cancelLoads(outside visible: Range<Int>) {
        let cancelled = state.withLock { state -> [Task<Void, Never>] in
            let rows = visible.clamped(to: 0 ..< state.snapshot.count)
            var kept = 0 ..< 0
            if !rows.isEmpty {
                let margin = state.preloadsNextPage ? 1 : 0
                kept = rows.lowerBound / pageSize ..< (rows.upperBound - 1) / pageSize + 1 + margin
            }
            let awaited = state.awaitedPages
            var cancelled: [Task<Void, Never>] = []
            for (page, id) in state.loads where !kept.contains(page) && !awaited.contains(page) {
                state.loads[page] = nil
                if let task = state.tasks[id] { cancelled.append(task) }
            }
            return cancelled
        }
        for task in cancelled { task.cancel() }
    }

    /// The subscript: read, start loads, never wait.
    func read(_ position: Int) -> Slot {
        precondition(position >= 0, "negative index \(position)")
        var cancelled: [Task<Void, Never>] = []
        let slot = state.withLock { state -> Slot in
            guard position < state.snapshot.count else { return .placeholder }
            switch state.phase {
            case .current: return touch(position, &state)
            case .refreshing: return .placeholder
            case .failed:
                cancelled = beginInvalidation(&state)
                return .placeholder
            }
        }
        for task in cancelled { task.cancel() }
        return slot
    }

    /// Under the lock, with the snapshot current and `position` in range: the slot, after starting the load
    /// of its page if missing and, past the middle of the page, of the next page (see "Preloading").
    func touch(_ position: Int, _ state: inout State) -> Slot {
        let page = position / pageSize
        let offset = position - page * pageSize
        let slot: Slot
        if let elements = state.pages[page] {
            slot = .loaded(elements[offset])
        } else {
            startLoad(page, &state)
            slot = .placeholder
        }
        if state.preloadsNextPage, offset >= pageSize / 2 {
            startLoad(page + 1, &state)
        }
        return slot
    }

    /// Under the lock: starts loading `page` at the current version, unless there is no such page, the
    /// snapshot is not current, or the page is loaded or loading.
    func startLoad(_ page: Int, _ state: inout State) {
        guard case .current = state.phase, page < pageCount(count: state.snapshot.count),
              state.pages[page] == nil, state.loads[page] == nil else { return }
        let id = state.makeID()
        let version = state.snapshot.version
        let range = indices(forPage: page, count: state.snapshot.count)
        let task = Task { [weak self, source] in
            let result: Result<[Source.Element], any Error>
            do {
                result = .success(try await source.elements(version: version, offset: range.lowerBound, limit: range.count))
            } catch {
                result = .failure(error)
            }
            self?.finishLoad(page, id: id, expected: range.count, result: result)
        }
        state.loads[page] = id
        state.tasks[id] = task
    }

    /// A load's end: keep the page, report the failure, or invalidate on `contentModified`; or, when the
    /// load is no longer the page's current one (cancelled, or from before an invalidation), discard it.
    func finishLoad(_ page: Int, id: Int, expected: Int, result: Result<[Source.Element], any Error>) {
        let cancelled = state.withLock { state -> [Task<Void, Never>] in
            state.tasks[id] = nil
            guard state.loads[page] == id else { return [] }
            state.loads[page] = nil
            let failure: any Error
            switch result {
            case .success(let elements) where elements.count == expected:
                state.pages[page] = elements
                state.emit(.pageLoaded(page))
                state.wake({ $0 == .page(page) }, with: .success(()))
                return []
            case .success(let elements):
                failure = PagedArrayError.wrongPageLength(page: page, expected: expected, actual: elements.count)
            case .failure(let error):
                if (error as? PageSourceError) == .contentModified {
                    return beginInvalidation(&state)
                }
                failure = error
            }
            state.emit(.loadFailed(page: page, error: failure))
            state.wake({ $0 == .page(page) }, with: .failure(failure))
            return []
        }
        for task in cancelled { task.cancel() }
    }
}
