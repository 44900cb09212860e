import Foundation
import ThumbIndexJSON

/// The frames waiting to go out on one file descriptor, and the thread that writes them.
///
/// Senders only append to the queue, so a peer that stops reading never blocks them (nor anything that holds a lock
/// while sending): the writer thread alone waits on the full pipe. The queue's size in bytes is what the reader
/// checks for backpressure (`Connection.outboxLimit`). A write failure (EPIPE: the peer has gone) drops what is
/// queued, and every later `enqueue` throws it.
final class Outbox: @unchecked Sendable {
    private let descriptor: Int32
    private let closesDescriptor: Bool
    private let condition = NSCondition()
    /// The pieces of the frames queued, in order: bytes written already, or (a large value streamed) made by the
    /// writer thread when it reaches them.
    private var frames: [StreamedJSON.Piece] = []
    private var head = 0
    /// Bytes queued and not yet written (including the frame being written).
    private var queuedBytes = 0
    /// Bytes written since the start, to tell a peer that reads slowly from one that does not read at all.
    private var writtenBytes = 0
    private var closed = false
    private var failure: ConnectionError?
    private var writerStarted = false

    init(descriptor: Int32, closesDescriptor: Bool) {
        self.descriptor = descriptor
        self.closesDescriptor = closesDescriptor
    }

    var pendingBytes: Int { condition.withLock { queuedBytes } }

    /// The write failure that stopped the writer, if any.
    var writeFailure: ConnectionError? { condition.withLock { failure } }

    func enqueue(_ frame: [UInt8]) throws(ConnectionError) {
        try enqueue(pieces: [StreamedJSON.Piece(frame)])
    }

    /// Queues the pieces of one frame (a header and a large body, not copied into one; or a body streamed in pieces,
    /// each made when its turn comes), written one after another.
    func enqueue(pieces: [StreamedJSON.Piece]) throws(ConnectionError) {
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure }
        guard !closed else { throw ConnectionError("the connection is closed") }
        for piece in pieces where piece.count > 0 {
            frames.append(piece)
            queuedBytes += piece.count
        }
        if !writerStarted {
            writerStarted = true
            startWriter()
        }
        condition.broadcast()
    }

    /// Waits until everything queued has been written (or the writer failed); false on timeout.
    func waitUntilFlushed(timeout seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while queuedBytes > 0 && failure == nil {
            guard condition.wait(until: deadline) else { return queuedBytes == 0 || failure != nil }
        }
        return true
    }

    /// Waits while more than `limit` bytes are queued, waking every `interval` seconds to ask `giveUp` whether to stop
    /// waiting anyway. Returns at once when the writer has failed or the outbox is closed.
    func waitForRoom(limit: Int, interval: Double = 0.05, giveUp: () -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        while queuedBytes > limit && failure == nil && !closed {
            if !condition.wait(until: Date(timeIntervalSinceNow: interval)), giveUp() { return }
        }
    }

    /// Waits until some queued bytes have been written (or the queue is empty, or writing failed); false when
    /// nothing moved for `seconds`.
    func waitForProgress(timeout seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        let before = writtenBytes
        while writtenBytes == before && queuedBytes > 0 && failure == nil {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }

    /// Refuses new frames; the writer writes what is queued, then closes the descriptor if it owns it. Never blocks:
    /// a peer that does not read keeps only the writer thread waiting.
    func close() {
        condition.lock()
        closed = true
        let idle = !writerStarted
        writerStarted = true  // no writer may start from now on
        condition.broadcast()
        condition.unlock()
        if idle, closesDescriptor { FileDescriptors.close(descriptor) }
    }

    private func startWriter() {
        let thread = Thread { [self] in writeLoop() }
        thread.name = "jsonrpc-writer"
        thread.start()
    }

    private func writeLoop() {
        while true {
            condition.lock()
            while head == frames.count && !closed { condition.wait() }
            guard head < frames.count, failure == nil else {
                condition.unlock()
                break
            }
            let piece = frames[head]
            frames[head] = StreamedJSON.Piece([])
            head += 1
            if head > 1024 && head * 2 > frames.count {  // drop the written prefix now and then, not per frame
                frames.removeFirst(head)
                head = 0
            }
            condition.unlock()

            // A streamed piece is made here, as the peer reads: only the piece being written is in memory.
            var outcome: ConnectionError?
            do throws(ConnectionError) { try FileDescriptors.writeAll(descriptor, piece.bytes()) } catch { outcome = error }

            condition.lock()
            queuedBytes -= piece.count
            writtenBytes += piece.count
            if let outcome {
                failure = outcome
                frames = []
                head = 0
                queuedBytes = 0
            }
            condition.broadcast()
            condition.unlock()
        }
        if closesDescriptor { FileDescriptors.close(descriptor) }
    }
}
