import Collation
import Entries
import JSONRPC
import ThumbIndexJSON

/// Everything a request handler may use: its params, the settings and document as they were when the
/// request arrived, and its cancellation token.
struct RequestContext: Sendable {
    let server: LanguageServer
    let params: JSON?
    let settings: Settings
    let encoding: PositionEncoding
    let token: CancellationToken
    /// Snapshot of `params.textDocument` when it names an open document.
    let document: TextDocument?

    func check() throws(ResponseError) { try token.check() }

    /// The snapshot of the document the request names, or -32602.
    func requireDocument() throws(ResponseError) -> TextDocument {
        let uri = try Params(params).documentURI()
        guard let document, document.uri == uri else { throw .invalidParams("unknown document \(uri) (not open)") }
        return document
    }

    /// The collation of the request: its own `locale`/`style` over the session's settings.
    func collation() throws(ResponseError) -> IndexedCollation {
        let params = try Params(params)
        var style = settings.style
        if let name = try params.optionalString("style") {
            guard let value = IndexedCollation.Style(rawValue: name) else {
                throw .invalidParams("params.style must be apple or icu, got \(name)")
            }
            style = value
        }
        let locale = try params.optionalString("locale") ?? settings.locale ?? "en"
        return try server.collations.collation(locale: locale, style: style, options: settings.options)
    }

    /// The sectioned outline of the request's document under the request's collation.
    func sectionedOutline() throws(ResponseError) -> SectionedOutline {
        let document = try requireDocument()
        let collation = try self.collation()
        try check()
        let key = "\(collation.locale.identifier)|\(collation.style)|\(settings.options)"
        let language = collation.locale.language
        let localized = settings.localizationTables.isEmpty ? "" : language
        return server.documents.sectioned(document, collation: collation, cacheKey: key, outlineKey: localized) {
            server.entries(of: $0, settings: settings, language: language)
        }
    }

    /// Source-order entries (localized for the session's locale when tables are set).
    func documentOutline() throws(ResponseError) -> DocumentOutline {
        let document = try requireDocument()
        let language = try collation().locale.language
        let localized = settings.localizationTables.isEmpty ? "" : language
        return server.documents.outline(of: document, key: localized) { server.entries(of: $0, settings: settings, language: language) }
    }

    /// Index titles under the request's `includeSearch` / `maxIndexTitles` (else the settings').
    func indexTitles(_ collation: IndexedCollation) throws(ResponseError) -> SectionIndexTitles {
        let params = try Params(params)
        let search = try params.bool("includeSearch") ?? settings.includeSearch
        let max = try params.optionalInt("maxIndexTitles", in: 1 ... 100_000) ?? settings.maxIndexTitles
        do {
            return try collation.sectionIndexTitles(includeSearch: search, maxTitles: max)
        } catch {
            throw .invalidParams(error.message)
        }
    }
}

extension LanguageServer {
    typealias Handler = @Sendable (RequestContext) throws(ResponseError) -> JSON

    /// Every request the server answers besides the lifecycle ones.
    static let handlers: [String: Handler] = [
        "textDocument/documentSymbol": { (context) throws(ResponseError) -> JSON in try documentSymbol(context) },
        "workspace/symbol": { (context) throws(ResponseError) -> JSON in try workspaceSymbol(context) },
        "thumbindex/indexTitles": { (context) throws(ResponseError) -> JSON in try indexTitles(context) },
        "thumbindex/sectionFor": { (context) throws(ResponseError) -> JSON in try sectionFor(context) },
        "thumbindex/sort": { (context) throws(ResponseError) -> JSON in try sort(context) },
        "thumbindex/partition": { (context) throws(ResponseError) -> JSON in try partition(context) },
        "thumbindex/sections": { (context) throws(ResponseError) -> JSON in try sections(context) },
        "thumbindex/entries": { (context) throws(ResponseError) -> JSON in try entries(context) },
        "thumbindex/jump": { (context) throws(ResponseError) -> JSON in try jump(context) },
    ]

    /// The entries of a document through the extractor for its languageId; problems go to the log.
    func entries(of document: TextDocument, settings: Settings, language: String) -> [Entry] {
        guard let extractor = Extractors.extractor(forLanguageId: document.languageId) else {
            logOnce("language:\(document.languageId)", .warning, "no entries for languageId \(document.languageId) (\(document.uri))")
            return []
        }
        var options = ExtractionOptions()
        options.ctagsPath = settings.ctagsPath
        options.fileName = document.uri.split(separator: "/").last.map(String.init)
        options.column = settings.csvColumn
        options.familyNameFirst = settings.familyNameFirst
        options.language = language
        do {
            let extraction = try extractor.extract(document.text, options: options)
            for warning in extraction.warnings { logOnce("warning:\(document.uri):\(warning)", .warning, warning) }
            let tables = LocalizationCache.resolve(settings.localizationTables, workspaceFolders: workspaceFolders)
            switch localizations.table(paths: tables, language: language) {
            case .success(let table)?: return Localization.apply(table, to: extraction.entries)
            case .failure(let error)?:
                logOnce("localization:\(error.message)", .error, "localization table: \(error.message)")
                return extraction.entries
            case nil: return extraction.entries
            }
        } catch {
            log(.error, "\(document.uri): \(error)")
            return []
        }
    }
}
