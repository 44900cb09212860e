import JSONRPC
import ThumbIndexJSON

/// Reads request params with errors that say which field is wrong and what it should be (-32602).
struct Params {
    let json: JSON
    let path: String

    /// Absent params read as `{}` (JSON-RPC lets a request whose params are all optional omit them).
    init(_ json: JSON?, path: String = "params") throws(ResponseError) {
        let json = json ?? .object([:])
        guard case .object = json else {
            throw .invalidParams("\(path) must be an object, got \(json.kindName)")
        }
        self.json = json
        self.path = path
    }

    private init(value: JSON, path: String) {
        self.json = value
        self.path = path
    }

    func has(_ key: String) -> Bool {
        if let value = json[key], !value.isNull { return true }
        return false
    }

    func value(_ key: String) -> JSON? {
        guard let value = json[key], !value.isNull else { return nil }
        return value
    }

    func object(_ key: String) throws(ResponseError) -> Params {
        guard let value = json[key] else { throw .invalidParams("\(path).\(key) is missing") }
        guard case .object = value else { throw .invalidParams("\(path).\(key) must be an object, got \(value.kindName)") }
        return Params(value: value, path: "\(path).\(key)")
    }

    func optionalObject(_ key: String) throws(ResponseError) -> Params? {
        has(key) ? try object(key) : nil
    }

    func string(_ key: String) throws(ResponseError) -> String {
        guard let value = json[key] else { throw .invalidParams("\(path).\(key) is missing") }
        guard let string = value.stringValue else { throw .invalidParams("\(path).\(key) must be a string, got \(value.kindName)") }
        return string
    }

    func optionalString(_ key: String) throws(ResponseError) -> String? {
        has(key) ? try string(key) : nil
    }

    func int(_ key: String, in range: ClosedRange<Int> = 0 ... Int(Int32.max)) throws(ResponseError) -> Int {
        guard let value = json[key] else { throw .invalidParams("\(path).\(key) is missing") }
        guard let int = value.intValue else {
            throw .invalidParams("\(path).\(key) must be an integer, got \(value.kindName == "number" ? value.description : value.kindName)")
        }
        guard range.contains(int) else {
            throw .invalidParams("\(path).\(key) must be in \(range.lowerBound)...\(range.upperBound), got \(int)")
        }
        return int
    }

    func optionalInt(_ key: String, in range: ClosedRange<Int> = 0 ... Int(Int32.max)) throws(ResponseError) -> Int? {
        has(key) ? try int(key, in: range) : nil
    }

    func bool(_ key: String) throws(ResponseError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let bool = value.boolValue else { throw .invalidParams("\(path).\(key) must be a boolean, got \(value.kindName)") }
        return bool
    }

    func array(_ key: String) throws(ResponseError) -> [JSON] {
        guard let value = json[key] else { throw .invalidParams("\(path).\(key) is missing") }
        guard let array = value.arrayValue else { throw .invalidParams("\(path).\(key) must be an array, got \(value.kindName)") }
        return array
    }

    func position(_ key: String) throws(ResponseError) -> LSPPosition {
        let object = try self.object(key)
        return LSPPosition(line: try object.int("line"), character: try object.int("character"))
    }

    func range(_ key: String) throws(ResponseError) -> LSPRange {
        let object = try self.object(key)
        return LSPRange(start: try object.position("start"), end: try object.position("end"))
    }

    /// `params.textDocument.uri`.
    func documentURI() throws(ResponseError) -> String {
        try object("textDocument").string("uri")
    }
}

extension LSPPosition {
    var json: JSON { ["line": .int(Int64(line)), "character": .int(Int64(character))] }
}

extension LSPRange {
    var json: JSON { ["start": start.json, "end": end.json] }
}
