import JSONRPC
import Outlines
import ThumbIndexJSON
import ThumbIndexProtocol

extension LanguageServer {
    /// `textDocument/documentSymbol`, grouped by `thumbindex.outline.grouping`. With a `partialResultToken` the
    /// symbols go out in `$/progress` parts and the answer is `[]`; with a `workDoneToken`, progress is reported.
    static func documentSymbol(_ context: RequestContext, _ params: DocumentSymbolRequest.Params) throws(ResponseError) -> DocumentSymbolResult {
        let server = context.server
        if let token = params.workDoneToken { server.progress(token, ProgressNotification.begin("Outline")) }
        defer { if let token = params.workDoneToken { server.progress(token, ProgressNotification.end) } }
        let document = try context.requireDocument(params.textDocument)
        let grouping = context.settings.grouping
        let hierarchical = server.clientHasHierarchicalSymbols
        if let partial = params.partialResultToken, grouping == .sections, hierarchical {
            // Parts straight from the document's index (sorted once, then following edits), written outside its lock.
            // Without an index yet, the first part comes before the whole sort: only its sections are sorted.
            var first: [OutlineBeforeSort.SortedSection]?
            if !context.hasIndex(params.textDocument, CollationChoice()) {
                let leading = try context.leadingSections(params.textDocument, CollationChoice(), entries: OutlineSymbols.firstPartEntries)
                server.progress(partial, .serialized(OutlineSymbols.sections(leading, document: document, encoding: context.encoding)))
                first = leading
            }
            let view = try context.withIndex(params.textDocument, CollationChoice()) { index, current in index.view(document: current) }
            let runs = OutlineSymbols.partialRuns(of: view.sections.map(\.count))
            for (done, run) in runs.enumerated() {
                // The next part is made once the client has read the ones before (but a few MiB).
                if done > 0 { server.waitForOutput { (try? context.check()) == nil } }
                try context.check()
                // The first part went out already: the view is of the same snapshot, so its first run is those sections.
                if !(done == 0 && first != nil) {
                    server.progress(partial, .streamed(OutlineSymbols.part(run, of: view, encoding: context.encoding, streaming: server.instrumentation.streaming)))
                }
                if let token = params.workDoneToken { server.progress(token, ProgressNotification.report(percentage: (done + 1) * 100 / runs.count)) }
            }
            return .symbols([])
        }
        if grouping == .sections, hierarchical, params.partialResultToken == nil {
            // The whole answer from the document's index too: after an edit it is written again, not sorted again.
            let view = try context.withIndex(params.textDocument, CollationChoice()) { index, current in index.view(document: current) }
            try context.check()
            let symbols = OutlineSymbols.sections(of: view, encoding: context.encoding)
            // Symbols made again by the megabyte (every entry moved) leave the old ones' small arrays free in the
            // heap: given back once the requests running are done (1M names: 400–480 MiB after such replies, 325–366).
            if view.memo.takeBytesMade() >= EntryMemo.largeRemake { server.memory.largeWorkDone() }
            return .written(.streamed(symbols))
        }
        if grouping == .sections, !hierarchical {
            // Flat, each entry's section as its container: from the index as well.
            let view = try context.withIndex(params.textDocument, CollationChoice()) { index, current in index.view(document: current) }
            try context.check()
            let flat = OutlineSymbols.information(of: view, encoding: context.encoding)
            guard let partial = params.partialResultToken else { return .written(.serialized(flat)) }
            server.progress(partial, .serialized(flat))
            return .symbols([])
        }
        let whole: SerializedJSON
        if grouping == .sorted {
            // Plain collation order: the index's section runs merged.
            let (view, ids) = try context.withIndex(params.textDocument, CollationChoice()) { index, current in
                (index.view(document: current), index.collationOrder(in: current))
            }
            try context.check()
            whole = OutlineSymbols.sorted(ids, of: view, encoding: context.encoding, hierarchical: hierarchical)
        } else {
            whole = OutlineSymbols.nested(document: document, outline: try context.documentOutline(params.textDocument),
                                          encoding: context.encoding, hierarchical: hierarchical)
        }
        guard let partial = params.partialResultToken else { return .written(.serialized(whole)) }
        // Other shapes go out as one part: the client still gets them through its partial-result handler.
        server.progress(partial, .serialized(whole))
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
