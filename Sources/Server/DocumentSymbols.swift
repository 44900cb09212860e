import Collation
import Entries
import JSONRPC
import ThumbIndexJSON

extension LanguageServer {
    /// `textDocument/documentSymbol`, grouped by `thumbindex.outline.grouping`.
    static func documentSymbol(_ context: RequestContext) throws(ResponseError) -> JSON {
        let document = try context.requireDocument()
        let grouping = context.settings.grouping
        let sectioned = grouping == .document ? nil : try context.sectionedOutline()
        let outline: DocumentOutline
        if let sectioned { outline = sectioned.outline } else { outline = try context.documentOutline() }
        return try OutlineSymbols.render(document: document, outline: outline, sectioned: sectioned, grouping: grouping,
                                         encoding: context.encoding, hierarchical: context.server.clientHasHierarchicalSymbols,
                                         check: context.check)
    }
}
