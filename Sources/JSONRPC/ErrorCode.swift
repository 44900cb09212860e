import ThumbIndexJSON

/// A JSON-RPC error code.
///
/// An open set: any integer is a code. The named constants here are JSON-RPC 2.0's; the protocol module adds LSP's.
///
///     ResponseError(code: .invalidParams, message: "offset must be ≥ 0")
public struct ErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The integer sent as `code`.
    public var rawValue: Int

    /// Any code.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A code from an integer literal, such as `-32800`.
    public init(integerLiteral value: Int) { self.rawValue = value }

    // JSON-RPC 2.0
    /// Invalid JSON was received.
    public static let parseError: ErrorCode = -32700
    /// The JSON sent is not a valid request object.
    public static let invalidRequest: ErrorCode = -32600
    /// The method does not exist or is not available.
    public static let methodNotFound: ErrorCode = -32601
    /// Invalid method parameters.
    public static let invalidParams: ErrorCode = -32602
    /// An internal JSON-RPC error.
    public static let internalError: ErrorCode = -32603

    /// The code as a decimal integer.
    public var description: String { String(rawValue) }
}

/// The `error` member of a response: a code, a message a person can act on, and optional data.
public struct ResponseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error code.
    public var code: ErrorCode
    /// A sentence a person can act on.
    public var message: String
    /// More about the error, for programs; omitted when nil.
    public var data: JSON?

    /// An error with the given code, message and optional data.
    public init(code: ErrorCode, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// `error <code>: <message>`, for logs.
    public var description: String { "error \(code.rawValue): \(message)" }
}

// MARK: - Factories

extension ResponseError {
    /// -32700: the message was not JSON.
    public static func parseError(_ message: String) -> ResponseError {
        ResponseError(code: .parseError, message: message)
    }

    /// -32600: the JSON is not a valid JSON-RPC message.
    public static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: .invalidRequest, message: message)
    }

    /// -32601, with the message "method not found: <method>".
    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: .methodNotFound, message: "method not found: \(method)")
    }

    /// -32602: the params are wrong.
    public static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: .invalidParams, message: message)
    }

    /// -32603: the receiver failed.
    public static func internalError(_ message: String) -> ResponseError {
        ResponseError(code: .internalError, message: message)
    }
}
