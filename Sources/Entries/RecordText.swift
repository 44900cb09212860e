/// The text of a document as its formats are read: UTF-8 bytes and where each line starts, so that byte offsets found
/// while scanning become `TextPosition`s. Lines end with LF, CRLF or a lone CR, as in LSP. An edited document keeps its
/// line starts, so no pass is made to find them again.
public struct RecordText: Sendable {
    /// The UTF-8 bytes.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line; always has at least one element (0).
    let lineStarts: [Int]

    /// The text of a string (its lines found by one pass).
    public init(_ text: String) {
        self.init(Array(text.utf8))
    }

    /// The text of `bytes` (its lines found by one pass).
    init(_ bytes: [UInt8]) {
        var starts = [0]
        var i = 0
        let end = bytes.count
        while i < end {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                if b == 0x0D, i + 1 < end, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        self.init(bytes: bytes, lineStarts: starts)
    }

    /// The text of `bytes`, whose lines start at `lineStarts`.
    public init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts.isEmpty ? [0] : lineStarts
    }

    /// The byte offset where line `line` starts.
    public func lineStart(_ line: Int) -> Int { lineStarts[line] }

    /// Byte offset just past the content of line `line` (before its terminator), read off the byte before the next
    /// line's start.
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        let end = lineStarts[line + 1] - 1  // the LF, or a lone CR
        return bytes[end] == 0x0A && end > lineStarts[line] && bytes[end - 1] == 0x0D ? end - 1 : end
    }

    /// The number of lines.
    public var lineCount: Int { lineStarts.count }

    /// The line holding byte `offset` (an offset on a terminator belongs to the line it ends).
    func line(ofOffset offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The line of `offset`, looked for from line `hint` on: a reader going forward asks for its offsets in order, so
    /// the line is a step or two on, not a search of a million lines.
    func line(ofOffset offset: Int, from hint: Int) -> Int {
        guard hint < lineStarts.count, lineStarts[hint] <= offset else { return line(ofOffset: offset) }
        var line = hint
        for _ in 0 ..< 8 {
            guard line + 1 < lineStarts.count, lineStarts[line + 1] <= offset else { return line }
            line += 1
        }
        // Further on: strides doubling from there, then a search between the last two (a catalog's entry spans ten
        // lines: its end is found near its start, not in the whole map).
        var lo = line, stride = 16
        while lo + stride < lineStarts.count, lineStarts[lo + stride] <= offset {
            lo += stride
            stride *= 2
        }
        var hi = min(lo + stride, lineStarts.count - 1)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The range from `start` to `end` (offsets at or after line `hint`'s start; see `line(ofOffset:from:)`).
    func range(from start: Int, to end: Int, hint: Int) -> TextRange {
        let startLine = line(ofOffset: start, from: hint), endLine = line(ofOffset: end, from: startLine)
        return TextRange(start: TextPosition(line: startLine, column: min(start, lineEnd(startLine)) - lineStarts[startLine]),
                         end: TextPosition(line: endLine, column: min(end, lineEnd(endLine)) - lineStarts[endLine]))
    }

    func position(ofOffset offset: Int) -> TextPosition {
        let line = line(ofOffset: offset)
        return TextPosition(line: line, column: min(offset, lineEnd(line)) - lineStarts[line])
    }

    func range(from start: Int, to end: Int) -> TextRange {
        range(from: start, to: end, hint: line(ofOffset: start))  // the end looked for from the start's line
    }

    /// The whole of line `line`, without its terminator.
    func lineRange(_ line: Int) -> TextRange {
        .line(line, byteCount: lineEnd(line) - lineStarts[line])
    }

    /// The end of line `line`'s content.
    func endOfLine(_ line: Int) -> TextPosition {
        TextPosition(line: line, column: lineEnd(line) - lineStarts[line])
    }

    /// The last line that holds text: a terminator at the very end does not start a line of its own
    /// for the purpose of ranges (the empty line after it has nothing to show).
    var lastContentLine: Int {
        let last = lineStarts.count - 1
        return last > 0 && lineStarts[last] == bytes.count ? last - 1 : last
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset, as error messages count.
    func humanPosition(ofOffset offset: Int) -> (line: Int, column: Int) {
        let line = line(ofOffset: offset)
        var column = 1
        for i in lineStarts[line]..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return (line + 1, column)
    }
}

extension String {
    /// A String from a slice of UTF-8 bytes (invalid bytes become U+FFFD; input from a String is valid).
    init(utf8Slice bytes: ArraySlice<UInt8>) {
        self = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}
