import Collation
import Entries
import JSONRPC
import Outlines
import ThumbIndexJSON
import ThumbIndexProtocol

/// Everything a request handler may use: the settings and document as they were when the request arrived, and its
/// cancellation token.
struct RequestContext: Sendable {
    let server: LanguageServer
    let settings: Settings
    let encoding: PositionEncoding
    let id: RequestID
    let token: CancellationToken
    /// Snapshot of `params.textDocument` when it names an open document.
    let document: TextDocument?
    /// How many times the request ran before and found the work it needs in progress (`Handled.later`).
    var reruns = 0

    func check() throws(ResponseError) { try token.check() }

    /// Sends a partial result on `token`, unless the request was answered meanwhile (cancelled): LSP sends no part
    /// after the reply.
    func sendPart(_ token: ProgressToken, _ value: JSON) {
        server.pending.whilePending(id) { server.progress(token, value) }
    }

    /// Runs sorting work whose keys may fail to be allocated: that failure is the request's (-32803, saying why).
    func sorting<T>(_ body: () throws(CollationError) -> T) throws(ResponseError) -> T {
        do { return try body() } catch { throw .requestFailed(error.message) }
    }

    /// Derived data that may be unavailable now: later, when another request is making it; a failed request (-32803)
    /// saying why, when making it failed.
    func handled<T>(_ body: () throws(Unavailable) -> T) throws(ResponseError) -> Handled<T> {
        do throws(Unavailable) {
            return .done(try body())
        } catch {
            switch error {
            case .inProgress(let flight): return .later(flight)
            case .failed(let failure): throw .requestFailed(failure.message)
            }
        }
    }

    /// The snapshot of the document named `uri`, or -32602.
    func requireDocument(_ uri: TextDocumentIdentifier) throws(ResponseError) -> TextDocument {
        guard let document, document.uri == uri.uri else { throw .invalidParams(DocumentError.notOpen(uri.uri).description) }
        return document
    }

    /// The collation of a request: its own `locale`/`style` over the session's settings.
    func collation(_ choice: CollationChoice) throws(ResponseError) -> IndexedCollation {
        let style = IndexedCollation.Style(choice.style ?? settings.style)
        let locale = choice.locale ?? settings.locale ?? "en"
        do {
            let collation = try server.collations.collation(locale: locale, style: style, options: settings.collationOptions)
            // A request's own locale with a region that is no ISO 3166 region: said once per locale, never silent.
            if let given = choice.locale, let warning = collation.locale.regionWarning(given: given) {
                server.logOnce("region:\(given)", .warning, warning)
            }
            return collation
        } catch {
            throw .invalidParams(error.message)
        }
    }

    /// The section layout of a document under a request's collation: its index's when it has one, else counted
    /// from the sections of its entries (no sorting), so the first answer comes before the sort.
    func sectionLayout(_ uri: TextDocumentIdentifier, _ choice: CollationChoice) throws(ResponseError) -> Handled<SectionLayout> {
        let document = try requireDocument(uri)
        let collation = try self.collation(choice)
        let key = cacheKey(collation)
        if let layout = server.documents.withExistingIndex(document, cacheKey: key, { index, _ in index.layout }) { return .done(layout) }
        let plan = self.plan(document, collation), extract = extractor(collation)
        try check()
        if plan.format == .records || plan.format == .tree {
            // Records and JSON cost their reading far more than their sections: they are read once, by the index,
            // which tells its layout before it sorts; the request answers from that (or from the index when it came
            // later than the layout, or the build could not be started from here).
            if let layout = server.documents.cachedLayout(document, cacheKey: key) { return .done(layout) }
            // Only for the text as it is now (a layout of older text could not be kept), and by a request's first run
            // only (run again, it waits for the index itself), so that no run can start another build, and another,
            // for text that has changed meanwhile.
            if reruns == 0, server.documents.isCurrent(document),
               let sectionsKnown = buildIndexInBackground(document, collation, cacheKey: key, layoutFirst: true) {
                return .later(sectionsKnown)
            }
            return try withIndex(uri, choice) { index, _ in index.layout }
        }
        if let hit = server.documents.cachedLayout(document, cacheKey: key) { return .done(hit) }
        let name = document.uri.split(separator: "/").last.map(String.init) ?? document.uri
        return .done(try server.longWork("Sectioning", name) { () throws(ResponseError) in
            server.documents.layout(document, cacheKey: key) { document in
                // A plain text's names are kept for a first page before the index, and for the index.
                if plan.format == .lines {
                    return SectionLayout(names: OutlineIndex.names(document, readings: plan.readings), version: document.version,
                                         generation: document.generation, collation: collation)
                }
                return SectionLayout(sortStrings: OutlineIndex.sortStrings(document, format: plan.format, readings: plan.readings, extract: extract),
                                     version: document.version, generation: document.generation, collation: collation)
            }
        })
    }

    /// Runs `body` with a document's index under a request's collation and the text it is current with (under the
    /// store's lock: pages, jumps). The index is made once, with a progress bar when that takes long, and then
    /// follows edits. `beforeBuild` runs when this request makes the index itself, before it does (once that is so,
    /// nothing can send the request away to run again): what a request sends before the sort goes there.
    func withIndex<T>(
        _ uri: TextDocumentIdentifier, _ choice: CollationChoice,
        beforeBuild: (TextDocument, IndexedCollation) throws(ResponseError) -> Void = { _, _ in },
        _ body: @escaping (OutlineIndex, TextDocument) throws(ResponseError) -> T
    ) throws(ResponseError) -> Handled<T> {
        let document = try requireDocument(uri)
        let collation = try self.collation(choice)
        try check()
        let key = cacheKey(collation)
        let run = { (index: OutlineIndex, current: TextDocument) in Result { () throws(ResponseError) -> T in try body(index, current) } }
        if let hit = server.documents.withExistingIndex(document, cacheKey: key, run) { return .done(try hit.get()) }
        let make = indexMaker(document, collation), server = self.server
        let name = document.uri.split(separator: "/").last.map(String.init) ?? document.uri
        // An error of `beforeBuild` ends the build like a failed one, and is the request's.
        var failedBefore: ResponseError?
        let served: Handled<Result<T, ResponseError>>
        do throws(ResponseError) {
            served = try server.longWork("Sorting", name) { () throws(ResponseError) in
                try handled { () throws(Unavailable) in
                    try server.documents.withIndex(document, cacheKey: key, make: { snapshot throws(CollationError) in
                        do throws(ResponseError) { try beforeBuild(snapshot, collation) } catch {
                            failedBefore = error
                            throw CollationError(.cancelled, error.message)
                        }
                        return try make(snapshot)
                    }, run)
                }
            }
        } catch {
            throw failedBefore ?? error
        }
        switch served {
        case .done(let result): return .done(try result.get())
        case .later(let flight): return .later(flight)
        }
    }

    /// Starts making the document's index under `collation` on another worker (with its progress bar), unless it has
    /// one or one is being made; a request that comes while it is made waits for it. `layoutFirst`: the index's
    /// layout is kept as soon as its sections are known, before the sort. Returns a flight done once that layout is
    /// kept (or the build ended without one); nil when nothing was started.
    private func buildIndexInBackground(
        _ document: TextDocument, _ collation: IndexedCollation, cacheKey key: String, layoutFirst: Bool
    ) -> Flight? {
        guard !server.documents.hasIndexOrBuild(document, cacheKey: key) else { return nil }
        let sectionsKnown = Flight(), server = self.server
        let keepLayout: @Sendable (SectionLayout) -> Void = { layout in
            server.documents.keep(layout, of: document, cacheKey: key)
            sectionsKnown.finish()
            server.instrumentation.willSort?(document.uri)
        }
        let make = indexMaker(document, collation, sectionsKnown: layoutFirst ? keepLayout : nil, cancelWhenGone: true)
        let name = document.uri.split(separator: "/").last.map(String.init) ?? document.uri
        server.workers.async {
            defer { sectionsKnown.finish() }
            _ = try? server.longWork("Sorting", name) { () throws(ResponseError) in
                do throws(Unavailable) {
                    try server.documents.withIndex(document, cacheKey: key, make: make) { _, _ in () }
                } catch {
                    // Made meanwhile by another request; or failed, which the requests that need it are told.
                    if case .failed(let failure) = error, failure.kind != .cancelled { server.log(.error, "\(name): \(failure.message)") }
                }
            }
        }
        return sectionsKnown
    }

    /// How the document's index under `collation` is made (by its plan), its problems logged. `cancelWhenGone`: a build
    /// that no request runs (one made in the background) stops before its keys and its sort once its document is
    /// closed or opened again; a request's own build answers for the text it came with, whatever happened since.
    private func indexMaker(
        _ document: TextDocument, _ collation: IndexedCollation, sectionsKnown: (@Sendable (SectionLayout) -> Void)? = nil,
        cancelWhenGone: Bool = false
    ) -> @Sendable (TextDocument) throws(CollationError) -> OutlineIndex {
        let plan = self.plan(document, collation), extract = extractor(collation), server = self.server, uri = document.uri
        let key = cacheKey(collation)
        // The index keeps `report` and `extract` (an edit's read reports, a whole read extracts) and the server keeps
        // the index: they hold the server weakly, or a server let go of would never be freed.
        let report: @Sendable ([OutlineProblem]) -> Void = { [weak server] problems in
            guard let server else { return }
            for problem in problems {
                // As extraction's problems are logged (`LanguageServer.entries(of:)`): a warning once, an error each time.
                if problem.severity == .error { server.log(.error, problem.message) } else { server.logOnce("warning:\(uri):\(problem.message)", .warning, problem.message) }
            }
        }
        return { document throws(CollationError) in
            server.instrumentation.willBuild?(document.uri)
            // The sections (and a plain text's names) a first `thumbindex/sections` counted for this text are not
            // looked up again.
            let known = server.documents.cachedLayout(document, cacheKey: key)
            var inputs = IndexInputs(extract: extract)
            (inputs.report, inputs.sectionsKnown, inputs.knownSections, inputs.knownNames) = (report, sectionsKnown, known?.sectionOfEntries, known?.names)
            inputs.isCancelled = { cancelWhenGone && !server.documents.isOpen(document) }
            return try plan.index(document, collation: collation, inputs: inputs)
        }
    }

    /// The first sections of a document sorted before the rest (for a first partial result): whole sections holding
    /// at least `entries` entries.
    func leadingSections(
        _ document: TextDocument, _ collation: IndexedCollation, entries: Int
    ) throws(ResponseError) -> [OutlineBeforeSort.SortedSection] {
        let outline = outlineBeforeSort(document, collation, plan: plan(document, collation))
        return try sorting { () throws(CollationError) in try outline.leadingSections(holding: entries) }
    }

    /// A document's entries with their sections under `collation`, before the sort (with what a first
    /// `thumbindex/sections` counted of this text).
    private func outlineBeforeSort(_ document: TextDocument, _ collation: IndexedCollation, plan: IndexPlan) -> OutlineBeforeSort {
        let layout = server.documents.cachedLayout(document, cacheKey: cacheKey(collation))
        return OutlineBeforeSort(document, collation: collation, format: plan.format, readings: plan.readings,
                                 known: layout?.sectionOfEntries, names: layout?.names, extract: extractor(collation))
    }

    /// A page of a plain-text document that has no index under a request's collation yet, nor one being made: of the
    /// sections that hold it, only the entries at its places are found (about the cost of the thumb index, where the
    /// index sorts every line); then the index is started on another worker. Nil for the other formats (their index
    /// costs little more than this, or is made at once) and when the index is there or being made.
    func pageBeforeIndex(
        _ uri: TextDocumentIdentifier, _ choice: CollationChoice, offsets: Range<Int>
    ) throws(ResponseError) -> (page: [PageEntry], totalCount: Int, document: TextDocument)? {
        let document = try requireDocument(uri)
        let collation = try self.collation(choice)
        let plan = self.plan(document, collation), key = cacheKey(collation)
        guard plan.format == .lines, !server.documents.hasIndexOrBuild(document, cacheKey: key) else { return nil }
        let outline = outlineBeforeSort(document, collation, plan: plan)
        let page = try sorting { () throws(CollationError) in try outline.page(offsets) }
        // Started after the page, so that the two do not share the cores; a request that comes meanwhile starts it.
        _ = buildIndexInBackground(document, collation, cacheKey: key, layoutFirst: false)
        return (page, outline.totalCount, document)
    }

    /// Which index the document gets under `collation` (see `IndexPlan`).
    private func plan(_ document: TextDocument, _ collation: IndexedCollation) -> IndexPlan {
        IndexPlan(document, settings: settings.extractionSettings, collation: collation)
    }

    /// The entries of a document as this request's settings extract them (localized for the collation's language).
    private func extractor(_ collation: IndexedCollation) -> @Sendable (TextDocument) -> [Entry] {
        let server = self.server, settings = self.settings
        return { [weak server] in server?.entries(of: $0, settings: settings, collation: collation) ?? [] }
    }

    /// Derived data of a document is cached per collation: locale, style and options.
    private func cacheKey(_ collation: IndexedCollation) -> String {
        "\(collation.locale.identifier)|\(collation.style)|\(settings.collationOptions)"
    }

    /// Source-order entries (localized for the session's locale when tables are set).
    func documentOutline(_ uri: TextDocumentIdentifier) throws(ResponseError) -> DocumentOutline {
        let document = try requireDocument(uri)
        let collation = try collation(CollationChoice())
        return server.documents.outline(of: document, key: settings.outlineKey(collation)) {
            server.entries(of: $0, settings: settings, collation: collation)
        }
    }

    /// Index titles under a request's `includeSearch` / `maxIndexTitles` (else the settings').
    func indexTitles(_ collation: IndexedCollation, _ choice: IndexTitleChoice) throws(ResponseError) -> SectionIndexTitles {
        do {
            return try collation.sectionIndexTitles(includeSearch: choice.includeSearch ?? settings.includeSearch,
                                                    maxTitles: choice.maxIndexTitles ?? settings.maxIndexTitles)
        } catch {
            throw .invalidParams(error.message)
        }
    }
}

extension LanguageServer {
    /// The entries of a document through the extractor for its languageId; problems go to the log.
    func entries(of document: TextDocument, settings: Settings, collation: IndexedCollation) -> [Entry] {
        var extraction = settings.extractionSettings
        extraction.workspaceFolders = workspaceFolders
        let (entries, problems) = entrySource.entries(of: document, settings: extraction, collation: collation)
        for problem in problems {
            let type: MessageType = problem.severity == .error ? .error : .warning
            if let key = problem.key { logOnce(key, type, problem.message) } else { log(type, problem.message) }
        }
        return entries
    }
}

extension IndexedCollation.Style {
    init(_ style: CollationStyle) {
        switch style {
        case .apple: self = .apple
        case .icu: self = .icu
        }
    }
}

extension Settings {
    var collationOptions: CollationOptions {
        CollationOptions(numeric: numeric, caseFirst: caseFirst.map { CollationOptions.CaseFirst(rawValue: $0.rawValue)! })
    }

    /// What a document's source-order outline depends on beyond its text under `collation`: the language its names
    /// are localized for, and how its entries are read (MeCab's readings, Chinese names by pinyin or zhuyin).
    func outlineKey(_ collation: IndexedCollation) -> String {
        let language = collation.locale.language
        let reading = language == "ja" && readings ? "|ja" : names == .off ? "" : ChineseNames.index(of: collation).map { "|\($0)" } ?? ""
        return (localizationTables.isEmpty ? "" : language) + reading
    }

    var extractionSettings: ExtractionSettings {
        var extraction = ExtractionSettings()
        extraction.ctagsPath = ctagsPath
        extraction.familyNameFirst = familyNameFirst
        extraction.readings = readings
        extraction.names = NameEntries(rawValue: names.rawValue)!
        extraction.readingColumns = csvReadingColumns.map { $0.selector }
        extraction.localizationTables = localizationTables
        extraction.csvColumn = csvColumn?.selector
        return extraction
    }
}

extension Settings.Column {
    var selector: ColumnSelector {
        switch self {
        case .index(let index): .index(index)
        case .name(let name): .name(name)
        }
    }
}

extension Position {
    init(_ position: EncodedPosition) { self.init(line: position.line, character: position.character) }
}

extension PositionRange {
    init(_ range: EncodedRange) { self.init(start: Position(range.start), end: Position(range.end)) }
}

extension EncodedRange {
    init(_ range: PositionRange) {
        self.init(start: EncodedPosition(line: range.start.line, character: range.start.character),
                  end: EncodedPosition(line: range.end.line, character: range.end.character))
    }
}
