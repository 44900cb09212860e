import JSONRPC
import ThumbIndexJSON

/// `initialize`: the first request of a session.
public enum InitializeRequest: LSPRequest {
    public static let method = "initialize"
    public typealias Result = InitializeResult

    /// What the server reads of LSP's `InitializeParams`; the rest is ignored.
    public struct Params: JSONCodable, Equatable {
        /// The position encodings the client offers (`capabilities.general.positionEncodings`).
        public var positionEncodings: [String]
        /// `capabilities.textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`.
        public var hierarchicalDocumentSymbols: Bool
        /// `InitializeParams.locale`.
        public var locale: String?
        /// Settings, nested or dotted (see `Settings`).
        public var initializationOptions: JSON?
        /// `workspaceFolders[].uri`, else `[rootUri]`.
        public var workspaceFolders: [String]
        public var rootPath: String?

        public init(positionEncodings: [String] = ["utf-16"], hierarchicalDocumentSymbols: Bool = true, locale: String? = nil,
                    initializationOptions: JSON? = nil, workspaceFolders: [String] = [], rootPath: String? = nil) {
            self.positionEncodings = positionEncodings
            self.hierarchicalDocumentSymbols = hierarchicalDocumentSymbols
            self.locale = locale
            self.initializationOptions = initializationOptions
            self.workspaceFolders = workspaceFolders
            self.rootPath = rootPath
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            let capabilities = fields.value("capabilities")
            positionEncodings = capabilities?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
            hierarchicalDocumentSymbols =
                capabilities?["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
            locale = fields.value("locale")?.stringValue
            initializationOptions = fields.value("initializationOptions")
            workspaceFolders = fields.value("workspaceFolders")?.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []
            if workspaceFolders.isEmpty, let root = fields.value("rootUri")?.stringValue { workspaceFolders = [root] }
            rootPath = fields.value("rootPath")?.stringValue
        }

        public var json: JSON {
            var object: JSONObject = [
                "processId": .null,
                "capabilities": [
                    "general": ["positionEncodings": .array(positionEncodings.map(JSON.string))],
                    "textDocument": ["documentSymbol": ["hierarchicalDocumentSymbolSupport": .bool(hierarchicalDocumentSymbols)]],
                ],
                "workspaceFolders": .array(workspaceFolders.map { ["uri": .string($0), "name": .string($0)] }),
            ]
            object.setIfPresent("locale", locale)
            object.setIfPresent("initializationOptions", initializationOptions)
            object.setIfPresent("rootPath", rootPath)
            return .object(object)
        }
    }
}

/// The answer to `initialize`.
public struct InitializeResult: JSONCodable, Equatable {
    /// The encoding the server chose for every position of the session: `utf-8`, `utf-16` or `utf-32`.
    public var positionEncoding: String
    /// The `thumbindex/*` methods the server answers (`capabilities.experimental.thumbindex.methods`).
    public var thumbindexMethods: [String]
    public var serverName: String
    public var serverVersion: String

    public init(positionEncoding: String, thumbindexMethods: [String], serverName: String, serverVersion: String) {
        self.positionEncoding = positionEncoding
        self.thumbindexMethods = thumbindexMethods
        self.serverName = serverName
        self.serverVersion = serverVersion
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        let capabilities = try fields.decode("capabilities", as: JSON.self)
        positionEncoding = capabilities["positionEncoding"]?.stringValue ?? "utf-16"
        thumbindexMethods = capabilities["experimental"]?["thumbindex"]?["methods"]?.arrayValue?.compactMap(\.stringValue) ?? []
        serverName = fields.value("serverInfo")?["name"]?.stringValue ?? ""
        serverVersion = fields.value("serverInfo")?["version"]?.stringValue ?? ""
    }

    public var json: JSON {
        [
            "capabilities": [
                "positionEncoding": .string(positionEncoding),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "documentSymbolProvider": ["label": "ThumbIndex"],
                "workspaceSymbolProvider": true,
                "experimental": ["thumbindex": ["methods": .array(thumbindexMethods.map(JSON.string))]],
            ],
            "serverInfo": ["name": .string(serverName), "version": .string(serverVersion)],
        ]
    }
}

/// `initialized`: the client got the answer to `initialize`.
public enum InitializedNotification: LSPNotification {
    public static let method = "initialized"
    public typealias Params = NoParams
}

/// `shutdown`: answer what is running, then accept only `exit`.
public enum ShutdownRequest: LSPRequest {
    public static let method = "shutdown"
    public typealias Params = NoParams
    public typealias Result = NullResult
}

/// `exit`: end the process (0 after `shutdown`, else 1).
public enum ExitNotification: LSPNotification {
    public static let method = "exit"
    public typealias Params = NoParams
}

/// `$/cancelRequest`.
public enum CancelRequestNotification: LSPNotification {
    public static let method = "$/cancelRequest"

    public struct Params: JSONCodable, Equatable {
        public var id: RequestID

        public init(id: RequestID) { self.id = id }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            guard let value = fields.value("id") else { throw .invalidParams("\(path).id is missing") }
            guard let id = RequestID(json: value) else {
                throw .invalidParams("\(path).id must be a number or a string, got \(value.kindName)")
            }
            self.id = id
        }

        public var json: JSON { ["id": id.json] }
    }
}

/// `$/setTrace`.
public enum SetTraceNotification: LSPNotification {
    public static let method = "$/setTrace"

    public struct Params: JSONCodable, Equatable {
        /// `off`, `messages` or `verbose`.
        public var value: String
        public init(value: String) { self.value = value }
        public init(json: JSON, path: String) throws(ResponseError) { value = try Fields(json, path: path).decode("value") }
        public var json: JSON { ["value": .string(value)] }
    }
}

/// `window/logMessage` (server → client): problems the server met, e.g. a bad setting or an unreadable table.
public enum LogMessageNotification: LSPNotification {
    public static let method = "window/logMessage"

    public struct Params: JSONCodable, Equatable {
        public enum MessageType: Int, Sendable { case error = 1, warning, info, log }
        public var type: MessageType
        public var message: String

        public init(type: MessageType, message: String) {
            self.type = type
            self.message = message
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            type = MessageType(rawValue: try fields.int("type", in: 1 ... 4)) ?? .log
            message = try fields.decode("message")
        }

        public var json: JSON { ["type": .int(Int64(type.rawValue)), "message": .string(message)] }
    }
}
