import Foundation
import JSONRPC
import ThumbIndexJSON

/// Everything one server sent, from any thread: single messages, batch replies, and calls to its exit closure.
/// Requests are answered on worker threads, so the harness waits here until the replies it expects have come.
final class ReplyLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var singles: [Message] = []
    private var batches: [[Message]] = []
    private var responses = 0
    private var exits: [Int32] = []

    func record(_ message: Message) {
        condition.withLock {
            singles.append(message)
            if case .response = message { responses += 1 }
            condition.broadcast()
        }
    }

    func recordBatch(_ messages: [Message]) {
        condition.withLock {
            batches.append(messages)
            condition.broadcast()
        }
    }

    /// The server's `exit` closure. It must not end the fuzzer: it only notes that the server asked to.
    func recordExit(_ code: Int32) {
        condition.withLock {
            exits.append(code)
            condition.broadcast()
        }
    }

    var hasExited: Bool { condition.withLock { !exits.isEmpty } }

    /// Waits until at least `responses` single responses and `batches` batch replies have arrived, or the server
    /// exited; false when `timeout` seconds passed first.
    func wait(responses expected: Int, batches expectedBatches: Int, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while responses < expected || batches.count < expectedBatches {
                if !exits.isEmpty { return true }
                if !condition.wait(until: deadline) { return responses >= expected && batches.count >= expectedBatches }
            }
            return true
        }
    }

    func snapshot() -> (singles: [Message], batches: [[Message]], exits: [Int32]) {
        condition.withLock { (singles, batches, exits) }
    }

    /// Forgets what the setup produced, so that only the input's replies are judged.
    func reset() {
        condition.withLock {
            singles = []
            batches = []
            responses = 0
            exits = []
        }
    }
}

/// What the replies to an input must be, worked out from what the transport decoded (not from what the input was
/// meant to be: after a mutation only the decoder knows which ids survived).
struct Expectations {
    /// Ids of the single responses due, by id (nil: `"id": null`, for unreadable messages and broken frames).
    var singles: [RequestID?: Int] = [:]
    var singleCount = 0
    /// Per batch that needs a reply, the ids of its replies in batch order.
    var batches: [[RequestID?]] = []
    /// Every id the input carried, so a probe id can be chosen that does not collide.
    var carried: Set<RequestID> = []
    var shutdownSent = false
    var sentinelTouched = false
    /// Frames and framing errors, each one message on the wire.
    var frames = 0
    /// JSON-RPC messages, counting each element of a batch.
    var messages = 0

    mutating func note(_ incoming: Incoming) {
        frames += 1
        switch incoming {
        case .message(let message):
            messages += 1
            if let id = replyID(of: message) { expectSingle(id) }
        case .invalid(let invalid):
            messages += 1
            expectSingle(invalid.id)
        case .framingError:
            expectSingle(nil)
        case .batch(let elements):
            messages += elements.count
            var ids: [RequestID?] = []
            for element in elements {
                switch element {
                case .success(let message): if let id = replyID(of: message) { ids.append(id) }
                case .failure(let invalid): ids.append(invalid.id); if let id = invalid.id { carried.insert(id) }
                }
            }
            if !ids.isEmpty { batches.append(ids) }
        case .eof:
            break
        }
    }

    mutating func expectSingle(_ id: RequestID?) {
        singles[id, default: 0] += 1
        singleCount += 1
        if let id { carried.insert(id) }
    }

    /// The id a message must be answered with, if it is a request; notes what the harness must know of the rest.
    private mutating func replyID(of message: Message) -> RequestID?? {
        switch message {
        case .request(let request):
            carried.insert(request.id)
            if request.method == "shutdown" { shutdownSent = true }
            return .some(request.id)
        case .notification(let notification):
            let edits = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"]
            if edits.contains(notification.method),
               notification.params?["textDocument"]?["uri"]?.stringValue == FuzzFixture.sentinel.uri {
                sentinelTouched = true
            }
            return nil
        case .response:
            return nil
        }
    }
}
