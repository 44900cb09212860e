/// Whitespace trimming over UTF-8 bytes. Besides ASCII blanks this knows the Unicode spaces people
/// actually meet in word lists: NO-BREAK SPACE, the EN..HAIR spaces, IDEOGRAPHIC SPACE (Japanese and
/// Chinese text) and a stray BYTE ORDER MARK.
enum UTF8Whitespace {
    @inline(__always)
    static func isASCIIBlank(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C
    }

    /// Length of the whitespace character starting at `i` (0 if none). `end` bounds the read.
    @inline(__always)
    static func leading(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        let b = p[i]
        if isASCIIBlank(b) { return 1 }
        if b < 0xC2 { return 0 }
        if b == 0xC2 { return i + 1 < end && p[i + 1] == 0xA0 ? 2 : 0 }
        guard i + 2 < end else { return 0 }
        return isThreeByteSpace(b, p[i + 1], p[i + 2]) ? 3 : 0
    }

    /// Length of the whitespace character ending just before `end` (0 if none). `start` bounds the read.
    @inline(__always)
    static func trailing(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        let b = p[end - 1]
        if isASCIIBlank(b) { return 1 }
        if b < 0x80 { return 0 }
        if b == 0xA0, end - 2 >= start, p[end - 2] == 0xC2 { return 2 }
        guard end - 3 >= start else { return 0 }
        return isThreeByteSpace(p[end - 3], p[end - 2], b) ? 3 : 0
    }

    @inline(__always)
    static func isThreeByteSpace(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        switch (a, b) {
        case (0xE2, 0x80): return c <= 0x8A || c == 0xA8 || c == 0xA9 || c == 0xAF  // U+2000–200A, 2028, 2029, 202F
        case (0xE2, 0x81): return c == 0x9F  // U+205F
        case (0xE3, 0x80): return c == 0x80  // U+3000
        case (0xEF, 0xBB): return c == 0xBF  // U+FEFF
        case (0xE1, 0x9A): return c == 0x80  // U+1680
        default: return false
        }
    }

    /// The trimmed byte range `[a, b)` of `[start, end)`.
    @inline(__always)
    static func trim(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var a = start, b = end
        while a < b { let n = leading(p, a, b); if n == 0 { break }; a += n }
        while b > a { let n = trailing(p, a, b); if n == 0 { break }; b -= n }
        return (a, b)
    }

    /// Trimmed byte range of `bytes[start..<end]`, for callers holding an array.
    static func trim(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (Int, Int) {
        bytes.withUnsafeBufferPointer { trim($0, start, end) }
    }
}
