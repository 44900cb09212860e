/// JSON text too large to hold at once, made a piece at a time as it goes out.
///
/// Its size is known before any of it is written (a frame's `Content-Length` needs it), and each piece is made when
/// the writer reaches it, so only the piece being written is in memory: a hundred megabytes of document symbols go
/// to a slow client a megabyte at a time. Every piece must make the same bytes each time it is asked (it is made
/// once to be counted and again to be written); a piece whose bytes differ in length from its count stops the
/// process, since the frame it belongs to would be cut wrong.
public struct StreamedJSON: Sendable {
    /// One run of the text, made on demand.
    public struct Piece: Sendable {
        /// Its length in bytes.
        public let count: Int
        private let make: @Sendable () -> [UInt8]

        /// A piece of `count` bytes that `make` writes.
        public init(count: Int, make: @escaping @Sendable () -> [UInt8]) {
            self.count = count
            self.make = make
        }

        /// A piece already written.
        public init(_ bytes: [UInt8]) {
            self.init(count: bytes.count) { bytes }
        }

        /// The piece's bytes, made now.
        public func bytes() -> [UInt8] {
            let bytes = make()
            precondition(bytes.count == count, "a streamed JSON piece made \(bytes.count) bytes, counted \(count)")
            return bytes
        }
    }

    /// The pieces, in order; joined, they are one JSON value.
    public let pieces: [Piece]
    /// The text's length in bytes.
    public let count: Int

    /// The value written by `pieces` one after another.
    public init(pieces: [Piece]) {
        self.pieces = pieces
        count = pieces.reduce(0) { $0 + $1.count }
    }

    /// One array of the elements `parts` hold, each part its elements comma-separated (parts written on different
    /// cores joined without being copied or parsed again); empty parts are left out.
    public static func array(joining parts: [[Piece]]) -> StreamedJSON {
        var pieces = [Piece([UInt8(ascii: "[")])]
        for part in parts where !part.isEmpty {
            if pieces.count > 1 { pieces.append(Piece([UInt8(ascii: ",")])) }
            pieces += part
        }
        pieces.append(Piece([UInt8(ascii: "]")]))
        return StreamedJSON(pieces: pieces)
    }

    /// The whole text, made at once (for a transport that cannot take pieces, and for tests).
    public var bytes: [UInt8] {
        if pieces.count == 1 { return pieces[0].bytes() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for piece in pieces { bytes += piece.bytes() }
        return bytes
    }

    /// The value the text stands for.
    public var parsed: JSON { (try? JSONParser().parse(bytes)) ?? .null }
}

extension JSONWriter {
    /// The compact text of `value` as pieces, its `.streamed` values left to be made as they are written; nil when
    /// they hold fewer than `minimum` bytes (looked for in objects, `depth` deep: a notification's params' value).
    public func pieces(_ value: JSON, depth: Int = 4, minimum: Int = 1) -> [StreamedJSON.Piece]? {
        guard Self.splicedBytes(in: value, depth: depth) >= minimum else { return nil }
        var pieces: [StreamedJSON.Piece] = []
        var sink = ByteSink(capacity: 1024)
        Self.write(value, depth: depth, into: &sink, cutting: &pieces)
        let tail = sink.finish()
        if !tail.isEmpty { pieces.append(StreamedJSON.Piece(tail)) }
        return pieces
    }

    private static func write(_ value: JSON, depth: Int, into sink: inout ByteSink, cutting pieces: inout [StreamedJSON.Piece]) {
        switch value {
        case .streamed(let streamed):
            let before = (consume sink).finish()
            if !before.isEmpty { pieces.append(StreamedJSON.Piece(before)) }
            pieces += streamed.pieces
            sink = ByteSink(capacity: 1024)
        case .object(let object) where depth > 0 && splicedBytes(in: value, depth: depth) > 0:
            sink.append(UInt8(ascii: "{"))
            for (position, member) in object.enumerated() {
                if position > 0 { sink.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &sink)
                sink.append(UInt8(ascii: ":"))
                write(member.value, depth: depth - 1, into: &sink, cutting: &pieces)
            }
            sink.append(UInt8(ascii: "}"))
        default:
            writeCompact(value, into: &sink)
        }
    }
}
