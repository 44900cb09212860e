import ThumbIndexJSON

/// Splits newline-delimited JSON: one message per line.
///
/// Lines end in `\n` (a `\r` before it is dropped, for CRLF writers); blank lines are skipped; a last line without a
/// newline still counts at end of input. A line longer than `maxLineLength` is reported and skipped up to its end.
/// Compact JSON never holds a raw newline (strings escape it), which is what makes this framing work.
///
///     var framer = LineFramer()
///     framer.feed(Array("{}\r\n\n[]\n".utf8))   // [.frame("{}"), .frame("[]")]
public struct LineFramer: Framer, Sendable {
    /// The longest line accepted unless told otherwise: 256 MiB.
    public static let defaultMaxLineLength = 256 << 20

    /// A line longer than this is reported as an error and skipped up to its end.
    public let maxLineLength: Int

    private var queue = ByteQueue()
    /// Bytes at the front of `queue` already searched for a newline.
    private var scanned = 0
    /// Discarding the rest of an over-long line.
    private var discarding = false

    /// A framer that refuses lines longer than `maxLineLength`.
    public init(maxLineLength: Int = LineFramer.defaultMaxLineLength) {
        self.maxLineLength = maxLineLength
    }

    /// Takes the next bytes of the stream; returns a frame for each non-blank line they complete, or an error for
    /// one that is too long.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [FramerEvent] {
        queue.append(bytes)
        var events: [FramerEvent] = []
        while let newline = queue.firstIndex(of: 0x0A, from: scanned) {
            if discarding {
                discarding = false
                queue.drop(newline + 1)
            } else {
                emitLine(length: newline, into: &events)
                queue.drop(1)
            }
            scanned = 0
        }
        scanned = queue.count
        if queue.count > maxLineLength {
            if !discarding {
                events.append(.error(overlongLine()))
            }
            discarding = true
            queue.drop(queue.count)
            scanned = 0
        }
        return events
    }

    /// Yields a last line that has no newline, unless blank or being skipped.
    public mutating func finish() -> [FramerEvent] {
        var events: [FramerEvent] = []
        if !discarding { emitLine(length: queue.count, into: &events) }
        return events
    }

    /// Takes `length` bytes as a line (without its newline) and emits it unless blank.
    private mutating func emitLine(length: Int, into events: inout [FramerEvent]) {
        let end = length > 0 && queue[length - 1] == 0x0D ? length - 1 : length
        let isBlank = (0..<end).allSatisfy { queue[$0] == 0x20 || queue[$0] == 0x09 || queue[$0] == 0x0D }
        if end > maxLineLength {
            events.append(.error(overlongLine()))
            queue.drop(length)
        } else if isBlank {
            queue.drop(length)
        } else {
            let line = queue.take(end)
            queue.drop(length - end)
            events.append(.frame(line))
        }
    }

    private func overlongLine() -> FramingError {
        FramingError("line starting at byte \(queue.streamOffset) is longer than \(maxLineLength) bytes",
                     offset: queue.streamOffset)
    }
}
