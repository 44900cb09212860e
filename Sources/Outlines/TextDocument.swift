import Entries
import ThumbIndexJSON

/// The text of one open document as UTF-8 bytes with its line starts, edited in place.
///
/// Lines end at LF, CRLF or CR, as LSP counts them. Positions come in the client's encoding and are
/// converted here, so nothing else deals with UTF-16.
///
/// A text is held whole (one array of bytes, one of line starts), except a plain text once edited: then in chunks of
/// lines (`TextChunks`), so that an edit of ten million lines does not move half of them. Its readers go by line
/// (`withLine`, `lineRange`); `bytes` and `lineStarts` make a held-whole copy of a chunked text.
public struct TextDocument: Sendable {
    /// The document's uri, as the client gave it.
    public let uri: String
    /// The LSP languageId that picks the extractor.
    public let languageId: String
    /// The client's version, as of the last open or change.
    public internal(set) var version: Int
    /// The server's own identity of this text: it changes on every open and every change. The client's `version`
    /// is no identity (a document can be closed and reopened with the same version and other text), so every cache
    /// of derived data is keyed by this instead.
    public internal(set) var generation: UInt64 = 0
    /// The text, whole or in chunks.
    enum Storage: Sendable {
        case whole(bytes: [UInt8], lineStarts: [Int])
        case chunks(TextChunks)
    }
    var storage: Storage
    /// Bytes a chunk of an edited plain text is cut at (nil: held whole).
    let chunkSize: Int?
    /// The text as UTF-8 (a copy when the text is in chunks).
    public var bytes: [UInt8] {
        switch storage {
        case .whole(let bytes, _): bytes
        case .chunks(let chunks): chunks.wholeBytes
        }
    }
    /// Byte offset where each line starts; always at least one line (a copy when the text is in chunks).
    public var lineStarts: [Int] {
        switch storage {
        case .whole(_, let lineStarts): lineStarts
        case .chunks(let chunks): chunks.lineStarts
        }
    }
    /// The number of bytes.
    public var byteCount: Int {
        switch storage {
        case .whole(let bytes, _): bytes.count
        case .chunks(let chunks): chunks.byteCount
        }
    }
    /// How many bytes are not ASCII: kept by edits, so that `isASCII` costs nothing.
    var nonASCIICount: Int
    /// Whether every byte is ASCII, when columns are the same in every encoding.
    public var isASCII: Bool { nonASCIICount == 0 }
    /// How many NUL bytes the text holds: kept by edits, so that asking whether the text is binary (every plan of an
    /// index, every page) does not read the whole text.
    var nulCount: Int
    /// Whether the text holds a NUL byte, which makes it a binary file to every extractor (`TextCheck.binaryProblem`).
    public var isBinary: Bool { nulCount > 0 }

    /// A document with the text the client opened. A plain text is cut into chunks of about 32 KiB at its first edit.
    public init(uri: String, languageId: String, version: Int, text: String) {
        self.init(uri: uri, languageId: languageId, version: version, utf8: .withRoomToGrow(text.utf8))
    }

    /// A document of UTF-8 (well formed: a string's, or a message's checked), kept as it is: as received, a long
    /// text comes with room to grow (see `JSONParser.longString`), and is not copied, and what it holds was counted
    /// as it was received (`census`), so it is not read again for its lines.
    public init(uri: String, languageId: String, version: Int, utf8: [UInt8], census: UTF8String.Census? = nil) {
        self.init(uri: uri, languageId: languageId, version: version, utf8: utf8, census: census,
                  chunkSize: PlainTextExtractor.languageIds.contains(languageId.lowercased()) ? 32 << 10 : nil)
    }

    /// A document whose text is cut into chunks of about `chunkSize` bytes at its first edit (nil: held whole).
    init(uri: String, languageId: String, version: Int, text: String, chunkSize: Int?) {
        self.init(uri: uri, languageId: languageId, version: version, utf8: .withRoomToGrow(text.utf8), chunkSize: chunkSize)
    }

    private init(uri: String, languageId: String, version: Int, utf8: [UInt8], census counted: UTF8String.Census? = nil,
                 chunkSize: Int?) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.chunkSize = chunkSize
        // Room for edits to grow the text: the first edit that does would otherwise copy all of it.
        var bytes = utf8
        if bytes.capacity < bytes.count + bytes.count / 16 { bytes = .withRoomToGrow(utf8) }
        let census = Self.census(of: bytes, counted: counted)
        storage = .whole(bytes: bytes, lineStarts: census.lineStarts)
        self.nonASCIICount = census.nonASCII
        self.nulCount = census.nuls
    }

    /// The text as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The number of lines; a text ending in a line break has an empty last line.
    public var lineCount: Int {
        switch storage {
        case .whole(_, let lineStarts): lineStarts.count
        case .chunks(let chunks): chunks.lineCount
        }
    }

    /// The byte offset where line `line` starts.
    public func lineStart(_ line: Int) -> Int {
        switch storage {
        case .whole(_, let lineStarts): lineStarts[line]
        case .chunks(let chunks): chunks.lineStart(line)
        }
    }

    /// Byte range of line `line`'s content, without its line end.
    public func lineRange(_ line: Int) -> Range<Int> {
        withLine(line) { content, start in start ..< start + content.count }
    }

    /// Where the content of the line of `p[start ..< next]` ends: before its LF, CRLF or CR.
    @inline(__always)
    static func contentEnd(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ next: Int) -> Int {
        var end = next
        if end > start && p[end - 1] == 0x0A { end -= 1 }
        if end > start && p[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// Calls `body` with the content of line `line`, without its line end.
    func withLine<T>(_ line: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        withLine(line) { content, _ in body(content) }
    }

    /// Calls `body` with the content of line `line`, without its line end, and the byte offset where it starts.
    func withLine<T>(_ line: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> T) -> T {
        switch storage {
        case .whole(let bytes, let lineStarts):
            let start = lineStarts[line]
            return bytes.withUnsafeBufferPointer { p in
                let end = Self.contentEnd(p, start, line + 1 < lineStarts.count ? lineStarts[line + 1] : p.count)
                return body(UnsafeBufferPointer(rebasing: p[start ..< end]), start)
            }
        case .chunks(let chunks):
            return chunks.withLine(line, body)
        }
    }

    // MARK: Positions

    /// The byte offset of a position, or an error a person can act on.
    public func offset(of position: EncodedPosition, encoding: PositionEncoding) throws(PositionError) -> Int {
        guard position.line >= 0, position.character >= 0 else {
            throw PositionError("position \(position) is negative")
        }
        // The position just past the last line end is allowed (line == lineCount, character 0).
        if position.line == lineCount && position.character == 0 { return byteCount }
        guard position.line < lineCount else {
            throw PositionError("position \(position) is past the end of the document (\(lineCount) lines)")
        }
        let start = lineStart(position.line)
        guard let column = withLine(position.line, { encoding.byteOffset(in: $0, units: position.character) }) else {
            throw PositionError("position \(position) falls inside a character (\(encoding.rawValue))")
        }
        return start + column
    }

    /// The line and UTF-8 column of a byte offset (at most `byteCount`).
    public func position(ofByte offset: Int) -> TextPosition {
        let line = (1 ..< lineCount).partitionPoint { lineStart($0) <= offset } - 1  // the last line starting at or before `offset`
        return TextPosition(line: line, column: offset - lineStart(line))
    }

    /// An entry range (UTF-8 columns) in the client's encoding.
    public func encodedRange(_ range: TextRange, encoding: PositionEncoding) -> EncodedRange {
        if encoding == .utf8 || isASCII {
            // Byte columns are the client's columns.
            return EncodedRange(start: EncodedPosition(line: range.start.line, character: range.start.column),
                                end: EncodedPosition(line: range.end.line, character: range.end.column))
        }
        guard range.start.line == range.end.line, range.start.line >= 0, range.start.line < lineCount else {
            return EncodedRange(start: encodedPosition(range.start, encoding: encoding), end: encodedPosition(range.end, encoding: encoding))
        }
        // One line (most entries): looked up once.
        return withLine(range.start.line) { line in
            EncodedRange(start: EncodedPosition(line: range.start.line, character: encoding.units(in: line, upToByte: range.start.column)),
                         end: EncodedPosition(line: range.start.line, character: encoding.units(in: line, upToByte: range.end.column)))
        }
    }

    /// An entry position (UTF-8 column) in the client's encoding; the line is clamped into the document.
    public func encodedPosition(_ position: TextPosition, encoding: PositionEncoding) -> EncodedPosition {
        let line = min(max(position.line, 0), lineCount - 1)
        // Byte columns are the client's columns in UTF-8, and in any encoding on an ASCII line.
        if encoding == .utf8 { return EncodedPosition(line: line, character: position.column) }
        let character = withLine(line) { encoding.units(in: $0, upToByte: position.column) }
        return EncodedPosition(line: line, character: character)
    }
}

/// An edit: `text` replaces `range`, or the whole text when there is no range.
public struct ContentChange: Sendable {
    /// The range replaced, in the client's encoding; nil for the whole text.
    public var range: EncodedRange?
    /// The new text.
    public var text: String

    /// An edit replacing `range` (nil: the whole text) with `text`.
    public init(range: EncodedRange?, text: String) {
        self.range = range
        self.text = text
    }
}

/// A position that is not in the document, or not on a character boundary; the message says which.
public struct PositionError: Error, CustomStringConvertible {
    /// What is wrong, for a person.
    public var description: String
    /// An error with that message.
    public init(_ description: String) { self.description = description }
}

/// A position as the client counts it: a line, and a column in code units of the session's `PositionEncoding`.
public struct EncodedPosition: Hashable, Sendable, CustomStringConvertible {
    /// Zero-based line.
    public var line: Int
    /// Code units from the start of the line.
    public var character: Int
    /// A position at `line`, `character` code units in.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
    /// `line:character`.
    public var description: String { "\(line):\(character)" }
}

/// A range between two `EncodedPosition`s.
public struct EncodedRange: Hashable, Sendable, CustomStringConvertible {
    /// The first position in the range.
    public var start: EncodedPosition
    /// The position just past the range.
    public var end: EncodedPosition
    /// The range from `start` up to `end`.
    public init(start: EncodedPosition, end: EncodedPosition) {
        self.start = start
        self.end = end
    }
    /// `start-end`.
    public var description: String { "\(start)-\(end)" }
}
