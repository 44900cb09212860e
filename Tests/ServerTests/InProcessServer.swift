import Foundation
import JSONRPC
import ThumbIndexJSON
import Server

/// What the server sent: the first reply to each request until it is taken, the log messages it wrote to the
/// client, and anything that breaks "every request is answered exactly once". Answered ids are remembered, so a
/// second reply is caught however late it comes; replies themselves are dropped once taken (a long run sends
/// millions).
final class ReplyStore: @unchecked Sendable {
    private let condition = NSCondition()
    private var sent: Set<RequestID> = []
    private var answered: Set<RequestID> = []
    private var replies: [RequestID: Response] = [:]
    private var problems: [String] = []
    private var logs: [(type: Int, message: String)] = []
    private var shownMessages: [String] = []
    private var shownDocuments: [JSON] = []
    private var appliedEdits: [JSON] = []
    private var publishedDiagnostics: [JSON] = []
    /// The params of the `textDocument/publishDiagnostics` notifications so far.
    var diagnosticsPublished: [JSON] { condition.withLock { publishedDiagnostics } }
    /// The params of the `workspace/applyEdit` requests so far.
    var editsApplied: [JSON] { condition.withLock { appliedEdits } }
    /// The params of the `window/showDocument` requests so far.
    var documentsShown: [JSON] { condition.withLock { shownDocuments } }
    /// The `window/showMessage` messages so far.
    var shown: [String] { condition.withLock { shownMessages } }
    /// Messages recorded so far: where each reply and each `$/progress` came, to check their order.
    private var sequence = 0
    private var repliedAt: [RequestID: Int] = [:]
    private var progress: [String: [(at: Int, value: JSON)]] = [:]

    /// Called before a request is handed to the server.
    func willSend(_ id: RequestID) { condition.withLock { _ = sent.insert(id) } }

    func record(_ message: Message) {
        condition.withLock {
            sequence += 1
            switch message {
            case .response(let response):
                guard let id = response.id else { return problems.append("a reply with id null: \(message)") }
                if !sent.contains(id) {
                    problems.append("a reply to id \(id), which was never sent: \(message)")
                } else if !answered.insert(id).inserted {
                    problems.append("id \(id) answered more than once, again with \(message)")
                } else {
                    replies[id] = response
                    repliedAt[id] = sequence
                }
                condition.broadcast()
            case .notification(let notification) where notification.method == "window/logMessage":
                logs.append((notification.params?["type"]?.intValue ?? 0, notification.params?["message"]?.stringValue ?? ""))
            case .notification(let notification) where notification.method == "textDocument/publishDiagnostics":
                publishedDiagnostics.append(notification.params ?? .null)
            case .notification(let notification) where notification.method == "window/showMessage":
                shownMessages.append(notification.params?["message"]?.stringValue ?? "")
            case .notification(let notification) where notification.method == "$/progress":
                guard let token = notification.params?["token"]?.stringValue, let value = notification.params?["value"] else {
                    return problems.append("$/progress without a string token or a value: \(message)")
                }
                progress[token, default: []].append((sequence, value))
            case .notification(let notification):
                problems.append("an unexpected notification \(notification.method)")
            case .request(let request) where request.method == "window/showDocument":
                shownDocuments.append(request.params ?? .null)
            case .request(let request) where request.method == "workspace/applyEdit":
                appliedEdits.append(request.params ?? .null)
            case .request(let request):
                problems.append("an unexpected request \(request.method)")
            }
        }
    }

    func recordExit(_ code: Int32) { condition.withLock { problems.append("the server asked to exit with code \(code)") } }

    /// Waits until every id in `ids` is answered; the ids still unanswered at the deadline.
    func wait(for ids: [RequestID], timeout: TimeInterval) -> [RequestID] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while true {
                let missing = ids.filter { !answered.contains($0) }
                if missing.isEmpty || !condition.wait(until: deadline) { return missing }
            }
        }
    }

    /// The first reply to `id`, removed from the store.
    func take(_ id: RequestID) -> Response? { condition.withLock { replies.removeValue(forKey: id) } }

    /// Where the reply to `id` came among the messages, removed from the store.
    func takeReplyPlace(_ id: RequestID) -> Int? { condition.withLock { repliedAt.removeValue(forKey: id) } }

    /// The `$/progress` values sent on `token` so far, with where each came, removed from the store.
    func takeProgress(_ token: String) -> [(at: Int, value: JSON)] { condition.withLock { progress.removeValue(forKey: token) ?? [] } }

    /// Everything that went wrong so far: double replies, replies to ids never sent, unexpected messages.
    var anomalies: [String] { condition.withLock { problems } }

    var logCount: Int { condition.withLock { logs.count } }

    /// Log messages from position `start` on.
    func logs(from start: Int) -> [(type: Int, message: String)] { condition.withLock { Array(logs[start...]) } }
}

/// A `LanguageServer` in this process, fed message by message as the transport would feed it.
final class InProcessServer: @unchecked Sendable {
    let store = ReplyStore()
    private(set) var server: LanguageServer!
    private var nextID = 1
    /// The encoding the server chose at `initialize`.
    private(set) var encoding = ModelEncoding.utf16

    /// Starts a server and initializes it, offering `encodings` (nil: no `general.positionEncodings`).
    init(offering encodings: [String]?, grouping: String = "document", showDocument: Bool = false, resolvesEdits: Bool = false, appliesEdits: Bool = false,
         locale: String = "en_US") throws {
        let store = self.store
        server = LanguageServer(
            environment: [:], send: { store.record($0) }, sendBatch: { for message in $0 { store.record(message) } },
            exit: { store.recordExit($0) })
        var textDocument: JSONObject = ["documentSymbol": ["hierarchicalDocumentSymbolSupport": true]]
        if resolvesEdits { textDocument["codeAction"] = ["resolveSupport": ["properties": ["edit"]]] }
        var capabilities: JSONObject = ["textDocument": .object(textDocument)]
        if let encodings { capabilities["general"] = ["positionEncodings": .array(encodings.map(JSON.string))] }
        if showDocument { capabilities["window"] = ["showDocument": ["support": true]] }
        if appliesEdits { capabilities["workspace"] = ["applyEdit": true] }
        let id = request("initialize", [
            "processId": .null, "rootUri": .null, "capabilities": .object(capabilities),
            "initializationOptions": ["locale": .string(locale), "thumbindex": ["outline": ["grouping": .string(grouping)]]],
        ])
        let result = try result(of: id)
        guard let name = result["capabilities"]?["positionEncoding"]?.stringValue, let chosen = ModelEncoding(rawValue: name) else {
            throw ShapeError(description: "initialize chose no known positionEncoding: \(result)")
        }
        encoding = chosen
        notify("initialized", [:])
    }

    /// Sends a request without waiting for its reply.
    @discardableResult
    func request(_ method: String, _ params: JSON) -> RequestID {
        // Ids of both kinds JSON-RPC allows, so that pairing and cancelling never depend on one.
        let id: RequestID = nextID % 3 == 0 ? .string("s\(nextID)") : .int(nextID)
        nextID += 1
        store.willSend(id)
        server.handle(.message(.request(Request(id: id, method: method, params: params))))
        return id
    }

    /// Sends a notification; the server has applied it when this returns.
    func notify(_ method: String, _ params: JSON) {
        server.handle(.message(.notification(JSONRPC.Notification(method: method, params: params))))
    }

    /// The reply to `id`, waiting for it up to `timeout` seconds.
    func response(to id: RequestID, timeout: TimeInterval = 20) throws(ShapeError) -> Response {
        guard store.wait(for: [id], timeout: timeout).isEmpty, let response = store.take(id) else {
            throw ShapeError(description: "no reply to id \(id) within \(timeout) s")
        }
        return response
    }

    /// The result of `id` (resolved when pre-serialized); an error reply throws.
    func result(of id: RequestID) throws(ShapeError) -> JSON {
        switch try response(to: id).result {
        case .success(let json): return json.resolved
        case .failure(let error): throw ShapeError(description: "id \(id) failed: \(error)")
        }
    }

    // MARK: Documents

    func open(_ uri: String, languageId: String, version: Int, text: String) {
        notify("textDocument/didOpen", ["textDocument": [
            "uri": .string(uri), "languageId": .string(languageId), "version": JSON(version), "text": .string(text),
        ]])
    }

    func change(_ uri: String, version: Int, _ changes: [ModelChange]) {
        notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": JSON(version)],
            "contentChanges": .array(changes.map { change in
                guard let range = change.range else { return ["text": .string(change.text)] }
                return ["range": range.json, "text": .string(change.text)]
            }),
        ])
    }

    func close(_ uri: String) {
        notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
    }
}

extension ModelRange {
    var json: JSON {
        [
            "start": ["line": JSON(start.line), "character": JSON(start.character)],
            "end": ["line": JSON(end.line), "character": JSON(end.character)],
        ]
    }
}

/// The params member naming a document.
func documentParams(_ uri: String, _ extra: JSONObject = [:]) -> JSON {
    var object = extra
    object["textDocument"] = ["uri": .string(uri)]
    return .object(object)
}
