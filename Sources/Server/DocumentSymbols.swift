import JSONRPC
import Outlines
import ThumbIndexProtocol

extension LanguageServer {
    /// `textDocument/documentSymbol`, grouped by `thumbindex.outline.grouping`.
    static func documentSymbol(_ context: RequestContext, _ params: TextDocumentParams) throws(ResponseError) -> DocumentSymbolResult {
        let document = try context.requireDocument(params.textDocument)
        let grouping = context.settings.grouping
        let sectioned = grouping == .document ? nil : try context.sectionedOutline(params.textDocument, CollationChoice())
        let outline: DocumentOutline
        if let sectioned { outline = sectioned.outline } else { outline = try context.documentOutline(params.textDocument) }
        return .written(try OutlineSymbols.render(
            document: document, outline: outline, sectioned: sectioned, grouping: grouping, encoding: context.encoding,
            hierarchical: context.server.clientHasHierarchicalSymbols, check: context.check))
    }
}
