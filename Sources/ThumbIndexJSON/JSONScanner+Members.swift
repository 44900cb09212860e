/// How a read of some members of one object (or elements of one array) ended, for an editor's outline that follows
/// edits (`JSONParser.parseMemberSpans`): a container's members read from any member's start on parse as they do in
/// the whole document, since the grammar between members is the same wherever they are.
public enum JSONMembersEnd: Sendable, Equatable {
    /// A member starts at this offset, which the caller accepted: the members from there on are those of before.
    case settled(Int)
    /// The container closed; the offset is just past its closing bracket.
    case closed(Int)
}

extension JSONScanner {
    /// See `JSONParser.parseMemberSpans(_:isObject:from:afterBracket:depth:settled:)`.
    mutating func readMembers(isObject: Bool, afterBracket: Bool, settled: (Int) -> Bool)
        throws(JSONParseError) -> JSONMembersEnd {
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let what: Unclosed = isObject ? .object : .array
        var members = builder.makeMembers(), elements = builder.makeElements()
        if afterBracket {
            skipWhitespace()
            guard position < bytes.count else { throw unterminated(what, start: position) }
            if bytes[position] == close {
                position += 1
                return .closed(position)
            }
            if settled(position) {
                return .settled(position)
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
                    return .settled(position)
                }
            case close:
                position += 1
                return .closed(position)
            default:
                throw unexpected(expected: isObject ? "',' or '}'" : "',' or ']'")
            }
        }
    }
}
