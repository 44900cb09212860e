import JSONRPC
import ThumbIndexJSON

/// The reply each request must get, given the model when it was sent.
extension ModelRun {
    func check(_ request: SentRequest, _ response: Response, exact: Bool) throws {
        func fail(_ problem: String) -> ModelFailure {
            let text = request.snapshot.map { " on \($0.languageId) v\($0.version) \($0.text.text.debugDescription)" } ?? " (no open document)"
            return ModelFailure(description: "request \(request.id) \(request.method) \(request.params)\(text): \(problem)\nreply: \(Message.response(response))")
        }
        let isDocumentRequest = request.method != "workspace/symbol"
        let staleVersion = request.params["version"]?.intValue.map { $0 != request.snapshot?.version } ?? false
        let json: JSON
        switch response.result {
        case .failure(let error):
            if error.code == .requestCancelled && request.cancelled { return }
            if isDocumentRequest && request.snapshot == nil && error.code == .invalidParams { return }
            if staleVersion && request.snapshot != nil && error.code == .contentModified { return }
            throw fail("unexpected error \(error)")
        case .success(let result):
            if isDocumentRequest && request.snapshot == nil { throw fail("answered, but the document was not open") }
            if staleVersion { throw fail("answered, but params.version is not the document's version (expected -32801)") }
            json = result.resolved
        }
        do {
            if let document = request.snapshot {
                try checkDocumentResult(request, json, document: document, expected: try expected(document))
            } else {
                try checkWorkspaceSymbols(json, request: request, exact: exact)
            }
        } catch let error as ShapeError {
            throw fail(error.description)
        }
    }

    private func checkDocumentResult(_ request: SentRequest, _ json: JSON, document: ModelDocument, expected: [ModelSymbol]) throws {
        let flat = ModelSymbol.flattened(expected).sorted()
        switch request.method {
        case "textDocument/documentSymbol":
            guard let items = json.arrayValue else { throw ShapeError(description: "not an array") }
            let symbols = try items.map { (item) throws(ShapeError) in try ModelSymbol(json: item) }
            let expected = expected.map(\.displayed)
            let flat = ModelSymbol.flattened(expected).sorted()
            switch request.grouping {
            case "document":
                if symbols != expected { throw mismatch("document outline", symbols, expected) }
            case "sections":
                if let bad = symbols.first(where: { $0.kind != 3 || $0.children.isEmpty }) { throw ShapeError(description: "section symbol \(bad)") }
                let entries = symbols.flatMap(\.children).sorted()
                if entries != flat { throw mismatch("sectioned entries", entries, flat) }
            default:
                if symbols.sorted() != flat { throw mismatch("sorted entries", symbols.sorted(), flat) }
            }
        case "thumbindex/entries":
            guard json["version"]?.intValue == document.version, json["totalCount"]?.intValue == flat.count,
                  let page = json["entries"]?.arrayValue else {
                throw ShapeError(description: "expected version \(document.version) and totalCount \(flat.count)")
            }
            let entries = try page.map { (item) throws(ShapeError) in try ModelSymbol(json: item) }.sorted()
            let sections = page.compactMap { $0["section"]?.intValue }
            if sections.count != page.count || sections != sections.sorted() { throw ShapeError(description: "sections out of order: \(sections)") }
            let offset = request.params["offset"]?.intValue ?? 0, limit = request.params["limit"]?.intValue ?? 0
            if entries.count != max(0, min(limit, flat.count - offset)) { throw ShapeError(description: "page of \(entries.count) entries") }
            if entries.count == flat.count, entries != flat { throw mismatch("entries", entries, flat) }
            if let stray = entries.first(where: { !flat.contains($0) }) { throw ShapeError(description: "entry \(stray) is not in the text") }
        case "thumbindex/sections":
            let counts = json["sections"]?.arrayValue?.compactMap { $0["count"]?.intValue } ?? []
            guard json["version"]?.intValue == document.version, json["totalCount"]?.intValue == flat.count,
                  counts.reduce(0, +) == flat.count, !counts.contains(0) else {
                throw ShapeError(description: "expected version \(document.version) and \(flat.count) entries in non-empty sections")
            }
        case "thumbindex/jump":
            try checkJump(request, json, document: document, entries: flat)
        default:
            throw ShapeError(description: "no check for \(request.method)")
        }
    }

    private func checkJump(_ request: SentRequest, _ json: JSON, document: ModelDocument, entries: [ModelSymbol]) throws {
        if request.params["indexTitle"]?.stringValue == "{search}" {
            if json == ["search": true] || (entries.isEmpty && json.isNull) { return }
            throw ShapeError(description: "{search} should give {\"search\": true}")
        }
        if entries.isEmpty {
            if !json.isNull { throw ShapeError(description: "a document without entries should give null") }
            return
        }
        let selection = try ModelSymbol.range(json["location"]?["range"])
        guard json["location"]?["uri"]?.stringValue == document.uri, let offset = json["offset"]?.intValue, offset < entries.count,
              entries.contains(where: { $0.selection == selection }) else {
            throw ShapeError(description: "the jump lands on no entry of the document")
        }
    }

    /// `workspace/symbol`: exactly the entries of the open documents when nothing changed while it ran, for the
    /// empty query; only entries of documents that were open at some time otherwise.
    private func checkWorkspaceSymbols(_ json: JSON, request: SentRequest, exact: Bool) throws {
        guard let items = json.arrayValue else { throw ShapeError(description: "not an array") }
        var found: [String] = []
        for item in items {
            guard let uri = item["location"]?["uri"]?.stringValue, let name = item["name"]?.stringValue else {
                throw ShapeError(description: "symbol without uri or name: \(item)")
            }
            found.append("\(uri) \(name.debugDescription) \(try ModelSymbol.range(item["location"]?["range"]))")
        }
        var expected: [String] = []
        for document in request.openDocuments.sorted(by: { $0.uri < $1.uri }) {
            for entry in ModelSymbol.flattened(try self.expected(document)) {
                expected.append("\(document.uri) \(entry.name.debugDescription) \(entry.selection)")
            }
        }
        found.sort()
        expected.sort()
        if !exact {
            if let stray = found.first(where: { line in !documents.keys.contains { line.hasPrefix($0 + " ") } }) {
                throw ShapeError(description: "a symbol of a document never opened: \(stray)")
            }
            return
        }
        if request.params["query"]?.stringValue == "" {
            if found != expected { throw mismatch("workspace symbols", found, expected) }
        } else if let stray = found.first(where: { !expected.contains($0) }) {
            throw ShapeError(description: "\(stray) is not an entry of an open document")
        }
    }

    private func mismatch<T: CustomStringConvertible & Equatable>(_ what: String, _ got: [T], _ expected: [T]) -> ShapeError {
        let common = zip(got, expected).prefix { $0 == $1 }.count
        let show = { (list: [T]) in list.dropFirst(common).prefix(3).map(\.description).joined(separator: "; ") }
        return ShapeError(description: "\(what): got \(got.count), expected \(expected.count); first difference at \(common): got [\(show(got))], expected [\(show(expected))]")
    }
}
