import JSONRPC
import ThumbIndexJSON

// The thumb index for a client with no ThumbIndex plugin: code actions and code lenses that run a jump to a letter
// (`workspace/executeCommand`), which moves the cursor with `window/showDocument`.

/// A command the client has the server run (`workspace/executeCommand`), as a code action or a code lens carries it.
public struct Command: JSONCodable, Equatable {
    /// What the client shows.
    public var title: String
    /// The command's name (`thumbindex.jump`).
    public var command: String
    /// Its arguments.
    public var arguments: [JSON]

    public init(title: String, command: String, arguments: [JSON]) {
        (self.title, self.command, self.arguments) = (title, command, arguments)
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        title = try fields.decode("title")
        command = try fields.decode("command")
        arguments = fields.value("arguments")?.arrayValue ?? []
    }

    public var json: JSON { ["title": .string(title), "command": .string(command), "arguments": .array(arguments)] }
}

/// `textDocument/codeAction`: a jump to each letter of the document's thumb index that has entries.
public enum CodeActionRequest: LSPRequest {
    public static let method = "textDocument/codeAction"
    public typealias Result = [CodeAction]

    /// The document (the range and context LSP sends are not read: the jumps are the same anywhere in it).
    public struct Params: JSONCodable, Equatable {
        public var textDocument: TextDocumentIdentifier
        public init(uri: String) { textDocument = TextDocumentIdentifier(uri: uri) }
        public init(json: JSON, path: String) throws(ResponseError) { textDocument = try Fields(json, path: path).decode("textDocument") }
        public var json: JSON { ["textDocument": textDocument.json, "range": PositionRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)).json, "context": ["diagnostics": []]] }
    }

    /// A code action that runs a command.
    public struct CodeAction: JSONCodable, Equatable {
        public var title: String
        public var command: Command
        public init(title: String, command: Command) { (self.title, self.command) = (title, command) }
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            title = try fields.decode("title")
            command = try fields.decode("command")
        }
        public var json: JSON { ["title": .string(title), "command": command.json] }
    }
}

/// `textDocument/codeLens`: the thumb index as lenses on the document's first line, one a letter with entries.
public enum CodeLensRequest: LSPRequest {
    public static let method = "textDocument/codeLens"
    public typealias Result = [CodeLens]
    public typealias Params = CodeActionRequest.Params

    /// A lens: where it shows, and the command it runs.
    public struct CodeLens: JSONCodable, Equatable {
        public var range: PositionRange
        public var command: Command
        public init(range: PositionRange, command: Command) { (self.range, self.command) = (range, command) }
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            range = try fields.decode("range")
            command = try fields.decode("command")
        }
        public var json: JSON { ["range": range.json, "command": command.json] }
    }
}

/// `workspace/executeCommand`: runs a command the server declared (`executeCommandProvider`). `thumbindex.jump`
/// takes `thumbindex/jump`'s params and answers the `Location` it lands on (null for none), moving the client's
/// cursor there with `window/showDocument` when the client can.
public enum ExecuteCommandRequest: LSPRequest {
    public static let method = "workspace/executeCommand"
    public typealias Result = JSON

    public struct Params: JSONCodable, Equatable {
        public var command: String
        public var arguments: [JSON]
        public init(command: String, arguments: [JSON]) { (self.command, self.arguments) = (command, arguments) }
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            command = try fields.decode("command")
            arguments = fields.value("arguments")?.arrayValue ?? []
        }
        public var json: JSON { ["command": .string(command), "arguments": .array(arguments)] }
    }
}

/// `window/showDocument` (server → client): shows a document with its `selection`, the cursor at its start.
public enum ShowDocumentRequest: LSPRequest {
    public static let method = "window/showDocument"
    public typealias Result = JSON

    public struct Params: JSONCodable, Equatable {
        public var uri: String
        public var selection: PositionRange
        public init(uri: String, selection: PositionRange) { (self.uri, self.selection) = (uri, selection) }
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            uri = try fields.decode("uri")
            selection = try fields.decode("selection")
        }
        public var json: JSON { ["uri": .string(uri), "takeFocus": true, "selection": selection.json] }
    }
}
