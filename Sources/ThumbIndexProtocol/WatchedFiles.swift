import JSONRPC
import ThumbIndexJSON

/// `workspace/didChangeWatchedFiles`: files of the workspace created, changed or deleted on disk.
public enum DidChangeWatchedFilesNotification: LSPNotification {
    /// The method name.
    public static let method = "workspace/didChangeWatchedFiles"

    /// One file's change.
    public struct FileEvent: JSONCodable, Equatable {
        /// LSP's `FileChangeType`.
        public enum Kind: Int, Sendable { case created = 1, changed = 2, deleted = 3 }
        /// The file (a `file://` uri).
        public var uri: String
        /// What happened to it.
        public var type: Kind

        /// An event from its members.
        public init(uri: String, type: Kind) {
            self.uri = uri
            self.type = type
        }

        /// Reads an event; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            uri = try fields.decode("uri")
            let raw = try fields.int("type", in: 1 ... 3)
            type = Kind(rawValue: raw)!
        }

        /// The event as JSON.
        public var json: JSON { ["uri": .string(uri), "type": .int(Int64(type.rawValue))] }
    }

    /// `{changes}`.
    public struct Params: JSONCodable, Equatable {
        /// The changes, in the order they happened.
        public var changes: [FileEvent]
        /// Params carrying `changes`.
        public init(changes: [FileEvent]) { self.changes = changes }
        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) { changes = try Fields(json, path: path).decode("changes") }
        /// The params as JSON.
        public var json: JSON { ["changes": .array(changes.map(\.json))] }
    }
}

/// `client/registerCapability`, sent by the server: here, to have the client watch the workspace's files.
public enum RegisterCapabilityRequest: LSPRequest {
    /// The method name.
    public static let method = "client/registerCapability"
    /// The answer is `null`.
    public typealias Result = NullResult

    /// `{registrations: [{id, method, registerOptions}]}` for watching files matching `globs`.
    public struct Params: JSONCodable, Equatable {
        /// The registration's id.
        public var id: String
        /// Glob patterns of the files to watch.
        public var globs: [String]

        /// Params registering `workspace/didChangeWatchedFiles` for `globs`.
        public init(id: String, globs: [String]) {
            self.id = id
            self.globs = globs
        }

        /// Reads the params (one registration of watched files).
        public init(json: JSON, path: String) throws(ResponseError) {
            let registration = try Fields(json, path: path).decode("registrations", as: [JSON].self).first ?? .null
            id = registration["id"]?.stringValue ?? ""
            globs = registration["registerOptions"]?["watchers"]?.arrayValue?.compactMap { $0["globPattern"]?.stringValue } ?? []
        }

        /// The params as JSON.
        public var json: JSON {
            let watchers = JSON.array(globs.map { ["globPattern": .string($0)] })
            return ["registrations": [["id": .string(id), "method": .string(DidChangeWatchedFilesNotification.method),
                                       "registerOptions": ["watchers": watchers]]]]
        }
    }
}

/// `client/unregisterCapability`, sent by the server: here, to stop the watching of files it asked for (before it asks
/// again for other files, when the formats read change).
public enum UnregisterCapabilityRequest: LSPRequest {
    /// The method name.
    public static let method = "client/unregisterCapability"
    /// The answer is `null`.
    public typealias Result = NullResult

    /// `{unregisterations: [{id, method}]}` (LSP spells it so) for the watching registered as `id`.
    public struct Params: JSONCodable, Equatable {
        /// The id the watching was registered with.
        public var id: String

        /// Params ending the watching registered as `id`.
        public init(id: String) { self.id = id }

        /// Reads the params (one unregistration).
        public init(json: JSON, path: String) throws(ResponseError) {
            let first = try Fields(json, path: path).decode("unregisterations", as: [JSON].self).first ?? .null
            id = first["id"]?.stringValue ?? ""
        }

        /// The params as JSON.
        public var json: JSON {
            ["unregisterations": [["id": .string(id), "method": .string(DidChangeWatchedFilesNotification.method)]]]
        }
    }
}

/// `workspace/didChangeWorkspaceFolders`: folders added to the workspace or removed from it.
public enum DidChangeWorkspaceFoldersNotification: LSPNotification {
    /// The method name.
    public static let method = "workspace/didChangeWorkspaceFolders"

    /// `{event: {added: [{uri, name}], removed: [{uri, name}]}}`, as the folders' uris.
    public struct Params: JSONCodable, Equatable {
        /// The uris of the folders added.
        public var added: [String]
        /// The uris of the folders removed.
        public var removed: [String]

        /// Params adding `added` and removing `removed`.
        public init(added: [String], removed: [String]) {
            self.added = added
            self.removed = removed
        }

        /// Reads the params; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let event = try Fields(try Fields(json, path: path).decode("event", as: JSON.self), path: path + ".event")
            func uris(_ key: String) throws(ResponseError) -> [String] {
                try event.decode(key, as: [JSON].self).enumerated().map { (k, folder) throws(ResponseError) -> String in
                    try Fields(folder, path: "\(path).event.\(key)[\(k)]").decode("uri")
                }
            }
            added = try uris("added")
            removed = try uris("removed")
        }

        /// The params as JSON.
        public var json: JSON {
            let folders = { (uris: [String]) in JSON.array(uris.map { ["uri": .string($0), "name": .string($0)] }) }
            return ["event": ["added": folders(added), "removed": folders(removed)]]
        }
    }
}
