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

/// `textDocument/codeAction`: a jump to each letter of the document's thumb index that has entries, and the sorts of
/// its entries (kind `source.sortEntries`).
public enum CodeActionRequest: LSPRequest {
    public static let method = "textDocument/codeAction"
    public typealias Result = [CodeAction]

    /// The document, the cursor or selection, and the kinds the client asks for (`context.only`; nil: every kind).
    public struct Params: JSONCodable, Equatable {
        public var textDocument: TextDocumentIdentifier
        public var range: PositionRange
        public var only: [String]?
        public init(uri: String, range: PositionRange = PositionRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)), only: [String]? = nil) {
            (textDocument, self.range, self.only) = (TextDocumentIdentifier(uri: uri), range, only)
        }
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            textDocument = try fields.decode("textDocument")
            range = try fields.decodeIfPresent("range") ?? PositionRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))
            only = fields.value("context")?["only"]?.arrayValue?.compactMap(\.stringValue)
        }
        public var json: JSON {
            var context: JSONObject = ["diagnostics": []]
            if let only { context["only"] = .array(only.map(JSON.string)) }
            return ["textDocument": textDocument.json, "range": range.json, "context": .object(context)]
        }
    }

    /// A code action: a command to run, or an edit (made when the client resolves it, from `data`).
    public struct CodeAction: JSONCodable, Equatable {
        public var title: String
        public var kind: String?
        public var command: Command?
        public var edit: WorkspaceEdit?
        public var data: JSON?
        public init(title: String, kind: String? = nil, command: Command? = nil, edit: WorkspaceEdit? = nil, data: JSON? = nil) {
            (self.title, self.kind, self.command, self.edit, self.data) = (title, kind, command, edit, data)
        }
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            title = try fields.decode("title")
            kind = try fields.decodeIfPresent("kind")
            command = try fields.decodeIfPresent("command")
            edit = try fields.decodeIfPresent("edit")
            data = fields.value("data")
        }
        public var json: JSON {
            var object: JSONObject = ["title": .string(title)]
            object.setIfPresent("kind", kind)
            if let command { object["command"] = command.json }
            if let edit { object["edit"] = edit.json }
            if let data { object["data"] = data }
            return .object(object)
        }
    }
}

/// `codeAction/resolve`: a sort's code action with its edit.
public enum CodeActionResolveRequest: LSPRequest {
    public static let method = "codeAction/resolve"
    public typealias Params = CodeActionRequest.CodeAction
    public typealias Result = CodeActionRequest.CodeAction
}

/// A change of the text between `range`'s ends to `newText`.
public struct TextEdit: JSONCodable, Equatable {
    public var range: PositionRange
    public var newText: String
    public init(range: PositionRange, newText: String) { (self.range, self.newText) = (range, newText) }
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        range = try fields.decode("range")
        newText = try fields.decode("newText")
    }
    public var json: JSON { ["range": range.json, "newText": .string(newText)] }
}

/// Edits of documents (`changes`: a document's uri → its edits, none overlapping).
public struct WorkspaceEdit: JSONCodable, Equatable {
    public var changes: [String: [TextEdit]]
    public init(changes: [String: [TextEdit]]) { self.changes = changes }
    public init(json: JSON, path: String) throws(ResponseError) {
        var changes: [String: [TextEdit]] = [:]
        for (uri, edits) in (try Fields(json, path: path).decodeIfPresent("changes", as: JSON.self))?.objectValue ?? [:] {
            changes[uri] = try (edits.arrayValue ?? []).enumerated().map { (k, edit) throws(ResponseError) in try TextEdit(json: edit, path: "\(path).changes[\(k)]") }
        }
        self.changes = changes
    }
    public var json: JSON { ["changes": .object(JSONObject(changes.map { ($0.key, .array($0.value.map(\.json))) }))] }
}

/// `workspace/applyEdit` (server → client): makes the edit in the client's documents.
public enum ApplyWorkspaceEditRequest: LSPRequest {
    public static let method = "workspace/applyEdit"
    public typealias Result = JSON

    public struct Params: JSONCodable, Equatable {
        public var label: String
        public var edit: WorkspaceEdit
        public init(label: String, edit: WorkspaceEdit) { (self.label, self.edit) = (label, edit) }
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            label = try fields.decodeIfPresent("label") ?? ""
            edit = try fields.decode("edit")
        }
        public var json: JSON { ["label": .string(label), "edit": edit.json] }
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
/// cursor there with `window/showDocument` when the client can; `thumbindex.sortEntries` takes a sort action's
/// `data`, answers null and sends the edit with `workspace/applyEdit`.
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

/// `textDocument/publishDiagnostics` (server → client): the keep-sorted blocks of a document out of order.
public enum PublishDiagnosticsNotification: LSPNotification {
    public static let method = "textDocument/publishDiagnostics"

    public struct Params: JSONCodable, Equatable {
        public var uri: String
        public var version: Int?
        public var diagnostics: [Diagnostic]
        public init(uri: String, version: Int?, diagnostics: [Diagnostic]) { (self.uri, self.version, self.diagnostics) = (uri, version, diagnostics) }
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            uri = try fields.decode("uri")
            version = try fields.decodeIfPresent("version")
            diagnostics = try fields.decode("diagnostics")
        }
        public var json: JSON {
            var object: JSONObject = ["uri": .string(uri), "diagnostics": .array(diagnostics.map(\.json))]
            if let version { object["version"] = .int(Int64(version)) }
            return .object(object)
        }
    }
}

/// A problem at a range: ThumbIndex's are warnings (severity 2) from source `thumbindex`, code `keep-sorted`.
public struct Diagnostic: JSONCodable, Equatable {
    public var range: PositionRange
    public var severity: Int
    public var code: String
    public var message: String
    public init(range: PositionRange, severity: Int = 2, code: String, message: String) {
        (self.range, self.severity, self.code, self.message) = (range, severity, code, message)
    }
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        range = try fields.decode("range")
        severity = try fields.decodeIfPresent("severity") ?? 1
        code = fields.value("code")?.stringValue ?? ""
        message = try fields.decode("message")
    }
    public var json: JSON {
        ["range": range.json, "severity": .int(Int64(severity)), "code": .string(code), "source": "thumbindex", "message": .string(message)]
    }
}
