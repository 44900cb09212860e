import ThumbIndexJSON

/// A message that could not be accepted, with the error to answer it with.
///
/// `id` is the message's id when it could be read, so the reply still reaches the right caller; otherwise nil,
/// which is sent as `"id": null` as JSON-RPC 2.0 asks.
public struct InvalidMessage: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message's id, when it could be read; the reply is sent with `"id": null` otherwise.
    public var id: RequestID?
    /// The error to answer with.
    public var error: ResponseError

    /// A message refused with `error`.
    public init(id: RequestID?, error: ResponseError) {
        self.id = id
        self.error = error
    }

    /// The response to send back.
    public var response: Response { Response(id: id, error: error) }

    /// The error and the id, for logs.
    public var description: String { "\(error) (id \(id?.description ?? "null"))" }
}

extension Message {
    /// Reads a message, validating JSON-RPC 2.0 strictly.
    ///
    /// `"jsonrpc": "2.0"` is required; `id` is a number (kept exactly as written) or a string (null only in a response that answers an
    /// unreadable request); `method` is a string; `params`, when present, is an object or an array; a response has
    /// exactly one of `result` and `error`. Members JSON-RPC does not define are ignored. One leniency:
    /// `"params": null` is read as no params, because some clients send it for methods without params.
    /// A failure is an invalid request (-32600) carrying the id when it could be read.
    public init(_ json: JSON) throws(InvalidMessage) {
        guard case .object(let object) = json else {
            throw InvalidMessage(id: nil,
                                 error: .invalidRequest("a JSON-RPC message must be an object, got \(json.kindName)"))
        }

        // The id first, so that every later error can carry it.
        let idMember = object["id"]
        var id: RequestID?
        switch idMember {
        case nil, .null?:
            id = nil
        case let member? where RequestID(json: member) != nil:
            id = RequestID(json: member)
        case let other?:
            throw InvalidMessage(id: nil, error: .invalidRequest(
                "\"id\" must be an integer or a string, got \(other.kindName)"))
        }
        func invalid(_ message: String) -> InvalidMessage {
            InvalidMessage(id: id, error: .invalidRequest(message))
        }

        guard let version = object["jsonrpc"] else { throw invalid("missing \"jsonrpc\": \"2.0\"") }
        guard version.stringValue == "2.0" else {
            throw invalid("unsupported \"jsonrpc\": \(version), expected \"2.0\"")
        }

        let hasResult = object["result"] != nil
        let hasError = object["error"] != nil

        if let methodMember = object["method"] {
            guard let method = methodMember.stringValue else {
                throw invalid("\"method\" must be a string, got \(methodMember.kindName)")
            }
            guard !hasResult, !hasError else {
                throw invalid("a message cannot have both \"method\" and \"\(hasResult ? "result" : "error")\"")
            }
            var params = object["params"]
            switch params {
            case nil, .null?: params = nil
            case .object?, .array?: break
            case let other?: throw invalid("\"params\" must be an object or an array, got \(other.kindName)")
            }
            if idMember == nil {
                self = .notification(Notification(method: method, params: params))
            } else if let id {
                self = .request(Request(id: id, method: method, params: params))
            } else {
                throw invalid("the \"id\" of a request must be an integer or a string, not null")
            }
            return
        }

        guard hasResult || hasError else {
            throw invalid("a message needs a \"method\" (request or notification) or a \"result\" or \"error\" (response)")
        }
        guard !(hasResult && hasError) else {
            throw invalid("a response must have exactly one of \"result\" and \"error\", not both")
        }
        guard idMember != nil else { throw invalid("a response must have an \"id\"") }
        if let result = object["result"] {
            self = .response(Response(id: id, result: result))
        } else {
            self = .response(Response(id: id, error: try Self.responseError(object["error"]!, id: id)))
        }
    }

    private static func responseError(_ json: JSON, id: RequestID?) throws(InvalidMessage) -> ResponseError {
        func invalid(_ message: String) -> InvalidMessage {
            InvalidMessage(id: id, error: .invalidRequest(message))
        }
        guard case .object(let object) = json else {
            throw invalid("\"error\" must be an object, got \(json.kindName)")
        }
        guard let code = object["code"]?.intValue else {
            throw invalid("\"error\".\"code\" must be an integer")
        }
        guard let message = object["message"]?.stringValue else {
            throw invalid("\"error\".\"message\" must be a string")
        }
        return ResponseError(code: ErrorCode(rawValue: code), message: message, data: object["data"])
    }
}
