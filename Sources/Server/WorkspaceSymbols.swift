import Collation
import Entries
import Foundation
import JSONRPC
import Outlines
import ThumbIndexProtocol

extension LanguageServer {
    /// At most this many symbols answer `workspace/symbol`, the first in collation order: a picker narrows by typing.
    static let maxWorkspaceSymbols = 5_000

    /// `workspace/symbol`: entries of every open document, and of every file of the workspace folders that is not
    /// open (`WorkspaceFiles`), whose name, or a word of it, starts with the query under the collation at primary
    /// strength (so `ost` finds `Östen` in German but not in Swedish, where Ö is a letter of its own), sorted by the
    /// collation.
    static func workspaceSymbol(_ context: RequestContext, _ params: WorkspaceSymbolRequest.Params) throws(ResponseError) -> [SymbolInformation] {
        let collation = try context.collation(params.collation)
        let matcher: PrefixMatcher
        do throws(CollationError) { matcher = try PrefixMatcher(query: params.query, locale: collation.locale) } catch { throw .invalidParams(error.message) }
        let outlineKey = context.settings.outlineKey(collation)
        var found: [(name: String, kind: Int, sortString: String, uri: String, range: EncodedRange)] = []
        var openPaths: Set<String> = []
        for document in context.server.documents.allDocuments {
            try context.check()
            if let url = URL(string: document.uri), url.isFileURL { openPaths.insert(url.standardizedFileURL.path) }
            let extract = { (document: TextDocument) in context.server.entries(of: document, settings: context.settings, collation: collation) }
            let outline = context.server.documents.outline(of: document, key: outlineKey, extract: extract)
            let index = try context.sorting { () throws(CollationError) in
                try context.server.documents.wordIndex(document, key: "\(collation.locale.identifier)|\(outlineKey)", outline: outline,
                                                       collator: matcher.collator)
            }
            for item in index.candidates(for: matcher) where matcher.isShort || matcher.matches(outline.items[item].name) {
                let entry = outline.items[item]
                found.append((entry.name, entry.kind.rawValue, entry.sortString, document.uri,
                              document.encodedRange(entry.selectionRange, encoding: context.encoding)))
            }
        }
        // The files of the workspace folders as read from disk; an open one counts with the editor's text instead.
        if let files = context.server.workspaceFiles {
            for note in files.readClosed() { context.server.log(.info, note) }
            let key = "\(collation.locale.identifier)|\(outlineKey)"
            let matches = try context.sorting { () throws(CollationError) in
                try files.search(matcher, key: key, skipping: openPaths, isCancelled: { (try? context.check()) == nil })
            }
            for (file, k) in matches {
                found.append((file.name(k), file.kind(k), file.sortString(k), file.uri, file.selection(k)))
            }
        }
        try context.check()
        let sorted = try context.sorting { () throws(CollationError) in try collation.sorted(found) { $0.sortString } }
        return sorted.prefix(maxWorkspaceSymbols).map { match in
            SymbolInformation(name: match.name, kind: SymbolKind(rawValue: match.kind),
                              location: Location(uri: match.uri, range: PositionRange(match.range)))
        }
    }
}
