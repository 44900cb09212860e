import Collation
import Entries
import Foundation

/// An index being built outside the lock from the text of one generation, or brought up to it from logged edits.
final class IndexBuild {
    let uri: String
    let generation: UInt64
    /// Done when the index is kept (or was not wanted): requests that found the build running go on from there.
    let flight = Flight()
    /// False once the document was closed, opened again or the settings changed: a built index must not be kept.
    var isValid = true

    init(uri: String, generation: UInt64) {
        self.uri = uri
        self.generation = generation
    }
}

private enum IndexStep<T> {
    case done(T), inProgress(Flight), update(OutlineIndex, LineEdit, IndexBuild), build(IndexBuild?)
}

/// Indexes follow the edits of their document lazily: `edit` only logs which lines changed, and a request brings the
/// index up to the text it sees (its snapshot), so a burst of keystrokes costs one update, and a request still sees
/// the document as it was when the request arrived.
extension DocumentStore {
    /// Runs `body` with the document's index under `cacheKey`, current with `snapshot`, holding the store's lock (so
    /// keep `body` short: a page, the sections, a jump).
    ///
    /// The index is built by `make` outside the lock, once, however many requests ask at the same time: a request
    /// that finds it being built is told so (`.later`, whose flight says when to ask again) rather than kept
    /// waiting. A snapshot the index has already moved past (the document changed or was opened again since the
    /// request came) gets an index of its own, which is not kept.
    ///
    /// - Returns: `.later` while another request builds the index this snapshot can use.
    /// - Throws: `CollationError` when `make` fails (the build is given up, and whoever waited for it asks again).
    public func withIndex<T>(
        _ snapshot: TextDocument, cacheKey: String, make: (TextDocument) throws(CollationError) -> OutlineIndex,
        _ body: (OutlineIndex, TextDocument) -> T
    ) throws(CollationError) -> Handled<T> {
        let buildKey = "\(snapshot.uri)|\(cacheKey)"
        while true {
            let next = lock.withLock { () -> IndexStep<T> in
                guard let state = documents[snapshot.uri], snapshot.generation >= state.openedAt else { return .build(nil) }
                let loggedAfter = state.loggedAfter
                if let step = step(snapshot, cacheKey, body) { return step }
                if let running = builds[buildKey] {
                    return running.generation <= snapshot.generation ? .inProgress(running.flight) : .build(nil)
                }
                // The edits since the snapshot must be in the log for the build's index to follow them.
                guard snapshot.generation >= loggedAfter else { return .build(nil) }
                let build = IndexBuild(uri: snapshot.uri, generation: snapshot.generation)
                builds[buildKey] = build
                return .build(build)
            }
            switch next {
            case .done(let result):
                return .done(result)
            case .inProgress(let flight):
                return .later(flight)
            case .update(let index, let edit, let update):
                if let result = follow(index, edit, update, snapshot, cacheKey, body) { return .done(result) }
            case .build(nil):
                return .done(body(try make(snapshot), snapshot))
            case .build(let build?):
                defer { build.flight.finish() }
                let index: OutlineIndex
                do throws(CollationError) {
                    index = try make(snapshot)
                } catch {
                    lock.withLock {
                        if builds[buildKey] === build { builds[buildKey] = nil }
                        trimEditLog(snapshot.uri)
                    }
                    throw error
                }
                return .done(lock.withLock {
                    if builds[buildKey] === build { builds[buildKey] = nil }
                    if build.isValid {
                        modify(snapshot.uri) { state in
                            if state.indexes[cacheKey] == nil { state.indexes[cacheKey] = index }
                            // The index answers pages now: the names a page before it needed go.
                            let layoutKey = Self.layoutKey(cacheKey)
                            if let layout = state.derived[layoutKey] as? SectionLayout, layout.names != nil { state.derived[layoutKey] = layout.withoutNames }
                        }
                    }
                    trimEditLog(snapshot.uri)
                    return body(index, snapshot)
                })
            }
        }
    }

    /// `withIndex`, waiting for a build in progress: for callers with no request to answer later (tests, tools).
    ///
    /// - Throws: `CollationError` when `make` fails.
    public func withIndexWaiting<T>(
        _ snapshot: TextDocument, cacheKey: String, make: (TextDocument) throws(CollationError) -> OutlineIndex,
        _ body: (OutlineIndex, TextDocument) -> T
    ) throws(CollationError) -> T {
        while true {
            switch try withIndex(snapshot, cacheKey: cacheKey, make: make, body) {
            case .done(let result): return result
            case .later(let flight): flight.wait()
            }
        }
    }

    /// Whether the document has an index under `cacheKey`, or one is being built (a request asking for it now would
    /// not start a build).
    public func hasIndexOrBuild(_ snapshot: TextDocument, cacheKey: String) -> Bool {
        lock.withLock {
            builds["\(snapshot.uri)|\(cacheKey)"] != nil || documents[snapshot.uri]?.indexes[cacheKey] != nil
        }
    }

    /// Runs `body` with the document's index under `cacheKey`, current with `snapshot`, if there is one that can be
    /// (brought up to the snapshot outside the lock if it is behind); nil otherwise, and while another request builds
    /// or updates it.
    public func withExistingIndex<T>(_ snapshot: TextDocument, cacheKey: String, _ body: (OutlineIndex, TextDocument) -> T) -> T? {
        let next = lock.withLock { () -> IndexStep<T>? in
            guard let state = documents[snapshot.uri], snapshot.generation >= state.openedAt else { return nil }
            return step(snapshot, cacheKey, body)
        }
        switch next {
        case .done(let result)?: return result
        case .update(let index, let edit, let update)?: return follow(index, edit, update, snapshot, cacheKey, body)
        default: return nil
        }
    }

    /// What a request with `snapshot` does with the index under `cacheKey`, if there is one: runs `body` when it is at
    /// the snapshot; waits while another request updates it; updates it (`.update`, then `follow`, outside the lock)
    /// when it is behind; nil when there is none, or it is ahead of the snapshot, or it cannot follow the edits (then
    /// it is dropped). Call with the lock held.
    private func step<T>(_ snapshot: TextDocument, _ cacheKey: String, _ body: (OutlineIndex, TextDocument) -> T) -> IndexStep<T>? {
        let uri = snapshot.uri
        if let update = updates["\(uri)|\(cacheKey)"] { return .inProgress(update.flight) }
        guard let state = documents[uri], let index = state.indexes[cacheKey], index.generation <= snapshot.generation else { return nil }
        guard index.generation < snapshot.generation else { return .done(body(index, snapshot)) }
        let due = state.edits.filter { $0.generation > index.generation && $0.generation <= snapshot.generation }.map(\.edit)
        guard let first = due.first else {
            modify(uri) { $0.indexes[cacheKey] = nil }
            trimEditLog(uri)
            return nil
        }
        let update = IndexBuild(uri: snapshot.uri, generation: index.generation)
        updates["\(uri)|\(cacheKey)"] = update
        return .update(index, due.dropFirst().reduce(first) { $0.then($1) }, update)
    }

    /// Brings `index` up to `snapshot` by `edit` outside the lock (the reader's next `didChange` does not wait for it),
    /// then runs `body` with it under the lock; nil when it could not follow (it is dropped: the caller builds anew).
    private func follow<T>(
        _ index: OutlineIndex, _ edit: LineEdit, _ update: IndexBuild, _ snapshot: TextDocument, _ cacheKey: String,
        _ body: (OutlineIndex, TextDocument) -> T
    ) -> T? {
        let uri = snapshot.uri, key = "\(uri)|\(cacheKey)"
        defer { update.flight.finish() }
        willFollow?(uri)
        let followed = index.update(to: snapshot, edit: edit)
        return lock.withLock {
            if updates[key] === update { updates[key] = nil }
            if !followed, documents[uri]?.indexes[cacheKey] === index { modify(uri) { $0.indexes[cacheKey] = nil } }
            trimEditLog(uri)
            return followed ? body(index, snapshot) : nil
        }
    }

    /// Forgets the edits every index and build of the document has followed. Call with the lock held.
    func trimEditLog(_ uri: String) {
        guard let state = documents[uri] else { return }
        // An index being updated counts at the generation it started from (its own is being written).
        let indexes = state.indexes.map { key, index in updates["\(uri)|\(key)"]?.generation ?? index.generation }
        let followed = (indexes + builds.values.filter { $0.uri == uri && $0.isValid }.map(\.generation)).min()
            ?? state.document.generation
        modify(uri) { state in
            state.edits.removeAll { $0.generation <= followed }
            state.loggedAfter = max(state.loggedAfter, followed)
        }
    }
}
