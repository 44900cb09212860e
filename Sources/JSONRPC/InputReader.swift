import Foundation
import ThumbIndexJSON

/// The reader thread's loop: reads the input, cuts frames, decodes them and hands the events to the handler in order.
///
/// Backpressure: an event is handed over only while the outbox holds at most `outboxLimit` bytes. While it holds
/// more (the peer is not reading its replies), events wait in a backlog of at most `backlogLimit` bytes of frames,
/// and past that nothing more is read, so the peer's writes block and memory stays bounded. Reading on into the
/// backlog lets the reader still see the end of input, or an ending message such as `exit`: those wait for the
/// backlog only while the peer makes progress reading.
struct InputReader {
    static let backlogLimit = 4 << 20
    /// How long an ending waits behind a backlog for the peer to read something.
    static let stallTimeout = 0.3

    let input: Int32
    /// The read end of the pipe that `close()` writes to, to wake the reader.
    let wake: Int32?
    var framer: any Framer
    let outbox: Outbox
    let outboxLimit: Int
    let isClosed: () -> Bool

    private let parser = JSONParser()
    private var backlog: [(event: Incoming, size: Int)] = []
    private var backlogHead = 0
    private var backlogBytes = 0
    private var streamOffset = 0

    init(input: Int32, wake: Int32?, framer: any Framer, outbox: Outbox, outboxLimit: Int, isClosed: @escaping () -> Bool) {
        self.input = input
        self.wake = wake
        self.framer = framer
        self.outbox = outbox
        self.outboxLimit = outboxLimit
        self.isClosed = isClosed
    }

    mutating func run(_ handler: (Incoming) -> Void, ending isEnding: (Incoming) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: FileDescriptors.pipeCapacity)
        /// The ending read (an ending message, or `.eof`), waiting for the backlog.
        var ending: Incoming?
        while !isClosed() {
            // Hand over what may go now.
            while backlogHead < backlog.count, outbox.pendingBytes <= outboxLimit {
                let event = popBacklog()
                guard !isClosed() else { return }
                handler(event)
            }
            if isClosed() { return }
            let paused = backlogHead < backlog.count
            if let end = ending {
                if !paused {
                    handler(end)
                    return
                }
                // The peer has said its last word: wait for it to read, but not forever.
                if !outbox.waitForProgress(timeout: Self.stallTimeout) {
                    handler(end)
                    return
                }
                continue
            }
            if paused && backlogBytes >= Self.backlogLimit {
                outbox.waitForRoom(limit: outboxLimit) { isClosed() || inputHungUp() }
                if inputHungUp() && outbox.pendingBytes > outboxLimit { ending = .eof }
                continue
            }
            // Paused: wake now and then to see whether the peer has read its replies.
            guard waitForInput(timeout: paused ? 50 : -1) else { continue }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                streamOffset += count
                let events = buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                ending = enqueue(events, isEnding: isEnding)
                continue
            }
            if count < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
                let message = "reading file descriptor \(input) failed: \(FileDescriptors.describe(code))"
                if let end = enqueue([.error(FramingError(message, offset: streamOffset))], isEnding: isEnding) {
                    ending = end
                    continue
                }
            }
            ending = enqueue(framer.finish(), isEnding: isEnding) ?? .eof
        }
    }

    /// Decodes events into the backlog, up to and excluding the first ending, which it returns.
    private mutating func enqueue(_ events: [FramerEvent], isEnding: (Incoming) -> Bool) -> Incoming? {
        for event in events {
            let incoming: Incoming
            let size: Int
            switch event {
            case .frame(let body):
                incoming = Incoming.decode(frame: body, parser: parser)
                size = body.count
            case .error(let error):
                incoming = .framingError(error)
                size = 64
            }
            if isEnding(incoming) { return incoming }
            backlog.append((incoming, size))
            backlogBytes += size
        }
        return nil
    }

    private mutating func popBacklog() -> Incoming {
        let (event, size) = backlog[backlogHead]
        backlogBytes -= size
        backlogHead += 1
        if backlogHead == backlog.count {
            backlog.removeAll(keepingCapacity: true)
            backlogHead = 0
        }
        return event
    }

    /// Waits until the input is readable (true) or `timeout` milliseconds pass or `close()` wakes the reader (false).
    private func waitForInput(timeout: Int32) -> Bool {
        var entries = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0)]
        while true {
            let result = poll(&entries, 2, timeout)
            if result < 0, errno == EINTR { continue }
            if result == 0 { return false }
            // On any other poll failure, let read() find and report the problem.
            return entries[1].revents == 0
        }
    }

    /// Whether the peer has closed its end of the input (data may still be buffered).
    private func inputHungUp() -> Bool {
        var entry = pollfd(fd: input, events: 0, revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLHUP | POLLERR) != 0
    }
}
