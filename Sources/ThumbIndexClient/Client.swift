import Foundation
import JSONRPC
import ThumbIndexJSON
import ThumbIndexProtocol

/// A connection to a ThumbIndex server: typed `async` requests, document notifications, and `PagedArray`s of a
/// document's outline.
///
///     let client = try await ThumbIndexClient.launch(locale: "sv_SE")
///     try client.open(uri: "file:///tmp/names.txt", languageId: "plaintext", text: names)
///     let sections = try await client.sections(uri: "file:///tmp/names.txt")
///     try await client.shutdown()
///
/// Cancelling the task of a request sends `$/cancelRequest`; the request then throws `CancellationError`.
public final class ThumbIndexClient: @unchecked Sendable {
    /// The transport; tests may use it to send raw messages.
    public let connection: Connection
    /// What `initialize` answered (set by `initialize(_:)`).
    public var server: InitializeResult? { lock.withLock { initialized } }
    private var initialized: InitializeResult?

    private let process: Process?
    private let lock = NSLock()
    private var nextID = 1
    private var waiting: [RequestID: CheckedContinuation<JSON, any Error>] = [:]
    /// Where each request in flight is on its way out, so that cancelling it sends `$/cancelRequest` only for a
    /// request the server was sent (and after it).
    private var outgoing: [RequestID: Outgoing] = [:]
    private enum Outgoing { case sending, sent, cancelledWhileSending }
    private var closed = false
    private let logContinuation: AsyncStream<LogMessageNotification.Params>.Continuation

    /// `window/logMessage` notifications from the server, in order.
    public let logMessages: AsyncStream<LogMessageNotification.Params>
    /// The methods of the requests the server sent (`window/workDoneProgress/create`, `client/registerCapability`),
    /// in the order they came; each was answered `null`.
    public var serverRequests: [String] { lock.withLock { requestsReceived } }
    private var requestsReceived: [String] = []
    /// `$/progress` notifications from the server (work done and partial results), in order.
    public let progress: AsyncStream<ProgressNotification.Params>
    private let progressContinuation: AsyncStream<ProgressNotification.Params>.Continuation

    /// A client over a connection whose reader it starts (use `initialize(_:)` next).
    public convenience init(connection: Connection) {
        self.init(connection: connection, process: nil)
    }

    /// A client over file descriptors: `input` reads the server's output, `output` writes to its input.
    public convenience init(input: Int32, output: Int32) {
        self.init(connection: Connection(input: input, output: output))
    }

    private init(connection: Connection, process: Process?) {
        self.connection = connection
        self.process = process
        (logMessages, logContinuation) = AsyncStream.makeStream(of: LogMessageNotification.Params.self)
        (progress, progressContinuation) = AsyncStream.makeStream(of: ProgressNotification.Params.self)
        connection.start { [weak self] incoming in self?.receive(incoming) }
    }

    /// Starts `thumbindex` (found on `PATH` unless `executable` is a path) and initializes it.
    public static func launch(
        executable: String = "thumbindex", arguments: [String] = [], locale: String? = nil,
        initialize params: InitializeRequest.Params = InitializeRequest.Params(positionEncodings: ["utf-8", "utf-16"])
    ) async throws -> ThumbIndexClient {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        let toServer = Pipe(), fromServer = Pipe()
        process.standardInput = toServer
        process.standardOutput = fromServer
        try process.run()
        let connection = Connection(
            input: dup(fromServer.fileHandleForReading.fileDescriptor), output: dup(toServer.fileHandleForWriting.fileDescriptor))
        try? fromServer.fileHandleForReading.close()
        try? toServer.fileHandleForWriting.close()
        let client = ThumbIndexClient(connection: connection, process: process)
        var params = params
        if let locale { params.locale = locale }
        _ = try await client.initialize(params)
        return client
    }

    deinit {
        connection.close()
        if let process, process.isRunning { process.terminate() }
    }

    // MARK: Requests and notifications

    /// Sends a request and waits for its result; the server's errors are thrown as `ResponseError`.
    public func send<R: LSPRequest>(_ request: R.Type, _ params: R.Params) async throws -> R.Result {
        let id: RequestID = lock.withLock {
            defer { nextID += 1 }
            return .int(nextID)
        }
        let json = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSON, any Error>) in
                // A task cancelled before its request goes out sends nothing (its handler ran already, or runs while
                // the request is being written and leaves the `$/cancelRequest` to this side).
                let registered = lock.withLock { () -> Error? in
                    if closed { return ClientError.connectionClosed }
                    if Task.isCancelled { return CancellationError() }
                    waiting[id] = continuation
                    outgoing[id] = .sending
                    return nil
                }
                if let error = registered { return continuation.resume(throwing: error) }
                do {
                    try connection.send(.request(Request(id: id, method: R.method, params: params.json)))
                } catch {
                    let continuation = lock.withLock { () -> CheckedContinuation<JSON, any Error>? in
                        outgoing[id] = nil
                        return waiting.removeValue(forKey: id)
                    }
                    continuation?.resume(throwing: error)
                    return
                }
                let cancelled = lock.withLock { () -> Bool in
                    guard outgoing[id] != nil else { return false }  // answered already
                    defer { outgoing[id] = .sent }
                    return outgoing[id] == .cancelledWhileSending
                }
                if cancelled { try? self.notify(CancelRequestNotification.self, .init(id: id)) }
            }
        } onCancel: {
            let sent = self.lock.withLock { () -> Bool in
                switch self.outgoing[id] {
                case .sent: return true
                case .sending: self.outgoing[id] = .cancelledWhileSending
                case .cancelledWhileSending, nil: break
                }
                return false
            }
            if sent { try? self.notify(CancelRequestNotification.self, .init(id: id)) }
        }
        do {
            return try R.Result(json: json, path: "result")
        } catch {
            throw ClientError.unexpectedResult(method: R.method, error.message)
        }
    }

    /// Sends a notification.
    public func notify<N: LSPNotification>(_ notification: N.Type, _ params: N.Params) throws {
        try connection.send(.notification(JSONRPC.Notification(method: N.method, params: params.json)))
    }

    // MARK: Lifecycle

    /// `initialize`, then `initialized`.
    @discardableResult
    public func initialize(_ params: InitializeRequest.Params) async throws -> InitializeResult {
        let result = try await send(InitializeRequest.self, params)
        lock.withLock { initialized = result }
        try notify(InitializedNotification.self, NoParams())
        return result
    }

    /// `shutdown`, then `exit`; waits for a launched server to end.
    public func shutdown() async throws {
        _ = try await send(ShutdownRequest.self, NoParams())
        try notify(ExitNotification.self, NoParams())
        if let process { await Task.detached { process.waitUntilExit() }.value }
        connection.close()
    }


    // MARK: Reading

    private func receive(_ incoming: Incoming) {
        switch incoming {
        case .message(.response(let response)):
            guard let id = response.id, let continuation = lock.withLock({ () -> CheckedContinuation<JSON, any Error>? in
                outgoing[id] = nil
                return waiting.removeValue(forKey: id)
            }) else { return }
            switch response.result {
            case .success(let json): continuation.resume(returning: json)
            case .failure(let error) where error.code == .requestCancelled: continuation.resume(throwing: CancellationError())
            case .failure(let error): continuation.resume(throwing: error)
            }
        case .message(.notification(let notification)) where notification.method == LogMessageNotification.method:
            if let params = try? LogMessageNotification.Params(json: notification.params ?? .null, path: "params") {
                logContinuation.yield(params)
            }
        case .message(.notification(let notification)) where notification.method == ProgressNotification.method:
            if let params = try? ProgressNotification.Params(json: notification.params ?? .null, path: "params") {
                progressContinuation.yield(params)
            }
        case .message(.request(let request)):
            // Requests from the server (e.g. window/workDoneProgress/create) are acknowledged.
            lock.withLock { requestsReceived.append(request.method) }
            try? connection.send(.response(Response(id: request.id, result: .null)))
        case .eof:
            let orphans = lock.withLock { () -> [CheckedContinuation<JSON, any Error>] in
                closed = true
                defer { (waiting, outgoing) = ([:], [:]) }
                return Array(waiting.values)
            }
            for continuation in orphans { continuation.resume(throwing: ClientError.connectionClosed) }
            logContinuation.finish()
            progressContinuation.finish()
        default:
            break
        }
    }
}

/// Why a request got no result from the server.
public enum ClientError: Error, Equatable, CustomStringConvertible {
    /// The server closed the connection (or was never reachable).
    case connectionClosed
    /// The server answered something that is not the method's result type.
    case unexpectedResult(method: String, String)

    public var description: String {
        switch self {
        case .connectionClosed: return "the server closed the connection"
        case .unexpectedResult(let method, let message): return "unexpected result of \(method): \(message)"
        }
    }
}
