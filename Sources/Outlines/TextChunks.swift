/// A plain text held as chunks of whole lines, so that an edit moves the bytes and line starts of one chunk and the
/// first byte and line of the chunks after it, not half of the text: in ten million lines (200 MB) a one-line edit
/// moved about 100 MB of text and 40 MB of line starts, and added its byte delta to five million of them.
///
/// Each chunk holds whole lines with their line ends (the last chunk's last line may have none) and where its lines
/// start, counted from its first byte. A chunk is a slice of the opened text until an edit changes it, so making the
/// chunks copies no text. Chunks are kept between a quarter and twice `size` bytes, but a chunk holds at least one
/// line whatever its length.
struct TextChunks: Sendable {
    struct Chunk: Sendable {
        /// Whole lines; indices as the slice's own (a slice of the opened text keeps that text's indices).
        var bytes: ArraySlice<UInt8>
        /// Where each of the chunk's lines starts, from its first byte: 0 first.
        var starts: [Int]
    }

    private(set) var chunks: [Chunk] = []
    /// The document's line number and byte offset of each chunk's first line.
    private var firstLine: [Int] = []
    private var firstByte: [Int] = []
    /// The bytes a chunk is cut at.
    let size: Int
    private(set) var byteCount: Int
    private(set) var lineCount: Int

    /// The chunks of `bytes`, whose lines start at `lineStarts`.
    init(_ bytes: [UInt8], lineStarts: [Int], size: Int) {
        self.size = max(size, 1)
        byteCount = bytes.count
        lineCount = lineStarts.count
        for piece in Self.cut(bytes[...], starts: lineStarts, size: self.size) {
            chunks.append(piece.chunk)
            firstLine.append(piece.line)
            firstByte.append(piece.byte)
        }
    }

    /// `bytes`, whose lines start at `starts` (from its first byte), cut into chunks (slices of it), each with its first
    /// line and byte counted from the first of `bytes`. A chunk ends at the first line start `size` bytes in, never at
    /// the empty line after a final line end.
    private static func cut(_ bytes: ArraySlice<UInt8>, starts: [Int], size: Int) -> [(chunk: Chunk, line: Int, byte: Int)] {
        var pieces: [(chunk: Chunk, line: Int, byte: Int)] = [], line = 0
        let i = bytes.startIndex
        while line < starts.count {
            let start = starts[line]
            var end = line + 1
            while end < starts.count && (starts[end] - start < size || starts[end] == bytes.count) { end += 1 }
            let stop = end < starts.count ? starts[end] : bytes.count
            pieces.append((Chunk(bytes: bytes[i + start ..< i + stop], starts: starts[line ..< end].map { $0 - start }), line, start))
            line = end
        }
        return pieces
    }

    /// The whole text, as one array.
    var wholeBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        for chunk in chunks { bytes += chunk.bytes }
        return bytes
    }

    /// Where every line starts, as one array.
    var lineStarts: [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(lineCount)
        for (c, chunk) in chunks.enumerated() { starts += chunk.starts.lazy.map { $0 + self.firstByte[c] } }
        return starts
    }

    /// The bytes of `range`, copied.
    func bytes(in range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var c = chunkIndex(ofByte: range.lowerBound)
        while c < chunks.count, firstByte[c] < range.upperBound {
            let chunk = chunks[c].bytes, base = firstByte[c]
            let from = max(range.lowerBound, base) - base, to = min(range.upperBound, base + chunk.count) - base
            out += chunk[chunk.startIndex + from ..< chunk.startIndex + to]
            c += 1
        }
        return out
    }

    // MARK: Lines

    /// The byte offset where line `line` starts.
    func lineStart(_ line: Int) -> Int {
        let c = chunkIndex(ofLine: line)
        return firstByte[c] + chunks[c].starts[line - firstLine[c]]
    }

    /// Calls `body` with the content of line `line` (without its line end) and the byte offset where it starts.
    func withLine<T>(_ line: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> T) -> T {
        let c = chunkIndex(ofLine: line)
        let chunk = chunks[c], k = line - firstLine[c]
        let start = chunk.starts[k]
        return chunk.bytes.withUnsafeBufferPointer { p in
            let end = TextDocument.contentEnd(p, start, k + 1 < chunk.starts.count ? chunk.starts[k + 1] : p.count)
            return body(UnsafeBufferPointer(rebasing: p[start ..< end]), firstByte[c] + start)
        }
    }

    /// The first line whose start is at least `offset` (`lineCount` if none).
    func firstLine(notBelow offset: Int) -> Int {
        guard offset <= byteCount else { return lineCount }
        let c = chunkIndex(ofByte: offset)
        // Past the chunk's last line: the next chunk's first line.
        return firstLine[c] + chunks[c].starts.firstIndex(notBelow: offset - firstByte[c])
    }

    // MARK: Edits

    /// Replaces the bytes in `range` by `inserted`; the line starts are found again only in the inserted text and at
    /// its edges (as `TextDocument.replace` does for a text held whole).
    mutating func replace(_ range: Range<Int>, with inserted: [UInt8]) -> LineEdit {
        let a = range.lowerBound, b = range.upperBound
        let keptBefore = max(1, firstLine(notBelow: a)), keptAfter = firstLine(notBelow: b + 1)
        // Lines keptBefore - 1 ..< keptAfter are touched: they go into one chunk first.
        let c = chunkIndex(ofLine: keptBefore - 1)
        let last = chunkIndex(ofLine: keptAfter - 1)
        if last > c { join(c ... last) }
        let base = firstByte[c], lineBase = firstLine[c]
        let isLast = c + 1 == chunks.count
        let start = chunks[c].bytes.startIndex
        chunks[c].bytes.replaceSubrange(start + a - base ..< start + b - base, with: inserted)
        // The chunk's end is a kept line start unless it is the text's end.
        let found = chunks[c].bytes.withUnsafeBufferPointer { $0.lineStarts(from: max(a - base, 1), through: a - base + inserted.count, endsText: isLast) }
        let delta = inserted.count - range.count
        let oldLocal = keptBefore - lineBase ..< keptAfter - lineBase
        chunks[c].starts.replace(oldLocal, with: found, movingTheRestBy: delta)
        let lineDelta = found.count - oldLocal.count
        for k in c + 1 ..< chunks.count {
            firstLine[k] += lineDelta
            firstByte[k] += delta
        }
        byteCount += delta
        lineCount += lineDelta
        balance(c)
        return LineEdit(start: keptBefore - 1, oldEnd: keptAfter, newEnd: keptBefore + found.count)
    }

    /// Chunks `range` become one.
    private mutating func join(_ range: ClosedRange<Int>) {
        var bytes: [UInt8] = [], starts: [Int] = []
        bytes.reserveCapacity(range.reduce(0) { $0 + chunks[$1].bytes.count } + 64)
        for c in range {
            let offset = bytes.count
            bytes += chunks[c].bytes
            starts += chunks[c].starts.lazy.map { $0 + offset }
        }
        chunks[range.lowerBound] = Chunk(bytes: bytes[...], starts: starts)
        let rest = range.lowerBound + 1 ..< range.upperBound + 1
        chunks.removeSubrange(rest)
        firstLine.removeSubrange(rest)
        firstByte.removeSubrange(rest)
    }

    /// Keeps chunk `c` between a quarter and twice `size` bytes: joined with a neighbour when small, cut at line
    /// starts when large.
    private mutating func balance(_ c: Int) {
        var c = c
        if chunks[c].bytes.count < size / 4 && chunks.count > 1 {
            if c + 1 == chunks.count { c -= 1 }
            join(c ... c + 1)
        }
        guard chunks[c].bytes.count > 2 * size, chunks[c].starts.count > 1 else { return }
        let pieces = Self.cut(chunks[c].bytes, starts: chunks[c].starts, size: size), base = firstByte[c], lineBase = firstLine[c]
        chunks.replaceSubrange(c ... c, with: pieces.map(\.chunk))
        firstLine.replaceSubrange(c ... c, with: pieces.map { lineBase + $0.line })
        firstByte.replaceSubrange(c ... c, with: pieces.map { base + $0.byte })
    }

    // MARK: Finding chunks

    private func chunkIndex(ofLine line: Int) -> Int {
        precondition(line >= 0 && line < lineCount, "line \(line) outside 0 ..< \(lineCount)")
        return firstLine.lastIndex(notAbove: line)
    }

    private func chunkIndex(ofByte offset: Int) -> Int { firstByte.lastIndex(notAbove: offset) }

    /// The rules the chunks break, one sentence each (for tests): they cover the text one after another, each of
    /// whole lines starting at 0, the counts add up.
    func violations() -> [String] {
        var problems: [String] = [], line = 0, byte = 0
        for (c, chunk) in chunks.enumerated() {
            if firstLine[c] != line || firstByte[c] != byte { problems.append("chunk \(c) starts at line \(firstLine[c]), byte \(firstByte[c]); expected \(line), \(byte)") }
            if chunk.starts.first != 0 { problems.append("chunk \(c)'s first line starts at \(chunk.starts.first ?? -1)") }
            if c + 1 < chunks.count, let end = chunk.bytes.last, end != 0x0A && end != 0x0D { problems.append("chunk \(c) ends inside a line") }
            line += chunk.starts.count
            byte += chunk.bytes.count
        }
        if line != lineCount || byte != byteCount { problems.append("chunks hold \(line) lines, \(byte) bytes; expected \(lineCount), \(byteCount)") }
        return problems
    }
}
