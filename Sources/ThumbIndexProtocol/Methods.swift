import JSONRPC
import ThumbIndexJSON

/// A request of the protocol: its method name, and the types of its params and result.
public protocol LSPRequest: Sendable {
    associatedtype Params: JSONCodable
    associatedtype Result: JSONCodable
    static var method: String { get }
}

/// A notification of the protocol: its method name and the type of its params.
public protocol LSPNotification: Sendable {
    associatedtype Params: JSONCodable
    static var method: String { get }
}

/// Params of a method that takes none (absent, or any object).
public struct NoParams: JSONCodable, Equatable {
    public init() {}
    public init(json: JSON, path: String) throws(ResponseError) { _ = try Fields(json, path: path) }
    public var json: JSON { .object([:]) }
}

/// The result of a method whose only answer is `null`.
public struct NullResult: JSONCodable, Equatable {
    public init() {}
    public init(json: JSON, path: String) {}
    public var json: JSON { .null }
}

extension ErrorCode {
    // Codes LSP reserves in the JSON-RPC server range
    /// A request other than `initialize` arrived before it.
    public static let serverNotInitialized: ErrorCode = -32002
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

extension ResponseError {
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
}
