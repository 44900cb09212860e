/// Edits change the text in place and report which lines they touched, so that what is derived from the text
/// (an `OutlineIndex`) can follow by re-reading only those lines.
///
/// Cost of one change to a text held whole: the bytes and line starts after it move (two `memmove`s and one pass
/// adding the byte delta to the later line starts). To a text in chunks: the same within one chunk, and the first
/// byte and line of each later chunk. Only the inserted text and the lines around it are scanned.
extension TextDocument {
    /// Applies one notification's changes in order, all or nothing: on error the text is untouched. Returns the lines
    /// the changes touched, in the coordinates before and after them.
    @discardableResult
    public mutating func apply(_ changes: [ContentChange], version: Int, encoding: PositionEncoding) throws(PositionError) -> LineEdit {
        // Undo steps for the changes already applied, should a later one not fit (each change's positions are in
        // the text as the earlier ones left it, so they can only be checked in turn).
        var undo: [(start: Int, insertedCount: Int, removed: [UInt8])] = []
        var edit: LineEdit?
        do throws(PositionError) {
            for (n, change) in changes.enumerated() {
                var range = 0 ..< byteCount
                if let encoded = change.range {
                    let start = try offset(of: encoded.start, encoding: encoding)
                    let end = try offset(of: encoded.end, encoding: encoding)
                    guard start <= end else { throw PositionError("range \(encoded) ends before it starts") }
                    range = start ..< end
                }
                let inserted = Array(change.text.utf8)
                if n + 1 < changes.count { undo.append((range.lowerBound, inserted.count, bytes(in: range))) }
                let lines = replace(range, with: inserted)
                edit = edit.map { $0.then(lines) } ?? lines
            }
        } catch {
            for step in undo.reversed() { replace(step.start ..< step.start + step.insertedCount, with: step.removed) }
            throw error
        }
        self.version = version
        return edit ?? LineEdit(start: 0, oldEnd: 0, newEnd: 0)
    }

    /// The bytes of `range`, copied.
    func bytes(in range: Range<Int>) -> [UInt8] {
        switch storage {
        case .whole(let bytes, _): Array(bytes[range])
        case .chunks(let chunks): chunks.bytes(in: range)
        }
    }

    /// Replaces the bytes in `range` and updates the line starts by scanning only the inserted text and its edges.
    @discardableResult
    mutating func replace(_ range: Range<Int>, with inserted: [UInt8]) -> LineEdit {
        let removed = bytes(in: range)
        let added = Self.byteCounts(inserted[...]), gone = Self.byteCounts(removed[...])
        nonASCIICount += added.nonASCII - gone.nonASCII
        nulCount += added.nuls - gone.nuls
        // Each case takes its storage out first, so that it is edited in place, not copied.
        switch storage {
        case .whole(var bytes, var lineStarts):
            storage = .whole(bytes: [], lineStarts: [])
            if let chunkSize {
                var chunks = TextChunks(bytes, lineStarts: lineStarts, size: chunkSize)
                (bytes, lineStarts) = ([], [])
                let edit = chunks.replace(range, with: inserted)
                storage = .chunks(chunks)
                return edit
            }
            let edit = Self.replace(range, with: inserted, in: &bytes, lineStarts: &lineStarts)
            storage = .whole(bytes: bytes, lineStarts: lineStarts)
            return edit
        case .chunks(var chunks):
            storage = .whole(bytes: [], lineStarts: [])
            let edit = chunks.replace(range, with: inserted)
            storage = .chunks(chunks)
            return edit
        }
    }

    /// `replace(_:with:)` for a text held whole.
    private static func replace(_ range: Range<Int>, with inserted: [UInt8], in bytes: inout [UInt8], lineStarts: inout [Int]) -> LineEdit {
        let a = range.lowerBound, b = range.upperBound
        let delta = inserted.count - range.count
        bytes.replaceSubrange(range, with: inserted)
        // Starts below a keep, starts above b move by delta, and the ones in between are found again (a CR before the
        // edit may now meet an LF after it, or stop doing so).
        let keptBefore = max(1, lineStarts.firstIndex(notBelow: a))
        let keptAfter = lineStarts.firstIndex(notBelow: b + 1)
        let found = bytes.withUnsafeBufferPointer { $0.lineStarts(from: max(a, 1), through: a + inserted.count, endsText: true) }
        lineStarts.replace(keptBefore ..< keptAfter, with: found, movingTheRestBy: delta)
        // The first line touched is the one holding byte a-1: its line end may have changed.
        return LineEdit(start: keptBefore - 1, oldEnd: keptAfter, newEnd: keptBefore + found.count)
    }

}

extension UnsafeBufferPointer<UInt8> {
    /// The line starts at offsets `first` through `last` (≥ 1, up to `count`): a line start s depends only on bytes
    /// s-1 and s. `endsText`: the buffer's end is the text's, where a lone CR ends a line (not a chunk's, where an LF
    /// may follow).
    func lineStarts(from first: Int, through last: Int, endsText: Bool) -> [Int] {
        var found: [Int] = []
        var s = first
        while s <= Swift.min(last, count) {
            let previous = self[s - 1]
            if previous == 0x0A || (previous == 0x0D && (s == count ? endsText : self[s] != 0x0A)) { found.append(s) }
            s += 1
        }
        return found
    }
}

extension [Int] {
    /// Replaces the line starts at `old` by `new`, and moves the ones after them by `delta` bytes.
    mutating func replace(_ old: Range<Int>, with new: [Int], movingTheRestBy delta: Int) {
        replaceSubrange(old, with: new)
        guard delta != 0 else { return }
        withUnsafeMutableBufferPointer { starts in
            for i in old.lowerBound + new.count ..< starts.count { starts[i] += delta }
        }
    }
}

/// The binary search: of runs in an order (an index's section, the heads of the runs, a workspace's section), of line
/// starts, and of the first line, byte, place or name of chunks, blocks and files.
extension RandomAccessCollection where Index == Int {
    /// The first index from `from` (default: the start) whose element is not `before`, every element that is coming
    /// first (`endIndex` when all are).
    @inline(__always)
    func partitionPoint(from: Int? = nil, _ before: (Element) -> Bool) -> Int {
        // The last index where `before` holds (`from - 1`: none), narrowed from above as `lastIndex(notAbove:)` was:
        // narrowing from below (`low = mid + 1`) made it a third slower on random lookups among 30,000 chunk starts.
        var low = (from ?? startIndex) - 1, high = endIndex - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if before(self[mid]) { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }
}

extension [Int] {
    /// The first index whose value is at least `value` (`count` if none).
    func firstIndex(notBelow value: Int) -> Int { partitionPoint { $0 < value } }

    /// The last index whose value is at most `value` (0 if none): the chunk or block that holds a line, byte or place,
    /// by their first ones.
    func lastIndex(notAbove value: Int) -> Int { partitionPoint(from: 1) { $0 <= value } - 1 }
}

/// The lines an edit touched: lines `start ..< oldEnd` of the old text became lines `start ..< newEnd` of the new
/// one; the lines before are unchanged, and the lines after are unchanged but moved by `newEnd - oldEnd`.
public struct LineEdit: Hashable, Sendable, CustomStringConvertible {
    /// The first line touched.
    public var start: Int
    /// The end of the touched lines before the edit.
    public var oldEnd: Int
    /// The end of the touched lines after the edit.
    public var newEnd: Int

    /// Lines `start ..< oldEnd` became lines `start ..< newEnd`.
    public init(start: Int, oldEnd: Int, newEnd: Int) {
        self.start = start
        self.oldEnd = oldEnd
        self.newEnd = newEnd
    }

    /// How far the lines after the edit moved.
    public var lineDelta: Int { newEnd - oldEnd }

    /// This edit followed by `next` (whose lines count in the text this one left), as one edit.
    public func then(_ next: LineEdit) -> LineEdit {
        // Both regions in the coordinates between the two edits, joined, then mapped back and forth.
        let start = min(self.start, next.start)
        let end = max(newEnd, next.oldEnd)
        return LineEdit(start: start, oldEnd: end - lineDelta, newEnd: end + next.lineDelta)
    }

    /// `start..<oldEnd → start..<newEnd`.
    public var description: String { "\(start)..<\(oldEnd) → \(start)..<\(newEnd)" }
}
