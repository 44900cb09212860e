import JSONRPC
import ThumbIndexJSON

/// LSP `ProgressToken`: an integer or a string, chosen by whoever starts the progress.
public enum ProgressToken: JSONCodable, Hashable {
    case int(Int)
    case string(String)

    public init(json: JSON, path: String) throws(ResponseError) {
        if let string = json.stringValue {
            self = .string(string)
        } else if let int = json.intValue {
            self = .int(int)
        } else {
            throw .invalidParams("\(path) must be an integer or a string, got \(json.kindName)")
        }
    }

    public var json: JSON {
        switch self {
        case .int(let value): return .int(Int64(value))
        case .string(let value): return .string(value)
        }
    }
}

/// `$/progress` (server → client): work-done progress (`{kind: begin | report | end, …}`) or a partial result.
public enum ProgressNotification: LSPNotification {
    public static let method = "$/progress"

    public struct Params: JSONCodable, Equatable {
        public var token: ProgressToken
        /// A `WorkDoneProgressBegin`/`Report`/`End` object, or a part of a result (e.g. `DocumentSymbol[]`).
        public var value: JSON

        public init(token: ProgressToken, value: JSON) {
            self.token = token
            self.value = value
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            token = try fields.decode("token")
            value = fields.value("value") ?? .null
        }

        public var json: JSON { ["token": token.json, "value": value] }
    }

    /// `{kind: "begin", title, percentage}`.
    public static func begin(_ title: String) -> JSON { ["kind": "begin", "title": .string(title), "percentage": 0] }
    /// `{kind: "report", percentage}`.
    public static func report(percentage: Int) -> JSON { ["kind": "report", "percentage": .int(Int64(percentage))] }
    /// `{kind: "end"}`.
    public static var end: JSON { ["kind": "end"] }
}

/// `window/workDoneProgress/create` (server → client): asks the client to show progress under a token the server
/// chose; the server then sends `$/progress` for it.
public enum CreateWorkDoneProgressRequest: LSPRequest {
    /// The method name.
    public static let method = "window/workDoneProgress/create"
    /// The answer is `null`.
    public typealias Result = NullResult

    /// `{token}`.
    public struct Params: JSONCodable, Equatable {
        /// The token the progress will use.
        public var token: ProgressToken

        /// Params for `token`.
        public init(token: ProgressToken) { self.token = token }

        /// Reads the params; `path` names them in errors.
        public init(json: JSON, path: String) throws(ResponseError) { token = try Fields(json, path: path).decode("token") }

        /// The params as JSON.
        public var json: JSON { ["token": token.json] }
    }
}
