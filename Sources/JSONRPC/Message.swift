import ThumbIndexJSON

/// The id that pairs a request with its response: an integer or a string, echoed back unchanged.
public enum RequestID: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    CustomStringConvertible {
    /// An integer id.
    case int(Int)
    /// A string id.
    case string(String)
    /// Any other number, as the peer wrote it (`-9223372036854775809`, `1.0`), so that it goes back exactly.
    case number(String)

    /// `.int` from an integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// `.string` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }

    /// The id as a JSON value, as it goes on the wire.
    public var json: JSON {
        switch self {
        case .int(let value): return .int(Int64(value))
        case .string(let value): return .string(value)
        case .number(let text): return .number(text)
        }
    }

    /// The id a JSON value spells, or nil when it is not a number or a string.
    public init?(json: JSON) {
        switch json.resolved {
        case .string(let string): self = .string(string)
        case .utf8String(let string): self = .string(string.string)
        case .int(let value): self = .int(Int(value))
        case .number(let text): self = .number(text)
        case .double(let value):
            guard value.isFinite else { return nil }
            self = Int(exactly: value).map(RequestID.int) ?? .number(JSON.double(value).description)
        default: return nil
        }
    }

    /// `1` or `"abc"`, as in the JSON text, so logs show which kind the client used.
    public var description: String { json.description }
}

/// A call that expects a response.
public struct Request: Hashable, Sendable {
    /// The id the response will carry.
    public var id: RequestID
    /// The method to call, such as `initialize`.
    public var method: String
    /// An object or an array (JSON-RPC's "structured value"), or nil when absent.
    public var params: JSON?

    /// A request; `params` nil leaves the member out.
    public init(id: RequestID, method: String, params: JSON? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// A call without an id, which gets no response.
public struct Notification: Hashable, Sendable {
    /// The method, such as `initialized`.
    public var method: String
    /// An object or an array, or nil when absent.
    public var params: JSON?

    /// A notification; `params` nil leaves the member out.
    public init(method: String, params: JSON? = nil) {
        self.method = method
        self.params = params
    }
}

/// The answer to a request: a result or an error.
public struct Response: Hashable, Sendable {
    /// Nil only when the request's id could not be read (a parse error or an invalid request); sent as `null`.
    public var id: RequestID?
    /// The result, or the error that takes its place.
    public var result: Result<JSON, ResponseError>

    /// A response carrying `result` or an error.
    public init(id: RequestID?, result: Result<JSON, ResponseError>) {
        self.id = id
        self.result = result
    }

    /// A success; use `.null` for methods whose result is void.
    public init(id: RequestID?, result: JSON) {
        self.init(id: id, result: .success(result))
    }

    /// A failure.
    public init(id: RequestID?, error: ResponseError) {
        self.init(id: id, result: .failure(error))
    }
}

/// One JSON-RPC 2.0 message.
public enum Message: Hashable, Sendable {
    /// A call that expects a response.
    case request(Request)
    /// A call that gets no response.
    case notification(Notification)
    /// The answer to a request.
    case response(Response)
}

// MARK: - Encoding

extension Message {
    /// The message as a JSON object, members in the conventional order (jsonrpc, id, method, params / result, error).
    public var json: JSON {
        var object: JSONObject = ["jsonrpc": "2.0"]
        switch self {
        case .request(let request):
            object["id"] = request.id.json
            object["method"] = .string(request.method)
            if let params = request.params { object["params"] = params }
        case .notification(let notification):
            object["method"] = .string(notification.method)
            if let params = notification.params { object["params"] = params }
        case .response(let response):
            object["id"] = response.id?.json ?? .null
            switch response.result {
            case .success(let result):
                object["result"] = result
            case .failure(let error):
                var errorObject: JSONObject = ["code": .int(Int64(error.code.rawValue)), "message": .string(error.message)]
                if let data = error.data { errorObject["data"] = data }
                object["error"] = .object(errorObject)
            }
        }
        return .object(object)
    }

    /// Compact UTF-8 JSON text of the message (the body of a frame).
    public func serialized() -> [UInt8] {
        JSONWriter().write(json)
    }

    /// The method of a request or notification; nil for a response.
    public var method: String? {
        switch self {
        case .request(let request): return request.method
        case .notification(let notification): return notification.method
        case .response: return nil
        }
    }
}

extension Message: CustomStringConvertible {
    /// The message as compact JSON text.
    public var description: String { json.description }
}
