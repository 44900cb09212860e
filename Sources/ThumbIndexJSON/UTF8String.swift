import LowLevel

/// A JSON string kept as its UTF-8 bytes, checked: how the parser keeps a long one (`JSONParser.longString` bytes or
/// more: a document's whole text). A `String` of it would check the bytes again and copy them, and a document wants
/// its bytes anyway: for a million contacts that was 108 MB checked, copied and faulted in once more.
///
/// It is the string it spells: `.utf8String(s)` equals `.string(s.string)`, and accessors see a string.
public struct UTF8String: Hashable, Sendable {
    /// The UTF-8, well formed.
    public let bytes: [UInt8]
    /// What a reader of the bytes as a text counts in them, counted as the parser unescaped and checked them (nil
    /// when not counted): a document of 100 MB passes over its text once less.
    public let census: Census?

    /// The UTF-8 of `string`.
    public init(_ string: String) {
        bytes = Array(string.utf8)
        census = nil
    }

    /// Bytes already checked to be UTF-8, and what they hold.
    init(checked bytes: consuming [UInt8], census: Census) {
        self.bytes = bytes
        self.census = census
    }

    /// A text's line breaks, bytes past ASCII and NULs. In a JSON string every control character is an escape, so each
    /// line break and NUL is written a byte at a time as the string is unescaped, and counted there; the bytes past
    /// ASCII are counted by the UTF-8 check.
    public struct Census: Hashable, Sendable {
        /// The line feeds.
        public internal(set) var lineFeeds = 0
        /// The CRs, and those of them that stand before a line feed (the others end lines of their own).
        public internal(set) var carriageReturns = 0, carriageReturnsBeforeLineFeeds = 0
        /// The NULs.
        public internal(set) var nuls = 0
        /// The bytes past ASCII.
        public internal(set) var nonASCII = 0

        /// Adds the counts of a text that follows this one (one that does not start with a line feed after a CR).
        mutating func add(_ other: Census) {
            lineFeeds += other.lineFeeds
            carriageReturns += other.carriageReturns
            carriageReturnsBeforeLineFeeds += other.carriageReturnsBeforeLineFeeds
            nuls += other.nuls
            nonASCII += other.nonASCII
        }

        /// Counts `byte`, written after `previous` (nil at the start).
        @inline(__always)
        mutating func count(_ byte: UInt8, after previous: UInt8?) {
            guard byte <= 0x0D else { return }
            switch byte {
            case 0x0A:
                lineFeeds += 1
                if previous == 0x0D { carriageReturnsBeforeLineFeeds += 1 }
            case 0x0D: carriageReturns += 1
            case 0: nuls += 1
            default: break
            }
        }
    }

    /// The bytes as a `String` (made, and checked again, each time it is asked for).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Equal when the strings are: canonically equivalent spellings too, as `String` compares them.
    public static func == (lhs: UTF8String, rhs: UTF8String) -> Bool { lhs.bytes == rhs.bytes || lhs.string == rhs.string }

    public func hash(into hasher: inout Hasher) { hasher.combine(string) }
}

/// Checks UTF-8 as RFC 3629 has it: no overlong forms, surrogates, or scalars past U+10FFFF. One check for the parser's
/// strings, whole (`isWellFormed`) or a character at a time as they are scanned.
enum UTF8Check {
    /// Whether `utf8` is well formed.
    static func isWellFormed(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool { nonASCIICount(utf8) != nil }

    /// `nonASCIICount(utf8)` of a text of a MiB or more, its halves (cut where a character starts, or within three
    /// bytes of the middle) checked on two cores: a document's text is checked while the server does nothing else,
    /// and one core's check was a sixth of receiving it.
    static func nonASCIICountOnTwoCores(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard utf8.count >= Thresholds.utf8CheckedOnTwoCores else { return nonASCIICount(utf8) }
        var cut = utf8.count / 2
        for _ in 0 ..< 3 where utf8[cut] & 0xC0 == 0x80 { cut += 1 }  // a fourth continuation byte fails the second half
        var first: Int?, second: Int?
        Cores.run({ first = nonASCIICount(UnsafeBufferPointer(rebasing: utf8[..<cut])) },
                     { second = nonASCIICount(UnsafeBufferPointer(rebasing: utf8[cut...])) })
        guard let first, let second else { return nil }
        return first + second
    }

    /// The bytes of `utf8` past ASCII when it is well formed, else nil. A run of ASCII is stepped over 32 bytes at a
    /// time, then eight (a document's text is mostly such runs, and a word at a time was a tenth of receiving one).
    static func nonASCIICount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = UnsafeRawPointer(utf8.baseAddress) else { return 0 }
        @inline(__always) func word(_ i: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
        let n = utf8.count, highs = ByteSearch.highs
        var i = 0, nonASCII = 0
        while i < n {
            if utf8[i] < 0x80 {
                i += 1
                while i + 32 <= n, (word(i) | word(i + 8) | word(i + 16) | word(i + 24)) & highs == 0 { i += 32 }
                while i + 8 <= n, word(i) & highs == 0 { i += 8 }
            } else {
                guard let length = length(ofCharacterAt: i, in: utf8) else { return nil }
                i += length
                nonASCII += length
            }
        }
        return nonASCII
    }

    /// The length of the well-formed character of two to four bytes that starts at `i` (its lead byte is past ASCII),
    /// or nil. A character of two or three bytes (most scripts') is checked without a table or a loop.
    @inline(__always)
    static func length(ofCharacterAt i: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int? {
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
