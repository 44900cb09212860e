import JSONRPC
import ThumbIndexJSON

/// `textDocument/documentSymbol`: the outline, grouped by the `thumbindex.outline.grouping` setting.
public enum DocumentSymbolRequest: LSPRequest {
    /// The method name.
    public static let method = "textDocument/documentSymbol"
    /// See `DocumentSymbolResult`.
    public typealias Result = DocumentSymbolResult

    /// `{textDocument: {uri}, workDoneToken?, partialResultToken?}`.
    public struct Params: JSONCodable, Equatable {
        /// The open document to outline.
        public var textDocument: TextDocumentIdentifier
        /// When given, the server reports progress (`$/progress` begin, report, end) under this token.
        public var workDoneToken: ProgressToken?
        /// When given, the server sends the symbols in parts (`$/progress` with a `DocumentSymbol[]` value, whole
        /// sections each, in order) and answers `[]`.
        public var partialResultToken: ProgressToken?

        /// Params for the document at `uri`.
        public init(uri: String, workDoneToken: ProgressToken? = nil, partialResultToken: ProgressToken? = nil) {
            self.textDocument = TextDocumentIdentifier(uri: uri)
            self.workDoneToken = workDoneToken
            self.partialResultToken = partialResultToken
        }

        /// Reads the params; `path` names them in errors.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            textDocument = try fields.decode("textDocument")
            workDoneToken = try fields.decodeIfPresent("workDoneToken")
            partialResultToken = try fields.decodeIfPresent("partialResultToken")
        }

        /// The params as JSON.
        public var json: JSON {
            var object: JSONObject = ["textDocument": textDocument.json]
            object.setIfPresent("workDoneToken", workDoneToken)
            object.setIfPresent("partialResultToken", partialResultToken)
            return .object(object)
        }
    }
}

/// What `textDocument/documentSymbol` answers: nested symbols for clients with hierarchical support, flat
/// `SymbolInformation` for the others.
public enum DocumentSymbolResult: JSONCodable, Equatable {
    /// Nested symbols, for clients with hierarchical support.
    case symbols([DocumentSymbol])
    /// Flat symbols with their locations, for the others.
    case information([SymbolInformation])
    /// Either of the above already written as JSON text (`.streamed`, whole or in pieces): the server writes
    /// a large outline straight to text on every core, which is several times faster than building values first.
    case written(JSON)

    /// An array of `SymbolInformation` (when its first element has a `location`) or of `DocumentSymbol`; an error
    /// (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        guard let array = json.arrayValue else { throw .invalidParams("\(path) must be an array, got \(json.kindName)") }
        if array.first?["location"] != nil {
            self = .information(try [SymbolInformation](json: json, path: path))
        } else {
            self = .symbols(try [DocumentSymbol](json: json, path: path))
        }
    }

    /// The array as JSON; `.written` text is spliced in as is.
    public var json: JSON {
        switch self {
        case .symbols(let symbols): return symbols.json
        case .information(let information): return information.json
        case .written(let text): return text
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
    /// What the outline shows: an entry's name, or a section's title.
    public var name: String
    /// A short extra text, when there is one.
    public var detail: String?
    /// The kind: the entry's, or `namespace` for a section.
    public var kind: SymbolKind
    /// The whole extent, in the session's position encoding.
    public var range: PositionRange
    /// The part to select when jumping to the symbol.
    public var selectionRange: PositionRange
    /// Nested symbols: a section's entries, or an entry's children; nil when there are none to send.
    public var children: [DocumentSymbol]?

    /// A symbol from its members.
    public init(name: String, detail: String? = nil, kind: SymbolKind, range: PositionRange, selectionRange: PositionRange,
                children: [DocumentSymbol]? = nil) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }

    /// Reads a `DocumentSymbol` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        name = try fields.decode("name")
        detail = try fields.decodeIfPresent("detail")
        kind = try fields.decode("kind")
        range = try fields.decode("range")
        selectionRange = try fields.decode("selectionRange")
        children = try fields.decodeIfPresent("children")
    }

    /// The `DocumentSymbol` as JSON.
    public var json: JSON {
        var object: JSONObject = ["name": .string(name), "kind": kind.json, "range": range.json, "selectionRange": selectionRange.json]
        object.setIfPresent("detail", detail)
        object.setIfPresent("children", children)
        return .object(object)
    }
}

/// LSP `SymbolInformation`: a flat symbol with its location.
public struct SymbolInformation: JSONCodable, Equatable {
    /// What the outline shows.
    public var name: String
    /// The entry's kind.
    public var kind: SymbolKind
    /// Where the entry is.
    public var location: Location
    /// The section title (or, in document order, the parent's name).
    public var containerName: String?

    /// A symbol from its members.
    public init(name: String, kind: SymbolKind, location: Location, containerName: String? = nil) {
        self.name = name
        self.kind = kind
        self.location = location
        self.containerName = containerName
    }

    /// Reads a `SymbolInformation` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        name = try fields.decode("name")
        kind = try fields.decode("kind")
        location = try fields.decode("location")
        containerName = try fields.decodeIfPresent("containerName")
    }

    /// The `SymbolInformation` as JSON.
    public var json: JSON {
        var object: JSONObject = ["name": .string(name), "kind": kind.json, "location": location.json]
        object.setIfPresent("containerName", containerName)
        return .object(object)
    }
}

/// `workspace/symbol`: entries of every open document one of whose words starts with the query, at primary
/// strength under the session's collation, sorted.
public enum WorkspaceSymbolRequest: LSPRequest {
    /// The method name.
    public static let method = "workspace/symbol"
    /// The matching entries of every open document, sorted by the collation.
    public typealias Result = [SymbolInformation]

    /// `{query, locale?, style?}`.
    public struct Params: JSONCodable, Equatable {
        /// What a word of an entry's name must start with; empty matches every entry.
        public var query: String
        /// The collation to match and sort under.
        public var collation: CollationChoice

        /// Params for `query`; the default collation is the session's.
        public init(query: String, collation: CollationChoice = CollationChoice()) {
            self.query = query
            self.collation = collation
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            query = try fields.decode("query")
            collation = try CollationChoice(fields)
        }

        /// The params as JSON.
        public var json: JSON {
            var object: JSONObject = ["query": .string(query)]
            collation.write(into: &object)
            return .object(object)
        }
    }
}
