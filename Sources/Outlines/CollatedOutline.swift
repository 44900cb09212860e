import Collation
import Entries

/// How a server runs the work that outlines ask of it.
public struct OutlineWork: Sendable {
    /// Starts work that may take long — `title` ("Sorting") of `name` (the file) — and returns its end: the server
    /// shows a progress bar for it when it runs long.
    public var begin: @Sendable (_ title: String, _ name: String) -> @Sendable () -> Void
    /// Runs `body` on another worker.
    public var detach: @Sendable (_ body: @escaping @Sendable () -> Void) -> Void
    /// The problems an index finds in document `uri` as it reads (an edit's read reports them; a whole read's are
    /// the extractor's). The index keeps this: it must not keep its server alive.
    public var report: @Sendable (_ uri: String, [OutlineProblem]) -> Void
    /// Called on a build's thread before it starts (a test holds builds here).
    public var willBuild: (@Sendable (_ uri: String) -> Void)?
    /// Called on a background build's thread once the index's layout is kept, before its sort.
    public var willSort: (@Sendable (_ uri: String) -> Void)?

    public init(
        begin: @escaping @Sendable (String, String) -> @Sendable () -> Void, detach: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        report: @escaping @Sendable (String, [OutlineProblem]) -> Void, willBuild: (@Sendable (String) -> Void)? = nil,
        willSort: (@Sendable (String) -> Void)? = nil
    ) {
        (self.begin, self.detach, self.report, self.willBuild, self.willSort) = (begin, detach, report, willBuild, willSort)
    }
}

/// A document's outline under one collation, as requests ask for it: the one place that decides what is answered
/// before the index exists — its sections counted, a plain text's first page, the first sections of its symbols —
/// and when the index is built (by the request that needs it, or on another worker). The server asks; it knows
/// nothing of formats.
public struct CollatedOutline: Sendable {
    /// The document, as the request found it.
    public let document: TextDocument
    public let collation: IndexedCollation
    private let plan: IndexPlan
    /// What the store keeps the document's derived data under: the collation and its options.
    private let key: String
    private let store: DocumentStore
    private let extract: @Sendable (TextDocument) -> [Entry]
    private let work: OutlineWork

    /// `document`'s outline under `collation` with `plan`, kept in `store` under `cacheKey`; `extract` gives the
    /// entries of the formats read whole.
    public init(
        _ document: TextDocument, collation: IndexedCollation, plan: IndexPlan, cacheKey: String, store: DocumentStore,
        extract: @escaping @Sendable (TextDocument) -> [Entry], work: OutlineWork
    ) {
        (self.document, self.collation, self.plan, self.key, self.store, self.extract, self.work) = (document, collation, plan, cacheKey, store, extract, work)
    }

    private var name: String { document.uri.split(separator: "/").last.map(String.init) ?? document.uri }

    /// The section layout: the index's when it has one, else counted from the sections of the entries (no sorting),
    /// so that the first answer comes before the sort. `firstRun`: whether the request asks for the first time.
    public func layout(firstRun: Bool) throws(CollationError) -> Handled<SectionLayout> {
        if let layout = store.withExistingIndex(document, cacheKey: key, { index, _ in index.layout }) { return .done(layout) }
        if let layout = store.cachedLayout(document, cacheKey: key) { return .done(layout) }
        if plan.format == .records || plan.format == .tree {
            // Records and JSON cost their reading far more than their sections: they are read once, by the index,
            // which tells its layout before it sorts; the request answers from that (or from the index when it came
            // later than the layout, or the build could not be started from here). Only for the text as it is now (a
            // layout of older text could not be kept), and by a request's first run only (run again, it waits for the
            // index itself), so that no run can start another build, and another, for text that has changed meanwhile.
            if firstRun, store.isCurrent(document), let sectionsKnown = buildInBackground(layoutFirst: true) {
                return .later(sectionsKnown)
            }
            return try withIndex { index, _ in index.layout }
        }
        let end = work.begin("Sectioning", name)
        defer { end() }
        return .done(store.layout(document, cacheKey: key) { document in
            SectionLayout(counting: document, format: plan.format, readings: plan.readings, collation: collation, extract: extract)
        })
    }

    /// `body` of the index and the text it is current with (under the store's lock: pages, jumps). The index is made
    /// once, as long work, and then follows edits. `beforeBuild` runs when this request makes the index itself,
    /// before it does (once that is so, nothing can send the request away to run again): what a request sends before
    /// the sort goes there; its error ends the build.
    public func withIndex<T>(
        beforeBuild: (TextDocument) throws(CollationError) -> Void = { _ in }, _ body: @escaping (OutlineIndex, TextDocument) -> T
    ) throws(CollationError) -> Handled<T> {
        if let hit = store.withExistingIndex(document, cacheKey: key, body) { return .done(hit) }
        let make = indexMaker()
        let end = work.begin("Sorting", name)
        defer { end() }
        return try store.withIndex(document, cacheKey: key, make: { snapshot throws(CollationError) in
            try beforeBuild(snapshot)
            return try make(snapshot)
        }, body)
    }

    /// The first sections sorted before the rest (for a first part of symbols): whole sections holding at least
    /// `entries` entries.
    public func leadingSections(holding entries: Int) throws(CollationError) -> [OutlineBeforeSort.SortedSection] {
        try beforeSort.leadingSections(holding: entries)
    }

    /// A page of a plain text that has no index yet, nor one being made: of the sections that hold it, only the
    /// entries at its places are found (about the cost of the thumb index, where the index sorts every line); then
    /// the index is started on another worker. Nil for the other formats (their index costs little more than this,
    /// or is made at once) and when the index is there or being made.
    public func pageBeforeIndex(_ offsets: Range<Int>) throws(CollationError) -> (page: [PageEntry], totalCount: Int)? {
        guard plan.format == .lines, !store.hasIndexOrBuild(document, cacheKey: key) else { return nil }
        let outline = beforeSort
        let page = try outline.page(offsets)
        // Started after the page, so that the two do not share the cores; a request that comes meanwhile starts it.
        _ = buildInBackground(layoutFirst: false)
        return (page, outline.totalCount)
    }

    /// The entries with their sections, before the sort (with what a first layout counted of this text).
    private var beforeSort: OutlineBeforeSort {
        let layout = store.cachedLayout(document, cacheKey: key)
        return OutlineBeforeSort(document, collation: collation, format: plan.format, readings: plan.readings,
                                 known: layout?.sectionOfEntries, names: layout?.names, extract: extract)
    }

    /// Starts making the index on another worker, unless it has one or one is being made; a request that comes
    /// meanwhile waits for it. `layoutFirst`: the layout is kept as soon as the sections are known, before the sort.
    /// Returns a flight done once that layout is kept (or the build ended without one); nil when nothing started.
    private func buildInBackground(layoutFirst: Bool) -> Flight? {
        guard !store.hasIndexOrBuild(document, cacheKey: key) else { return nil }
        let sectionsKnown = Flight(), store = store, document = document, key = key, work = work, name = name
        let keepLayout: @Sendable (SectionLayout) -> Void = { layout in
            store.keep(layout, of: document, cacheKey: key)
            sectionsKnown.finish()
            work.willSort?(document.uri)
        }
        let make = indexMaker(sectionsKnown: layoutFirst ? keepLayout : nil, cancelWhenGone: true)
        work.detach {
            defer { sectionsKnown.finish() }
            let end = work.begin("Sorting", name)
            defer { end() }
            do throws(CollationError) {
                _ = try store.withIndex(document, cacheKey: key, make: make) { _, _ in () }  // `later`: made by another request
            } catch {
                // Failed (the requests that need it are told too), or given up because its document is gone.
                if error.kind != .cancelled { work.report(document.uri, [OutlineProblem(severity: .error, message: "\(name): \(error.message)", key: nil)]) }
            }
        }
        return sectionsKnown
    }

    /// How the index is made (by the plan). `cancelWhenGone`: a build that no request runs (one made in the
    /// background) stops before its keys and its sort once its document is closed or opened again; a request's own
    /// build answers for the text it came with, whatever happened since.
    private func indexMaker(
        sectionsKnown: (@Sendable (SectionLayout) -> Void)? = nil, cancelWhenGone: Bool = false
    ) -> @Sendable (TextDocument) throws(CollationError) -> OutlineIndex {
        let plan = plan, collation = collation, store = store, key = key, work = work, extract = extract
        return { document throws(CollationError) in
            work.willBuild?(document.uri)
            // The sections (and a plain text's names) a first layout counted for this text are not looked up again.
            let known = store.cachedLayout(document, cacheKey: key), uri = document.uri
            var inputs = IndexInputs(extract: extract)
            (inputs.sectionsKnown, inputs.knownSections, inputs.knownNames) = (sectionsKnown, known?.sectionOfEntries, known?.names)
            inputs.report = { work.report(uri, $0) }
            inputs.isCancelled = { cancelWhenGone && !store.isOpen(document) }
            return try plan.index(document, collation: collation, inputs: inputs)
        }
    }
}
