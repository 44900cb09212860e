import JSONRPC
import ThumbIndexJSON

/// A request of the protocol: its method name, and the types of its params and result.
public protocol LSPRequest: Sendable {
    /// What the request sends.
    associatedtype Params: JSONCodable
    /// What a successful response carries.
    associatedtype Result: JSONCodable
    /// The JSON-RPC method name, such as `thumbindex/sections`.
    static var method: String { get }
}

/// A notification of the protocol: its method name and the type of its params.
public protocol LSPNotification: Sendable {
    /// What the notification sends.
    associatedtype Params: JSONCodable
    /// The JSON-RPC method name, such as `textDocument/didOpen`.
    static var method: String { get }
}

/// Params of a method that takes none (absent, or any object).
public struct NoParams: JSONCodable, Equatable {
    /// No params.
    public init() {}
    /// Accepts absent params or any object; anything else is an error (`-32602`).
    public init(json: JSON, path: String) throws(ResponseError) { _ = try Fields(json, path: path) }
    /// `{}`.
    public var json: JSON { .object([:]) }
}

/// The result of a method whose only answer is `null`.
public struct NullResult: JSONCodable, Equatable {
    /// The result.
    public init() {}
    /// Accepts any JSON: the answer carries nothing to read.
    public init(json: JSON, path: String) {}
    /// `null`.
    public var json: JSON { .null }
}

/// The codes LSP adds to JSON-RPC's.
extension ErrorCode {
    // Codes LSP reserves in the JSON-RPC server range
    /// A request other than `initialize` arrived before it.
    public static let serverNotInitialized: ErrorCode = -32002
    /// LSP's catch-all code for an error that has no code of its own.
    public static let unknownErrorCode: ErrorCode = -32001

    // Codes LSP defines for request failures
    /// The request was valid but failed; the message says why.
    public static let requestFailed: ErrorCode = -32803
    /// The server cancelled the request itself (it may be retried).
    public static let serverCancelled: ErrorCode = -32802
    /// The document changed while the request ran, or since the version the request names: the result would be stale.
    public static let contentModified: ErrorCode = -32801
    /// The client cancelled the request (`$/cancelRequest`).
    public static let requestCancelled: ErrorCode = -32800
}

/// Errors with LSP's codes, each with a default message where one fits.
extension ResponseError {
    /// -32002: a request other than `initialize` came first.
    public static func serverNotInitialized(_ message: String = "the server is not initialized yet") -> ResponseError {
        ResponseError(code: .serverNotInitialized, message: message)
    }

    /// -32803: the request was valid but failed; the message says why.
    public static func requestFailed(_ message: String) -> ResponseError {
        ResponseError(code: .requestFailed, message: message)
    }

    /// -32802: the server cancelled the request itself.
    public static func serverCancelled(_ message: String = "the server cancelled the request") -> ResponseError {
        ResponseError(code: .serverCancelled, message: message)
    }

    /// -32801: the document changed, so the result would be stale.
    public static func contentModified(_ message: String = "the content changed") -> ResponseError {
        ResponseError(code: .contentModified, message: message)
    }

    /// -32800: the client cancelled the request.
    public static func requestCancelled(_ message: String = "request cancelled") -> ResponseError {
        ResponseError(code: .requestCancelled, message: message)
    }
}
