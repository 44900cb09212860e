import Dispatch
import Foundation
import JSONRPC
import Outlines
import Synchronization
import ThumbIndexJSON
import ThumbIndexProtocol

extension LanguageServer {
    /// Starts work that may take long (extracting and sorting a large document, reading a workspace) and returns its
    /// end: when it runs past 300 ms and the client shows server-started progress, the client is asked to show a
    /// progress bar (`window/workDoneProgress/create`, then `$/progress` begin), ended with the work. Short work sends
    /// nothing.
    func beginLongWork(_ title: String, _ message: String) -> @Sendable () -> Void {
        // Building leaves large temporaries (keys being sorted, the batch of names) on the heap: give them back
        // when the requests running now are done.
        let memory = memory
        guard client.workDoneProgress else { return { memory.largeWorkDone() } }
        let progress = WorkProgress(server: self, title: title, message: message)
        let delay = instrumentation.progressDelay
        if delay <= 0 {
            progress.begin()  // a delay of zero (tests): the bar is asked for before the work starts, every time
        } else {
            // Once the work has ended, a late `begin` does nothing.
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { progress.begin() }
        }
        return {
            progress.end()
            memory.largeWorkDone()
        }
    }

    /// How the outlines of documents run their work here: long work with its progress bar, on the request workers,
    /// their problems logged. Holds the server weakly: an index keeps what reports its problems.
    var outlineWork: OutlineWork {
        OutlineWork(
            begin: { [weak self] title, name in self?.beginLongWork(title, name) ?? {} },
            detach: { [weak self] body in self?.workers.async(execute: body) },
            report: { [weak self] uri, problems in
                guard let self else { return }
                for problem in problems {
                    // As extraction's problems are logged (`entries(of:)`): a warning once, an error each time.
                    if problem.severity == .error { log(.error, problem.message) } else { logOnce("warning:\(uri):\(problem.message)", .warning, problem.message) }
                }
            },
            willBuild: instrumentation.willBuild, willSort: instrumentation.willSort)
    }

    /// How long work runs before a progress bar is asked for (the default of `Instrumentation.progressDelay`).
    public static let progressDelay = 0.3

    /// A fresh token for progress the server starts.
    func nextProgressToken() -> ProgressToken {
        .string("thumbindex/\(progressTokens.next())")
    }
}

extension LanguageServer {
    /// Injection points for tests, so that they wait on events rather than on the clock. The defaults are what the
    /// server does in use: the 300 ms progress delay and no hook.
    public struct Instrumentation: Sendable {
        /// How long work runs before a progress bar is asked for; 0 asks for it before the work starts, so a test
        /// sees begin and end whatever the speed of the machine.
        public var progressDelay: Double
        /// Called on the worker thread just before a request's handler runs, with the request's method (after the
        /// request is registered, so `$/cancelRequest` and stale-version checks can answer it meanwhile). A test may
        /// block here to hold work "in progress" for as long as it needs.
        public var willHandle: (@Sendable (_ method: String) -> Void)?
        /// Called when a request finds the work it needs in progress and leaves, to run again once it is done (no
        /// thread waits for it meanwhile), with the request's method.
        public var deferred: (@Sendable (_ method: String) -> Void)?
        /// Called on the thread that builds a document's index, before it starts, with the document's uri: a test may
        /// block here to hold a build in progress.
        public var willBuild: (@Sendable (_ uri: String) -> Void)?
        /// Called on the thread that brings a document's index up to an edit, before it does, with the document's uri:
        /// a test may block here to hold an update in progress.
        public var willUpdate: (@Sendable (_ uri: String) -> Void)?
        /// Called on the thread that builds a document's index once it has kept the index's sections, before the sort
        /// (records and JSON, whose `thumbindex/sections` answers from them): a test may block here to hold the sort.
        public var willSort: (@Sendable (_ uri: String) -> Void)?
        /// Called once the files of the workspace folders are read (`workspace/symbol` then searches them all).
        public var workspaceRead: (@Sendable () -> Void)?
        /// Seconds between two looks at the workspace's files for changes, when the client does not watch them.
        public var workspacePollInterval: Double
        /// Called after each such look, with how many files changed.
        public var workspacePolled: (@Sendable (_ changed: Int) -> Void)?
        /// Which sections of a reply in parts go out streamed, and in what pieces: a test makes them small.
        public var streaming: StreamedSections

        public init(
            progressDelay: Double = LanguageServer.progressDelay, willHandle: (@Sendable (_ method: String) -> Void)? = nil,
            deferred: (@Sendable (_ method: String) -> Void)? = nil, willBuild: (@Sendable (_ uri: String) -> Void)? = nil,
            workspaceRead: (@Sendable () -> Void)? = nil, workspacePollInterval: Double = 2,
            workspacePolled: (@Sendable (_ changed: Int) -> Void)? = nil, willSort: (@Sendable (_ uri: String) -> Void)? = nil,
            streaming: StreamedSections = StreamedSections(), willUpdate: (@Sendable (_ uri: String) -> Void)? = nil
        ) {
            self.willUpdate = willUpdate
            self.streaming = streaming
            self.willSort = willSort
            self.workspacePollInterval = workspacePollInterval
            self.workspacePolled = workspacePolled
            self.progressDelay = progressDelay
            self.willHandle = willHandle
            self.deferred = deferred
            self.willBuild = willBuild
            self.workspaceRead = workspaceRead
        }
    }
}

/// One progress bar: begun at most once (with the first thing its work sends), reported and ended only once begun,
/// never begun once ended. A bar on a request's `workDoneToken` is the client's; one the server starts gets a token
/// of its own, asked for with `window/workDoneProgress/create` as it begins.
final class WorkProgress: @unchecked Sendable {
    private let server: LanguageServer
    private let title: String
    private let message: String?
    private let serverStarted: Bool
    private let lock = NSLock()
    private var token: ProgressToken?
    private var begun = false, ended = false

    /// A bar on the client's `token` (none: the bar does nothing).
    init(server: LanguageServer, token: ProgressToken?, title: String) {
        (self.server, self.token, self.title, message, serverStarted) = (server, token, title, nil, false)
    }

    /// A bar the server starts, titled `title` with `message`.
    init(server: LanguageServer, title: String, message: String) {
        (self.server, token, self.title, self.message, serverStarted) = (server, nil, title, message, true)
    }

    func begin() {
        let token: ProgressToken? = lock.withLock {
            guard !begun, !ended else { return nil }
            if serverStarted { self.token = server.nextProgressToken() }
            begun = self.token != nil
            return self.token
        }
        guard let token else { return }
        if serverStarted {
            let create = CreateWorkDoneProgressRequest.Params(token: token)
            server.send(.request(Request(id: .string("create-\(token.json.stringValue ?? "")"), method: CreateWorkDoneProgressRequest.method, params: create.json)))
        }
        // A bar the server starts reports no percentage (it has none to report); a request's reports its parts.
        server.progress(token, message.map { ["kind": "begin", "title": .string(title), "message": .string($0)] } ?? ProgressNotification.begin(title))
    }

    func report(percentage: Int) {
        guard let token = lock.withLock({ begun && !ended ? token : nil }) else { return }
        server.progress(token, ProgressNotification.report(percentage: percentage))
    }

    func end() {
        let token: ProgressToken? = lock.withLock {
            defer { ended = true }
            return begun && !ended ? self.token : nil
        }
        if let token { server.progress(token, ProgressNotification.end) }
    }
}

/// Numbers for progress tokens.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
