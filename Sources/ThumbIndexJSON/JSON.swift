/// A JSON value.
///
/// Integers that fit in `Int64` are kept exactly (`.int`); any other number read from text (a fraction, an exponent,
/// or more digits than `Int64` holds) is kept as it was written (`.number`), so that an id such as
/// `-9223372036854775809` or `1.0` goes back exactly as it came. Numbers compare by value: `.int(1) == .double(1.0)`,
/// because JSON itself does not tell `1` from `1.0`. Objects keep their keys in insertion order, so output is deterministic.
///
///     let params: JSON = ["textDocument": ["uri": "file:///a.md"], "offset": 0, "limit": 100]
///     params["textDocument"]?["uri"]?.stringValue   // "file:///a.md"
///     params["limit"]?.intValue                     // 100
public enum JSON: Sendable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in `Int64`, kept exactly.
    case int(Int64)
    /// A number made in Swift (the parser keeps numbers as `.int` or `.number`); NaN and infinities are written as
    /// `null`.
    case double(Double)
    /// A number literal, as written, that no `Int64` holds exactly; always a valid, finite JSON number.
    case number(String)
    /// A string.
    case string(String)
    /// A string kept as its UTF-8 (see `UTF8String`): how the parser keeps a long one. Equal to the `.string` it
    /// spells; accessors see that string.
    case utf8String(UTF8String)
    /// An array.
    case array([JSON])
    /// An object, its members in insertion order.
    case object(JSONObject)
    /// JSON text written ahead of time (`JSONStream`) or made a piece at a time as it goes out (`StreamedJSON`),
    /// spliced into output as is: large results are written straight to bytes instead of first building a tree of
    /// values. Accessors see through it by parsing, so prefer the other cases for anything that is read back.
    case streamed(StreamedJSON)
}

// MARK: - Accessors

extension JSON {
    /// The member `key` of an object; nil when this is not an object or has no such member.
    public subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        if case .streamed(let text) = self { return text.parsed[key] }
        return nil
    }

    /// The element at `index` of an array; nil when this is not an array or the index is out of bounds.
    public subscript(index: Int) -> JSON? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        if case .streamed(let text) = self { return text.parsed[index] }
        return nil
    }

    /// The value itself, or for `.streamed` the value its text spells.
    public var resolved: JSON {
        if case .streamed(let text) = self { return text.parsed }
        return self
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = resolved { return true }
        return false
    }

    /// The value of a boolean; nil for anything else.
    public var boolValue: Bool? {
        if case .bool(let value) = resolved { return value }
        return nil
    }

    /// The value of a string; nil for anything else.
    public var stringValue: String? {
        switch resolved {
        case .string(let value): return value
        case .utf8String(let value): return value.string
        default: return nil
        }
    }

    /// The number as an `Int`, only when it is an exact integer in range: `2` and `2.0` give 2; `1.5`, `1e300`
    /// and strings give nil (a position or a limit must never be rounded silently).
    public var intValue: Int? {
        switch resolved {
        case .int(let value): return Int(exactly: value)
        case .double(let value): return Int(exactly: value)
        case .number(let text): return Self.integralValue(text).flatMap { Int(exactly: $0) }
        default: return nil
        }
    }

    /// The number as a `Double` (integers above 2^53 may round).
    public var doubleValue: Double? {
        switch resolved {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .number(let text): return Double(text)
        default: return nil
        }
    }

    /// The value of a literal with a fraction or an exponent (`2.0`, `1e3`); nil for an integer literal, which as a
    /// `.number` is one too large for `Int64` and must not be rounded into range.
    private static func integralValue(_ text: String) -> Double? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) else { return nil }
        return Double(text)
    }

    /// The elements of an array; nil for anything else.
    public var arrayValue: [JSON]? {
        if case .array(let value) = resolved { return value }
        return nil
    }

    /// The members of an object; nil for anything else.
    public var objectValue: JSONObject? {
        if case .object(let value) = resolved { return value }
        return nil
    }

    /// A short name of the value's kind ("object", "string" …) for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double, .number: return "a number"
        case .string, .utf8String: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .streamed: return resolved.kindName
        }
    }
}

// MARK: - Convenience initialisers

extension JSON {
    /// `.int`.
    public init(_ value: Int) { self = .int(Int64(value)) }
    /// `.double`.
    public init(_ value: Double) { self = .double(value) }
    /// `.bool`.
    public init(_ value: Bool) { self = .bool(value) }
    /// `.string`.
    public init(_ value: String) { self = .string(value) }
    /// `.array`.
    public init(_ value: [JSON]) { self = .array(value) }
    /// `.object`.
    public init(_ value: JSONObject) { self = .object(value) }
}

// MARK: - Literals

extension JSON: ExpressibleByNilLiteral {
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    /// A boolean literal is `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    /// An integer literal is `.int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension JSON: ExpressibleByFloatLiteral {
    /// A float literal is `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSON: ExpressibleByStringLiteral {
    /// A string literal is `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    /// An array literal is `.array`.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// A dictionary literal is `.object`, members in the order written.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements))
    }
}

// MARK: - Equality by value

extension JSON: Hashable {
    /// Equality by value: numbers compare by value across `.int`, `.double` and `.number`, objects ignore member order,
    /// and `.streamed` text compares as the value it spells.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): return Int64(exactly: b) == a
        case let (.number(a), .number(b)): return a == b || Double(a) == Double(b)
        case let (.number(a), .double(b)), let (.double(b), .number(a)): return Double(a) == b
        case let (.number(a), .int(b)), let (.int(b), .number(a)): return Double(a).flatMap { Int64(exactly: $0) } == b
        case let (.string(a), .string(b)): return a == b
        case let (.utf8String(a), .utf8String(b)): return a == b
        case let (.utf8String(a), b), let (b, .utf8String(a)): return JSON.string(a.string) == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a == b
        case let (.streamed(a), b), let (b, .streamed(a)): return a.parsed == b
        default: return false
        }
    }

    /// Hashes by value, consistently with `==` (an integral `.double` hashes as the equal `.int`).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .double(let value):
            // An integral double hashes like the equal `.int`, to keep `==` and hashing consistent.
            hasher.combine(2 as UInt8)
            if let exact = Int64(exactly: value) { hasher.combine(exact) } else { hasher.combine(value) }
        case .number(let text):
            JSON.double(Double(text) ?? 0).hash(into: &hasher)
        case .string(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value)
        case .utf8String(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value)  // its string's hash
        case .array(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(5 as UInt8)
            hasher.combine(value)
        case .streamed(let text):
            text.parsed.hash(into: &hasher)
        }
    }
}

// MARK: - Text

extension JSON: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String {
        String(decoding: JSONWriter().write(self), as: UTF8.self)
    }
}
