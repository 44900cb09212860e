import Collation
import JSONRPC
import Outlines
import ThumbIndexJSON
import ThumbIndexProtocol

extension LanguageServer {
    /// `textDocument/documentSymbol`, grouped by `thumbindex.outline.grouping`. With a `partialResultToken` the
    /// symbols go out in `$/progress` parts and the answer is `[]`; with a `workDoneToken`, progress is reported.
    ///
    /// Nothing is sent before the request has what it answers from: a request that finds the index being built or
    /// updated by another returns `later` having sent nothing, so its run again sends each part and `begin` once.
    static func documentSymbol(_ context: RequestContext, _ params: DocumentSymbolRequest.Params) throws(ResponseError) -> Handled<DocumentSymbolResult> {
        let server = context.server
        let document = try context.requireDocument(params.textDocument)
        let grouping = context.settings.grouping
        let hierarchical = server.client.hierarchicalDocumentSymbols
        let work = WorkProgress(server: server, token: params.workDoneToken, title: "Outline")
        defer { work.end() }
        let view: OutlineIndexView
        var sentFirst = false
        if let partial = params.partialResultToken, grouping == .sections, hierarchical {
            // Parts straight from the document's index (sorted once, then following edits), written outside its lock.
            // When this request makes the index, the first part goes out before the sort: only its sections sorted.
            let made = try context.withIndex(params.textDocument, CollationChoice(), beforeBuild: { outline throws(ResponseError) in
                let leading = try context.sorting { () throws(CollationError) in try outline.leadingSections(holding: OutlineSymbols.firstPartEntries) }
                try context.check()
                work.begin()
                context.sendPart(partial, .streamed(OutlineSymbols.sections(leading, document: outline.document, encoding: context.encoding)))
                sentFirst = true
            }) { index, current in index.view(document: current) }
            switch made {
            case .done(let made): view = made
            case .later(let flight): return .later(flight)
            }
            work.begin()
            let runs = OutlineSymbols.partialRuns(of: view.sections.map(\.count))
            for (done, run) in runs.enumerated() {
                // The next part is made once the client has read the ones before (but a few MiB).
                if done > 0 { server.waitForOutput { (try? context.check()) == nil } }
                try context.check()
                // The first part went out already: the view is of the same snapshot, so its first run is those sections.
                if !(done == 0 && sentFirst) {
                    context.sendPart(partial, .streamed(OutlineSymbols.part(run, of: view, encoding: context.encoding, streaming: server.instrumentation.streaming)))
                }
                work.report(percentage: (done + 1) * 100 / runs.count)
            }
            return .done(.symbols([]))
        }
        if grouping == .document {
            work.begin()
            let whole = OutlineSymbols.nested(document: document, outline: try context.documentOutline(params.textDocument),
                                              encoding: context.encoding, hierarchical: hierarchical)
            return .done(answer(.streamed(whole), partial: params.partialResultToken, context))
        }
        // Plain collation order (`sorted`): the index's section runs merged.
        let ids: [Int32]?
        switch try context.withIndex(params.textDocument, CollationChoice(), { index, current in
            (index.view(document: current), grouping == .sorted ? index.collationOrder(in: current) : nil)
        }) {
        case .done(let made): (view, ids) = made
        case .later(let flight): return .later(flight)
        }
        work.begin()
        try context.check()
        if ids != nil || !hierarchical {
            // Flat: in collation order (`sorted`), or in sectioned order with each entry's section as its container.
            return .done(answer(.streamed(OutlineSymbols.sorted(ids ?? view.order, of: view, encoding: context.encoding, hierarchical: hierarchical)),
                                partial: params.partialResultToken, context))
        }
        // The whole answer from the document's index too: after an edit it is written again, not sorted again.
        let symbols = OutlineSymbols.sections(of: view, encoding: context.encoding)
        // Symbols made again by the megabyte (every entry moved) leave the old ones' small arrays free in the
        // heap: given back once the requests running are done (1M names: 400–480 MiB after such replies, 325–366).
        if view.memo.takeBytesMade() >= EntryMemo.largeRemake { server.memory.largeWorkDone() }
        return .done(.written(.streamed(symbols)))
    }

    /// A whole answer: the reply, or with a `partialResultToken` one part and the reply `[]` (other shapes than the
    /// sections go out as one part: the client still gets them through its partial-result handler).
    private static func answer(_ whole: JSON, partial: ProgressToken?, _ context: RequestContext) -> DocumentSymbolResult {
        guard let partial else { return .written(whole) }
        context.sendPart(partial, whole)
        return .symbols([])
    }
}

extension LanguageServer {
    /// Bytes of sent messages the client may leave unread before a request sending parts waits for it to read them.
    public static let partsQueued = 2 << 20

    /// Sends `$/progress` for `token`.
    func progress(_ token: ProgressToken, _ value: JSON) {
        let params = ProgressNotification.Params(token: token, value: value)
        send(.notification(JSONRPC.Notification(method: ProgressNotification.method, params: params.json)))
    }
}
