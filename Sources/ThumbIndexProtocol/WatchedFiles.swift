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
        public init(json: JSON, path: String) throws(ResponseError) { changes = try Fields(json, path: path).array("changes") }
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
            let registration = try Fields(json, path: path).array("registrations", of: JSON.self).first ?? .null
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
