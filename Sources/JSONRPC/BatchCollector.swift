import Foundation
import ThumbIndexJSON

/// Gathers the replies to one incoming batch so they go back as a single array, as JSON-RPC 2.0 requires.
///
/// Every request of the batch has a slot of its own, in batch order, and gets its reply through `replier(for:)`;
/// replies are matched by position, never by id, so a batch that repeats an id (or shares one with a request in
/// flight elsewhere) still gets each answer in its place, and a slot answered once ignores later answers. Invalid
/// elements are answered at once with their error; notifications and responses need no reply. When every request
/// has its response, `send` is called once with all replies in the batch's order. If nothing in the batch needs a
/// reply, `send` is never called (the spec says to send nothing then).
///
///     case .batch(let elements):
///         let replies = BatchCollector(elements) { try? connection.send(batch: $0) }
///         for (position, element) in elements.enumerated() {
///             if case .success(.request(let request)) = element {
///                 let reply = replies.replier(for: position)
///                 Task { reply(await handle(request)) }
///             }
///         }
public final class BatchCollector: @unchecked Sendable {
    private let lock = NSLock()
    /// One per element that gets a reply (requests and invalid elements), in batch order.
    private var slots: [Response?] = []
    /// The slot of each element of the batch, nil for those that get no reply.
    private let slotOfElement: [Int?]
    private var awaiting = 0
    private let send: @Sendable ([Message]) -> Void

    /// A collector for one batch; invalid elements get their error replies at once.
    ///
    /// - Parameters:
    ///   - elements: the batch, as `Incoming.batch` holds it.
    ///   - send: called once, with every reply in batch order, when the last request is answered (at once if the
    ///     batch holds only invalid elements; never if nothing in it needs a reply).
    public init(_ elements: [Result<Message, InvalidMessage>], send: @escaping @Sendable ([Message]) -> Void) {
        self.send = send
        var slotOfElement: [Int?] = []
        for element in elements {
            switch element {
            case .success(.request):
                slotOfElement.append(slots.count)
                slots.append(nil)
                awaiting += 1
            case .success(.notification), .success(.response):
                slotOfElement.append(nil)
            case .failure(let invalid):
                slotOfElement.append(slots.count)
                slots.append(invalid.response)
            }
        }
        self.slotOfElement = slotOfElement
        if awaiting == 0, !slots.isEmpty { send(collected()) }
    }

    /// The function that answers the request at `position` in the batch. Only its first call counts.
    public func replier(for position: Int) -> @Sendable (Response) -> Void {
        precondition(slotOfElement.indices.contains(position), "no element \(position) in this batch")
        guard let slot = slotOfElement[position] else { return { _ in } }
        return { [self] response in answer(slot, response) }
    }

    private func answer(_ slot: Int, _ response: Response) {
        let complete: [Message]?
        lock.lock()
        guard slots[slot] == nil else {
            lock.unlock()
            return
        }
        slots[slot] = response
        awaiting -= 1
        complete = awaiting == 0 ? collected() : nil
        lock.unlock()
        if let complete { send(complete) }
    }

    private func collected() -> [Message] {
        slots.compactMap { $0.map(Message.response) }
    }
}
