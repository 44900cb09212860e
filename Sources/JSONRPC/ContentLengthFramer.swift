import ThumbIndexJSON

/// Splits a stream of `Content-Length` framed messages (LSP's base protocol).
///
/// A header block is lines ending in `\r\n`, closed by an empty line; header names are case-insensitive,
/// `Content-Length` (decimal digits, at most `maxContentLength`) is required and other headers are ignored.
/// Empty lines before a header block are skipped, as a tolerated separator.
///
/// A broken header block is reported once and then skipped so that the stream goes on:
/// - if it still had a usable `Content-Length` (say its lines ended in a bare `\n`), that many body bytes are
///   skipped too, and the next message is read normally;
/// - otherwise the body's length is unknown, so the framer discards bytes up to the next `Content-Length`
///   header, where the next message most likely starts.
///
///     var framer = ContentLengthFramer()
///     framer.feed(Array("Content-Length: 2\r\n\r\n{}".utf8))   // [.frame([0x7B, 0x7D])]
public struct ContentLengthFramer: Framer, Sendable {
    /// The largest body accepted unless told otherwise: 256 MiB.
    public static let defaultMaxContentLength = 256 << 20
    /// A header block longer than this is garbage, not headers.
    public static let maxHeaderBlockLength = 64 << 10

    /// A `Content-Length` above this is reported as an error, and the framer skips to the next `Content-Length`
    /// header.
    public let maxContentLength: Int

    private enum State {
        case header
        case body(length: Int)
        /// Skipping the body of a broken frame whose length was known.
        case skipping(remaining: Int)
        /// Looking for the next `Content-Length` after a broken frame whose length was unknown.
        case resynchronising
    }

    /// What has been read of the current header block.
    private struct HeaderBlock {
        var start: Int?
        var length = 0
        var contentLength: Int?
        /// Set when a Content-Length header was unreadable, so the body's length is unknown.
        var lengthUnknown = false
        var problem: FramingError?

        /// The body length, if the block gave one that can be trusted.
        var usableLength: Int? { lengthUnknown ? nil : contentLength }

        mutating func note(_ message: String, offset: Int) {
            if problem == nil { problem = FramingError(message, offset: offset) }
        }
    }

    private var queue = ByteQueue()
    private var state = State.header
    private var block = HeaderBlock()
    /// Bytes at the front of `queue` already searched for a line end.
    private var scanned = 0

    /// A framer that refuses bodies longer than `maxContentLength`.
    public init(maxContentLength: Int = ContentLengthFramer.defaultMaxContentLength) {
        self.maxContentLength = maxContentLength
    }

    /// Takes the next bytes of the stream; returns the frames and errors they complete.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [FramerEvent] {
        queue.append(bytes)
        var events: [FramerEvent] = []
        process(into: &events)
        return events
    }

    /// Reports a header block or a body cut short by the end of input.
    public mutating func finish() -> [FramerEvent] {
        switch state {
        case .header:
            let pendingIsBlank = (0..<queue.count).allSatisfy { queue[$0] == 0x0D || queue[$0] == 0x0A }
            if block.start != nil || !pendingIsBlank {
                let start = block.start ?? queue.streamOffset
                return [.error(FramingError("end of input inside the header block starting at byte \(start)",
                                            offset: start))]
            }
        case .body(let length):
            let start = block.start ?? queue.streamOffset
            return [.error(FramingError(
                "end of input after \(queue.count) of the \(length) body bytes of the message starting at byte \(start)",
                offset: start))]
        case .skipping, .resynchronising:
            break  // already reported
        }
        return []
    }

    private mutating func process(into events: inout [FramerEvent]) {
        while true {
            switch state {
            case .header:
                if block.start == nil, !queue.isEmpty, queue[0] == UInt8(ascii: "{") || queue[0] == UInt8(ascii: "[") {
                    // JSON where a header should be: say so at once instead of waiting for a line end.
                    events.append(.error(FramingError(
                        "expected a Content-Length header at byte \(queue.streamOffset), found JSON; "
                        + "messages must start with 'Content-Length: N\\r\\n\\r\\n' (a server started with --jsonl reads one JSON message per line)",
                        offset: queue.streamOffset)))
                    startNewBlock(.resynchronising)
                    continue
                }
                guard let lineEnd = queue.firstIndex(of: 0x0A, from: scanned) else {
                    scanned = queue.count
                    if block.length + queue.count > Self.maxHeaderBlockLength { dropOverlongHeader(into: &events) }
                    return
                }
                if block.length + lineEnd + 1 > Self.maxHeaderBlockLength {
                    dropOverlongHeader(into: &events)
                    continue
                }
                readHeaderLine(through: lineEnd, into: &events)

            case .body(let length):
                guard queue.count >= length else {
                    queue.reserve(length)
                    return
                }
                events.append(.frame(queue.take(length)))
                startNewBlock(.header)

            case .skipping(let remaining):
                let skipped = min(remaining, queue.count)
                queue.drop(skipped)
                guard skipped == remaining else {
                    state = .skipping(remaining: remaining - skipped)
                    return
                }
                startNewBlock(.header)

            case .resynchronising:
                if let start = findContentLengthName() {
                    queue.drop(start)
                    startNewBlock(.header)
                } else {
                    // Keep a tail that may be the beginning of a split "Content-Length".
                    queue.drop(max(0, queue.count - (contentLengthName.count - 1)))
                    return
                }
            }
        }
    }

    /// Reports a header block over the limit and drops it up to the first byte past the limit, then looks for the
    /// next `Content-Length` from there. The cut falls on the same byte however the input was split into reads, so
    /// the frames that follow do not depend on the chunking.
    private mutating func dropOverlongHeader(into events: inout [FramerEvent]) {
        let start = block.start ?? queue.streamOffset
        events.append(.error(FramingError(
            "header block starting at byte \(start) is longer than \(Self.maxHeaderBlockLength) bytes "
            + "without an empty line; is the peer sending Content-Length framing?", offset: start)))
        queue.drop(Self.maxHeaderBlockLength + 1 - block.length)
        startNewBlock(.resynchronising)
    }

    private mutating func startNewBlock(_ next: State) {
        state = next
        block = HeaderBlock()
        scanned = 0
    }

    /// Consumes one header line (bytes 0...lineEnd of the queue) and acts on it.
    private mutating func readHeaderLine(through lineEnd: Int, into events: inout [FramerEvent]) {
        let lineStart = queue.streamOffset
        let hasCR = lineEnd > 0 && queue[lineEnd - 1] == 0x0D
        let line = Array(queue.bytes(0..<(hasCR ? lineEnd - 1 : lineEnd)))
        queue.drop(lineEnd + 1)
        scanned = 0
        block.length += lineEnd + 1

        if line.isEmpty && block.start == nil {
            block.length = 0  // a blank line between messages: tolerated
            return
        }
        if block.start == nil { block.start = lineStart }
        if !hasCR {
            block.note("header line at byte \(lineStart) ends with a bare \\n; header lines must end with \\r\\n",
                       offset: lineStart)
        }
        if line.isEmpty {
            endHeaderBlock(into: &events)
        } else {
            readHeaderField(line, at: lineStart)
        }
    }

    private mutating func readHeaderField(_ line: [UInt8], at offset: Int) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              !line[..<colon].contains(where: { $0 == 0x20 || $0 == 0x09 }) else {
            block.note("malformed header line \(quoted(line)) at byte \(offset), expected 'Name: value'", offset: offset)
            return
        }
        guard line[..<colon].map(lowercasedASCII).elementsEqual(contentLengthName) else { return }  // others ignored

        let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
            .reversed()
        guard !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            block.note("invalid Content-Length \(quoted(value)) at byte \(offset), expected a decimal number of bytes",
                       offset: offset)
            block.lengthUnknown = true
            return
        }
        var length = 0
        for digit in value {
            length = length * 10 + Int(digit - UInt8(ascii: "0"))
            if length > maxContentLength {
                block.note(
                    "Content-Length \(quoted(value)) at byte \(offset) is over the limit of \(maxContentLength) bytes",
                    offset: offset)
                block.lengthUnknown = true
                return
            }
        }
        if let previous = block.contentLength, previous != length {
            block.note("conflicting Content-Length headers (\(previous) and \(length)) at byte \(offset)", offset: offset)
            block.lengthUnknown = true
        }
        block.contentLength = length
    }

    private mutating func endHeaderBlock(into events: inout [FramerEvent]) {
        let start = block.start ?? queue.streamOffset
        if let problem = block.problem {
            events.append(.error(problem))
            if let length = block.usableLength {
                state = .skipping(remaining: length)
            } else {
                state = .resynchronising
            }
        } else if let length = block.usableLength {
            state = .body(length: length)
            return  // keep `block.start` for an end-of-input report
        } else {
            events.append(.error(FramingError("header block at byte \(start) has no Content-Length header",
                                              offset: start)))
            state = .resynchronising
        }
        let next = state
        startNewBlock(next)
    }

    /// Offset in the queue of the next "content-length:" (any case), if any.
    private func findContentLengthName() -> Int? {
        let name = contentLengthName
        guard queue.count >= name.count else { return nil }
        for start in 0...(queue.count - name.count)
        where (0..<name.count).allSatisfy({ lowercasedASCII(queue[start + $0]) == name[$0] }) {
            return start
        }
        return nil
    }
}

private let contentLengthName: [UInt8] = Array("content-length".utf8)

private func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
}
