import Collation
import Entries
import JSONRPC
import Outlines
import ThumbIndexJSON
import ThumbIndexProtocol

/// Sorting a document's entries as code actions of kind `source.sortEntries` (`SortRuns` says what moves): the whole
/// document, the object, list or sections at the cursor, the entries a selection touches. Listing them reads
/// nothing of the text; the sort is made when one is chosen: in `codeAction/resolve` for a client that resolves
/// edits, else by the command `thumbindex.sortEntries`, which sends the edit with `workspace/applyEdit`.
extension LanguageServer {
    static let sortCommand = "thumbindex.sortEntries"
    static let sortKind = "source.sortEntries"

    static func sortActions(_ context: RequestContext, _ params: CodeActionRequest.Params) throws(ResponseError) -> [CodeActionRequest.CodeAction] {
        try keptSortedFixes(context, params) + documentSorts(context, params)
    }

    private static func documentSorts(_ context: RequestContext, _ params: CodeActionRequest.Params) throws(ResponseError) -> [CodeActionRequest.CodeAction] {
        guard params.only.map({ $0.contains { sortKind == $0 || sortKind.hasPrefix($0 + ".") || $0.hasPrefix(sortKind + ".") } }) ?? true else { return [] }
        let document = try context.requireDocument(params.textDocument)
        guard SortRuns.sorts(languageId: document.languageId) else { return [] }
        var scopes = [("Sort entries (\(context.settings.locale ?? "en"))", "document")]
        if ["json", "yaml", "markdown"].contains(document.languageId.lowercased()) {
            scopes.append((document.languageId.lowercased() == "markdown" ? "Sort the list or sections here" : "Sort the members of the object here", "container"))
        }
        if params.range.start != params.range.end { scopes.append(("Sort the selected entries", "selection")) }
        let client = context.server.client
        return try scopes.map { (title, scope) throws(ResponseError) in
            let data: JSON = ["textDocument": ["uri": .string(document.uri)], "version": .int(Int64(document.version)), "scope": .string(scope), "range": params.range.json]
            if client.codeActionResolve { return .init(title: title, kind: sortKind, data: data) }
            if client.applyEdit { return .init(title: title, kind: sortKind, command: Command(title: title, command: sortCommand, arguments: [data])) }
            return .init(title: title, kind: sortKind, edit: try sortEdit(context, sortTarget(context, data)))  // a client that can do neither
        }
    }

    /// `codeAction/resolve`: a sort's action with its edit; any other (a jump, which a client such as Neovim 0.7
    /// resolves too once the server says it resolves) as it is.
    static func resolveCodeAction(_ context: RequestContext, _ action: CodeActionRequest.CodeAction) throws(ResponseError) -> Handled<CodeActionRequest.CodeAction> {
        guard let data = action.data else { return .done(action) }
        return try indexedSortEdit(context, data).map { edit in
            var action = action
            action.edit = edit
            return action
        }
    }

    /// `thumbindex.sortEntries`: the sort sent to the client with `workspace/applyEdit`.
    static func runSort(_ context: RequestContext, _ arguments: [JSON]) throws(ResponseError) -> Handled<JSON> {
        guard let data = arguments.first else { throw .invalidParams("params.arguments[0] is missing: \(sortCommand) takes a sort action's data") }
        return try indexedSortEdit(context, data).map { edit in
            let id = RequestID.string("edit-\(context.server.progressTokens.next())")
            let params = ApplyWorkspaceEditRequest.Params(label: "Sort entries", edit: edit)
            context.server.send(.request(Request(id: id, method: ApplyWorkspaceEditRequest.method, params: params.json)))
            return .null
        }
    }

    /// The edit of a sort action's `data` in the order of the document's index (built first if need be, as any
    /// request that needs it does): the sort costs what reading the document and writing the edit cost.
    static func indexedSortEdit(_ context: RequestContext, _ data: JSON) throws(ResponseError) -> Handled<WorkspaceEdit> {
        let target = try sortTarget(context, data), document = target.document
        guard SortRuns.sorts(languageId: document.languageId) else { return .done(try sortEdit(context, target)) }  // its error
        return try context.withIndex(TextDocumentIdentifier(uri: document.uri), CollationChoice()) { index, current throws(ResponseError) in
            guard current.version == document.version else { throw .contentModified("\(document.uri) is at version \(current.version), not \(document.version): ask for the code actions again") }
            return index.collationRanks(in: current)
        }.map { ranks throws(ResponseError) in try sortEdit(context, target, ranks: ranks) }
    }

    /// The document a sort action's `data` names, at the version the action was offered for, and its scope.
    static func sortTarget(_ context: RequestContext, _ data: JSON) throws(ResponseError) -> (document: TextDocument, scope: SortScope) {
        guard let uri = data["textDocument"]?["uri"]?.stringValue, let version = data["version"]?.intValue,
              let scopeName = data["scope"]?.stringValue, ["document", "container", "selection"].contains(scopeName) else {
            throw .invalidParams("params.data is not a sort action's (textDocument, version, scope, range)")
        }
        let range = try PositionRange(json: data["range"] ?? .null, path: "params.data.range")
        let document = try context.requireDocument(TextDocumentIdentifier(uri: uri))
        guard document.version == version else {
            throw .contentModified("\(uri) is at version \(document.version), not \(version): ask for the code actions again")
        }
        do throws(PositionError) {
            let start = document.position(ofByte: try document.offset(of: EncodedPosition(line: range.start.line, character: range.start.character), encoding: context.encoding))
            let end = document.position(ofByte: try document.offset(of: EncodedPosition(line: range.end.line, character: range.end.character), encoding: context.encoding))
            switch scopeName {
            case "container": return (document, .container(at: start))
            case "selection": return (document, .selection(TextRange(start: start, end: end)))
            default: return (document, .document)
            }
        } catch {
            throw .invalidParams("params.data.range: \(error.description)")
        }
    }

    /// The edit of a sort action's target (`sortTarget`), in the order of `ranks` (the document's index) when given.
    static func sortEdit(_ context: RequestContext, _ target: (document: TextDocument, scope: SortScope), ranks: CollationRanks? = nil) throws(ResponseError) -> WorkspaceEdit {
        let (document, scope) = target, uri = document.uri
        let collation = try context.collation(CollationChoice())
        let sort: EntrySort
        do throws(SortProblem) {
            sort = try context.server.entrySource.sort(document, scope: scope, settings: context.settings.extractionSettings, collation: collation, ranks: ranks)
        } catch {
            throw .requestFailed("\(uri): \(error.description)")
        }
        for warning in sort.warnings { context.server.logOnce("readings", .warning, warning) }
        let edits = sort.edits.map { textEdit($0, in: document, encoding: context.encoding) }
        return WorkspaceEdit(changes: edits.isEmpty ? [:] : [uri: edits])
    }
}
