import Foundation

/// A JSON value and the UTF-8 byte offsets `[start, end)` it spans.
struct JSONNode {
    enum Value {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    struct Member {
        var key: String
        /// The key token, quotes included.
        var keyStart: Int
        var keyEnd: Int
        var value: JSONNode
    }

    var value: Value
    var start: Int
    var end: Int

    /// The value of the last member named `key` (JSON parsers keep the last duplicate).
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    var members: [Member] {
        if case .object(let m) = value { return m }
        return []
    }

    var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }
}

/// A strict RFC 8259 parser that remembers where every value and key is, which JSONSerialization and
/// Codable forget. Errors name the line and column (1-based, in characters).
struct JSONScanner {
    let bytes: [UInt8]
    let map: LineMap
    let fileName: String?
    private var i = 0
    private var depth = 0
    static let maxDepth = 512  // deeper documents are refused rather than overflowing the stack

    init(_ text: String, fileName: String?) {
        bytes = Array(text.utf8)
        map = LineMap(bytes)
        self.fileName = fileName
    }

    /// The document's value, or nil when the text is only whitespace (a new, empty file).
    mutating func parse() throws -> JSONNode? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        skipWhitespace()
        guard i < bytes.count else { return nil }
        let root = try value()
        skipWhitespace()
        guard i == bytes.count else { throw failure("unexpected text after the end of the JSON value") }
        return root
    }

    /// "file:line:column: problem", or "line L, column C: problem" without a file name.
    func failure(_ problem: String, at offset: Int? = nil) -> ExtractionError {
        let (line, column) = map.humanPosition(ofOffset: offset ?? i, in: bytes)
        let place = fileName.map { "\($0):\(line):\(column)" } ?? "line \(line), column \(column)"
        return ExtractionError("\(place): \(problem)", line: line)
    }

    private var found: String {
        guard i < bytes.count else { return "the end of the file" }
        let b = bytes[i]
        return b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : String(format: "byte 0x%02X", b)
    }

    private mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws -> JSONNode {
        guard i < bytes.count else { throw failure("expected a value, found the end of the file") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), start: start, end: i)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), start: start, end: i)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), start: start, end: i)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, start: start, end: i)
        case UInt8(ascii: "-"), 0x30...0x39: return JSONNode(value: .number(try number()), start: start, end: i)
        default: throw failure("expected a value, found \(found)")
        }
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maxDepth { throw failure("nested more than \(Self.maxDepth) levels deep") }
    }

    private mutating func object() throws -> JSONNode {
        let start = i
        try enter()
        i += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return JSONNode(value: .object(members), start: start, end: i)
        }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes, found \(found)") }
            let keyStart = i
            let key = try string()
            let keyEnd = i
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\", found \(found)") }
            i += 1
            skipWhitespace()
            members.append(.init(key: key, keyStart: keyStart, keyEnd: keyEnd, value: try value()))
            skipWhitespace()
            guard i < bytes.count else { throw failure("object is never closed (a '}' is missing)", at: start) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw failure("expected ',' or '}' after the value of \"\(key)\", found \(found)")
        }
        depth -= 1
        return JSONNode(value: .object(members), start: start, end: i)
    }

    private mutating func array() throws -> JSONNode {
        let start = i
        try enter()
        i += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return JSONNode(value: .array(items), start: start, end: i)
        }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            guard i < bytes.count else { throw failure("array is never closed (a ']' is missing)", at: start) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw failure("expected ',' or ']' after an array element, found \(found)")
        }
        depth -= 1
        return JSONNode(value: .array(items), start: start, end: i)
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, bytes[i..<(i + w.count)].elementsEqual(w) else {
            throw failure("expected a value, found \(found)")
        }
        i += w.count
    }

    private mutating func number() throws -> String {
        let start = i
        func digits() -> Int { let s = i; while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }; return i - s }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { throw failure("expected a digit, found \(found)") }
        if bytes[i] == 0x30 { i += 1 } else { _ = digits() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw failure("expected a digit after the decimal point, found \(found)") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent, found \(found)") }
        }
        return String(utf8Slice: bytes[start..<i])
    }

    /// A string token starting at the opening quote; leaves `i` after the closing quote.
    private mutating func string() throws -> String {
        let open = i
        i += 1
        var out: [UInt8] = []
        var plainFrom = i  // start of the run of bytes not yet copied
        while true {
            guard i < bytes.count else { throw failure("string is never closed (a '\"' is missing)", at: open) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw failure("control character in a string (write it as an escape such as \\n)") }
            if b != UInt8(ascii: "\\") { i += 1; continue }
            out.append(contentsOf: bytes[plainFrom..<i])
            i += 1
            guard i < bytes.count else { continue }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var units = [try hex4()]
                if (0xD800...0xDBFF).contains(units[0]), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    units.append(try hex4())
                }
                out.append(contentsOf: Array(String(decoding: units, as: UTF16.self).utf8))
            default: throw failure("unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: i - 2)
            }
            plainFrom = i
        }
        out.append(contentsOf: bytes[plainFrom..<i])
        i += 1
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func hex4() throws -> UInt16 {
        var v: UInt16 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let d = Character(Unicode.Scalar(bytes[i])).hexDigitValue else {
                throw failure("expected four hex digits after \\u")
            }
            v = v << 4 | UInt16(d)
            i += 1
        }
        return v
    }
}
