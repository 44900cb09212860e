/// The scanner's errors. Each has two wordings (see `JSONParseError`): `message`, which names the byte offset and is
/// what the transport has always replied with, and `problem`, which says the same for a person who is shown the
/// place as a line and column, with the context that helps there (the key, what was found).
extension JSONScanner {
    /// The byte at `position` is not what the grammar allows; `expected` is the terse wording of the message,
    /// `plainly` the fuller one of the problem.
    func unexpected(expected: String, plainly: String? = nil) -> JSONParseError {
        let plainly = plainly ?? expected
        guard position < bytes.count else {
            return JSONParseError("unexpected end of input at byte \(position), expected \(expected)",
                                  problem: "expected \(plainly), found the end of the input", offset: position)
        }
        let found = describe(bytes[position])
        return JSONParseError("unexpected \(found) at byte \(position), expected \(expected)",
                              problem: "expected \(plainly), found \(found)", offset: position)
    }

    /// The input ends inside the string, array or object that starts at `start`.
    func unterminated(_ what: Unclosed, start: Int) -> JSONParseError {
        JSONParseError("unterminated \(what.rawValue) starting at byte \(start)",
                       problem: "\(what.rawValue) is never closed (a \(what.closer) is missing)", offset: start)
    }

    func invalidNumber(start: Int, _ why: String) -> JSONParseError {
        JSONParseError("invalid number at byte \(start), \(why)", problem: "invalid number, \(why)", offset: start)
    }

    func invalidUTF8() -> JSONParseError {
        JSONParseError("invalid UTF-8 in string at byte \(position)", problem: "invalid UTF-8 in a string",
                       offset: position)
    }

    func controlCharacter(_ byte: UInt8) -> JSONParseError {
        let hex = String(byte, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        return JSONParseError("control character U+\(code) in string at byte \(position), it must be escaped",
                              problem: "control character U+\(code) in a string (write it as an escape such as \\n)",
                              offset: position)
    }

    /// The ASCII letters and digits at `position` (at most 20), to show a misspelled literal as it was written.
    func word() -> String {
        var end = position
        let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
        while end < bytes.count, end - position < 20, isDigit(bytes[end]) || letters.contains(bytes[end] | 0x20) {
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
    }

    /// A key as it appears in a problem: in double quotes, shortened when long.
    func quoted(_ key: String) -> String {
        key.count <= 40 ? "\"\(key)\"" : "\"\(key.prefix(39))…\""
    }

    func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hexByte(byte))"
    }

    func printable(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "x\(hexByte(byte))"
    }

    func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }
}

enum Unclosed: String {
    case string, array, object

    var closer: String {
        switch self {
        case .string: "'\"'"
        case .array: "']'"
        case .object: "'}'"
        }
    }
}
