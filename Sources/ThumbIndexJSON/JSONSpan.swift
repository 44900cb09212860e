import LowLevel

/// One value of a JSON text, where it is and where it sits, with nothing decoded: what a tool that points back into a
/// document (an outline, an error marker) keeps, in place of a tree of values and strings, which for a million members
/// is several times the text. A document's values are listed in document order (a container before what it holds), 24 bytes each;
/// strings are decoded when wanted, from the text (`JSONParser.string(at:in:)`).
///
///     let spans = try JSONParser().parseSpans(bytes)     // for #"{"a": [1, "é"]}"#
///     spans[1].keyStart                                   // 1 (the opening quote of "a")
///     spans[1].kind                                       // .array
///     spans[3].parent                                     // 1
public struct JSONSpan: Sendable, Equatable {
    public enum Kind: UInt8, Sendable { case object, array, string, number, bool, null }

    /// The value's first byte and the byte just past it (a string's quotes and a container's brackets included).
    public var start: Int { Int(start32) }
    public var end: Int { Int(end32) }
    /// Where the value's member starts (its key's opening quote), or nil for an element or the document's value.
    public var keyStart: Int? { keyStart32 < 0 ? nil : Int(keyStart32) }
    /// The container holding it (an index in the same list), or nil for the document's value (or, in a list of a
    /// container's members, for those members).
    public var parent: Int? { parent32 < 0 ? nil : Int(parent32) }
    /// How many values it holds, at any depth: they follow it.
    public var size: Int { Int(size32) }
    public let kind: Kind

    package var start32: Int32, end32: Int32 = 0, keyStart32: Int32 = -1, parent32: Int32, size32: Int32 = 0

    /// Where its member starts: its key, or the value itself for an element.
    package var memberStart: Int { Int(keyStart32 < 0 ? start32 : keyStart32) }

    /// The span of a value read in a list of its own (its parent an index there, or -1 for one of its top values)
    /// placed in a longer list: parents moved by `base`, a top value's parent `container`.
    package mutating func adopt(base: Int32, container: Int32) {
        parent32 = parent32 < 0 ? container : parent32 + base
    }

    /// The span `delta` bytes further on (its key too): a value after an edit.
    package mutating func move(by delta: Int32) {
        start32 += delta
        end32 += delta
        if keyStart32 >= 0 { keyStart32 += delta }
    }

    init(kind: Kind, start: Int, parent: Int32) {
        self.kind = kind
        start32 = Int32(truncatingIfNeeded: start)
        parent32 = parent
    }

    /// A text this long or longer is not read into spans (their offsets are 32-bit).
    public static let textLimit = Int(Int32.max)
}

/// Lists every value as a `JSONSpan`, in document order. `open` puts a container in the list when its bracket is read,
/// so it comes before what it holds; the scanner only checks strings.
struct JSONSpanBuilder: JSONTreeBuilder {
    var spans: [JSONSpan] = []
    /// The containers being read, innermost last.
    var containers: [Int32] = []
    /// The most containers open at once.
    private(set) var deepest = 0

    static var decodesStrings: Bool { false }

    private var parent: Int32 { containers.last ?? -1 }

    @inline(__always) private mutating func scalar(_ kind: JSONSpan.Kind, start: Int, end: Int) -> Int32 {
        var span = JSONSpan(kind: kind, start: start, parent: parent)
        span.end32 = Int32(truncatingIfNeeded: end)
        spans.append(span)
        return Int32(spans.count - 1)
    }

    mutating func open(isObject: Bool, start: Int) {
        spans.append(JSONSpan(kind: isObject ? .object : .array, start: start, parent: parent))
        containers.append(Int32(spans.count - 1))
        deepest = max(deepest, containers.count)
    }

    /// Closes the innermost open container at `end` (just past its bracket).
    @discardableResult
    mutating func close(end: Int) -> Int32 {
        let i = containers.removeLast()
        spans[Int(i)].end32 = Int32(truncatingIfNeeded: end)
        spans[Int(i)].size32 = Int32(spans.count) - i - 1
        return i
    }

    func makeMembers() {}
    mutating func append(_ value: consuming Int32, key: consuming String, keyStart: Int, keyEnd: Int, to members: inout ()) {
        spans[Int(value)].keyStart32 = Int32(truncatingIfNeeded: keyStart)
    }
    mutating func object(_ members: consuming (), start: Int, end: Int) -> Int32 { close(end: end) }
    func makeElements() {}
    func append(_ value: consuming Int32, to elements: inout ()) {}
    mutating func array(_ elements: consuming (), start: Int, end: Int) -> Int32 { close(end: end) }
    mutating func string(_ string: consuming String, start: Int, end: Int) -> Int32 { scalar(.string, start: start, end: end) }
    mutating func string(utf8: consuming UTF8String, start: Int, end: Int) -> Int32 { scalar(.string, start: start, end: end) }
    mutating func bool(_ value: Bool, start: Int, end: Int) -> Int32 { scalar(.bool, start: start, end: end) }
    mutating func null(start: Int, end: Int) -> Int32 { scalar(.null, start: start, end: end) }
    mutating func number(_ text: UnsafeBufferPointer<UInt8>, isInteger: Bool, start: Int) throws(JSONParseError) -> Int32 {
        scalar(.number, start: start, end: start + text.count)
    }
}

extension JSONParser {
    /// Every value of a document as a `JSONSpan`, in document order; empty when `bytes` hold nothing but whitespace.
    ///
    /// The grammar, the checks and the errors are those of `parse(_:)`, with two differences that suit files: a UTF-8
    /// byte order mark at the start is skipped (RFC 8259 lets a parser ignore one; offsets still count it), and
    /// numbers are not checked to fit a `Double`, since nothing computes with them. Show an error to a person with
    /// its `problem` and a line and column worked out from its `offset`.
    ///
    /// - Throws: `JSONParseError` as `parse(_:)` does, and for a text of `JSONSpan.textLimit` bytes or more.
    public func parseSpans(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> [JSONSpan] {
        guard bytes.count < JSONSpan.textLimit else {
            throw JSONParseError("a text of \(bytes.count) bytes is too long to read into spans", offset: 0)
        }
        var scanner = JSONScanner(bytes, maxDepth: maxDepth, builder: JSONSpanBuilder())
        scanner.checksUTF8 = checksUTF8
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        if scanner.isAtEnd { return [] }
        if bytes.count >= Thresholds.spansOnTwoCores, let cut = Self.likelyMemberStart(near: bytes.count / 2, in: bytes),
           let spans = try parseSpans(bytes, cut: cut.at, isMember: cut.isMember) {
            return spans
        }
        _ = try scanner.parseDocument()
        return scanner.builder.spans
    }

    /// Reads the members of an object (`isObject`) or the elements of an array from offset `from` of `bytes` on, as
    /// spans: each member's value and what it holds, in document order, with `parent` nil for the members themselves.
    /// It starts just past the container's opening bracket (`afterBracket`) or at the first byte of a member that
    /// follows a comma, and stops at the first member start after a comma that `settled` accepts (not before reading
    /// one member when not `afterBracket`), or at the closing bracket. `depth` is the container's nesting depth (1 for
    /// the top-level value), so the nesting limit counts as in a whole parse. Offsets count from `bytes`' start.
    ///
    /// - Throws: `JSONParseError` for text the grammar refuses there (a trailing comma, a value cut short, the end).
    public func parseMemberSpans(
        _ bytes: UnsafeBufferPointer<UInt8>, isObject: Bool, from: Int, afterBracket: Bool, depth: Int,
        settled: (Int) -> Bool
    ) throws(JSONParseError) -> (spans: [JSONSpan], end: JSONMembersEnd) {
        guard bytes.count < JSONSpan.textLimit else {
            throw JSONParseError("a text of \(bytes.count) bytes is too long to read into spans", offset: 0)
        }
        var scanner = JSONScanner(bytes, maxDepth: maxDepth, builder: JSONSpanBuilder())
        scanner.checksUTF8 = checksUTF8
        scanner.position = from
        scanner.depth = depth
        let end = try scanner.readMembers(isObject: isObject, afterBracket: afterBracket, settled: settled)
        return (scanner.builder.spans, end)
    }

    /// The string whose token (its opening quote) starts at `offset` of `bytes`, escapes decoded, and the offset just
    /// past its closing quote: for a token a parse has checked (one without escapes is taken as it is, bad UTF-8
    /// repaired); nil when no string token starts there.
    public func string(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (string: String, end: Int)? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        // Most strings have no escape: their bytes up to the quote are the string.
        if let content = verbatimString(at: offset, in: bytes) {
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[content]), as: UTF8.self), content.upperBound + 1)
        }
        var scanner = JSONScanner(bytes, maxDepth: maxDepth, builder: JSONValueBuilder())
        scanner.position = offset
        guard let string = try? scanner.parseString() else { return nil }
        return (string, scanner.position)
    }

    /// The content of the string token starting at `offset` of `bytes` (the bytes between its quotes), when it has no
    /// escape: then those bytes are the string. nil when it has one, or when no string token starts there.
    public func verbatimString(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        var end = PlainStringBytes.run(in: bytes, from: offset + 1, stopsAtNonASCII: false)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        return end < bytes.count && bytes[end] == UInt8(ascii: "\"") ? offset + 1 ..< end : nil
    }
}
