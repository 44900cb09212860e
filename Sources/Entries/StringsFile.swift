import LowLevel

/// Apple's old-style property-list strings table (`Localizable.strings`):
///
///     /* Greeting on the start screen */
///     "hello" = "Hej";
///     unquoted_key = "value";   // keys of plain characters need no quotes
///     "same";                   // a key alone maps to itself
///
/// Quoted strings know the escapes \" \\ \n \t \r \a \b \f \v, octal \101 and \U1234 / \u1234 (UTF-16
/// units, so emoji come as two escapes).
public enum StringsFile {
    /// One `key = value;` (or a lone `key;`, whose value is the key).
    public struct Pair: Hashable, Sendable {
        /// The key, escapes decoded.
        public var key: String
        /// The value, escapes decoded.
        public var value: String
        /// The key as written, quotes included.
        public var keyRange: TextRange
        /// From the key through the closing `;`.
        public var range: TextRange
    }

    /// Every key/value pair in file order (a repeated key appears twice; tables keep the last).
    public static func parse(_ text: String, fileName: String? = nil) throws -> [Pair] {
        let bytes = Array(text.utf8)
        var parser = StringsParser(bytes: bytes, map: RecordText(bytes), fileName: fileName)
        var out: [Pair] = []
        try parser.read(record: { _ in true }, pair: { out.append($0) })
        return out
    }
}

struct StringsParser {
    let bytes: [UInt8]
    let map: RecordText
    let fileName: String?
    var i: Int
    /// Where the last line break read outside a pair or a comment put a line start; -1 after a pair, until the next.
    private var freshLine: Int
    /// Reading records: each pair must begin a line of its own (see `StringsReader`).
    var pairsOwnTheirLines = false
    /// The line of the last key read: where the next key's line is looked for.
    private var lastLine = 0

    /// A parser from the start of line `line` (past a byte-order mark on line 0).
    init(bytes: [UInt8], map: RecordText, fileName: String?, from line: Int = 0) {
        self.bytes = bytes
        self.map = map
        self.fileName = fileName
        i = map.lineStarts[line]
        freshLine = i
        if line == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// A string as the text spells it: what stands inside its quotes (or all of an unquoted one), and whether it holds
    /// an escape (else its bytes are the string).
    struct Token {
        var content: Range<Int>
        var escaped: Bool
    }

    /// A pair as the text spells it: where it starts and on which line, its key and where the key ends, its value (nil
    /// for a lone key), and the end past its `;`.
    struct Spelled {
        var start: Int
        var line: Int
        var key: Token
        var keyEnd: Int
        var value: Token?
        var end: Int
    }

    /// Reads the pairs to the end, or until `record`, called with the line of each pair's key before it is read,
    /// returns false.
    ///
    /// - Throws: `ExtractionError` at the first syntax error; `RecordsNotFollowable` when `pairsOwnTheirLines` and
    ///   a pair shares its first line with the pair before or the end of a comment.
    mutating func read(record: (Int) -> Bool, pair: (StringsFile.Pair) -> Void) throws {
        let map = map
        try readSpelled(record: record) { text, spelled in
            let key = Self.decode(spelled.key, in: text)
            pair(.init(key: key, value: spelled.value.map { Self.decode($0, in: text) } ?? key,
                       keyRange: map.range(from: spelled.start, to: spelled.keyEnd, hint: spelled.line),
                       range: map.range(from: spelled.start, to: spelled.end, hint: spelled.line)))
        }
    }

    /// Reads the pairs as `read(record:pair:)` does, handing each one's line, its bytes and its key's UTF-8: the
    /// text's own bytes when the key holds no escape. No string is made for a value, nor for a key without escapes.
    mutating func readKeys(record: (Int) -> Bool, key: (Int, Range<Int>, UnsafeBufferPointer<UInt8>) -> Void) throws {
        try readSpelled(record: record) { text, spelled in
            let bytes = spelled.start ..< spelled.end
            guard spelled.key.escaped else { return key(spelled.line, bytes, UnsafeBufferPointer(rebasing: text[spelled.key.content])) }
            var decoded = Self.decode(spelled.key, in: text)
            decoded.withUTF8 { key(spelled.line, bytes, $0) }
        }
    }

    /// The pairs as spelled, handed with the text they are read from. Read through a buffer of the bytes: through the
    /// array, each byte's access retained and released it (a third of reading a `.strings` table).
    private mutating func readSpelled(record: (Int) -> Bool, pair: (UnsafeBufferPointer<UInt8>, Spelled) -> Void) throws {
        let bytes = bytes
        try bytes.withUnsafeBufferPointer { text in
            while true {
                try skipBlanks(text)
                guard i < text.count else { return }
                let keyStart = i
                let keyLine = map.line(ofOffset: keyStart, from: lastLine)
                lastLine = keyLine
                if pairsOwnTheirLines, freshLine != map.lineStarts[keyLine] { throw RecordsNotFollowable() }
                guard record(keyLine) else { return }
                let key = try token(text, what: "a key")
                let keyEnd = i
                try skipBlanks(text)
                var value: Token?
                var valueEnd = keyEnd  // a missing ';' is reported on the line where the pair ended
                if i < text.count, text[i] == UInt8(ascii: "=") {
                    i += 1
                    try skipBlanks(text)
                    value = try token(text, what: "the value of \"\(Self.decode(key, in: text))\"")
                    valueEnd = i
                    try skipBlanks(text)
                }
                guard i < text.count, text[i] == UInt8(ascii: ";") else {
                    let expected = value != nil ? "';' after the value of" : "'=' or ';' after the key"
                    throw failure("expected \(expected) \"\(Self.decode(key, in: text))\"\(found)", at: valueEnd - 1)
                }
                i += 1
                freshLine = -1
                pair(text, Spelled(start: keyStart, line: keyLine, key: key, keyEnd: keyEnd, value: value, end: i))
            }
        }
    }

    private var found: String {
        guard i < bytes.count else { return ", found the end of the file" }
        let end = bytes[i...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
        return ", found \"\(String(utf8Slice: bytes[i..<min(end, i + 20)]))\""
    }

    private func failure(_ problem: String, at offset: Int? = nil) -> ExtractionError {
        ExtractionError(file: fileName, line: map.line(ofOffset: offset ?? i) + 1, problem)
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x0B }

    /// Skips whitespace and comments.
    private mutating func skipBlanks(_ text: UnsafeBufferPointer<UInt8>) throws {
        let n = text.count
        while i < n {
            let b = text[i]
            if Self.isBlank(b) {
                if b == 0x0A || b == 0x0D { freshLine = i + 1 }
                i += 1
                continue
            }
            if b == UInt8(ascii: "/"), i + 1 < n {
                if text[i + 1] == UInt8(ascii: "/") {
                    i = ByteSearch.first(0x0A, or: 0x0D, in: text, from: i, to: n)
                    continue
                }
                if text[i + 1] == UInt8(ascii: "*") {
                    // To the first `*/` from past the `/*`.
                    let open = i
                    var j = i + 2
                    while true {
                        j = ByteSearch.first(UInt8(ascii: "*"), or: UInt8(ascii: "*"), in: text, from: j, to: n - 1)
                        guard j < n - 1 else { throw failure("comment is never closed (\"*/\" missing)", at: open) }
                        if text[j + 1] == UInt8(ascii: "/") { break }
                        j += 1
                    }
                    i = j + 2
                    continue
                }
            }
            return
        }
    }

    /// Characters an unquoted string may hold (as in NeXTSTEP property lists).
    private static func isPlain(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b >= 0x80
            || "_$+/:.-".utf8.contains(b)
    }

    /// The string at `i`, quoted or not; `i` is left past it.
    private mutating func token(_ text: UnsafeBufferPointer<UInt8>, what: @autoclosure () -> String) throws -> Token {
        let n = text.count
        guard i < n else { throw failure("expected \(what()), found the end of the file") }
        if text[i] != UInt8(ascii: "\"") {
            let start = i
            while i < n, Self.isPlain(text[i]), !(text[i] == UInt8(ascii: "/") && i + 1 < n && (text[i + 1] == UInt8(ascii: "/") || text[i + 1] == UInt8(ascii: "*"))) { i += 1 }
            guard i > start else { throw failure("expected \(what())\(found)") }
            return Token(content: start ..< i, escaped: false)
        }
        // The closing quote: the first not escaped (a backslash escapes the byte after it).
        let open = i, start = i + 1
        var j = start, escaped = false
        while true {
            j = ByteSearch.first(UInt8(ascii: "\""), or: UInt8(ascii: "\\"), in: text, from: j, to: n)
            guard j < n else { throw failure("string is never closed (a '\"' is missing)", at: open) }
            if text[j] == UInt8(ascii: "\"") { break }
            escaped = true
            j += 2
        }
        i = j + 1
        return Token(content: start ..< j, escaped: escaped)
    }

    /// The string `token` spells in `text`, its escapes decoded: \" \\ \n \t \r \a \b \f \v, octal \101, and \U1234 /
    /// \u1234 (UTF-16 units, so that an emoji's two combine); any other escaped character stands for itself.
    static func decode(_ token: Token, in text: UnsafeBufferPointer<UInt8>) -> String {
        guard token.escaped else { return String(decoding: UnsafeBufferPointer(rebasing: text[token.content]), as: UTF8.self) }
        var out: [UInt8] = []
        var units: [UInt16] = []  // \U escapes, gathered so surrogate pairs combine
        func flushUnits() { if !units.isEmpty { out.append(contentsOf: Array(String(decoding: units, as: UTF16.self).utf8)); units = [] } }
        var i = token.content.lowerBound
        let end = token.content.upperBound
        while i < end {
            let b = text[i]
            guard b == UInt8(ascii: "\\"), i + 1 < end else { flushUnits(); out.append(b); i += 1; continue }
            let e = text[i + 1]
            i += 2
            if e == UInt8(ascii: "U") || e == UInt8(ascii: "u") {
                var v: UInt16 = 0, n = 0
                while n < 4, i < end, let d = text[i].hexDigitValue { v = v << 4 | UInt16(d); i += 1; n += 1 }
                if n > 0 { units.append(v); continue }
                flushUnits(); out.append(e); continue
            }
            flushUnits()
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case 0x30...0x37:
                var v = Int(e - 0x30), n = 1
                while n < 3, i < end, (0x30...0x37).contains(text[i]) { v = v * 8 + Int(text[i] - 0x30); i += 1; n += 1 }
                out.append(contentsOf: Array(String(Unicode.Scalar(UInt8(truncatingIfNeeded: v))).utf8))
            default: out.append(e)  // \" \\ \' and unknown escapes stand for the character
            }
        }
        flushUnits()
        return String(decoding: out, as: UTF8.self)
    }
}
