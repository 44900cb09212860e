/// Checks UTF-8 as RFC 3629 has it: no overlong forms, surrogates, or scalars past U+10FFFF. One check for the JSON
/// parser's strings, whole (`isWellFormed`) or a character at a time as they are scanned, and for files read as text
/// (`TextEncodings.firstInvalidUTF8`).
package enum UTF8Check {
    /// Whether `utf8` is well formed.
    package static func isWellFormed(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool { nonASCIICount(utf8) != nil }

    /// `nonASCIICount(utf8)` of a text of a MiB or more, its halves (cut where a character starts, or within three
    /// bytes of the middle) checked on two cores: a document's text is checked while the server does nothing else,
    /// and one core's check was a sixth of receiving it.
    package static func nonASCIICountOnTwoCores(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard utf8.count >= Thresholds.utf8CheckedOnTwoCores else { return nonASCIICount(utf8) }
        var cut = utf8.count / 2
        for _ in 0 ..< 3 where utf8[cut] & 0xC0 == 0x80 { cut += 1 }  // a fourth continuation byte fails the second half
        var first: Int?, second: Int?
        Cores.run({ first = nonASCIICount(UnsafeBufferPointer(rebasing: utf8[..<cut])) },
                     { second = nonASCIICount(UnsafeBufferPointer(rebasing: utf8[cut...])) })
        guard let first, let second else { return nil }
        return first + second
    }

    /// The bytes of `utf8` past ASCII when it is well formed, else nil.
    package static func nonASCIICount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let (nonASCII, invalid) = scan(utf8)
        return invalid == nil ? nonASCII : nil
    }

    /// The offset of the first byte of `utf8` that does not start or continue a well-formed character, or nil.
    package static func firstInvalid(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? { scan(utf8).invalid }

    /// The bytes past ASCII up to the first character that is not well formed, and its offset (nil when all are). A
    /// run of ASCII is stepped over 32 bytes at a time, then eight (a document's text is mostly such runs, and a word
    /// at a time was a tenth of receiving one).
    private static func scan(_ utf8: UnsafeBufferPointer<UInt8>) -> (nonASCII: Int, invalid: Int?) {
        guard let base = UnsafeRawPointer(utf8.baseAddress) else { return (0, nil) }
        @inline(__always) func word(_ i: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
        let n = utf8.count, highs = ByteSearch.highs
        var i = 0, nonASCII = 0
        while i < n {
            if utf8[i] < 0x80 {
                i += 1
                while i + 32 <= n, (word(i) | word(i + 8) | word(i + 16) | word(i + 24)) & highs == 0 { i += 32 }
                while i + 8 <= n, word(i) & highs == 0 { i += 8 }
            } else {
                guard let length = length(ofCharacterAt: i, in: utf8) else { return (nonASCII, i) }
                i += length
                nonASCII += length
            }
        }
        return (nonASCII, nil)
    }

    /// The length of the well-formed character of two to four bytes that starts at `i` (its lead byte is past ASCII),
    /// or nil. A character of two or three bytes (most scripts') is checked without a table or a loop.
    @inlinable @inline(__always)
    package static func length(ofCharacterAt i: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let lead = utf8[i], n = utf8.count
        if lead < 0xE0 {
            guard lead >= 0xC2, i + 1 < n, utf8[i + 1] & 0xC0 == 0x80 else { return nil }
            return 2
        }
        if lead < 0xF0 {
            guard i + 2 < n else { return nil }
            let second = utf8[i + 1]
            guard second & 0xC0 == 0x80, utf8[i + 2] & 0xC0 == 0x80 else { return nil }
            // Not overlong (E0 80–9F), not a surrogate (ED A0–BF).
            if lead == 0xE0 ? second < 0xA0 : lead == 0xED && second > 0x9F { return nil }
            return 3
        }
        guard lead <= 0xF4, i + 3 < n else { return nil }
        let second = utf8[i + 1]
        guard second & 0xC0 == 0x80, utf8[i + 2] & 0xC0 == 0x80, utf8[i + 3] & 0xC0 == 0x80 else { return nil }
        // Not overlong (F0 80–8F), not past U+10FFFF (F4 90–BF).
        if lead == 0xF0 ? second < 0x90 : lead == 0xF4 && second > 0x8F { return nil }
        return 4
    }
}

extension UInt8 {
    /// The value of an ASCII hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), nil for any other byte: what `\u00e9` in
    /// JSON or a `.strings` file, `=C3` in a quoted-printable vCard and `\x41` in YAML spell.
    @inlinable
    package var hexDigitValue: UInt8? {
        switch self {
        case 0x30 ... 0x39: self - 0x30
        case 0x41 ... 0x46: self - 0x41 + 10
        case 0x61 ... 0x66: self - 0x61 + 10
        default: nil
        }
    }
}
