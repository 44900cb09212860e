import JSONRPC
import ThumbIndexJSON

/// `textDocument/documentSymbol`: the outline, grouped by the `thumbindex.outline.grouping` setting.
public enum DocumentSymbolRequest: LSPRequest {
    public static let method = "textDocument/documentSymbol"
    public typealias Params = TextDocumentParams
    public typealias Result = DocumentSymbolResult
}

/// What `textDocument/documentSymbol` answers: nested symbols for clients with hierarchical support, flat
/// `SymbolInformation` for the others.
public enum DocumentSymbolResult: JSONCodable, Equatable {
    case symbols([DocumentSymbol])
    case information([SymbolInformation])
    /// Either of the above already written as JSON text: the server writes a large outline straight to text on
    /// every core, which is several times faster than building values first.
    case written(SerializedJSON)

    public init(json: JSON, path: String) throws(ResponseError) {
        guard let array = json.arrayValue else { throw .invalidParams("\(path) must be an array, got \(json.kindName)") }
        if array.first?["location"] != nil {
            self = .information(try [SymbolInformation](json: json, path: path))
        } else {
            self = .symbols(try [DocumentSymbol](json: json, path: path))
        }
    }

    public var json: JSON {
        switch self {
        case .symbols(let symbols): return symbols.json
        case .information(let information): return information.json
        case .written(let text): return .serialized(text)
        }
    }

    /// The symbols, reading written text back (for clients and tests).
    public func decoded() throws(ResponseError) -> DocumentSymbolResult {
        guard case .written = self else { return self }
        return try DocumentSymbolResult(json: json, path: "result")
    }
}

/// LSP `DocumentSymbol`: an entry (or a section holding entries as its children).
public struct DocumentSymbol: JSONCodable, Equatable {
    public var name: String
    public var detail: String?
    public var kind: SymbolKind
    public var range: PositionRange
    public var selectionRange: PositionRange
    public var children: [DocumentSymbol]?

    public init(name: String, detail: String? = nil, kind: SymbolKind, range: PositionRange, selectionRange: PositionRange,
                children: [DocumentSymbol]? = nil) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        name = try fields.decode("name")
        detail = try fields.decodeIfPresent("detail")
        kind = try fields.decode("kind")
        range = try fields.decode("range")
        selectionRange = try fields.decode("selectionRange")
        children = fields.has("children") ? try fields.array("children") : nil
    }

    public var json: JSON {
        var object: JSONObject = ["name": .string(name), "kind": kind.json, "range": range.json, "selectionRange": selectionRange.json]
        object.setIfPresent("detail", detail)
        object.setIfPresent("children", children)
        return .object(object)
    }
}

/// LSP `SymbolInformation`: a flat symbol with its location.
public struct SymbolInformation: JSONCodable, Equatable {
    public var name: String
    public var kind: SymbolKind
    public var location: Location
    /// The section title (or, in document order, the parent's name).
    public var containerName: String?

    public init(name: String, kind: SymbolKind, location: Location, containerName: String? = nil) {
        self.name = name
        self.kind = kind
        self.location = location
        self.containerName = containerName
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        name = try fields.decode("name")
        kind = try fields.decode("kind")
        location = try fields.decode("location")
        containerName = try fields.decodeIfPresent("containerName")
    }

    public var json: JSON {
        var object: JSONObject = ["name": .string(name), "kind": kind.json, "location": location.json]
        object.setIfPresent("containerName", containerName)
        return .object(object)
    }
}

/// `workspace/symbol`: entries of every open document one of whose words starts with the query, at primary
/// strength under the session's collation, sorted.
public enum WorkspaceSymbolRequest: LSPRequest {
    public static let method = "workspace/symbol"
    public typealias Result = [SymbolInformation]

    public struct Params: JSONCodable, Equatable {
        public var query: String
        public var collation: CollationChoice

        public init(query: String, collation: CollationChoice = CollationChoice()) {
            self.query = query
            self.collation = collation
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            query = try fields.decode("query")
            collation = try CollationChoice(fields)
        }

        public var json: JSON {
            var object: JSONObject = ["query": .string(query)]
            collation.write(into: &object)
            return .object(object)
        }
    }
}
