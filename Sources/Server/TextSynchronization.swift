import JSONRPC
import ThumbIndexJSON

extension LanguageServer {
    func didOpen(_ params: JSON?) throws(ResponseError) {
        let item = try Params(params).object("textDocument")
        let document = TextDocument(
            uri: try item.string("uri"), languageId: try item.string("languageId"),
            version: try item.int("version", in: Int(Int32.min) ... Int(Int32.max)), text: try item.string("text"))
        if documents.open(document) {
            log(.warning, "\(document.uri) was opened again; its text was replaced")
        }
    }

    func didChange(_ params: JSON?) throws(ResponseError) {
        let params = try Params(params)
        let identifier = try params.object("textDocument")
        let uri = try identifier.string("uri")
        let version = try identifier.int("version", in: Int(Int32.min) ... Int(Int32.max))
        var changes: [ContentChange] = []
        for (i, change) in try params.array("contentChanges").enumerated() {
            let change = try Params(change, path: "params.contentChanges[\(i)]")
            changes.append(ContentChange(range: change.has("range") ? try change.range("range") : nil, text: try change.string("text")))
        }
        let encoding = self.encoding
        try documents.edit(uri) { document throws(PositionError) in
            try document.apply(changes, version: version, encoding: encoding)
        }
    }

    func didClose(_ params: JSON?) throws(ResponseError) {
        let uri = try Params(params).documentURI()
        if !documents.close(uri) { throw .invalidParams("unknown document \(uri) (not open)") }
        memory.documentClosed()
    }
}
