import Foundation
import JSONRPC
import ThumbIndexJSON

/// Set when the client cancels a request; handlers check it between phases.
final class CancellationToken: @unchecked Sendable {
    private var cancelled = false
    private let lock = NSLock()

    var isCancelled: Bool { lock.withLock { cancelled } }
    func cancel() { lock.withLock { cancelled = true } }

    func check() throws(ResponseError) {
        if isCancelled { throw .requestCancelled() }
    }
}

/// Requests in flight by id. Whoever finishes a request first — its handler, or `$/cancelRequest` —
/// sends the one reply; the other finds it gone. So a cancelled request is answered at once with
/// -32800, even while its handler is still inside a long ICU call. A handler names its request by id and token: once
/// it is cancelled, a new request may take its id.
final class PendingRequests: @unchecked Sendable {
    private struct Pending {
        var token: CancellationToken
        var reply: @Sendable (Response) -> Void
    }

    private var pending: [RequestID: Pending] = [:]
    private let lock = NSCondition()

    /// Registers a request; nil when the id is already in flight.
    func begin(_ id: RequestID, reply: @escaping @Sendable (Response) -> Void) -> CancellationToken? {
        lock.withLock {
            guard pending[id] == nil else { return nil }
            let token = CancellationToken()
            pending[id] = Pending(token: token, reply: reply)
            return token
        }
    }

    func finish(_ id: RequestID, _ token: CancellationToken, _ result: Result<JSON, ResponseError>) {
        guard let request = remove(id, token) else { return }
        request.reply(Response(id: id, result: result))
    }

    func cancel(_ id: RequestID) {
        guard let request = remove(id, nil) else { return }
        request.token.cancel()
        request.reply(Response(id: id, error: .requestCancelled("request \(id) was cancelled")))
    }

    /// Runs `body` while `id` is still unanswered, and returns whether it ran: what a request sends before its reply
    /// (a partial result) cannot then come after the reply that a `$/cancelRequest` sends meanwhile.
    @discardableResult
    func whilePending(_ id: RequestID, _ token: CancellationToken, _ body: () -> Void) -> Bool {
        lock.withLock {
            guard pending[id]?.token === token else { return false }
            body()
            return true
        }
    }

    /// Stops every request in flight without answering (the process is about to exit).
    func abandonAll() {
        let abandoned = lock.withLock {
            defer { pending = [:]; lock.broadcast() }
            return pending.values.map(\.token)
        }
        for token in abandoned { token.cancel() }
    }

    /// Blocks while `limit` or more requests are in flight, so that a client sending faster than the server answers
    /// queues its requests in its own pipe rather than in the server's memory.
    func waitForRoom(limit: Int) {
        lock.withLock {
            while pending.count >= limit { lock.wait() }
        }
    }

    var count: Int { lock.withLock { pending.count } }

    /// The request `id` taken out, if it is still in flight (and is the one of `token`, when given).
    private func remove(_ id: RequestID, _ token: CancellationToken?) -> Pending? {
        lock.withLock {
            guard let request = pending[id], token.map({ $0 === request.token }) ?? true else { return nil }
            defer { lock.broadcast() }
            pending[id] = nil
            return request
        }
    }
}
