import JSONRPC
import ThumbIndexJSON

/// A value the protocol reads from JSON, with errors that name the path to a bad field (`params.offset must be an
/// integer, got a string`), which the server sends as `-32602`.
public protocol JSONDecodable: Sendable {
    /// Reads the value from `json`, found at `path` (`params.textDocument`), which error messages name.
    ///
    /// - Throws: `ResponseError` with code `-32602` (invalid params) saying which member is missing or wrong.
    init(json: JSON, path: String) throws(ResponseError)
}

/// A value the protocol writes as JSON.
public protocol JSONEncodable: Sendable {
    /// The value as JSON, as it goes on the wire.
    var json: JSON { get }
}

/// A value the protocol reads and writes: every params and result type.
public typealias JSONCodable = JSONDecodable & JSONEncodable

/// Reads the members of a JSON object, naming the path of any field that is missing or of the wrong type.
public struct Fields: Sendable {
    /// The object.
    public let json: JSON
    /// Where the object is in the message (`params`, `params.textDocument`), the prefix of every error's path.
    public let path: String

    /// Absent params read as `{}` (JSON-RPC lets a request whose params are all optional omit them).
    ///
    /// - Throws: `ResponseError` `-32602` when `json` is not an object.
    public init(_ json: JSON?, path: String = "params") throws(ResponseError) {
        let json = json ?? .object([:])
        guard case .object = json.resolved else { throw .invalidParams("\(path) must be an object, got \(json.kindName)") }
        self.json = json
        self.path = path
    }

    /// The member's value, nil when absent or `null`.
    public func value(_ key: String) -> JSON? {
        guard let value = json[key], !value.isNull else { return nil }
        return value
    }

    /// A required member decoded as `T`.
    public func decode<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws(ResponseError) -> T {
        guard let value = value(key) else { throw .invalidParams("\(path).\(key) is missing") }
        return try T(json: value, path: "\(path).\(key)")
    }

    /// An optional member decoded as `T`; absent and `null` are nil.
    public func decodeIfPresent<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws(ResponseError) -> T? {
        guard let value = value(key) else { return nil }
        return try T(json: value, path: "\(path).\(key)")
    }

    /// A required integer within `range`.
    public func int(_ key: String, in range: ClosedRange<Int> = 0 ... Int(Int32.max)) throws(ResponseError) -> Int {
        guard let value = value(key) else { throw .invalidParams("\(path).\(key) is missing") }
        return try Int.decode(value, path: "\(path).\(key)", in: range)
    }

    /// An optional integer within `range`.
    public func intIfPresent(_ key: String, in range: ClosedRange<Int> = 0 ... Int(Int32.max)) throws(ResponseError) -> Int? {
        guard let value = value(key) else { return nil }
        return try Int.decode(value, path: "\(path).\(key)", in: range)
    }
}

// MARK: - Building blocks

/// Strings are read and written as JSON strings.
extension String: JSONCodable {
    /// A JSON string; anything else is an error (`-32602`) naming `path`.
    public init(json: JSON, path: String) throws(ResponseError) {
        guard let string = json.stringValue else { throw .invalidParams("\(path) must be a string, got \(json.kindName)") }
        self = string
    }
    /// `.string(self)`.
    public var json: JSON { .string(self) }
}

/// A long text is read as the parser kept it, its UTF-8 (no `String` made of it); any other string as its UTF-8.
extension UTF8String: JSONCodable {
    /// A JSON string; anything else is an error (`-32602`) naming `path`.
    public init(json: JSON, path: String) throws(ResponseError) {
        if case .utf8String(let string) = json { self = string } else { self = UTF8String(try String(json: json, path: path)) }
    }
    /// `.utf8String(self)`.
    public var json: JSON { .utf8String(self) }
}

/// Booleans are read and written as JSON booleans.
extension Bool: JSONCodable {
    /// `true` or `false`; anything else is an error (`-32602`) naming `path`.
    public init(json: JSON, path: String) throws(ResponseError) {
        guard let bool = json.boolValue else { throw .invalidParams("\(path) must be a boolean, got \(json.kindName)") }
        self = bool
    }
    /// `.bool(self)`.
    public var json: JSON { .bool(self) }
}

/// Integers are read and written as JSON numbers; reading refuses a number that is not an exact integer.
extension Int: JSONCodable {
    /// Any integer a JSON number spells exactly (use `Fields.int(_:in:)` for a bounded one).
    public init(json: JSON, path: String) throws(ResponseError) {
        self = try Int.decode(json, path: path, in: Int.min ... Int.max)
    }
    /// `.int`.
    public var json: JSON { .int(Int64(self)) }

    static func decode(_ json: JSON, path: String, in range: ClosedRange<Int>) throws(ResponseError) -> Int {
        guard let int = json.intValue else {
            throw .invalidParams("\(path) must be an integer, got \(json.kindName == "number" ? json.description : json.kindName)")
        }
        guard range.contains(int) else {
            throw .invalidParams("\(path) must be in \(range.lowerBound)...\(range.upperBound), got \(int)")
        }
        return int
    }
}

/// Any JSON value reads as itself: for members the protocol passes through untouched.
extension JSON: JSONCodable {
    /// The value itself: any JSON is accepted.
    public init(json: JSON, path: String) { self = json }
    /// The value itself.
    public var json: JSON { self }
}

/// An array of decodable elements reads from a JSON array, element by element.
extension Array: JSONDecodable where Element: JSONDecodable {
    /// A JSON array whose elements are read as `Element`; an error (`-32602`) names the bad element's path
    /// (`params.items[3]`).
    public init(json: JSON, path: String) throws(ResponseError) {
        guard let elements = json.arrayValue else { throw .invalidParams("\(path) must be an array, got \(json.kindName)") }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() { decoded.append(try Element(json: element, path: "\(path)[\(i)]")) }
        self = decoded
    }
}

/// An array of encodable elements writes as a JSON array.
extension Array: JSONEncodable where Element: JSONEncodable {
    /// A JSON array of the elements' JSON.
    public var json: JSON { .array(map(\.json)) }
}

extension JSONObject {
    /// Sets `key` only when `value` is not nil, for optional members.
    mutating func setIfPresent<T: JSONEncodable>(_ key: String, _ value: T?) {
        if let value { self[key] = value.json }
    }
}
