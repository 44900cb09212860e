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
        server.pending.whilePending(id, self.token) { server.progress(token, value) }
    }

    /// Runs sorting work whose keys may fail to be allocated: that failure is the request's (-32803, saying why).
    func sorting<T>(_ body: () throws(CollationError) -> T) throws(ResponseError) -> T {
        do { return try body() } catch { throw .requestFailed(error.message) }
    }

    /// The snapshot of the document named `uri`, or -32602.
    func requireDocument(_ uri: TextDocumentIdentifier) throws(ResponseError) -> TextDocument {
        guard let document, document.uri == uri.uri else {
            // A `didOpen` over the message limit was dropped whole: say so, or the client hears only "not open".
            let dropped = server.droppedFrame.withLock { $0 }.map { "; a message was dropped at byte \($0.offset) (\($0.message)): if it opened this document, it is too large to open" }
            throw .invalidParams(DocumentError.notOpen(uri.uri).description + (dropped ?? ""))
        }
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

    /// The outline of the document named `uri` under a request's collation: what answers before its index is made,
    /// and its index (`CollatedOutline` decides which, and when the index is built).
    func outline(_ uri: TextDocumentIdentifier, _ choice: CollationChoice) throws(ResponseError) -> CollatedOutline {
        let document = try requireDocument(uri)
        let collation = try self.collation(choice)
        try check()
        return CollatedOutline(document, collation: collation, plan: IndexPlan(document, settings: settings.extractionSettings, collation: collation),
                               cacheKey: cacheKey(collation), store: server.documents, extract: extractor(collation), work: server.outlineWork)
    }

    /// The section layout of a document under a request's collation (`CollatedOutline.layout`).
    func sectionLayout(_ uri: TextDocumentIdentifier, _ choice: CollationChoice) throws(ResponseError) -> Handled<SectionLayout> {
        let outline = try outline(uri, choice)
        return try sorting { () throws(CollationError) in try outline.layout(firstRun: reruns == 0) }
    }

    /// Runs `body` with a document's index under a request's collation and the text it is current with
    /// (`CollatedOutline.withIndex`); `beforeBuild` runs when this request makes the index itself, before it does.
    func withIndex<T>(
        _ uri: TextDocumentIdentifier, _ choice: CollationChoice,
        beforeBuild: (CollatedOutline) throws(ResponseError) -> Void = { _ in },
        _ body: @escaping (OutlineIndex, TextDocument) throws(ResponseError) -> T
    ) throws(ResponseError) -> Handled<T> {
        let outline = try outline(uri, choice)
        // An error of `beforeBuild` ends the build like a failed one, and is the request's.
        var failedBefore: ResponseError?
        let served: Handled<Result<T, ResponseError>>
        do throws(CollationError) {
            served = try outline.withIndex(beforeBuild: { _ throws(CollationError) in
                do throws(ResponseError) { try beforeBuild(outline) } catch {
                    failedBefore = error
                    throw CollationError(.cancelled, error.message)
                }
            }) { index, current in Result { () throws(ResponseError) -> T in try body(index, current) } }
        } catch {
            throw failedBefore ?? .requestFailed(error.message)
        }
        return try served.map { (result) throws(ResponseError) in try result.get() }
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
