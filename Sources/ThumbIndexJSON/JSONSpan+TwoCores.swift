#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LowLevel

/// A large document's spans read on two cores: the first core parses from the start, the second reads the members of
/// an object or the elements of an array from a place near the middle where one starts, to its container's close.
/// That place is a line start (a raw line feed is never inside a string, so a line starts outside every token), the
/// least indented one near the middle, so that it is likely in the largest container (a catalog's strings, a list's
/// items). The first core stops when it reaches that place at the top of a container's loop; the second's spans are
/// then those the first would have read, since the grammar between members is the same wherever they are
/// (`parseMemberSpans`). Anything else (the first reads the place otherwise, the second failed, the nesting limit is
/// in doubt) leaves the first core's reading of the whole, or a one-core parse when the first had stopped.
extension JSONParser {
    /// How far past the middle a place to start is looked for.
    static let memberStartSearch = 1 << 16

    /// The least indented line start within `memberStartSearch` bytes from `offset` on whose first non-blank byte
    /// may start a member (a quote, a colon after its string) or an element (a quote without one, a bracket, a
    /// digit, a literal): where, and whether a member; nil when there is none.
    static func likelyMemberStart(near offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (at: Int, isMember: Bool)? {
        let base = bytes.baseAddress!, limit = min(bytes.count, offset + memberStartSearch)
        var at = offset, best: (at: Int, isMember: Bool, indent: Int)?
        while at < limit, let lf = memchr(base + at, 0x0A, limit - at) {
            let lineStart = base.distance(to: lf.assumingMemoryBound(to: UInt8.self)) + 1
            at = lineStart
            while at < limit, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
            guard at < limit, at - lineStart < best?.indent ?? .max else { continue }
            switch bytes[at] {
            case Byte.quote:
                // A member when a colon follows its string (escapes stepped over), else an element.
                var end = at + 1
                while end < limit, bytes[end] != Byte.quote, bytes[end] != 0x0A { end += bytes[end] == Byte.backslash ? 2 : 1 }
                guard end < limit, bytes[end] == Byte.quote else { continue }
                end += 1
                while end < limit, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
                best = (at, end < limit && bytes[end] == Byte.colon, at - lineStart)
            case Byte.openBrace, Byte.openBracket, Byte.minus, Byte.zero ... Byte.nine, UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                best = (at, false, at - lineStart)
            default: continue
            }
        }
        return best.map { ($0.at, $0.isMember) }
    }

    /// The spans of `bytes` (at least one value there) read on two cores with the second starting at `cut`, a
    /// member's start when `isMember`, else an element's; throws what a one-core parse throws, nil when that parse
    /// must be made (the first core stopped at `cut`, and the second's reading cannot be joined to it).
    func parseSpans(_ bytes: UnsafeBufferPointer<UInt8>, cut: Int, isMember: Bool) throws(JSONParseError) -> [JSONSpan]? {
        var first = JSONScanner(bytes, maxDepth: maxDepth, builder: JSONSpanBuilder())
        first.checksUTF8 = checksUTF8
        first.pauseAt = cut
        var second = JSONScanner(bytes, maxDepth: maxDepth, builder: JSONSpanBuilder())
        second.checksUTF8 = checksUTF8
        second.position = cut
        second.depth = 1  // the fewest: its nesting is checked against the first's depth when they join
        // Room for about a value every 32 bytes (room not written is never faulted in): the first's for the whole,
        // so that the second's are appended without moving the first's.
        first.builder.spans.reserveCapacity(bytes.count / 32)
        second.builder.spans.reserveCapacity((bytes.count - cut) / 32)
        var whole: Result<[JSONSpan], JSONParseError>?
        var secondEnd: JSONMembersEnd?
        // Each closure reads through a scanner of its own (a captured one is boxed, a tenth slower), written back.
        Cores.run({
            var scanner = first
            scanner.skipByteOrderMark()
            do throws(JSONParseError) {
                _ = try scanner.parseDocument()
                whole = .success(scanner.builder.spans)
            } catch {
                if scanner.pausedInObject == nil { whole = .failure(error) }
            }
            first = scanner
        }, {
            var scanner = second
            secondEnd = try? scanner.readMembers(isObject: isMember, afterBracket: false, settled: { _ in false })
            second = scanner
        })
        if let whole { return try whole.get() }  // the first never stopped: its reading is the whole
        guard first.pausedInObject == isMember, case .closed(let end)? = secondEnd,
              first.depth + second.builder.deepest <= maxDepth else { return nil }
        // Taken from the variable the closure wrote (not shared with it: appended to while shared, its spans were
        // copied whole first).
        var stopped = first
        first.builder = JSONSpanBuilder()
        return stopped.joined(second.builder.spans, closedAt: end)
    }
}

extension JSONScanner where Builder == JSONSpanBuilder {
    /// The spans of the whole text, from this scanner stopped at a member or element start in its innermost open
    /// container and `rest`, that container's values from there on read elsewhere (it closed just before `end`): the
    /// rest of each container still open is read here. Nil when anything after `end` is not what a parse accepts.
    mutating func joined(_ rest: [JSONSpan], closedAt end: Int) -> [JSONSpan]? {
        guard let container = builder.containers.last else { return nil }
        // A member's key start is kept when its value is read; the containers still open are values not yet read.
        for (parent, open) in zip(builder.containers, builder.containers.dropFirst()) where builder.spans[Int(parent)].kind == .object {
            builder.spans[Int(open)].keyStart32 = Int32(keyStart(before: builder.spans[Int(open)].start))
        }
        let base = Int32(builder.spans.count)
        builder.spans.reserveCapacity(builder.spans.count + rest.count)
        for var span in rest {
            span.adopt(base: base, container: container)
            builder.spans.append(span)
        }
        builder.close(end: end)
        position = end
        while let open = builder.containers.last {
            let isObject = builder.spans[Int(open)].kind == .object
            depth = builder.containers.count
            skipWhitespace()
            guard position < bytes.count else { return nil }
            if bytes[position] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                position += 1
            } else if bytes[position] == Byte.comma {
                position += 1
                guard case .closed? = try? readMembers(isObject: isObject, afterBracket: false, settled: { _ in false }) else { return nil }
            } else {
                return nil
            }
            builder.close(end: position)
        }
        skipWhitespace()
        return isAtEnd ? builder.spans : nil
    }

    /// The opening quote of the key before the value starting at `value`, in text already parsed: back over the
    /// blanks and the colon to the key's closing quote, then to the first quote not escaped (a quote in a key is
    /// escaped by an odd run of backslashes; its opening quote follows no backslash).
    private func keyStart(before value: Int) -> Int {
        var at = value - 1
        while bytes[at] != Byte.colon { at -= 1 }
        at -= 1
        while bytes[at] != Byte.quote { at -= 1 }
        repeat { at -= 1 } while bytes[at] != Byte.quote || isEscaped(at)
        return at
    }
}
