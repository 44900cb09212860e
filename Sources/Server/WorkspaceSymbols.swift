import Collation
import Entries
import JSONRPC
import Outlines
import ThumbIndexProtocol

extension LanguageServer {
    /// `workspace/symbol`: entries of every open document whose name, or a word of it, starts with the
    /// query under the collation at primary strength (so `ost` finds `Östen` in German but not in
    /// Swedish, where Ö is a letter of its own), sorted by the collation.
    static func workspaceSymbol(_ context: RequestContext, _ params: WorkspaceSymbolRequest.Params) throws(ResponseError) -> [SymbolInformation] {
        let collation = try context.collation(params.collation)
        let matcher: PrefixMatcher
        do throws(CollationError) { matcher = try PrefixMatcher(query: params.query, locale: collation.locale) } catch { throw .invalidParams(error.message) }
        let outlineKey = context.settings.outlineKey(collation)
        var found: [(entry: Entry, document: TextDocument)] = []
        for document in context.server.documents.allDocuments {
            try context.check()
            let extract = { (document: TextDocument) in context.server.entries(of: document, settings: context.settings, collation: collation) }
            let outline = context.server.documents.outline(of: document, key: outlineKey, extract: extract)
            let index = context.server.documents.wordIndex(
                document, key: "\(collation.locale.identifier)|\(outlineKey)", outline: outline, collator: matcher.collator)
            for item in index.candidates(for: matcher) where matcher.isShort || matcher.matches(outline.items[item].entry.name) {
                found.append((outline.items[item].entry, document))
            }
        }
        try context.check()
        let sorted = collation.sorted(found) { $0.entry.sortString }
        return sorted.map { match in
            SymbolInformation(
                name: match.entry.name, kind: SymbolKind(rawValue: match.entry.kind.rawValue),
                location: Location(uri: match.document.uri,
                                   range: PositionRange(match.document.encodedRange(match.entry.selectionRange, encoding: context.encoding))))
        }
    }
}

