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
