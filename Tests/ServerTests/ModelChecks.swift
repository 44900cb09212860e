import JSONRPC
import ThumbIndexJSON

/// The reply each request must get, given the model when it was sent.
extension ModelRun {
    func check(_ request: SentRequest, _ response: Response, exact: Bool) throws {
        func fail(_ problem: String) -> ModelFailure {
            let text = request.snapshot.map { " on \($0.languageId) v\($0.version) \($0.text.text.debugDescription)" } ?? " (no open document)"
            return ModelFailure(description: "request \(request.id) \(request.method) \(request.params)\(text): \(problem)\nreply: \(Message.response(response))")
        }
        var response = response
        do {
            response = try checkProgress(request, response)
        } catch let error as ShapeError {
            throw fail(error.description)
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

    /// LSP's rules for a request's tokens, however often it ran: work done has one `begin` first, reports, one `end`
    /// last (after the reply of a cancelled request, which is answered at once); every partial result comes before the reply, and a
    /// request answered in parts answers `[]`. Returns the response with the parts joined in as its result, to be
    /// checked as a whole reply is.
    private func checkProgress(_ request: SentRequest, _ response: Response) throws -> Response {
        let work = request.params["workDoneToken"]?.stringValue.map { server.store.takeProgress($0) } ?? []
        let parts = request.params["partialResultToken"]?.stringValue.map { server.store.takeProgress($0) } ?? []
        guard let repliedAt = server.store.takeReplyPlace(request.id) else { throw ShapeError(description: "no place of the reply") }
        let kinds = work.map { $0.value["kind"]?.stringValue ?? "?" }
        // A cancelled request is answered at once; its handler stops at its next check, then ends its progress, which
        // may come after this check: what came so far must begin as the rules say.
        let cancelled = request.cancelled && { if case .failure(let error) = response.result { error.code == .requestCancelled } else { false } }()
        if !kinds.isEmpty {
            guard kinds.first == "begin", cancelled || kinds.last == "end", kinds.filter({ $0 == "begin" }).count == 1,
                  kinds.filter({ $0 == "end" }).count <= 1, !kinds.dropLast().contains("end"),
                  kinds.allSatisfy({ ["begin", "report", "end"].contains($0) }) else {
                throw ShapeError(description: "work-done progress \(kinds)")
            }
        }
        if !cancelled, let late = work.first(where: { $0.at > repliedAt }) {
            throw ShapeError(description: "work-done progress \(late.value) after the reply")
        }
        if let late = parts.first(where: { $0.at > repliedAt }) { throw ShapeError(description: "a partial result after the reply: \(late.value)") }
        guard case .success(let result) = response.result else { return response }
        if request.params["workDoneToken"] != nil, kinds.isEmpty { throw ShapeError(description: "answered without work-done progress") }
        guard request.params["partialResultToken"] != nil else { return response }
        guard result.resolved == .array([]) else { throw ShapeError(description: "answered \(result.resolved) after partial results") }
        count("answered in \(parts.count == 1 ? "one part" : "parts")")
        var joined: [JSON] = []
        for part in parts {
            guard let symbols = part.value.arrayValue else { throw ShapeError(description: "a part that is no array: \(part.value)") }
            joined += symbols
        }
        return Response(id: response.id, result: .success(.array(joined)))
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
