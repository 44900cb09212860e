/// A JSON value and where it is in the text, for tools that point back into a document (an outline, an error
/// marker), which `JSON` values forget.
///
/// `start..<end` are UTF-8 byte offsets from the first byte of the parsed text: a string's span includes its quotes,
/// a container's its brackets. Objects keep every member in the order written, duplicates included, each with the
/// span of its key. Numbers keep their text as written. Made by `JSONParser.parseNode(_:)`.
///
///     let root = try JSONParser().parseNode(Array(#"{"a": [1, "é"]}"#.utf8))!
///     root.members[0].key                   // "a"
///     root.members[0].keyStart              // 1 (the opening quote of "a")
///     root["a"]?.elements[1].start          // 10
///     root["a"]?.elements[1].end            // 14 ("é" is two bytes)
public struct JSONNode: Hashable, Sendable {
    /// What the value is; a container's elements and members are `JSONNode`s with spans of their own.
    public enum Value: Hashable, Sendable {
        /// JSON's `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// The number exactly as written, such as `-1.50e3`.
        case number(String)
        /// The string, escapes decoded.
        case string(String)
        /// An array's elements, each with its own span.
        case array([JSONNode])
        /// The members in the order written, repeated keys included.
        case object([Member])
    }

    /// One `"key": value` of an object.
    public struct Member: Hashable, Sendable {
        /// The key, escapes decoded.
        public var key: String
        /// Byte offset of the key token's opening quote.
        public var keyStart: Int
        /// Byte offset just past the key token's closing quote.
        public var keyEnd: Int
        /// The member's value, with its own span.
        public var value: JSONNode

        /// A member whose key token spans `keyStart..<keyEnd`.
        public init(key: String, keyStart: Int, keyEnd: Int, value: JSONNode) {
            self.key = key
            self.keyStart = keyStart
            self.keyEnd = keyEnd
            self.value = value
        }
    }

    /// The value itself.
    public var value: Value
    /// Byte offset of the value's first byte.
    public var start: Int
    /// Byte offset just past the value's last byte.
    public var end: Int

    /// A value spanning the bytes `start..<end` of its text.
    public init(_ value: Value, start: Int, end: Int) {
        self.value = value
        self.start = start
        self.end = end
    }
}

// MARK: - Accessors

extension JSONNode {
    /// The value of the last member named `key`, as JSON parsers that keep one value per key would see it; nil when
    /// this is not an object or has no such member.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// An object's members in order; empty for anything else.
    public var members: [Member] {
        if case .object(let members) = value { return members }
        return []
    }

    /// An array's elements; empty for anything else.
    public var elements: [JSONNode] {
        if case .array(let elements) = value { return elements }
        return []
    }

    /// A string's value, escapes decoded; nil for anything else.
    public var stringValue: String? {
        if case .string(let string) = value { return string }
        return nil
    }
}
