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
        var parser = StringsParser(bytes: bytes, map: LineMap(bytes), fileName: fileName)
        var out: [Pair] = []
        try parser.read(record: { _ in true }, pair: { out.append($0) })
        return out
    }
}

struct StringsParser {
    let bytes: [UInt8]
    let map: LineMap
    let fileName: String?
    var i: Int
    /// Where the last line break read outside a pair or a comment put a line start; -1 after a pair, until the next.
    private var freshLine: Int
    /// Reading records: each pair must begin a line of its own (see `StringsReader`).
    var pairsOwnTheirLines = false
    /// The line of the last key read: where the next key's line is looked for.
    private var lastLine = 0

    /// A parser from the start of line `line` (past a byte-order mark on line 0).
    init(bytes: [UInt8], map: LineMap, fileName: String?, from line: Int = 0) {
        self.bytes = bytes
        self.map = map
        self.fileName = fileName
        i = map.lineStarts[line]
        freshLine = i
        if line == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// Reads the pairs to the end, or until `record`, called with the line of each pair's key before it is read,
    /// returns false.
    ///
    /// - Throws: `ExtractionError` at the first syntax error; `RecordsNotFollowable` when `pairsOwnTheirLines` and
    ///   a pair shares its first line with the pair before or the end of a comment.
    mutating func read(record: (Int) -> Bool, pair: (StringsFile.Pair) -> Void) throws {
        while true {
            try skipBlanks()
            guard i < bytes.count else { return }
            let keyStart = i
            let keyLine = map.line(ofOffset: keyStart, from: lastLine)
            lastLine = keyLine
            if pairsOwnTheirLines, freshLine != map.lineStarts[keyLine] { throw RecordsNotFollowable() }
            guard record(keyLine) else { return }
            let key = try string(what: "a key")
            let keyEnd = i
            try skipBlanks()
            var value = key
            var hasValue = false
            var valueEnd = keyEnd  // a missing ';' is reported on the line where the pair ended
            if peek == UInt8(ascii: "=") {
                i += 1
                try skipBlanks()
                value = try string(what: "the value of \"\(key)\"")
                hasValue = true
                valueEnd = i
                try skipBlanks()
            }
            guard peek == UInt8(ascii: ";") else {
                let expected = hasValue ? "';' after the value of" : "'=' or ';' after the key"
                throw failure("expected \(expected) \"\(key)\"\(found)", at: valueEnd - 1)
            }
            i += 1
            freshLine = -1
            pair(.init(key: key, value: value, keyRange: map.range(from: keyStart, to: keyEnd, hint: keyLine),
                       range: map.range(from: keyStart, to: i, hint: keyLine)))
        }
    }

    private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

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
    private mutating func skipBlanks() throws {
        while i < bytes.count {
            if Self.isBlank(bytes[i]) {
                if bytes[i] == 0x0A || bytes[i] == 0x0D { freshLine = i + 1 }
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count {
                if bytes[i + 1] == UInt8(ascii: "/") {
                    while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                    continue
                }
                if bytes[i + 1] == UInt8(ascii: "*") {
                    let open = i
                    i += 2
                    while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                    guard i + 1 < bytes.count else { throw failure("comment is never closed (\"*/\" missing)", at: open) }
                    i += 2
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

    private mutating func string(what: @autoclosure () -> String) throws -> String {
        guard let first = peek else { throw failure("expected \(what()), found the end of the file") }
        if first != UInt8(ascii: "\"") {
            let start = i
            while i < bytes.count, Self.isPlain(bytes[i]), !(bytes[i] == UInt8(ascii: "/") && i + 1 < bytes.count && (bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*"))) { i += 1 }
            guard i > start else { throw failure("expected \(what())\(found)") }
            return String(utf8Slice: bytes[start..<i])
        }
        let open = i
        i += 1
        // Most strings hold no escape: their bytes are the string.
        var end = i
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { i = end + 1 }
            return String(decoding: bytes[i ..< end], as: UTF8.self)
        }
        var out: [UInt8] = []
        var units: [UInt16] = []  // \U escapes, gathered so surrogate pairs combine
        func flushUnits() { if !units.isEmpty { out.append(contentsOf: Array(String(decoding: units, as: UTF16.self).utf8)); units = [] } }
        while true {
            guard i < bytes.count else { throw failure("string is never closed (a '\"' is missing)", at: open) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            guard b == UInt8(ascii: "\\"), i + 1 < bytes.count else { flushUnits(); out.append(b); i += 1; continue }
            let e = bytes[i + 1]
            i += 2
            if e == UInt8(ascii: "U") || e == UInt8(ascii: "u") {
                var v: UInt16 = 0, n = 0
                while n < 4, i < bytes.count, let d = bytes[i].hexDigitValue { v = v << 4 | UInt16(d); i += 1; n += 1 }
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
                while n < 3, i < bytes.count, (0x30...0x37).contains(bytes[i]) { v = v * 8 + Int(bytes[i] - 0x30); i += 1; n += 1 }
                out.append(contentsOf: Array(String(Unicode.Scalar(UInt8(truncatingIfNeeded: v))).utf8))
            default: out.append(e)  // \" \\ \' and unknown escapes stand for the character
            }
        }
        flushUnits()
        return String(decoding: out, as: UTF8.self)
    }
}
