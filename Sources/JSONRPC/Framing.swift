#if canImport(Glibc)
import Glibc
import ThumbIndexJSON
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How messages are cut out of a byte stream and put into one.
public enum Framing: Hashable, Sendable {
    /// `Content-Length: N\r\n\r\n` followed by N bytes: LSP's base protocol.
    case contentLength
    /// One JSON text per line (`--jsonl`), handy for scripts.
    case lines
    /// `contentLength` written to a person at a terminal (no client reads one): each message also ends in a line
    /// break, so that the next one, and the shell's prompt, start on a line of their own.
    case contentLengthAtTerminal

    /// A new framer that reads this framing.
    public func makeFramer() -> any Framer {
        switch self {
        case .contentLength, .contentLengthAtTerminal: return ContentLengthFramer()
        case .lines: return LineFramer()
        }
    }

    /// What is written before and after a message body of `bodyLength` bytes.
    public func envelope(bodyLength: Int) -> (head: [UInt8], tail: [UInt8]) {
        switch self {
        case .lines: return ([], [0x0A])
        case .contentLength, .contentLengthAtTerminal:
            return (Array("Content-Length: \(bodyLength)\r\n\r\n".utf8), self == .contentLength ? [] : [0x0A])
        }
    }

    /// The bytes to write for one message body (copied once: every small reply is framed this way).
    public func frame(_ body: [UInt8]) -> [UInt8] {
        var (framed, tail) = envelope(bodyLength: body.count)
        framed.reserveCapacity(framed.count + body.count + tail.count)
        framed += body
        framed += tail
        return framed
    }
}

/// Why part of the stream could not be made into a frame, and where (a byte offset from the start of the stream).
public struct FramingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the frame.
    public var message: String
    /// The byte offset of the problem, counted from the start of the stream.
    public var offset: Int

    /// An error at byte `offset` of the stream.
    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message.
    public var description: String { message }
}

/// What a framer found in the bytes fed to it, in stream order.
public enum FramerEvent: Hashable, Sendable {
    /// One complete message body.
    case frame([UInt8])
    /// A broken frame; the framer has skipped it and goes on with the rest of the stream.
    case error(FramingError)
}

/// An incremental splitter of a byte stream into message bodies.
///
/// Bytes may arrive split anywhere, down to one byte at a time; a framer keeps what it has not used yet.
public protocol Framer {
    /// Takes the next bytes of the stream; returns the frames and errors they complete, in stream order.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [FramerEvent]
    /// Called once at end of input: reports a frame cut short, or yields a last unterminated line.
    mutating func finish() -> [FramerEvent]
}

extension Framer {
    /// Takes the next bytes of the stream from an array; see `feed(_:)` on a buffer.
    public mutating func feed(_ bytes: [UInt8]) -> [FramerEvent] {
        bytes.withUnsafeBytes { feed($0) }
    }
}

// MARK: - Shared buffer

/// Bytes received but not yet used, indexed from the first unused byte, with that byte's offset in the stream.
struct ByteQueue {
    private var storage: [UInt8] = []
    private var head = 0
    /// Stream offset of the first unused byte.
    private(set) var streamOffset = 0

    var count: Int { storage.count - head }
    var isEmpty: Bool { storage.count == head }

    subscript(position: Int) -> UInt8 { storage[head + position] }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        storage.append(contentsOf: bytes)
    }

    mutating func reserve(_ capacity: Int) {
        if head > 0, capacity >= 1 << 16 {
            // A large body to come: it starts the storage, so that `take` can hand it over.
            storage.removeSubrange(0..<head)
            head = 0
        }
        storage.reserveCapacity(head + capacity)
    }

    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        let from = head + start
        guard from < storage.count else { return nil }
        return storage.withUnsafeBytes { bytes in
            // memchr: a multi-megabyte line or body is searched at memory speed.
            guard let found = memchr(bytes.baseAddress! + from, Int32(byte), bytes.count - from) else { return nil }
            return bytes.baseAddress!.distance(to: UnsafeRawPointer(found)) - head
        }
    }

    func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> {
        storage[(head + range.lowerBound)..<(head + range.upperBound)]
    }

    /// Removes and returns the first `count` bytes.
    mutating func take(_ count: Int) -> [UInt8] {
        if head == 0, count >= 1 << 16, count >= storage.count - count {
            // Most of the queue (a large body): handed over without a copy, what follows it copied instead.
            let rest = Array(storage[count...])
            storage.removeSubrange(count...)
            defer { storage = rest; streamOffset += count }
            return storage
        }
        let taken = Array(bytes(0..<count))
        drop(count)
        return taken
    }

    mutating func drop(_ count: Int) {
        head += count
        streamOffset += count
        if head == storage.count {
            storage.removeAll(keepingCapacity: storage.capacity <= 1 << 20)
            head = 0
        } else if head >= 4096, head * 2 >= storage.count {
            storage.removeSubrange(0..<head)
            head = 0
        }
    }
}

/// Bytes shown in an error message: printable ASCII as is, the rest as \xNN, cut after `limit` bytes.
func quoted<C: Collection>(_ bytes: C, limit: Int = 40) -> String where C.Element == UInt8 {
    var text = ""
    for byte in bytes.prefix(limit) {
        if (0x20..<0x7F).contains(byte), byte != UInt8(ascii: "'") {
            text.append(Character(Unicode.Scalar(byte)))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return "'" + text + (bytes.count > limit ? "…'" : "'")
}
