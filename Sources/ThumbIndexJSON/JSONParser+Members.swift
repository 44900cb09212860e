/// Some members of one object (or elements of one array) read again, for an editor's outline that follows edits: a
/// container's members read from any member's start on parse as they do in the whole document, since the grammar
/// between members is the same wherever they are.
public struct JSONMembers: Sendable {
    /// How the read ended.
    public enum End: Sendable, Equatable {
        /// A member starts at this offset, which the caller accepted: the members from there on are those of before.
        case settled(Int)
        /// The container closed; the offset is just past its closing bracket.
        case closed(Int)
    }

    /// The members read (an object's).
    public var members: [JSONNode.Member] = []
    /// The elements read (an array's).
    public var elements: [JSONNode] = []
    /// Where the read ended.
    public var end: End = .closed(0)

    /// Nothing read yet.
    public init() {}
}

extension JSONParser {
    /// Reads the members of an object (`isObject`) or the elements of an array from offset `from` of `bytes` on: just
    /// past the container's opening bracket (`afterBracket`), or the first byte of a member that follows a comma. It
    /// stops at the first member start after a comma that `settled` accepts (not before reading one member when not
    /// `afterBracket`), or at the closing bracket. `depth` is the container's nesting depth (1 for the top-level
    /// value), so the nesting limit counts as in a whole parse. Offsets in the result count from `bytes`' start.
    ///
    /// - Throws: `JSONParseError` for text the grammar refuses there (a trailing comma, a value cut short, the end).
    public func parseMembers(
        _ bytes: UnsafeBufferPointer<UInt8>, isObject: Bool, from: Int, afterBracket: Bool, depth: Int,
        settled: (Int) -> Bool
    ) throws(JSONParseError) -> JSONMembers {
        var scanner = JSONScanner(bytes, maxDepth: maxDepth, builder: JSONNodeBuilder())
        scanner.position = from
        scanner.depth = depth
        var read = JSONMembers()
        (read.members, read.elements, read.end) = try scanner.readMembers(isObject: isObject, afterBracket: afterBracket,
                                                                          settled: settled)
        return read
    }
}

extension JSONScanner {
    /// See `JSONParser.parseMembers(_:isObject:from:afterBracket:depth:settled:)`.
    mutating func readMembers(isObject: Bool, afterBracket: Bool, settled: (Int) -> Bool)
        throws(JSONParseError) -> (members: Builder.Members, elements: Builder.Elements, end: JSONMembers.End) {
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let what: Unclosed = isObject ? .object : .array
        var members = builder.makeMembers(), elements = builder.makeElements()
        if afterBracket {
            skipWhitespace()
            guard position < bytes.count else { throw unterminated(what, start: position) }
            if bytes[position] == close {
                position += 1
                return (members, elements, .closed(position))
            }
            if settled(position) {
                return (members, elements, .settled(position))
            }
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw unterminated(what, start: position) }
            if isObject {
                guard bytes[position] == UInt8(ascii: "\"") else { throw unexpected(expected: "a string key", plainly: "a key in double quotes") }
                let keyStart = position
                let key = try parseString()
                let keyEnd = position
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw unexpected(expected: "':' after the key", plainly: "':' after the key")
                }
                position += 1
                skipWhitespace()
                let value = try parseValue()
                builder.append(value, key: key, keyStart: keyStart, keyEnd: keyEnd, to: &members)
            } else {
                let value = try parseValue()
                builder.append(value, to: &elements)
            }
            skipWhitespace()
            guard position < bytes.count else { throw unterminated(what, start: position) }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
                if position < bytes.count, settled(position) {
                    return (members, elements, .settled(position))
                }
            case close:
                position += 1
                return (members, elements, .closed(position))
            default:
                throw unexpected(expected: isObject ? "',' or '}'" : "',' or ']'")
            }
        }
    }
}
