/// Looking for one of two bytes eight at a time: where a quoted string ends (its quote, or an escape before it), where
/// a comment's line ends. Readers of large texts spend much of their time there; a byte at a time it was a sixth of
/// reading a `.strings` table.
enum ByteSearch {
    /// Where the first `a` or `b` of `bytes[from ..< to]` is; `to` when there is none.
    static func first(_ a: UInt8, or b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var j = from
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            // A zero byte of `w ^ a·ones` is an `a`; the lowest flag is always a true one (a borrow only flags above).
            func zeroIn(_ w: UInt64) -> UInt64 { (w &- ones) & ~w & highs }
            let aa = ones &* UInt64(a), bb = ones &* UInt64(b)
            while j + 8 <= to {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: j, as: UInt64.self))
                let flagged = zeroIn(word ^ aa) | zeroIn(word ^ bb)
                if flagged != 0 { return j + flagged.trailingZeroBitCount / 8 }
                j += 8
            }
        }
        while j < to, bytes[j] != a, bytes[j] != b { j += 1 }
        return j
    }
}
