import Foundation

/// Gathers the replies to one incoming batch so they go back as a single array, as JSON-RPC 2.0 requires.
///
/// Invalid elements are answered at once with their error; notifications and responses need no reply. When every
/// request of the batch has its response, `send` is called once with all replies in the batch's order. If nothing in
/// the batch needs a reply, `send` is never called (the spec says to send nothing then).
///
///     case .batch(let elements):
///         let replies = BatchCollector(elements) { try? connection.send(batch: $0) }
///         for case .success(.request(let request)) in elements {
///             Task { replies.reply(await handle(request)) }
///         }
public final class BatchCollector: @unchecked Sendable {
    private enum Slot {
        case awaiting(RequestID)
        case answered(Response)
    }

    private let lock = NSLock()
    private var slots: [Slot] = []
    private var awaiting = 0
    private let send: @Sendable ([Message]) -> Void

    public init(_ elements: [Result<Message, InvalidMessage>], send: @escaping @Sendable ([Message]) -> Void) {
        self.send = send
        for element in elements {
            switch element {
            case .success(.request(let request)):
                slots.append(.awaiting(request.id))
                awaiting += 1
            case .success(.notification), .success(.response):
                break
            case .failure(let invalid):
                slots.append(.answered(invalid.response))
            }
        }
        if awaiting == 0, !slots.isEmpty { send(collected()) }
    }

    /// Records the response to one of the batch's requests (matched by id, first unanswered first).
    /// Returns false when no request of this batch is waiting for that id.
    @discardableResult
    public func reply(_ response: Response) -> Bool {
        let complete: [Message]?
        lock.lock()
        guard let position = slots.firstIndex(where: {
            if case .awaiting(let id) = $0 { return id == response.id }
            return false
        }) else {
            lock.unlock()
            return false
        }
        slots[position] = .answered(response)
        awaiting -= 1
        complete = awaiting == 0 ? collected() : nil
        lock.unlock()
        if let complete { send(complete) }
        return true
    }

    /// True once every request has been answered.
    public var isComplete: Bool {
        lock.lock()
        defer { lock.unlock() }
        return awaiting == 0
    }

    private func collected() -> [Message] {
        slots.compactMap {
            if case .answered(let response) = $0 { return .response(response) }
            return nil
        }
    }
}
