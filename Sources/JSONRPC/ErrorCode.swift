import ThumbIndexJSON

/// A JSON-RPC error code.
///
/// An open set: any integer is a code, and the named constants are the ones JSON-RPC 2.0 and LSP define (the LSP
/// ones are only numbers here; this module knows nothing else of LSP). Every number is negative.
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

    // Codes LSP reserves in the JSON-RPC server range
    /// A request other than `initialize` arrived before it.
    public static let serverNotInitialized: ErrorCode = -32002
    public static let unknownErrorCode: ErrorCode = -32001

    // Codes LSP defines for request failures
    /// The request was valid but failed; the message says why.
    public static let requestFailed: ErrorCode = -32803
    /// The server cancelled the request itself (it may be retried).
    public static let serverCancelled: ErrorCode = -32802
    /// The document changed while the request ran, so the result would be stale.
    public static let contentModified: ErrorCode = -32801
    /// The client cancelled the request (`$/cancelRequest`).
    public static let requestCancelled: ErrorCode = -32800

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

    public static func serverNotInitialized(_ message: String = "the server is not initialized yet") -> ResponseError {
        ResponseError(code: .serverNotInitialized, message: message)
    }

    public static func requestFailed(_ message: String) -> ResponseError {
        ResponseError(code: .requestFailed, message: message)
    }

    public static func serverCancelled(_ message: String = "the server cancelled the request") -> ResponseError {
        ResponseError(code: .serverCancelled, message: message)
    }

    public static func contentModified(_ message: String = "the content changed") -> ResponseError {
        ResponseError(code: .contentModified, message: message)
    }

    public static func requestCancelled(_ message: String = "request cancelled") -> ResponseError {
        ResponseError(code: .requestCancelled, message: message)
    }

    /// The reply to a request the client cancelled.
    public static var cancelled: ResponseError { requestCancelled() }
}
