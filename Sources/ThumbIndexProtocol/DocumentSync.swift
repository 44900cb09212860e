import JSONRPC
import ThumbIndexJSON

/// `textDocument/didOpen`.
public enum DidOpenNotification: LSPNotification {
    public static let method = "textDocument/didOpen"

    public struct Params: JSONCodable, Equatable {
        public var textDocument: TextDocumentItem
        public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
        public init(json: JSON, path: String) throws(ResponseError) { textDocument = try Fields(json, path: path).decode("textDocument") }
        public var json: JSON { ["textDocument": textDocument.json] }
    }
}

/// `textDocument/didChange`: incremental changes, applied in order.
public enum DidChangeNotification: LSPNotification {
    public static let method = "textDocument/didChange"

    public struct Params: JSONCodable, Equatable {
        public var textDocument: VersionedTextDocumentIdentifier
        public var contentChanges: [ContentChange]

        public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [ContentChange]) {
            self.textDocument = textDocument
            self.contentChanges = contentChanges
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            textDocument = try fields.decode("textDocument")
            contentChanges = try fields.array("contentChanges")
        }

        public var json: JSON { ["textDocument": textDocument.json, "contentChanges": contentChanges.json] }
    }

    /// One change: `text` replaces `range`, or the whole text when there is no range.
    public struct ContentChange: JSONCodable, Equatable {
        public var range: PositionRange?
        public var text: String

        public init(range: PositionRange?, text: String) {
            self.range = range
            self.text = text
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            range = try fields.decodeIfPresent("range")
            text = try fields.decode("text")
        }

        public var json: JSON {
            var object: JSONObject = ["text": .string(text)]
            object.setIfPresent("range", range)
            return .object(object)
        }
    }
}

/// `textDocument/didClose`: the server forgets the document and frees its memory.
public enum DidCloseNotification: LSPNotification {
    public static let method = "textDocument/didClose"
    public typealias Params = TextDocumentParams
}

/// `textDocument/didSave` (text not included; nothing to do).
public enum DidSaveNotification: LSPNotification {
    public static let method = "textDocument/didSave"
    public typealias Params = TextDocumentParams
}

/// `workspace/didChangeConfiguration`: `settings` as in `initializationOptions`.
public enum DidChangeConfigurationNotification: LSPNotification {
    public static let method = "workspace/didChangeConfiguration"

    public struct Params: JSONCodable, Equatable {
        public var settings: JSON
        public init(settings: JSON) { self.settings = settings }
        public init(json: JSON, path: String) throws(ResponseError) {
            settings = try Fields(json, path: path).value("settings") ?? .null
        }
        public var json: JSON { ["settings": settings] }
    }
}

/// `{textDocument: {uri}}`.
public struct TextDocumentParams: JSONCodable, Equatable {
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
    public init(uri: String) { self.textDocument = TextDocumentIdentifier(uri: uri) }
    public init(json: JSON, path: String) throws(ResponseError) { textDocument = try Fields(json, path: path).decode("textDocument") }
    public var json: JSON { ["textDocument": textDocument.json] }
}
