/// A strict RFC 8259 parser.
///
/// Beyond the grammar it checks what a lenient parser would let through: strings must be valid UTF-8 and may not hold
/// raw control characters; nesting is bounded (`maxDepth`, so hostile input cannot overflow the stack); numbers that
/// overflow a `Double` (`1e999`) are an error rather than infinity. Integers that fit in `Int64` stay exact, other
/// numbers keep their text. A lone UTF-16 surrogate escape (`"\uD83D"` without its partner) becomes U+FFFD, the
/// replacement character, rather than an error: editors do send such strings when a user's text is cut in the
/// middle of an emoji, and refusing the whole message would lose the edit.
///
///     let value = try JSONParser().parse(Array(#"{"id": 1, "method": "initialize"}"#.utf8))
///
/// The same parser reads a document for a tool that points back into it with `parseSpans(_:)`, which keeps the span
/// of every value and key (see `JSONSpan`).
public struct JSONParser: Sendable {
    /// The nesting limit when none is given.
    public static let defaultMaxDepth = 512
    /// The length in bytes (as written, escapes included) from which a string value is kept as its UTF-8
    /// (`JSON.utf8String`), not as a `String`: a document's text, not a name or a uri.
    public static let longString = 1 << 16

    /// Arrays and objects nested deeper than this are an error.
    public var maxDepth: Int
    /// Whether strings are checked to be UTF-8 (RFC 3629); false for a text that is already known to be (a Swift
    /// string's bytes), read a little faster by `parseSpans` and `parseMemberSpans`.
    public var checksUTF8: Bool

    /// A parser that refuses nesting deeper than `maxDepth`.
    public init(maxDepth: Int = JSONParser.defaultMaxDepth, checksUTF8: Bool = true) {
        self.maxDepth = maxDepth
        self.checksUTF8 = checksUTF8
    }

    /// Parses one JSON text (surrounding whitespace allowed, nothing else after the value).
    ///
    /// - Throws: `JSONParseError` saying what is wrong and at which byte.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        let result: Result<JSON, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maxDepth: maxDepth, builder: JSONValueBuilder())
            do throws(JSONParseError) { return .success(try scanner.parseDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses the UTF-8 of `text`.
    ///
    /// - Throws: `JSONParseError` saying what is wrong and at which byte.
    public func parse(_ text: String) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8))
    }
}
