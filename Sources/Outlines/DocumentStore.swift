import Collation
import Entries
import Foundation

/// The open documents and what has been derived from each (entries, indexes, layouts), behind a lock.
///
/// Notifications change documents in arrival order on the reader thread; requests take a snapshot of
/// a document and derive from it on worker threads. Derived state is cached for the current generation only.
public final class DocumentStore: @unchecked Sendable {
    struct State {
        var document: TextDocument
        /// Sorted and sectioned entries by collation key, following edits (see `OutlineIndex`).
        var indexes: [String: OutlineIndex] = [:]
        /// The line edits since the oldest index or build of this document, by the generation they made; the edits
        /// up to `loggedAfter` are not kept.
        var edits: [(generation: UInt64, edit: LineEdit)] = []
        var loggedAfter: UInt64
        /// The generation the document was opened with: snapshots older than this belong to an earlier open.
        var openedAt: UInt64
        /// What is derived from this generation of the text (`derived`): its outline by localization language, its
        /// layouts and word indexes by collation. An edit drops it all.
        var derived: [String: any Sendable] = [:]
    }

    var documents: [String: State] = [:]
    private var lastGeneration: UInt64 = 0
    /// Indexes being built, by uri and key.
    var builds: [String: IndexBuild] = [:]
    /// Indexes catching up on edits outside the lock, by document uri and cache key.
    var updates: [String: IndexBuild] = [:]
    /// Called before an index catches up on edits, outside the lock (tests hold it there).
    public var willFollow: (@Sendable (String) -> Void)? {
        get { lock.withLock { _willFollow } }
        set { lock.withLock { _willFollow = newValue } }
    }
    private var _willFollow: (@Sendable (String) -> Void)?
    let lock = NSLock()

    /// An empty store.
    public init() {}

    /// Opens (or replaces) a document under a new generation; true when it was already open.
    public func open(_ document: TextDocument) -> Bool {
        lock.withLock {
            let existed = documents[document.uri] != nil
            var document = document
            lastGeneration += 1
            document.generation = lastGeneration
            documents[document.uri] = State(document: document, loggedAfter: lastGeneration, openedAt: lastGeneration)
            for build in builds.values where build.uri == document.uri { build.isValid = false }
            return existed
        }
    }

    /// Forgets a document and all that was derived from it; true when it was open.
    public func close(_ uri: String) -> Bool {
        lock.withLock {
            for build in builds.values where build.uri == uri { build.isValid = false }
            return documents.removeValue(forKey: uri) != nil
        }
    }

    /// Applies an edit in place (the text is not copied unless a request holds a snapshot of it); the document is
    /// unchanged when it throws. The indexes of the document follow the edit when they are next used.
    public func edit(_ uri: String, _ body: (inout TextDocument) throws(PositionError) -> LineEdit) throws(DocumentError) {
        lock.lock()
        defer { lock.unlock() }
        let generation = lastGeneration + 1, building = builds.values.contains { $0.uri == uri }
        let done: Void? = try modify(uri) { (state: inout State) throws(DocumentError) in
            let edit: LineEdit
            do throws(PositionError) {
                edit = try body(&state.document)
            } catch {
                throw .invalidEdit(uri, error)
            }
            state.document.generation = generation
            state.derived = [:]
            // Logged only for an index or a build that will follow it.
            if state.indexes.isEmpty && !building {
                state.loggedAfter = generation
            } else {
                state.edits.append((generation, edit))
            }
        }
        guard done != nil else { throw .notOpen(uri) }
        lastGeneration = generation
    }

    /// Runs `body` on the state of the open document `uri`, in place (its text is not copied); nil when it is not
    /// open. Call with the lock held.
    @discardableResult
    func modify<T, E: Error>(_ uri: String, _ body: (inout State) throws(E) -> T) throws(E) -> T? {
        guard documents[uri] != nil else { return nil }
        return try body(&documents[uri]!)
    }

    /// Drops every derived outline (after a settings change that alters extraction). The documents get new
    /// generations too, so that a request still deriving under the old settings cannot cache its result.
    public func invalidateDerivedState() {
        lock.withLock {
            for uri in documents.keys {
                lastGeneration += 1
                documents[uri]?.document.generation = lastGeneration
                documents[uri]?.derived = [:]
                documents[uri]?.indexes = [:]
            }
            for build in builds.values { build.isValid = false }
        }
    }

    /// The document as it is now: a copy that later edits do not change.
    ///
    /// - Throws: `DocumentError.notOpen` when no document has that uri.
    public func snapshot(_ uri: String) throws(DocumentError) -> TextDocument {
        guard let document = lock.withLock({ documents[uri]?.document }) else { throw .notOpen(uri) }
        return document
    }

    /// Whether the document of `snapshot` is open and was not opened again since (edits do not count: an index
    /// follows them).
    public func isOpen(_ snapshot: TextDocument) -> Bool {
        lock.withLock { documents[snapshot.uri].map { snapshot.generation >= $0.openedAt } ?? false }
    }

    /// Whether `snapshot` is the document's text now (no edit, close or reopen since).
    public func isCurrent(_ snapshot: TextDocument) -> Bool {
        lock.withLock { holdsCurrent(snapshot) }
    }

    /// `isCurrent`, with the lock held.
    private func holdsCurrent(_ snapshot: TextDocument) -> Bool { documents[snapshot.uri]?.document.generation == snapshot.generation }

    /// Every open document, as it is now, in no particular order.
    public var allDocuments: [TextDocument] { lock.withLock { documents.values.map(\.document) } }

    /// The entries of a snapshot, extracted once per generation (and localization language).
    public func outline(of document: TextDocument, key: String = "", extract: (TextDocument) -> [Entry]) -> DocumentOutline {
        derived(document, "outline|" + key) { DocumentOutline(version: document.version, generation: document.generation, roots: extract(document)) }
    }

    /// The word index of a snapshot's outline for `workspace/symbol`, built once per generation and key.
    ///
    /// - Throws: `CollationError` when its keys cannot be allocated.
    public func wordIndex(_ document: TextDocument, key: String, outline: DocumentOutline, collator: Collator) throws(CollationError) -> WordIndex {
        try derived(document, "words|" + key) { () throws(CollationError) in
            try WordIndex(names: UTF8Batch(outline.items.lazy.map(\.name)), collator: collator)
        }
    }

    /// The section layout of a snapshot under `cacheKey`, if it is made.
    public func cachedLayout(_ document: TextDocument, cacheKey: String) -> SectionLayout? {
        lock.withLock { holdsCurrent(document) ? documents[document.uri]?.derived[Self.layoutKey(cacheKey)] as? SectionLayout : nil }
    }

    /// The section layout of a snapshot under a collation, from the sections of the entries' sort strings alone
    /// (`make`), computed once per generation and collation.
    public func layout(_ document: TextDocument, cacheKey: String, make: (TextDocument) -> SectionLayout) -> SectionLayout {
        derived(document, Self.layoutKey(cacheKey)) { make(document) }
    }

    /// Keeps `layout` as the section layout of a snapshot under `cacheKey` while the snapshot is the document's text
    /// (an index being built tells its layout before its sort).
    public func keep(_ layout: SectionLayout, of document: TextDocument, cacheKey: String) {
        lock.withLock { keep(layout, as: Self.layoutKey(cacheKey), of: document) }
    }

    /// Where a layout under `cacheKey` is kept among what a generation derives.
    static func layoutKey(_ cacheKey: String) -> String { "layout|" + cacheKey }

    /// What `make` derives from a snapshot, made once per generation and `key` (outside the lock) and kept while the
    /// snapshot is the document's text; a snapshot the document has left gets its own, not kept.
    private func derived<T: Sendable, E: Error>(_ document: TextDocument, _ key: String, make: () throws(E) -> T) throws(E) -> T {
        if let cached = lock.withLock({ holdsCurrent(document) ? documents[document.uri]?.derived[key] as? T : nil }) { return cached }
        let made = try make()
        lock.withLock { keep(made, as: key, of: document) }
        return made
    }

    /// Keeps `value` as derived from the snapshot while it is the document's text. Call with the lock held.
    private func keep(_ value: any Sendable, as key: String, of document: TextDocument) {
        if holdsCurrent(document) { documents[document.uri]?.derived[key] = value }
    }
}

/// A document request that cannot be served; the message says why.
public enum DocumentError: Error, CustomStringConvertible {
    /// The document `uri` is not open.
    case notOpen(String)
    /// The edit to document `uri` does not fit its text; nothing was applied.
    case invalidEdit(String, PositionError)

    /// The message, naming the document.
    public var description: String {
        switch self {
        case .notOpen(let uri): return "unknown document \(uri) (not open)"
        case .invalidEdit(let uri, let error): return "\(uri): \(error.description); the change was not applied"
        }
    }
}
