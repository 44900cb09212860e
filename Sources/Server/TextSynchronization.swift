import JSONRPC
import Entries
import Outlines
import ThumbIndexProtocol

extension LanguageServer {
    func didOpen(_ params: DidOpenNotification.Params) {
        let item = params.textDocument
        let document = TextDocument(uri: item.uri, languageId: item.languageId, version: item.version,
                                    utf8: item.utf8.bytes, census: item.utf8.census)
        if documents.open(document) {
            log(.warning, "\(document.uri) was opened again; its text was replaced")
        }
        checkKeptSorted(item.uri, found: KeptSortedBlock.holdsMarker(item.utf8.bytes))
    }

    func didChange(_ params: DidChangeNotification.Params) throws(ResponseError) {
        let changes = params.contentChanges.map { ContentChange(range: $0.range.map(EncodedRange.init), text: $0.text) }
        let encoding = self.encoding
        do throws(DocumentError) {
            try documents.edit(params.textDocument.uri) { document throws(PositionError) in
                try document.apply(changes, version: params.textDocument.version, encoding: encoding)
            }
        } catch {
            throw .invalidParams(error.description)
        }
        checkKeptSorted(params.textDocument.uri, found: params.contentChanges.contains { KeptSortedBlock.holdsMarker($0.text.utf8) })
    }

    func didClose(_ params: TextDocumentParams) throws(ResponseError) {
        let uri = params.textDocument.uri
        memory.documentClosing()
        defer { memory.documentClosed(stillRunning: pending.count) }
        if !documents.close(uri) { throw .invalidParams(DocumentError.notOpen(uri).description) }
        if keptSorted.forget(uri) { publishDiagnostics(uri, version: nil, []) }
        workspaceFiles?.closed(uri: uri)
    }
}
