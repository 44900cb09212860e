import Collation
import Dispatch
import Entries
import Foundation
import JSONRPC
import ThumbIndexJSON

/// The ThumbIndex language server: LSP lifecycle, documents, outlines and the `thumbindex/*` requests.
///
/// It is fed what the transport reads (`handle(_:)`) and answers through `send`. Notifications are
/// applied in arrival order on the caller's thread; requests run concurrently on worker threads, each
/// with a snapshot of the state it arrived to.
public final class LanguageServer: @unchecked Sendable {
    enum Lifecycle { case uninitialized, running, shutDown }

    let send: @Sendable (Message) -> Void
    let sendBatch: @Sendable ([Message]) -> Void
    let exitProcess: @Sendable (Int32) -> Void
    let environment: [String: String]
    let documents = DocumentStore()
    let collations = CollationCache()
    let localizations = LocalizationCache()
    let pending = PendingRequests()
    let memory = MemoryRelease()
    let workers = DispatchQueue(label: "thumbindex.requests", attributes: .concurrent)

    private let lock = NSLock()
    private var lifecycle = Lifecycle.uninitialized
    private var _settings = Settings()
    private var _encoding = PositionEncoding.utf16
    private var trace = "off"
    private var _workspaceFolders: [String] = []
    private var reportedLanguages: Set<String> = []
    private var _hierarchicalSymbols = true

    /// Whether the client announced `hierarchicalDocumentSymbolSupport`; without it, documentSymbol answers flat
    /// `SymbolInformation[]` as LSP 3.17 asks.
    var clientHasHierarchicalSymbols: Bool { lock.withLock { _hierarchicalSymbols } }

    var settings: Settings { lock.withLock { _settings } }
    var encoding: PositionEncoding { lock.withLock { _encoding } }
    /// File paths of the client's workspace folders (or root), for relative paths in settings.
    var workspaceFolders: [String] { lock.withLock { _workspaceFolders } }

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        send: @escaping @Sendable (Message) -> Void,
        sendBatch: @escaping @Sendable ([Message]) -> Void,
        exit: @escaping @Sendable (Int32) -> Void
    ) {
        self.environment = environment
        self.send = send
        self.sendBatch = sendBatch
        self.exitProcess = exit
    }

    // MARK: Incoming

    /// The message after which nothing else the client sent matters (`exit`), for the transport's backpressure.
    public static let endsSession: @Sendable (Incoming) -> Bool = { incoming in
        if case .message(.notification(let notification)) = incoming { return notification.method == "exit" }
        return false
    }

    public func handle(_ incoming: Incoming) {
        switch incoming {
        case .message(let message):
            receive(message) { [send] in send(.response($0)) }
        case .batch(let elements):
            let collector = BatchCollector(elements, send: sendBatch)
            for (position, element) in elements.enumerated() {
                if case .success(let message) = element { receive(message, reply: collector.replier(for: position)) }
            }
        case .invalid(let invalid):
            send(.response(invalid.response))
        case .framingError(let error):
            log(.error, "dropped a malformed frame: \(error)")
            send(.response(Response(id: nil, error: .parseError("malformed frame: \(error)"))))
        case .eof:
            // The client went away without `exit`: end as LSP says for exit without shutdown.
            end()
        }
    }

    private func receive(_ message: Message, reply: @escaping @Sendable (Response) -> Void) {
        switch message {
        case .request(let request): receive(request, reply: reply)
        case .notification(let notification): receive(notification)
        case .response: break  // the server sends no requests that await answers
        }
    }

    private func receive(_ request: Request, reply: @escaping @Sendable (Response) -> Void) {
        let state = lock.withLock { lifecycle }
        switch (state, request.method) {
        case (.uninitialized, "initialize"):
            reply(Response(id: request.id, result: Result { () throws(ResponseError) in try initialize(request.params) }))
            return
        case (.uninitialized, _):
            reply(Response(id: request.id, error: .serverNotInitialized("the server is not initialized: send initialize first")))
            return
        case (.running, "initialize"):
            reply(Response(id: request.id, error: .invalidRequest("initialize was already received")))
            return
        case (.shutDown, _):
            reply(Response(id: request.id, error: .invalidRequest("the server is shutting down: only exit is accepted")))
            return
        case (.running, "shutdown"):
            lock.withLock { lifecycle = .shutDown }
            // A barrier: the reply waits until every request that arrived before it has been answered.
            workers.async(flags: .barrier) { reply(Response(id: request.id, result: .null)) }
            return
        default:
            break
        }
        guard let handler = Self.handlers[request.method] else {
            reply(Response(id: request.id, error: .methodNotFound(request.method)))
            return
        }
        pending.waitForRoom(limit: Self.maxRequestsInFlight)
        guard let token = pending.begin(request.id, reply: reply) else {
            reply(Response(id: request.id, error: .invalidRequest("request id \(request.id) is already in use by a pending request")))
            return
        }
        // The snapshot is taken now, in arrival order, so a later didChange cannot leak into this request.
        let context = RequestContext(
            server: self, params: request.params, settings: settings, encoding: encoding, token: token,
            document: Self.documentURI(request.params).flatMap { try? documents.snapshot($0) })
        workers.async { [pending, memory] in
            let result = Result { () throws(ResponseError) -> JSON in
                try token.check()
                return try handler(context)
            }
            pending.finish(request.id, result)
            memory.requestFinished(stillRunning: pending.count)
        }
    }

    private static func documentURI(_ params: JSON?) -> String? {
        params?["textDocument"]?["uri"]?.stringValue
    }

    private func receive(_ notification: JSONRPC.Notification) {
        let state = lock.withLock { lifecycle }
        if notification.method == "exit" {
            end()
            return
        }
        // Before initialize, notifications are dropped (LSP); after shutdown, only exit matters.
        guard state == .running else { return }
        do throws(ResponseError) {
            switch notification.method {
            case "initialized": break
            case "$/cancelRequest":
                let params = try Params(notification.params)
                guard let value = params.value("id") else { throw ResponseError.invalidParams("params.id is missing") }
                guard let id = RequestID(json: value) else { throw ResponseError.invalidParams("params.id must be a number or a string, got \(value.kindName)") }
                pending.cancel(id)
            case "$/setTrace":
                let value = try Params(notification.params).string("value")
                lock.withLock { trace = value }
            case "textDocument/didOpen": try didOpen(notification.params)
            case "textDocument/didChange": try didChange(notification.params)
            case "textDocument/didClose": try didClose(notification.params)
            case "textDocument/didSave": _ = try Params(notification.params).documentURI()
            case "workspace/didChangeConfiguration":
                let settings = try Params(notification.params).value("settings")
                let problems = lock.withLock { _settings.update(from: settings) }
                documents.invalidateDerivedState()
                for problem in problems { log(.warning, problem) }
            default: break  // unknown notifications are ignored, as LSP says
            }
        } catch {
            log(.error, "\(notification.method): \(error.message)")
        }
    }

    /// Requests running at once; beyond this the reader waits (backpressure on the client's requests).
    static let maxRequestsInFlight = 256

    /// `exit` or EOF: give the requests in flight a brief moment to answer (a script may pipe its requests and `exit`
    /// at once), then stop the rest unanswered and exit — 0 after shutdown, else 1. `exitProcess` then flushes what is
    /// queued for a bounded moment, so a stuck request or a client that does not read cannot keep the process alive.
    private func end() {
        let code: Int32 = lock.withLock { lifecycle == .shutDown } ? 0 : 1
        let done = DispatchSemaphore(value: 0)
        workers.async(flags: .barrier) { done.signal() }
        _ = done.wait(timeout: .now() + 0.5)
        pending.abandonAll()
        exitProcess(code)
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON?) throws(ResponseError) -> JSON {
        let params = try Params(params)
        var settings = Settings()
        settings.locale = params.value("locale")?.stringValue
        var problems = settings.update(from: params.value("initializationOptions"))
        if settings.locale == nil { settings.locale = CollationLocale.fromEnvironment(environment) }
        // Check the locale now, so a typo is reported at once rather than on every request.
        do {
            _ = try collations.collation(locale: settings.locale!, style: settings.style, options: settings.options)
        } catch {
            problems.append("\(error.message); using en")
            settings.locale = "en"
        }
        let offered = params.value("capabilities")?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // Prefer UTF-8 (no conversion), then UTF-32, and UTF-16 when the client offers nothing else.
        let encoding = [PositionEncoding.utf8, .utf32].first { offered.contains($0.rawValue) } ?? .utf16
        var folders = params.value("workspaceFolders")?.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []
        if folders.isEmpty, let root = params.value("rootUri")?.stringValue { folders = [root] }
        var paths = folders.compactMap { URL(string: $0).flatMap { $0.isFileURL ? $0.path : nil } }
        if paths.isEmpty, let rootPath = params.value("rootPath")?.stringValue { paths = [rootPath] }
        let hierarchical = params.value("capabilities")?["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
        lock.withLock {
            _hierarchicalSymbols = hierarchical
            lifecycle = .running
            _settings = settings
            _encoding = encoding
            _workspaceFolders = paths
        }
        for problem in problems { log(.warning, problem) }
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "documentSymbolProvider": ["label": "ThumbIndex"],
                "workspaceSymbolProvider": true,
                "experimental": ["thumbindex": ["methods": .array(Self.handlers.keys.filter { $0.hasPrefix("thumbindex/") }.sorted().map(JSON.string))]],
            ],
            "serverInfo": ["name": "thumbindex", "version": "0.1.0"],
        ]
    }

    // MARK: Logging

    enum MessageType: Int { case error = 1, warning, info, log }

    func log(_ type: MessageType, _ message: String) {
        FileHandle.standardError.write(Data("thumbindex: \(message)\n".utf8))
        guard lock.withLock({ lifecycle != .uninitialized }) else { return }
        send(.notification(JSONRPC.Notification(method: "window/logMessage", params: ["type": .int(Int64(type.rawValue)), "message": .string(message)])))
    }

    /// Logs a message once per key (e.g. "no entries for languageId X" once per language).
    func logOnce(_ key: String, _ type: MessageType, _ message: String) {
        let first = lock.withLock { reportedLanguages.insert(key).inserted }
        if first { log(type, message) }
    }
}
