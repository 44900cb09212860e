import JSONRPC
import Outlines
import ThumbIndexJSON
import ThumbIndexProtocol

extension LanguageServer {
    typealias Handler = @Sendable (RequestContext, JSON?) throws(ResponseError) -> Handled<JSON>

    /// How a request is served: its handler, and what it is answered at once, on arrival, without running.
    struct Route: Sendable {
        let handle: Handler
        /// An error to answer at once (the request is stale), or nil to run it.
        let onArrival: @Sendable (JSON?, TextDocument?) -> ResponseError?
    }

    /// A handler of typed params and result: params that do not decode get -32602 naming the bad field.
    /// `answeredOnArrival` says, from the typed params and the document as the request found it, whether it is
    /// answered at once with an error instead of queueing behind other work.
    static func route<R: LSPRequest>(
        _ request: R.Type, _ body: @escaping @Sendable (RequestContext, R.Params) throws(ResponseError) -> Handled<R.Result>,
        answeredOnArrival: (@Sendable (R.Params, TextDocument) -> ResponseError?)? = nil
    ) -> (String, Route) {
        let handle: Handler = { (context, params) throws(ResponseError) -> Handled<JSON> in
            try body(context, try R.Params(json: params ?? .object([:]), path: "params")).map { $0.json }
        }
        return (R.method, Route(handle: handle) { params, snapshot in
            guard let answeredOnArrival, let snapshot, let typed = try? R.Params(json: params ?? .object([:]), path: "params") else { return nil }
            return answeredOnArrival(typed, snapshot)
        })
    }

    /// A handler that never waits for work in progress (it needs no document index).
    static func route<R: LSPRequest>(
        _ request: R.Type, _ body: @escaping @Sendable (RequestContext, R.Params) throws(ResponseError) -> R.Result
    ) -> (String, Route) {
        route(request) { (context, params) throws(ResponseError) in .done(try body(context, params)) }
    }

    /// Every request the server answers besides the lifecycle ones.
    static let handlers: [String: Route] = Dictionary(uniqueKeysWithValues: [
        route(DocumentSymbolRequest.self, documentSymbol),
        route(WorkspaceSymbolRequest.self, workspaceSymbol),
        route(IndexTitlesRequest.self, indexTitles),
        route(SectionForRequest.self, sectionFor),
        route(SortRequest.self, sort),
        route(PartitionRequest.self, partition),
        route(SectionsRequest.self, sections),
        // A page of a version the document has left is refused at once (the client's sections are stale).
        route(EntriesRequest.self, entries) { params, snapshot in
            guard let version = params.version, version != snapshot.version else { return nil }
            return .contentModified("\(snapshot.uri) is at version \(snapshot.version), not \(version)")
        },
        route(JumpRequest.self, jump),
        route(CodeActionRequest.self, codeActions),
        route(CodeActionResolveRequest.self, resolveCodeAction),
        route(CodeLensRequest.self, codeLenses),
        route(ExecuteCommandRequest.self, executeCommand),
        route(WorkspaceSectionsRequest.self, workspaceSections),
        route(WorkspaceEntriesRequest.self, workspaceEntries),
        route(WorkspaceJumpRequest.self, workspaceJump),
    ])
}
