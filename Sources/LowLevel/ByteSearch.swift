/// Bytes looked at eight at a time, as one little-endian word: where a quoted string ends (its quote, or an escape
/// before it), where a line or a field ends, which bytes of a word need a look. Readers of large texts spend much of
/// their time there; a byte at a time it was a sixth of reading a `.strings` table.
///
/// A byte equal to `c` is a zero byte of `word ^ c·ones`, and `(x - ones) & ~x & highs` flags the zero bytes of `x`
/// by their high bits; a borrow may flag a byte above a flagged one, never below, so the lowest flag is exact
/// (`equal`, `below`). `exactlyEqual` costs an operation more and flags no other byte.
package enum ByteSearch {
    @inlinable package static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable package static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes from `offset` on, the first lowest.
    @inlinable @inline(__always)
    package static func word(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The high bit of each byte of `word` that is `byte` (the lowest exact; a borrow may flag others above it).
    @inlinable @inline(__always)
    package static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The high bit of each byte of `word` below `limit` (at most 0x80; the lowest exact, as in `equal`).
    @inlinable @inline(__always)
    package static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// The high bit of each byte of `word` that is `byte`, and of no other (no borrow runs from byte to byte).
    @inlinable @inline(__always)
    package static func exactlyEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return ~(((x & ~highs) &+ ~highs) | x) & highs
    }

    /// Where the first `a`, `b` or `c` of `bytes[from ..< to]` is; `to` when there is none. Inlined, a value given
    /// twice is looked for once (the same value, the same flags: the compiler computes them once).
    @inlinable @inline(__always)
    package static func first(_ a: UInt8, _ b: UInt8, or c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var j = from
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while j + 8 <= to {
                let w = word(base, at: j), flagged = equal(w, a) | equal(w, b) | equal(w, c)
                if flagged != 0 { return j + flagged.trailingZeroBitCount / 8 }
                j += 8
            }
        }
        while j < to, bytes[j] != a, bytes[j] != b, bytes[j] != c { j += 1 }
        return j
    }

    /// Where the first `a` or `b` of `bytes[from ..< to]` is; `to` when there is none.
    @inlinable @inline(__always)
    package static func first(_ a: UInt8, or b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        first(a, b, or: b, in: bytes, from: from, to: to)
    }

    /// Where the first `needle` (not empty) in `bytes[from ..< to]` starts, or nil: its first byte eight at a time,
    /// then the rest compared.
    package static func first(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        var j = from
        let head = needle[0], last = to - needle.count
        while j <= last {
            j = first(head, or: head, in: bytes, from: j, to: last + 1)
            guard j <= last else { return nil }
            if (1 ..< needle.count).allSatisfy({ bytes[j + $0] == needle[$0] }) { return j }
            j += 1
        }
        return nil
    }
}
