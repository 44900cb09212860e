import JSONRPC
import ThumbIndexJSON

/// `initialize`: the first request of a session.
public enum InitializeRequest: LSPRequest {
    /// The method name.
    public static let method = "initialize"
    /// See `InitializeResult`.
    public typealias Result = InitializeResult

    /// What the server reads of LSP's `InitializeParams`; the rest is ignored.
    public struct Params: JSONCodable, Equatable {
        /// The position encodings the client offers (`capabilities.general.positionEncodings`).
        public var positionEncodings: [String]
        /// `capabilities.textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`.
        public var hierarchicalDocumentSymbols: Bool
        /// `capabilities.window.workDoneProgress`: the client shows progress the server starts
        /// (`window/workDoneProgress/create`).
        public var workDoneProgress: Bool
        /// `capabilities.workspace.didChangeWatchedFiles.dynamicRegistration`: the client watches files the server
        /// names (`client/registerCapability`).
        public var watchedFilesRegistration: Bool
        /// `capabilities.window.showDocument.support`: the client moves its cursor where the server asks
        /// (`window/showDocument`, for a jump to a letter).
        public var showDocument = false
        /// `capabilities.textDocument.codeAction.resolveSupport.properties` holds `edit`: a sort's edit is made when
        /// the client resolves the action (`codeAction/resolve`), not when it lists them.
        public var codeActionResolve = false
        /// `capabilities.workspace.applyEdit`: the client makes edits the server sends (`workspace/applyEdit`).
        public var applyEdit = false
        /// `InitializeParams.locale`.
        public var locale: String?
        /// Settings, nested or dotted (see `Settings`).
        public var initializationOptions: JSON?
        /// `workspaceFolders[].uri`, else `[rootUri]`.
        public var workspaceFolders: [String]
        /// `InitializeParams.rootPath` (deprecated in LSP), the workspace folder when no folder uri is given.
        public var rootPath: String?

        /// Params as a client sends them; the defaults offer UTF-16 and accept nested symbols.
        public init(positionEncodings: [String] = ["utf-16"], hierarchicalDocumentSymbols: Bool = true, workDoneProgress: Bool = false,
                    locale: String? = nil, initializationOptions: JSON? = nil, workspaceFolders: [String] = [], rootPath: String? = nil,
                    watchedFilesRegistration: Bool = false) {
            self.positionEncodings = positionEncodings
            self.watchedFilesRegistration = watchedFilesRegistration
            self.hierarchicalDocumentSymbols = hierarchicalDocumentSymbols
            self.workDoneProgress = workDoneProgress
            self.locale = locale
            self.initializationOptions = initializationOptions
            self.workspaceFolders = workspaceFolders
            self.rootPath = rootPath
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            let capabilities = fields.value("capabilities")
            positionEncodings = capabilities?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
            hierarchicalDocumentSymbols =
                capabilities?["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
            workDoneProgress = capabilities?["window"]?["workDoneProgress"]?.boolValue ?? false
            watchedFilesRegistration = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
            showDocument = capabilities?["window"]?["showDocument"]?["support"]?.boolValue ?? false
            codeActionResolve = capabilities?["textDocument"]?["codeAction"]?["resolveSupport"]?["properties"]?.arrayValue?.contains(.string("edit")) ?? false
            applyEdit = capabilities?["workspace"]?["applyEdit"]?.boolValue ?? false
            locale = fields.value("locale")?.stringValue
            initializationOptions = fields.value("initializationOptions")
            workspaceFolders = fields.value("workspaceFolders")?.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []
            if workspaceFolders.isEmpty, let root = fields.value("rootUri")?.stringValue { workspaceFolders = [root] }
            rootPath = fields.value("rootPath")?.stringValue
        }

        /// The params as JSON.
        public var json: JSON {
            var object: JSONObject = [
                "processId": .null,
                "capabilities": [
                    "general": ["positionEncodings": .array(positionEncodings.map(JSON.string))],
                    "textDocument": [
                        "documentSymbol": ["hierarchicalDocumentSymbolSupport": .bool(hierarchicalDocumentSymbols)],
                        "codeAction": ["resolveSupport": ["properties": .array(codeActionResolve ? ["edit"] : [])]],
                    ],
                    "window": ["workDoneProgress": .bool(workDoneProgress), "showDocument": ["support": .bool(showDocument)]],
                    "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": .bool(watchedFilesRegistration)], "applyEdit": .bool(applyEdit)],
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
    /// `serverInfo.name`.
    public var serverName: String
    /// `serverInfo.version`.
    public var serverVersion: String

    /// A result; the capabilities besides these are fixed.
    public init(positionEncoding: String, thumbindexMethods: [String], serverName: String, serverVersion: String) {
        self.positionEncoding = positionEncoding
        self.thumbindexMethods = thumbindexMethods
        self.serverName = serverName
        self.serverVersion = serverVersion
    }

    /// Reads an `InitializeResult` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        let capabilities = try fields.decode("capabilities", as: JSON.self)
        positionEncoding = capabilities["positionEncoding"]?.stringValue ?? "utf-16"
        thumbindexMethods = capabilities["experimental"]?["thumbindex"]?["methods"]?.arrayValue?.compactMap(\.stringValue) ?? []
        serverName = fields.value("serverInfo")?["name"]?.stringValue ?? ""
        serverVersion = fields.value("serverInfo")?["version"]?.stringValue ?? ""
    }

    /// The `InitializeResult` as JSON.
    public var json: JSON {
        [
            "capabilities": [
                "positionEncoding": .string(positionEncoding),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "documentSymbolProvider": ["label": "ThumbIndex"],
                "workspaceSymbolProvider": true,
                // A jump to a letter for clients with no ThumbIndex plugin (`LetterJumps.swift`), and the sorts of a
                // document's entries (`SortActions.swift`).
                "codeActionProvider": ["codeActionKinds": ["source.sortEntries"], "resolveProvider": true],
                "codeLensProvider": ["resolveProvider": false],
                "executeCommandProvider": ["commands": ["thumbindex.jump", "thumbindex.sortEntries"]],
                "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
                "experimental": ["thumbindex": ["methods": .array(thumbindexMethods.map(JSON.string))]],
            ],
            "serverInfo": ["name": .string(serverName), "version": .string(serverVersion)],
        ]
    }
}

/// `initialized`: the client got the answer to `initialize`.
public enum InitializedNotification: LSPNotification {
    /// The method name.
    public static let method = "initialized"
    /// No params.
    public typealias Params = NoParams
}

/// `shutdown`: answer what is running, then accept only `exit`.
public enum ShutdownRequest: LSPRequest {
    /// The method name.
    public static let method = "shutdown"
    /// No params.
    public typealias Params = NoParams
    /// Answered with `null`.
    public typealias Result = NullResult
}

/// `exit`: end the process (0 after `shutdown`, else 1).
public enum ExitNotification: LSPNotification {
    /// The method name.
    public static let method = "exit"
    /// No params.
    public typealias Params = NoParams
}

/// `$/cancelRequest`.
public enum CancelRequestNotification: LSPNotification {
    /// The method name.
    public static let method = "$/cancelRequest"

    /// `{id}`.
    public struct Params: JSONCodable, Equatable {
        /// The id of the request to cancel.
        public var id: RequestID

        /// Params cancelling request `id`.
        public init(id: RequestID) { self.id = id }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            guard let value = fields.value("id") else { throw .invalidParams("\(path).id is missing") }
            guard let id = RequestID(json: value) else {
                throw .invalidParams("\(path).id must be a number or a string, got \(value.kindName)")
            }
            self.id = id
        }

        /// The params as JSON.
        public var json: JSON { ["id": id.json] }
    }
}

/// `$/setTrace`.
public enum SetTraceNotification: LSPNotification {
    /// The method name.
    public static let method = "$/setTrace"

    /// `{value}`.
    public struct Params: JSONCodable, Equatable {
        /// `off`, `messages` or `verbose`.
        public var value: String
        /// Params setting the trace to `value`.
        public init(value: String) { self.value = value }
        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) { value = try Fields(json, path: path).decode("value") }
        /// The params as JSON.
        public var json: JSON { ["value": .string(value)] }
    }
}

/// `window/logMessage` (server → client): problems the server met, e.g. a bad setting or an unreadable table.
public enum LogMessageNotification: LSPNotification {
    /// The method name.
    public static let method = "window/logMessage"

    /// `{type, message}`.
    public struct Params: JSONCodable, Equatable {
        /// LSP's `MessageType`: `error` (1), `warning` (2), `info` (3), `log` (4).
        public enum MessageType: Int, Sendable { case error = 1, warning, info, log }
        /// How serious the message is.
        public var type: MessageType
        /// The message, for a person.
        public var message: String

        /// Params for a message of `type`.
        public init(type: MessageType, message: String) {
            self.type = type
            self.message = message
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            type = MessageType(rawValue: try fields.int("type", in: 1 ... 4)) ?? .log
            message = try fields.decode("message")
        }

        /// The params as JSON.
        public var json: JSON { ["type": .int(Int64(type.rawValue)), "message": .string(message)] }
    }
}

/// `window/showMessage` (server → client): a message the client shows the person, not only logs; its params are
/// `window/logMessage`'s.
public enum ShowMessageNotification: LSPNotification {
    /// The method name.
    public static let method = "window/showMessage"
    public typealias Params = LogMessageNotification.Params
}
