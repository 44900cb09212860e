import Foundation
import ThumbIndexJSON

/// A JSON-RPC 2.0 connection over a pair of file descriptors, for a server or a client alike.
///
/// One reader thread reads the input, cuts it into frames, parses and validates them, and hands each event to the
/// handler, in order, on that thread — so the handler should dispatch work elsewhere quickly (a slow handler delays
/// reading, including `$/cancelRequest`s). Sending is thread-safe and never blocks: each message is serialised on the
/// caller's thread and queued whole; a writer thread writes the queue in order, so messages never interleave.
///
/// Backpressure: while more than `outboxLimit` bytes wait to be written (the peer is not reading), the reader reads
/// nothing more, so memory stays bounded whatever the peer sends. It still notices when the peer closes its end.
///
/// The connection owns its descriptors unless told otherwise: `close()` stops the reader and lets the writer finish
/// what is queued before it closes the output; the reader closes the input when it stops. Creating a connection sets
/// SIGPIPE to be ignored process-wide, so that writing to a peer that has gone away fails with EPIPE instead of
/// killing the process.
///
///     let connection = Connection(input: input, output: output)
///     connection.start { incoming in
///         if case .message(.request(let request)) = incoming {
///             try? connection.send(.response(Response(id: request.id, result: .null)))
///         }
///     }
///     connection.waitUntilReaderFinished()
public final class Connection: @unchecked Sendable {
    /// How messages are cut out of the input and framed on the output.
    public let framing: Framing

    /// Bytes waiting to be written above which the reader pauses (4 MiB by default).
    public let outboxLimit: Int

    private let input: Int32
    private let outputDescriptor: Int32
    private let closesFileDescriptors: Bool
    private let outbox: Outbox

    /// Guards the reader's and the descriptors' state below.
    private let stateLock = NSLock()
    private var readerStarted = false
    private var readerRunning = false
    private var closed = false
    private var inputClosed = false

    /// A pipe whose only job is to wake the reader out of `poll` when `close()` is called.
    private let wake: (read: Int32, write: Int32)?
    private let readerFinished = DispatchGroup()

    /// A connection over two descriptors (they may be the same one, say a socket). Nothing is read until `start`.
    ///
    /// - Parameters:
    ///   - input: the descriptor to read messages from.
    ///   - output: the descriptor to write messages to.
    ///   - framing: how messages are framed both ways.
    ///   - closesFileDescriptors: whether the connection closes `input` and `output` when done; false to keep
    ///     them open for the caller.
    ///   - outboxLimit: bytes waiting to be written above which the reader pauses.
    public init(input: Int32, output: Int32, framing: Framing = .contentLength, closesFileDescriptors: Bool = true,
                outboxLimit: Int = 4 << 20) {
        StandardStreams.ignoreSIGPIPE()
        self.input = input
        self.outputDescriptor = output
        self.framing = framing
        self.closesFileDescriptors = closesFileDescriptors
        self.outboxLimit = outboxLimit
        // When one descriptor is both input and output, the input side closes it.
        self.outbox = Outbox(descriptor: output, closesDescriptor: closesFileDescriptors && output != input)
        // Without the wake pipe (out of descriptors) everything works except that close() cannot interrupt a read.
        self.wake = try? FileDescriptors.makePipe()
    }

    deinit {
        if let wake {
            FileDescriptors.close(wake.read)
            FileDescriptors.close(wake.write)
        }
        outbox.close()
        if closesFileDescriptors, !inputClosed { FileDescriptors.close(input) }
    }

    /// A connected client and server in this process, over two pipes; for tests.
    public static func pair(framing: Framing = .contentLength)
        throws(ConnectionError) -> (client: Connection, server: Connection) {
        let toServer = try FileDescriptors.makePipe()
        let toClient: (read: Int32, write: Int32)
        do {
            toClient = try FileDescriptors.makePipe()
        } catch {
            FileDescriptors.close(toServer.read)
            FileDescriptors.close(toServer.write)
            throw error
        }
        return (Connection(input: toClient.read, output: toServer.write, framing: framing),
                Connection(input: toServer.read, output: toClient.write, framing: framing))
    }

    // MARK: Reading

    /// Starts the reader thread; `handler` gets every event in order, ending with `.eof` when the peer closes its end.
    /// After `close()` no further events are delivered. Call at most once.
    ///
    /// `ending` names the messages after which nothing matters (a server's `exit`). When the reader is paused for
    /// backpressure and such a message (or the end of input) is read, the events queued before it are still
    /// delivered as long as the peer reads replies; if it reads nothing for 0.3 s, the ending is delivered at
    /// once, so that a client that stops reading cannot keep the process from ending.
    public func start(ending: @escaping @Sendable (Incoming) -> Bool = { _ in false },
                      _ handler: @escaping @Sendable (Incoming) -> Void) {
        stateLock.lock()
        precondition(!readerStarted, "Connection.start called twice")
        readerStarted = true
        guard !closed else {
            stateLock.unlock()
            return
        }
        readerRunning = true
        readerFinished.enter()
        stateLock.unlock()

        let thread = Thread { [self] in
            readLoop(handler, ending: ending)
            stateLock.lock()
            readerRunning = false
            closeInputIfDone()
            stateLock.unlock()
            readerFinished.leave()
        }
        thread.name = "jsonrpc-reader"
        thread.stackSize = 8 << 20  // like a main thread: parsing nests up to 512 levels and the handler runs here
        thread.start()
    }

    /// Starts the reader and returns its events as a stream, which finishes when the reader stops.
    public func startStream() -> AsyncStream<Incoming> {
        let (stream, continuation) = AsyncStream.makeStream(of: Incoming.self)
        start { continuation.yield($0) }
        readerFinished.notify(queue: .global()) { continuation.finish() }
        return stream
    }

    /// Blocks until the reader thread has stopped (at end of input or after `close()`); returns at once if it never
    /// started. Do not call it from the handler, which runs on the reader thread.
    public func waitUntilReaderFinished() {
        readerFinished.wait()
    }

    /// As `waitUntilReaderFinished()`, giving up after `seconds`; returns whether the reader has stopped.
    @discardableResult
    public func waitUntilReaderFinished(timeout seconds: Double) -> Bool {
        readerFinished.wait(timeout: .now() + seconds) == .success
    }

    private var isClosed: Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        return closed
    }

    private func readLoop(_ handler: @Sendable (Incoming) -> Void, ending: @Sendable (Incoming) -> Bool) {
        var reader = InputReader(input: input, wake: wake?.read, framer: framing.makeFramer(), outbox: outbox,
                                 outboxLimit: outboxLimit, isClosed: { [self] in isClosed })
        reader.run(handler, ending: ending)
    }

    // MARK: Writing

    /// Queues one message; thread-safe, never blocks. Throws when the connection is closed or an earlier write failed
    /// (EPIPE: the peer has gone).
    public func send(_ message: Message) throws(ConnectionError) {
        let json = message.json
        if let pieces = JSONWriter().pieces(json, minimum: Self.largeBody) {
            // A large `.streamed` value: its pieces are made by the writer thread as the peer reads.
            try enqueue(body: pieces)
            return
        }
        try write(body: JSONWriter().write(json))
    }

    /// Sends several messages as one JSON-RPC batch (a JSON array); sends nothing for an empty list.
    public func send(batch messages: [Message]) throws(ConnectionError) {
        guard !messages.isEmpty else { return }
        try write(body: JSONWriter().write(.array(messages.map(\.json))))
    }

    /// Queues one frame holding `body`, which must be a JSON text (compact for line framing).
    public func write(body: [UInt8]) throws(ConnectionError) {
        if body.count >= Self.largeBody {
            // A large body goes between its head and tail as it is: framing it would copy megabytes.
            try enqueue(body: [StreamedJSON.Piece(body)])
        } else {
            try outbox.enqueue(framing.frame(body))
        }
    }

    /// Bytes of a body written in pieces after its head (smaller ones are framed and written in one write).
    private static let largeBody = 1 << 16

    private func enqueue(body pieces: [StreamedJSON.Piece]) throws(ConnectionError) {
        let (head, tail) = framing.envelope(bodyLength: pieces.reduce(0) { $0 + $1.count })
        try outbox.enqueue(pieces: [StreamedJSON.Piece(head)] + pieces + [StreamedJSON.Piece(tail)])
    }

    /// Waits until every queued message has been written, or the write failed; false after `seconds`.
    @discardableResult
    public func flush(timeout seconds: Double) -> Bool {
        outbox.waitUntilFlushed(timeout: seconds)
    }

    /// Bytes queued and not yet written.
    public var pendingOutputBytes: Int { outbox.pendingBytes }

    /// Waits while more than `limit` bytes are queued (the peer has not read them yet), asking `giveUp` now and then
    /// whether to stop waiting anyway: what a sender of many messages calls before making the next one, so that it
    /// goes at the peer's pace. Returns at once when the connection is closed or writing failed.
    public func waitUntilRead(below limit: Int, giveUp: () -> Bool) {
        outbox.waitForRoom(limit: limit, giveUp: giveUp)
    }

    /// The failure that stopped writing (EPIPE when the peer has gone), if any.
    public var writeFailure: ConnectionError? { outbox.writeFailure }

    // MARK: Closing

    /// Closes the connection: later sends throw, the reader stops without delivering more events, and owned
    /// descriptors are closed (the output once the writer has written what was queued, the input once the reader
    /// has let go of it). Idempotent, and never blocks, even when the peer does not read.
    public func close() {
        stateLock.lock()
        guard !closed else {
            stateLock.unlock()
            return
        }
        closed = true
        stateLock.unlock()

        outbox.close()

        if let wake { FileDescriptors.writeByte(wake.write) }
        stateLock.lock()
        closeInputIfDone()
        stateLock.unlock()
    }

    /// Closes the input once nobody needs it; call with `stateLock` held.
    private func closeInputIfDone() {
        guard closesFileDescriptors, !inputClosed, !readerRunning else { return }
        // The reader ended at EOF but the same descriptor is still the output: leave it to close().
        guard input != outputDescriptor || closed else { return }
        FileDescriptors.close(input)
        inputClosed = true
    }
}
