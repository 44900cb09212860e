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
    /// See `JSONParser.parseMemberSpans(_:isObject:from:afterBracket:depth:settled:)`: the loop of a whole object's or
    /// array's read, from `position`, stopped where `settled` accepts a member start.
    mutating func readMembers(isObject: Bool, afterBracket: Bool, settled: (Int) -> Bool)
        throws(JSONParseError) -> JSONMembersEnd {
        let from = position
        var members = builder.makeMembers(), elements = builder.makeElements()
        let stopped = try withoutActuallyEscaping(settled) { settled throws(JSONParseError) in
            isObject ? try readMembers(isObject: true, of: from, afterBracket: afterBracket, into: &members, &elements, settled: settled)
                     : try readMembers(isObject: false, of: from, afterBracket: afterBracket, into: &members, &elements, settled: settled)
        }
        return stopped.map { .settled($0) } ?? .closed(position)
    }
}
