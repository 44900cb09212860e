import Collation
import Dispatch
import Foundation
import JSONRPC
import Outlines
import ThumbIndexJSON
import Synchronization
import ThumbIndexProtocol

/// The ThumbIndex language server: LSP lifecycle, documents, outlines and the `thumbindex/*` requests.
///
/// It is fed what the transport reads (`handle(_:)`) and answers through `send`. Notifications are
/// applied in arrival order on the caller's thread; requests run concurrently on worker threads, each
/// with a snapshot of the state it arrived to.
public final class LanguageServer: @unchecked Sendable {
    enum Lifecycle { case uninitialized, running, shutDown }

    let send: @Sendable (Message) -> Void
    /// Waits while the client has not read what was sent (the transport's queue over its limit), or until the
    /// closure it is given says to stop waiting: a request that sends many parts makes the next one only then.
    let waitForOutput: @Sendable (_ giveUp: () -> Bool) -> Void
    let sendBatch: @Sendable ([Message]) -> Void
    let exitProcess: @Sendable (Int32) -> Void
    let environment: [String: String]
    /// Test hooks (the progress delay, a call before each handler); the defaults change nothing.
    let instrumentation: Instrumentation
    let documents = DocumentStore()
    let collations = CollationCache()
    let keptSorted = KeptSortedDocuments()
    let entrySource = EntrySource()
    let pending = PendingRequests()
    let memory = MemoryRelease()
    /// The last frame dropped as malformed (too large, most likely): what a request on a document that never arrived
    /// is told, besides "not open".
    let droppedFrame = Mutex<FramingError?>(nil)
    let workers = DispatchQueue(label: "thumbindex.requests", attributes: .concurrent)

    private let lock = NSLock()
    private var lifecycle = Lifecycle.uninitialized
    private var _settings = Settings()
    /// The settings' locale as last found good (at initialize or a configuration change).
    private var lastCheckedLocale: String?
    private var _encoding = PositionEncoding.utf16
    private var _workspaceFolders: [String] = []
    private var reportedLanguages: Set<String> = []
    private var _client = InitializeRequest.Params()
    private var _watchedGlobs: [String]?
    private var _workspaceFiles: WorkspaceFiles?
    let progressTokens = Counter()

    /// What the client said it can do at `initialize` (progress, `showDocument`, edits, nested symbols, watching).
    var client: InitializeRequest.Params { lock.withLock { _client } }

    var settings: Settings { lock.withLock { _settings } }
    var encoding: PositionEncoding { lock.withLock { _encoding } }
    /// File paths of the client's workspace folders (or root), for relative paths in settings.
    var workspaceFolders: [String] {
        get { lock.withLock { _workspaceFolders } }
        set { lock.withLock { _workspaceFolders = newValue } }
    }
    /// The files of the workspace folders, read after `initialized` (nil when there is nothing to read or the
    /// setting is off).
    var workspaceFiles: WorkspaceFiles? {
        get { lock.withLock { _workspaceFiles } }
        set { lock.withLock { _workspaceFiles = newValue } }
    }
    /// Whether the files of the workspace folders are read (see `startWorkspaceFiles`).
    public var readsWorkspaceFiles: Bool { workspaceFiles != nil }
    /// Which watching to ask the client for, to have it watch `globs`: none when it watches them already or cannot
    /// watch; `unregister` when it watches others (the formats read changed). The globs count as watched from here.
    func watchChange(to globs: [String]) -> (unregister: Bool, register: Bool) {
        lock.withLock {
            guard _client.watchedFilesRegistration, _watchedGlobs != globs else { return (false, false) }
            defer { _watchedGlobs = globs }
            return (_watchedGlobs != nil, true)
        }
    }

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        send: @escaping @Sendable (Message) -> Void,
        sendBatch: @escaping @Sendable ([Message]) -> Void,
        exit: @escaping @Sendable (Int32) -> Void,
        waitForOutput: @escaping @Sendable (_ giveUp: () -> Bool) -> Void = { _ in },
        instrumentation: Instrumentation = Instrumentation()
    ) {
        self.environment = environment
        self.waitForOutput = waitForOutput
        self.instrumentation = instrumentation
        self.send = send
        self.sendBatch = sendBatch
        self.exitProcess = exit
        documents.willFollow = instrumentation.willUpdate
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
            droppedFrame.withLock { $0 = error }
            // A message dropped whole for its size is most likely a document's text: the person is told, not only the log.
            if error.message.contains("over the limit") {
                show(.error, "thumbindex dropped a message too large to read (\(error.message)); if it opened a document, that document is not open")
            }
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
        case (.uninitialized, InitializeRequest.method):
            reply(Response(id: request.id, result: Result { () throws(ResponseError) in
                try initialize(InitializeRequest.Params(json: request.params ?? .object([:]), path: "params")).json
            }))
            return
        case (.uninitialized, _):
            reply(Response(id: request.id, error: .serverNotInitialized("the server is not initialized: send initialize first")))
            return
        case (.running, InitializeRequest.method):
            reply(Response(id: request.id, error: .invalidRequest("initialize was already received")))
            return
        case (.shutDown, _):
            reply(Response(id: request.id, error: .invalidRequest("the server is shutting down: only exit is accepted")))
            return
        case (.running, ShutdownRequest.method):
            // The workspace's files are no longer read or polled.
            lock.withLock { lifecycle = .shutDown; _workspaceFiles = nil }
            // A barrier: the reply waits until every request that arrived before it has been answered.
            workers.async(flags: .barrier) { reply(Response(id: request.id, result: .null)) }
            return
        default:
            break
        }
        guard let route = Self.handlers[request.method] else {
            reply(Response(id: request.id, error: .methodNotFound(request.method)))
            return
        }
        pending.waitForRoom(limit: Self.maxRequestsInFlight)
        guard let token = pending.begin(request.id, reply: reply) else {
            reply(Response(id: request.id, error: .invalidRequest("request id \(request.id) is already in use by a pending request")))
            return
        }
        // The snapshot is taken now, in arrival order, so a later didChange cannot leak into this request.
        let snapshot = Self.documentURI(request.params).flatMap { try? documents.snapshot($0) }
        // What the route answers at once (a page of a version the document has left): on a worker it could wait
        // behind a build that keeps every core busy.
        if let refusal = route.onArrival(request.params, snapshot) {
            pending.finish(request.id, token, .failure(refusal))
            return
        }
        let handOff = ContextHandOff(RequestContext(server: self, settings: settings, encoding: encoding, id: request.id, token: token, document: snapshot))
        workers.async { [self] in
            instrumentation.willHandle?(request.method)
            run(request, route.handle, handOff, token)
        }
    }

    /// Runs a request's handler and answers it. A handler that finds the work it needs in progress (another request
    /// building the index or sorting) returns `later`, having sent nothing; the request then runs again from the
    /// thread that finishes that work, so no thread waits for it meanwhile, and it is answered before anything queued
    /// after that work (a `shutdown`'s barrier).
    private func run(_ request: Request, _ handler: @escaping Handler, _ handOff: ContextHandOff, _ token: CancellationToken) {
        var inProgress: Flight?
        let result = Result { () throws(ResponseError) -> JSON in
            let context = handOff.take()
            try context.token.check()
            switch try handler(context, request.params) {
            case .done(let answer):
                return answer
            case .later(let flight):
                var next = context
                next.reruns += 1
                handOff.keep(next)
                inProgress = flight
                return .null
            }
        }
        if let inProgress {
            instrumentation.deferred?(request.method)
            inProgress.whenDone { [self] in run(request, handler, handOff, token) }
            return
        }
        pending.finish(request.id, token, result)
        memory.requestFinished(stillRunning: pending.count)
    }

    /// The document a request is about: its `textDocument`, or a command's (`workspace/executeCommand`).
    private static func documentURI(_ params: JSON?) -> String? {
        // A command's or a code action's document is in its arguments or data (`SortActions.swift`).
        (params?["textDocument"] ?? params?["arguments"]?[0]?["textDocument"] ?? params?["data"]?["textDocument"])?["uri"]?.stringValue
    }

    private func receive(_ notification: JSONRPC.Notification) {
        let state = lock.withLock { lifecycle }
        if notification.method == ExitNotification.method {
            end()
            return
        }
        // Before initialize, notifications are dropped (LSP); after shutdown, only exit matters.
        guard state == .running else { return }
        func params<N: LSPNotification>(_ type: N.Type) throws(ResponseError) -> N.Params {
            try N.Params(json: notification.params ?? .object([:]), path: "params")
        }
        do throws(ResponseError) {
            switch notification.method {
            case InitializedNotification.method: startWorkspaceFiles()
            case DidChangeWatchedFilesNotification.method: didChangeWatchedFiles(try params(DidChangeWatchedFilesNotification.self))
            case DidChangeWorkspaceFoldersNotification.method: didChangeWorkspaceFolders(try params(DidChangeWorkspaceFoldersNotification.self))
            case CancelRequestNotification.method: pending.cancel(try params(CancelRequestNotification.self).id)
            case SetTraceNotification.method: _ = try params(SetTraceNotification.self)
            case DidOpenNotification.method: didOpen(try params(DidOpenNotification.self))
            case DidChangeNotification.method: try didChange(try params(DidChangeNotification.self))
            case DidCloseNotification.method: try didClose(try params(DidCloseNotification.self))
            case DidSaveNotification.method: _ = try params(DidSaveNotification.self)
            case DidChangeConfigurationNotification.method:
                let settings = try params(DidChangeConfigurationNotification.self).settings
                let before = self.settings.workspaceReading
                var problems = lock.withLock { _settings.update(from: settings) }
                problems += checkLocaleChange()
                documents.invalidateDerivedState()
                for problem in problems { log(.warning, problem) }
                if self.settings.workspaceReading != before { restartWorkspaceFiles() }
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

    private func initialize(_ params: InitializeRequest.Params) throws(ResponseError) -> InitializeResult {
        var settings = Settings()
        settings.locale = params.locale
        var problems = settings.update(from: params.initializationOptions)
        if settings.locale == nil { settings.locale = CollationLocale.fromEnvironment(environment) }
        // Check the locale now, so a typo is reported at once rather than on every request.
        do {
            let collation = try collations.collation(locale: settings.locale!, style: IndexedCollation.Style(settings.style), options: settings.collationOptions)
            if let warning = collation.locale.regionWarning(given: settings.locale!) { problems.append(warning) }
        } catch {
            problems.append("\(error.message); using en")
            settings.locale = "en"
        }
        // Prefer UTF-8 (no conversion), then UTF-32, and UTF-16 when the client offers nothing else.
        let encoding = [PositionEncoding.utf8, .utf32].first { params.positionEncodings.contains($0.rawValue) } ?? .utf16
        var paths = params.workspaceFolders.compactMap { URL(string: $0).flatMap { $0.isFileURL ? $0.path : nil } }
        if paths.isEmpty, let rootPath = params.rootPath { paths = [rootPath] }
        lock.withLock {
            _client = params
            lifecycle = .running
            _settings = settings
            lastCheckedLocale = settings.locale
            _encoding = encoding
            _workspaceFolders = paths
        }
        for problem in problems { log(.warning, problem) }
        return InitializeResult(
            positionEncoding: encoding.rawValue,
            thumbindexMethods: Self.handlers.keys.filter { $0.hasPrefix("thumbindex/") }.sorted(),
            serverName: "thumbindex", serverVersion: Self.version)
    }

    /// A locale set by `didChangeConfiguration` is checked as at `initialize`: one ICU cannot open is not taken (the
    /// previous one stays, and the log says so), a region that is no ISO 3166 region is warned about.
    private func checkLocaleChange() -> [String] {
        let (settings, previous) = lock.withLock { (_settings, lastCheckedLocale) }
        guard let locale = settings.locale, locale != previous else { return [] }
        do {
            let collation = try collations.collation(locale: locale, style: IndexedCollation.Style(settings.style), options: settings.collationOptions)
            lock.withLock { lastCheckedLocale = locale }
            return collation.locale.regionWarning(given: locale).map { [$0] } ?? []
        } catch {
            lock.withLock { _settings.locale = previous }
            return ["\(error.message); keeping \(previous ?? "en")"]
        }
    }

    /// The version `initialize` and `thumbindex --version` report.
    public static let version = "0.1.0"

    // MARK: Logging

    typealias MessageType = LogMessageNotification.Params.MessageType

    func log(_ type: MessageType, _ message: String) {
        FileHandle.standardError.write(Data("thumbindex: \(message)\n".utf8))
        guard lock.withLock({ lifecycle != .uninitialized }) else { return }
        let params = LogMessageNotification.Params(type: type, message: message)
        send(.notification(JSONRPC.Notification(method: LogMessageNotification.method, params: params.json)))
    }

    /// Shows a message to the person (`window/showMessage`), and logs it.
    func show(_ type: MessageType, _ message: String) {
        log(type, message)
        guard lock.withLock({ lifecycle != .uninitialized }) else { return }
        let params = ShowMessageNotification.Params(type: type, message: message)
        send(.notification(JSONRPC.Notification(method: ShowMessageNotification.method, params: params.json)))
    }

    /// Logs a message once per key (e.g. "no entries for languageId X" once per language).
    func logOnce(_ key: String, _ type: MessageType, _ message: String) {
        let first = lock.withLock { reportedLanguages.insert(key).inserted }
        if first { log(type, message) }
    }
}

/// Hands a request's context to its worker and forgets it there, so the snapshot of the text is released before the
/// reply goes out: an editor's next `didChange` then finds the text unshared and edits it in place, where a
/// snapshot still alive would make it copy the whole text.
private final class ContextHandOff: @unchecked Sendable {
    private var context: RequestContext?
    init(_ context: RequestContext) { self.context = context }

    /// The context; called once per run, on the worker.
    func take() -> RequestContext {
        defer { context = nil }
        return context!
    }

    /// Keeps the context for the request's next run (it found its work in progress).
    func keep(_ context: RequestContext) { self.context = context }
}
