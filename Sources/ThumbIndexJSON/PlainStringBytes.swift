import LowLevel

/// String content that needs no look (no quote, backslash or control character, and, when multi-byte characters are
/// checked, no byte past ASCII), found eight bytes at a time; what the writer escapes (`ByteSink.appendQuoted`).
enum PlainStringBytes {
    /// The high bit of each byte of `word` (little-endian) that needs a look. A borrow may flag a byte after a real
    /// one, never the first: the lowest flag is exact.
    @inline(__always)
    static func flags(_ word: UInt64, stopsAtNonASCII: Bool) -> UInt64 {
        (stopsAtNonASCII ? word & ByteSearch.highs : 0) | ByteSearch.below(word, 0x20)
            | ByteSearch.equal(word, UInt8(ascii: "\"")) | ByteSearch.equal(word, UInt8(ascii: "\\"))
    }

    /// Where a run of content with nothing to look at from `from` on ends, to within eight bytes: at the first word
    /// of eight holding a byte that needs a look.
    @inline(__always)
    static func run(in bytes: UnsafeBufferPointer<UInt8>, from: Int, stopsAtNonASCII: Bool) -> Int {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return from }
        var position = from
        while position + 8 <= bytes.count {
            guard flags(ByteSearch.word(base, at: position), stopsAtNonASCII: stopsAtNonASCII) == 0 else { return position }
            position += 8
        }
        return position
    }
}

/// Unescaped string content being written into storage sized beforehand, with eight bytes of room past it
/// (`JSONScanner.parseString`); without storage, nothing is written (a string only checked).
struct UnescapedText {
    private var base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    /// The line breaks and NULs written (each is written a byte at a time: in a plain run there is no control
    /// character). Bytes past ASCII are not counted here.
    private(set) var census = UTF8String.Census()

    init(_ base: UnsafeMutablePointer<UInt8>? = nil) { self.base = base }

    @inline(__always) mutating func append(_ byte: UInt8) {
        guard let base else { return }
        census.count(byte, after: count > 0 ? base[count - 1] : nil)
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        guard let base, let from = run.baseAddress, !run.isEmpty else { return }
        (base + count).update(from: from, count: run.count)
        count += run.count
    }

    /// Copies the content from `from` on up to the first byte that needs a look, and returns where that is (to
    /// within eight bytes of the end of `bytes`, or of a word when nothing is written). Each word is stored whole
    /// and kept up to that byte: a document's text has an escape on every line or two, and a copy of each run
    /// between them cost a call a line. The stored word may reach eight bytes past the content read, into the room.
    @inline(__always)
    mutating func appendPlainRun(of bytes: UnsafeBufferPointer<UInt8>, from: Int, stopsAtNonASCII: Bool) -> Int {
        guard let base, let source = UnsafeRawPointer(bytes.baseAddress) else {
            return PlainStringBytes.run(in: bytes, from: from, stopsAtNonASCII: stopsAtNonASCII)
        }
        let target = UnsafeMutableRawPointer(base)
        var position = from
        while position + 8 <= bytes.count {
            let raw = source.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            target.storeBytes(of: raw, toByteOffset: count, as: UInt64.self)
            let flagged = PlainStringBytes.flags(UInt64(littleEndian: raw), stopsAtNonASCII: stopsAtNonASCII)
            guard flagged == 0 else {
                let kept = flagged.trailingZeroBitCount >> 3
                count += kept
                return position + kept
            }
            position += 8
            count += 8
        }
        return position
    }
}
