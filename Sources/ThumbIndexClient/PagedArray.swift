/// A random-access collection of known count whose elements arrive a page at a time, on demand.
///
/// Fluent pagination in the manner of AWPagedArray: the total ``count`` is known from the first
/// ``PageSnapshot``, so a list can size itself at once; each position reads as a ``Slot`` that is
/// ``Slot/placeholder`` until the page holding it has loaded from the ``PageSource``.
///
/// ```swift
/// let outline = try await PagedArray.load(source: entries, pageSize: 50)
/// Task { @MainActor in
///     for await event in outline.events() {
///         switch event {
///         case .pageLoaded(let page): reloadRows(outline.indices(forPage: page))
///         case .invalidated: reloadAll()
///         case .loadFailed, .snapshotFailed: showError()
///         }
///     }
/// }
/// cell.text = outline[row].element?.name ?? "…"        // a UI: never waits
/// let first = try await outline.element(at: 0)           // a command: waits for the page
/// ```
///
/// ## Reading
/// The subscript never waits. Reading a position whose page is loaded gives ``Slot/loaded(_:)``;
/// otherwise it gives ``Slot/placeholder`` and starts loading that page, unless it is already loading
/// (however many readers, on however many threads, a page has at most one load in flight). When the
/// page arrives, observers get ``Event/pageLoaded(_:)`` and re-read its rows. ``peek(at:)`` reads
/// without starting anything; ``element(at:)`` waits for the page, for code that is not a UI.
///
/// Iterating, `map` or `Array(paged)` read every position and so start loading every page: a UI reads
/// the visible rows only. A position past ``count`` (the content shrank since `count` was read) reads
/// as a placeholder and starts nothing; a negative one traps.
///
/// ## Preloading
/// With ``preloadsNextPage`` (the default), reading a position in the second half of its page, that is
/// `index - page * pageSize >= pageSize / 2`, also starts loading the next page, if there is one and it
/// is neither loaded nor loading. Scrolling forward thus finds the next page ready.
///
/// ## Scrolling past
/// ``cancelLoads(outside:)`` cancels (by `Task` cancellation) the loads of pages outside the visible
/// rows; a cancelled page stays a placeholder and loads again when next read.
///
/// ## Versions
/// Every page is requested at the snapshot's ``version``. When a load throws
/// ``PageSourceError/contentModified``, or on ``invalidate()``, the array drops every loaded page,
/// cancels every load, and takes a fresh snapshot; until it arrives every position reads as a
/// placeholder and ``count`` is the old one. Then ``count`` and ``version`` change and observers get
/// ``Event/invalidated(_:)``. A load started before the invalidation that finishes after it is
/// discarded: pages of two versions never mix.
///
/// ## Thread safety
/// `PagedArray` is `Sendable`: use it from any thread, task or actor. Its state sits behind one lock,
/// which is never held across a suspension; loads and snapshots run in their own tasks, which hold the
/// array weakly. Releasing the array cancels them.
public final class PagedArray<Source: PageSource>: Sendable {
    /// Each position holds a ``Slot``: the element once its page has loaded, a placeholder until then.
    public typealias Element = Slot

    /// Where the pages come from.
    public let source: Source
    /// How many elements a page holds (the last page may hold fewer). Fixed for the array's life.
    public let pageSize: Int

    let state: PagedArrayLock<State>

    /// A paged array over `source` whose content is already known to be `snapshot`. Loads nothing yet.
    ///
    /// - Parameters:
    ///   - source: where the pages come from.
    ///   - pageSize: elements per page; at least 1.
    ///   - snapshot: the content's version and count, e.g. from a `thumbindex/sections` you already made.
    ///   - preloadsNextPage: whether reading the second half of a page starts loading the next one.
    public init(source: Source, pageSize: Int, snapshot: PageSnapshot, preloadsNextPage: Bool = true) {
        precondition(pageSize > 0, "a page holds at least one element, not \(pageSize)")
        precondition(snapshot.count >= 0, "a snapshot counts \(snapshot.count) elements")
        self.source = source
        self.pageSize = pageSize
        state = PagedArrayLock(State(snapshot: snapshot, preloadsNextPage: preloadsNextPage))
    }

    /// Takes the source's ``PageSource/snapshot()``, then makes a paged array of that content.
    ///
    /// The snapshot is the only request made: no page loads until a position is read.
    public static func load(source: Source, pageSize: Int, preloadsNextPage: Bool = true) async throws -> PagedArray {
        let snapshot = try await source.snapshot()
        return PagedArray(source: source, pageSize: pageSize, snapshot: snapshot, preloadsNextPage: preloadsNextPage)
    }

    deinit {
        let (tasks, observers) = state.withLock { state in
            (Array(state.tasks.values), Array(state.observers.values))
        }
        for task in tasks { task.cancel() }
        for observer in observers { observer.finish() }
    }

    /// The content the array pages: ``version`` and ``count`` read together.
    public var snapshot: PageSnapshot { state.withLock { $0.snapshot } }

    /// The version of the content the pages are loaded from. Changes only with an ``Event/invalidated(_:)``.
    public var version: Int { snapshot.version }

    /// How many pages the content fills: `count / pageSize`, rounded up; 0 when empty.
    public var pageCount: Int { pageCount(count: count) }

    /// The pages whose elements are here: reading any position of them gives ``Slot/loaded(_:)``.
    public var loadedPages: Set<Int> { state.withLock { Set($0.pages.keys) } }

    /// The pages being loaded now (at most one load each), e.g. to show a spinner.
    public var loadingPages: Set<Int> { state.withLock { Set($0.loads.keys) } }

    /// Whether reading the second half of a page starts loading the next page (see "Preloading").
    /// Also widens ``cancelLoads(outside:)`` by one page. Defaults to `true`.
    public var preloadsNextPage: Bool {
        get { state.withLock { $0.preloadsNextPage } }
        set { state.withLock { $0.preloadsNextPage = newValue } }
    }

    /// The page holding position `index`: `index / pageSize`. `index` must not be negative.
    public func page(for index: Int) -> Int {
        precondition(index >= 0, "negative index \(index)")
        return index / pageSize
    }

    /// The positions of page `page` in the current content: `pageSize` of them, fewer on the last page,
    /// none (an empty range at ``count``) for a page past the end. `page` must not be negative.
    public func indices(forPage page: Int) -> Range<Int> {
        indices(forPage: page, count: count)
    }

    func pageCount(count: Int) -> Int {
        count / pageSize + (count % pageSize == 0 ? 0 : 1)
    }

    func indices(forPage page: Int, count: Int) -> Range<Int> {
        precondition(page >= 0, "negative page \(page)")
        guard page < pageCount(count: count) else { return count ..< count }
        let start = page * pageSize
        return start ..< Swift.min(count, start + pageSize)
    }
}

extension PagedArray: RandomAccessCollection {
    /// Positions are `0 ..< count`.
    public typealias Index = Int
    /// `0 ..< count`.
    public typealias Indices = Range<Int>

    /// Always 0.
    public var startIndex: Int { 0 }

    /// ``count``.
    public var endIndex: Int { count }

    /// The number of positions: the current snapshot's count, known before any page loads.
    public var count: Int { state.withLock { $0.snapshot.count } }

    /// The slot at `position`, at once: loaded, or a placeholder whose page this read starts loading
    /// (and, past the middle of the page, the next page too). See "Reading" and "Preloading".
    public subscript(position: Int) -> Slot {
        read(position)
    }
}

extension PagedArray {
    /// What one position of a ``PagedArray`` holds.
    public enum Slot {
        /// The element, from a page of the array's current ``PagedArray/version``.
        case loaded(Source.Element)
        /// Not loaded (yet): show a placeholder row and wait for ``Event/pageLoaded(_:)``.
        case placeholder

        /// The element if loaded, `nil` for a placeholder.
        public var element: Source.Element? {
            if case .loaded(let element) = self { element } else { nil }
        }

        /// Whether this is ``placeholder``.
        public var isPlaceholder: Bool {
            if case .placeholder = self { true } else { false }
        }
    }

    /// What a ``PagedArray`` tells its observers (see ``PagedArray/events()``).
    public enum Event: Sendable {
        /// The page loaded: re-read the rows ``PagedArray/indices(forPage:)`` gives.
        case pageLoaded(Int)
        /// The content changed: all pages were dropped and this is the new snapshot (count may differ).
        /// Reload everything.
        case invalidated(PageSnapshot)
        /// Loading the page failed; it stays a placeholder and the next read of it tries again.
        case loadFailed(page: Int, error: any Error)
        /// Taking a fresh snapshot after an invalidation failed; every position stays a placeholder and
        /// the next read tries again.
        case snapshotFailed(any Error)
    }
}

extension PagedArray.Slot: Sendable {}
extension PagedArray.Slot: Equatable where Source.Element: Equatable {}
extension PagedArray.Slot: Hashable where Source.Element: Hashable {}
