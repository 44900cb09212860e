import ThumbIndexJSON

/// A JSON-RPC error code.
///
/// An open set: any integer is a code. The named constants here are JSON-RPC 2.0's; the protocol module adds LSP's.
///
///     ResponseError(code: .invalidParams, message: "offset must be ≥ 0")
public struct ErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { self.rawValue = value }

    // JSON-RPC 2.0
    /// Invalid JSON was received.
    public static let parseError: ErrorCode = -32700
    /// The JSON sent is not a valid request object.
    public static let invalidRequest: ErrorCode = -32600
    public static let methodNotFound: ErrorCode = -32601
    public static let invalidParams: ErrorCode = -32602
    public static let internalError: ErrorCode = -32603

    public var description: String { String(rawValue) }
}

/// The `error` member of a response: a code, a message a person can act on, and optional data.
public struct ResponseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    public var data: JSON?

    public init(code: ErrorCode, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "error \(code.rawValue): \(message)" }
}

// MARK: - Factories

extension ResponseError {
    public static func parseError(_ message: String) -> ResponseError {
        ResponseError(code: .parseError, message: message)
    }

    public static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: .invalidRequest, message: message)
    }

    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: .methodNotFound, message: "method not found: \(method)")
    }

    public static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: .invalidParams, message: message)
    }

    public static func internalError(_ message: String) -> ResponseError {
        ResponseError(code: .internalError, message: message)
    }
}
