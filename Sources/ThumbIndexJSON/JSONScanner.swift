#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LowLevel

enum Byte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
}

/// One parse over a buffer: checks the grammar, and hands each value and its span to `Builder`, which makes the tree.
struct JSONScanner<Builder: JSONTreeBuilder> {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0
    var depth = 0
    /// Where a string with escapes is being written, unescaped.
    var output = UnescapedText()
    var builder: Builder
    /// Whether strings' bytes are checked to be UTF-8 (not for a text that is a Swift string's UTF-8).
    var checksUTF8 = true
    /// Where a parse stops, when a member or an element starts there (`pausedInObject`): the rest is read on another
    /// core (`JSONParser.parseSpans`).
    var pauseAt = Int.max
    /// Whether the parse stopped at `pauseAt` in an object (a member starts there) or in an array (false); nil
    /// while it has not.
    private(set) var pausedInObject: Bool?

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, builder: Builder) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.builder = builder
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// Steps over a UTF-8 byte order mark at the very start, if there is one.
    mutating func skipByteOrderMark() {
        if position == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// The one value of the text, from `position` on; nothing but whitespace may follow it.
    mutating func parseDocument() throws(JSONParseError) -> Builder.Value {
        skipWhitespace()
        guard position < bytes.count else {
            throw JSONParseError(bytes.isEmpty ? "empty input, expected a JSON value"
                                 : "only whitespace, expected a JSON value", offset: position)
        }
        let value = try parseValue()
        skipWhitespace()
        if position < bytes.count {
            let found = describe(bytes[position])
            throw JSONParseError("unexpected \(found) at byte \(position) after the end of the JSON value",
                                 problem: "unexpected \(found) after the end of the JSON value", offset: position)
        }
        return value
    }

    // MARK: Values

    mutating func parseValue() throws(JSONParseError) -> Builder.Value {
        guard position < bytes.count else { throw unexpected(expected: "a value") }
        let start = position
        switch bytes[position] {
        case Byte.openBrace: return try parseObject()
        case Byte.openBracket: return try parseArray()
        case Byte.quote:
            if Builder.decodesStrings, let utf8 = try parseLongString() {
                return builder.string(utf8: utf8, start: start, end: position)
            }
            let string = try parseString()
            return builder.string(string, start: start, end: position)
        case UInt8(ascii: "t"): try expectLiteral("true"); return builder.bool(true, start: start, end: position)
        case UInt8(ascii: "f"): try expectLiteral("false"); return builder.bool(false, start: start, end: position)
        case UInt8(ascii: "n"): try expectLiteral("null"); return builder.null(start: start, end: position)
        case Byte.minus, Byte.zero...Byte.nine: return try parseNumber()
        default: throw unexpected(expected: "a value")
        }
    }

    mutating func parseObject() throws(JSONParseError) -> Builder.Value {
        let start = position
        try enterContainer()
        position += 1
        builder.open(isObject: true, start: start)
        var members = builder.makeMembers(), elements = builder.makeElements()
        _ = try readMembers(isObject: true, of: start, afterBracket: true, into: &members, &elements, settled: nil)
        depth -= 1
        return builder.object(members, start: start, end: position)
    }

    mutating func parseArray() throws(JSONParseError) -> Builder.Value {
        let start = position
        try enterContainer()
        position += 1
        builder.open(isObject: false, start: start)
        var members = builder.makeMembers(), elements = builder.makeElements()
        _ = try readMembers(isObject: false, of: start, afterBracket: true, into: &members, &elements, settled: nil)
        depth -= 1
        return builder.array(elements, start: start, end: position)
    }

    /// The members of the object (`isObject`) or the elements of the array opened at `start`, read from `position` on
    /// (just past the bracket, `afterBracket`, or at a member) into `members` or `elements`, to just past its closing
    /// bracket; or, given `settled`, to the first member start (after the bracket or a comma) that it accepts, returned
    /// (a window of members read again: `readMembers(isObject:afterBracket:settled:)`). One loop for both kinds and
    /// both reads, inlined into each with `isObject` and `settled` known, so that each is specialized.
    @inline(__always)
    mutating func readMembers(isObject: Bool, of start: Int, afterBracket: Bool, into members: inout Builder.Members,
                              _ elements: inout Builder.Elements, settled: ((Int) -> Bool)?) throws(JSONParseError) -> Int? {
        let close = isObject ? Byte.closeBrace : Byte.closeBracket
        if afterBracket {
            skipWhitespace()
            if position < bytes.count, bytes[position] == close {
                position += 1
                return nil
            }
            if let settled, position < bytes.count, settled(position) { return position }
        }
        while true {
            skipWhitespace()
            if position == pauseAt { throw pause(inObject: isObject) }
            guard position < bytes.count else { throw unterminated(isObject ? .object : .array, start: start) }
            var key = "", keyStart = 0
            if isObject {
                guard bytes[position] == Byte.quote else {
                    throw unexpected(expected: "a string key", plainly: "a key in double quotes")
                }
                keyStart = position
                key = try parseString()
                let keyEnd = position
                skipWhitespace()
                guard position < bytes.count else { throw unterminated(.object, start: start) }
                guard bytes[position] == Byte.colon else {
                    throw unexpected(expected: "':' after the key", plainly: "':' after the key \(quoted(keyName(key, at: keyStart)))")
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
            guard position < bytes.count else { throw unterminated(isObject ? .object : .array, start: start) }
            switch bytes[position] {
            case Byte.comma:
                position += 1
                if let settled {
                    skipWhitespace()
                    if position < bytes.count, settled(position) { return position }
                }
            case close:
                position += 1
                return nil
            default:
                throw isObject
                    ? unexpected(expected: "',' or '}'", plainly: "',' or '}' after the value of \(quoted(keyName(key, at: keyStart)))")
                    : unexpected(expected: "',' or ']'", plainly: "',' or ']' after an array element")
            }
        }
    }

    /// Stops the parse at `pauseAt` (thrown through every container open; the builder keeps what was read).
    private mutating func pause(inObject: Bool) -> JSONParseError {
        pausedInObject = inObject
        return JSONParseError("paused at byte \(position)", offset: position)
    }

    /// The key for an error's message: read again when the builder has strings only checked.
    func keyName(_ key: String, at keyStart: Int) -> String {
        guard !Builder.decodesStrings else { return key }
        return JSONParser(maxDepth: maxDepth).string(at: keyStart, in: bytes)?.string ?? key
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth {
            throw JSONParseError("JSON nested deeper than \(maxDepth) levels (at byte \(position))",
                                 problem: "nested more than \(maxDepth) levels deep", offset: position)
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let matches = position + count <= bytes.count && (0..<count).allSatisfy {
            bytes[position + $0] == literal.utf8Start[$0]
        }
        guard matches else {
            throw JSONParseError("invalid literal at byte \(position), expected '\(literal)'",
                                 problem: "expected '\(literal)', found '\(word())'", offset: position)
        }
        position += count
    }

    // MARK: Strings

    mutating func parseString() throws(JSONParseError) -> String {
        let start = position
        position += 1
        let contentStart = position
        // Fast path: no escapes, so the string is the bytes themselves (validated as we go).
        while position < bytes.count {
            skipPlainASCII()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte == Byte.quote {
                guard Builder.decodesStrings else { position += 1; return "" }
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]), as: UTF8.self)
                position += 1
                return string
            }
            if byte == Byte.backslash { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            if byte < 0x80 || !checksUTF8 { position += 1 } else { try skipUTF8Sequence() }
        }
        guard position < bytes.count else { throw unterminated(.string, start: start) }
        guard Builder.decodesStrings else {
            // Checked, not written: `output` has no storage, so the escapes' bytes go nowhere.
            try unescape(stringStart: start, checkingUTF8: checksUTF8)
            return ""
        }

        // Escapes: the string is written once, unescaped, straight into its own storage, which the raw text bounds
        // (no escape is longer unescaped). A document's text is one such string of many megabytes, with an escape on
        // every line: a growing buffer copied into a string at the end cost it two more copies and their page faults.
        //
        // Its multi-byte characters are copied with the rest, unchecked: the string checks its UTF-8 as it is made
        // (and repairs it). Looked at one by one, each cost the copy a stop (a text of names in other scripts stops
        // every few bytes); the string's own check is the one that is paid anyway. A repair shows as bytes written
        // that are not the string's, or as a U+FFFD in it: then the raw text is read again, checked, for the error.
        let capacity = closingQuote(from: position) - contentStart
        var failure: JSONParseError?
        var written = 0
        // Eight bytes of room past the content: `UnescapedText` stores whole words.
        let string = String(unsafeUninitializedCapacity: capacity + 8) { buffer -> Int in
            output = UnescapedText(buffer.baseAddress!)
            defer { output = UnescapedText() }
            output.append(UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
            do throws(JSONParseError) {
                try unescape(stringStart: start, checkingUTF8: false)
            } catch {
                failure = error
            }
            written = output.count
            return written
        }
        if let failure { throw failure }
        if checksUTF8, Self.mayBeRepaired(string, written: written) {
            let end = position
            position = contentStart
            try unescape(stringStart: start, checkingUTF8: true)  // nothing written: `output` has no storage
            position = end
        }
        return string
    }

    /// Whether `string`, made of `written` bytes, may have had invalid UTF-8 repaired: its length differs, or it holds
    /// a U+FFFD (EF BF BD), which a repair puts in.
    static func mayBeRepaired(_ string: String, written: Int) -> Bool {
        var string = string
        return string.withUTF8 { utf8 in
            guard utf8.count == written else { return true }
            guard let base = utf8.baseAddress else { return false }
            var i = 0
            while i < utf8.count, let found = memchr(base + i, 0xEF, utf8.count - i) {
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if i + 2 < utf8.count, utf8[i + 1] == 0xBF, utf8[i + 2] == 0xBD { return true }
                i += 1
            }
            return false
        }
    }

    /// Steps over string content with nothing to look at (no quote, backslash or control character, and no byte of a
    /// multi-byte character when they are checked), eight bytes at a time.
    @inline(__always)
    mutating func skipPlainASCII() {
        position = PlainStringBytes.run(in: bytes, from: position, stopsAtNonASCII: checksUTF8)
    }

    /// The offset of the quote that closes the string whose content runs on from `from` (a quote after an even
    /// number of backslashes), or the end of the bytes when there is none.
    func closingQuote(from: Int) -> Int {
        closingQuote(from: from, before: bytes.count) ?? bytes.count
    }

    /// The offset of the quote that closes the string whose content runs on from `from`, when it stands before `end`.
    func closingQuote(from: Int, before end: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var i = from
        while i < end, let found = memchr(base + i, Int32(Byte.quote), end - i) {
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if !isEscaped(quote, after: from) { return quote }
            i = quote + 1
        }
        return nil
    }

    /// Whether the byte at `i` follows an odd run of backslashes (those from `from` on): the last of them escapes it.
    func isEscaped(_ i: Int, after from: Int = 0) -> Bool {
        var backslashes = 0
        while i - backslashes - 1 >= from, bytes[i - backslashes - 1] == Byte.backslash { backslashes += 1 }
        return backslashes % 2 == 1
    }

    /// Reads a string's content from `position` to its closing quote, into `output`, its multi-byte characters
    /// checked when `checkingUTF8` (else copied as they are). The one-letter escapes are read here, not in
    /// `parseEscape`: a document's text has one or two on every line.
    mutating func unescape(stringStart start: Int, checkingUTF8: Bool) throws(JSONParseError) {
        guard try unescapeToQuote(stringStart: start, checkingUTF8: checkingUTF8) else { throw unterminated(.string, start: start) }
    }

    /// `unescape`, that says whether the closing quote was read: false when the bytes end first.
    @inline(__always)
    mutating func unescapeToQuote(stringStart start: Int, checkingUTF8: Bool) throws(JSONParseError) -> Bool {
        while position < bytes.count {
            position = output.appendPlainRun(of: bytes, from: position, stopsAtNonASCII: checkingUTF8)
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte == Byte.backslash {
                let unescaped: UInt8
                switch position + 1 < bytes.count ? bytes[position + 1] : 0 {
                case UInt8(ascii: "n"): unescaped = 0x0A
                case UInt8(ascii: "r") where position + 3 < bytes.count && bytes[position + 2] == Byte.backslash
                                             && bytes[position + 3] == UInt8(ascii: "n"):
                    // A CRLF (every vCard line's end) read as one.
                    output.append(0x0D)
                    unescaped = 0x0A
                    position += 2
                case UInt8(ascii: "r"): unescaped = 0x0D
                case UInt8(ascii: "t"): unescaped = 0x09
                case Byte.quote: unescaped = Byte.quote
                case Byte.backslash: unescaped = Byte.backslash
                default: try parseEscape(stringStart: start); continue
                }
                output.append(unescaped)
                position += 2
            } else if byte == Byte.quote {
                position += 1
                return true
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 || !checkingUTF8 {
                output.append(byte)
                position += 1
            } else {
                // Checked (a string only checked, or read again for its error): two to four bytes, kept when written.
                let character = position
                try skipUTF8Sequence()
                for offset in character..<position { output.append(bytes[offset]) }
            }
        }
        return false
    }

    /// Checks one multi-byte UTF-8 sequence at `position` (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    mutating func skipUTF8Sequence() throws(JSONParseError) {
        guard let length = UTF8Check.length(ofCharacterAt: position, in: bytes) else { throw invalidUTF8() }
        position += length
    }

    mutating func parseEscape(stringStart: Int) throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw unterminated(.string, start: stringStart) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case Byte.quote, Byte.backslash, Byte.slash: output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hex4(escapeStart: escapeStart)
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate counts only with a low surrogate escape right after it.
                if let low = peekLowSurrogateEscape() {
                    position += 6
                    appendScalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                } else {
                    appendScalar(0xFFFD)
                }
            case 0xDC00...0xDFFF:
                appendScalar(0xFFFD)
            default:
                appendScalar(UInt32(unit))
            }
        default:
            throw JSONParseError("invalid escape '\\\(printable(byte))' at byte \(escapeStart)",
                                 problem: "unknown escape '\\\(printable(byte))' in a string", offset: escapeStart)
        }
    }

    mutating func hex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard position + offset < bytes.count, let digit = bytes[position + offset].hexDigitValue else {
                throw JSONParseError("invalid \\u escape at byte \(escapeStart), expected 4 hex digits",
                                     problem: "expected 4 hex digits after '\\u' in a string", offset: escapeStart)
            }
            value = value << 4 | UInt16(digit)
        }
        position += 4
        return value
    }

    func peekLowSurrogateEscape() -> UInt16? {
        guard position + 6 <= bytes.count, bytes[position] == Byte.backslash, bytes[position + 1] == UInt8(ascii: "u")
        else { return nil }
        var value: UInt16 = 0
        for offset in 2..<6 {
            guard let digit = bytes[position + offset].hexDigitValue else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return (0xDC00...0xDFFF).contains(value) ? value : nil
    }

    mutating func appendScalar(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONParseError) -> Builder.Value {
        let start = position
        if bytes[position] == Byte.minus { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw invalidNumber(start: start, "expected a digit after '-'")
        }
        if bytes[position] == Byte.zero {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw invalidNumber(start: start, "leading zeros are not allowed")
            }
        } else {
            skipDigits()
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == Byte.dot {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw invalidNumber(start: start, "expected a digit after '.'")
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == Byte.plus || bytes[position] == Byte.minus { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw invalidNumber(start: start, "expected a digit in the exponent")
            }
            skipDigits()
        }
        return try builder.number(UnsafeBufferPointer(rebasing: bytes[start..<position]), isInteger: isInteger,
                                  start: start)
    }

    mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    // MARK: Helpers

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= Byte.zero && byte <= Byte.nine }
}
