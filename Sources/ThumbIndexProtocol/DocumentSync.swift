import JSONRPC
import ThumbIndexJSON

/// `textDocument/didOpen`.
public enum DidOpenNotification: LSPNotification {
    /// The method name.
    public static let method = "textDocument/didOpen"

    /// `{textDocument}`.
    public struct Params: JSONCodable, Equatable {
        /// The document, with its full text.
        public var textDocument: TextDocumentItem
        /// Params opening `textDocument`.
        public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) { textDocument = try Fields(json, path: path).decode("textDocument") }
        /// The params as JSON.
        public var json: JSON { ["textDocument": textDocument.json] }
    }
}

/// `textDocument/didChange`: incremental changes, applied in order.
public enum DidChangeNotification: LSPNotification {
    /// The method name.
    public static let method = "textDocument/didChange"

    /// `{textDocument, contentChanges}`.
    public struct Params: JSONCodable, Equatable {
        /// The document and the version the changes bring it to.
        public var textDocument: VersionedTextDocumentIdentifier
        /// The changes, applied in order.
        public var contentChanges: [ContentChange]

        /// Params changing `textDocument`.
        public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [ContentChange]) {
            self.textDocument = textDocument
            self.contentChanges = contentChanges
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            textDocument = try fields.decode("textDocument")
            contentChanges = try fields.decode("contentChanges")
        }

        /// The params as JSON.
        public var json: JSON { ["textDocument": textDocument.json, "contentChanges": contentChanges.json] }
    }

    /// One change: `text` replaces `range`, or the whole text when there is no range.
    public struct ContentChange: JSONCodable, Equatable {
        /// The range replaced, in the session's position encoding; nil for the whole text.
        public var range: PositionRange?
        /// The new text.
        public var text: String

        /// A change replacing `range` (nil: the whole text) with `text`.
        public init(range: PositionRange?, text: String) {
            self.range = range
            self.text = text
        }

        /// Reads a `ContentChange` from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            range = try fields.decodeIfPresent("range")
            text = try fields.decode("text")
        }

        /// The `ContentChange` as JSON.
        public var json: JSON {
            var object: JSONObject = ["text": .string(text)]
            object.setIfPresent("range", range)
            return .object(object)
        }
    }
}

/// `textDocument/didClose`: the server forgets the document and frees its memory.
public enum DidCloseNotification: LSPNotification {
    /// The method name.
    public static let method = "textDocument/didClose"
    /// `{textDocument: {uri}}`.
    public typealias Params = TextDocumentParams
}

/// `textDocument/didSave` (text not included; nothing to do).
public enum DidSaveNotification: LSPNotification {
    /// The method name.
    public static let method = "textDocument/didSave"
    /// `{textDocument: {uri}}`.
    public typealias Params = TextDocumentParams
}

/// `workspace/didChangeConfiguration`: `settings` as in `initializationOptions`.
public enum DidChangeConfigurationNotification: LSPNotification {
    /// The method name.
    public static let method = "workspace/didChangeConfiguration"

    /// `{settings}`.
    public struct Params: JSONCodable, Equatable {
        /// The settings, nested or dotted as in `initializationOptions`; `null` when absent.
        public var settings: JSON
        /// Params carrying `settings`.
        public init(settings: JSON) { self.settings = settings }
        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            settings = try Fields(json, path: path).value("settings") ?? .null
        }
        /// The params as JSON.
        public var json: JSON { ["settings": settings] }
    }
}

/// `{textDocument: {uri}}`.
public typealias TextDocumentParams = DocumentParams<NoParams>
