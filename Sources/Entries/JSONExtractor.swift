import ThumbIndexJSON

/// Keys of a JSON document, nested as the document is.
///
/// Kinds follow vscode-json-languageservice, which most editors' JSON outlines look like: objects are
/// Module (not Object, so an outline tells containers from records), arrays Array, strings String,
/// numbers Number, booleans Boolean; null is Null, the kind LSP has for it. Array
/// elements that are objects or arrays become children so the keys inside them stay reachable, named by a
/// field such as `name` or `id` when they have one, else by index ("[0]", "[1]"…; see `ArrayItemNames`);
/// scalar elements are not entries.
public struct JSONExtractor: EntryExtractor {
    /// `json`.
    public static let languageIds = ["json"]
    /// `json`, `geojson` and `webmanifest`.
    public static let fileExtensions = ["json", "geojson", "webmanifest"]
    /// A JSON extractor.
    public init() {}

    /// The document's keys, nested; an empty document has none.
    ///
    /// - Throws: `ExtractionError` when the text is not JSON, naming the line.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        let document = try JSONDocument(text, fileName: options.fileName)
        guard let root = document.root else { return Extraction(entries: []) }
        return Extraction(entries: Self.children(of: root, map: document.map))
    }

    static func children(of node: JSONNode, map: LineMap) -> [Entry] {
        switch node.value {
        case .object(let members): entries(members: members, map: map)
        case .array(let items): entries(items: items, from: 0, map: map)
        default: []
        }
    }

    /// The entries of `children(of:map:)` and all their children, depth-first (document order), each without its
    /// children, handed to `body` one at a time (as `Entry.depthFirst` would list them).
    static func visitChildren(of node: JSONNode, map: LineMap, _ body: (Entry) -> Void) {
        var line = 0
        visitChildren(of: node, map: map, line: &line, body)
    }

    /// `line`: the line of the last entry handed out, where the next one's lines are looked for from (they come in
    /// document order: a step or two on, not a search of a million lines).
    private static func visitChildren(of node: JSONNode, map: LineMap, line: inout Int, _ body: (Entry) -> Void) {
        switch node.value {
        case .object(let members):
            for m in members {
                let entry = entry(member: m, map: map, hint: line)
                line = entry.range.start.line
                body(entry)
                visitChildren(of: m.value, map: map, line: &line, body)
            }
        case .array(let items):
            for (offset, item) in items.enumerated() {
                guard let entry = entry(item: item, index: offset, map: map, hint: line) else { continue }
                line = entry.range.start.line
                body(entry)
                visitChildren(of: item, map: map, line: &line, body)
            }
        default:
            break
        }
    }

    /// An object's members as entries, each with the entries of its value as children.
    static func entries(members: [JSONNode.Member], map: LineMap) -> [Entry] {
        members.map { m in
            var entry = entry(member: m, map: map)
            entry.children = children(of: m.value, map: map)
            return entry
        }
    }

    /// A member as an entry, without children; its lines looked for from line `hint` on (see `LineMap.range(from:to:hint:)`).
    private static func entry(member m: JSONNode.Member, map: LineMap, hint: Int = 0) -> Entry {
        let range = map.range(from: m.keyStart, to: m.value.end, hint: hint)
        return Entry(name: m.key, kind: kind(of: m.value), detail: detail(of: m.value), range: range,
                     selectionRange: map.range(from: m.keyStart, to: m.keyEnd, hint: range.start.line))
    }

    /// An array's elements that are objects or arrays as entries; `items[0]` is element `first` of its array (its
    /// place names it when no field does).
    static func entries(items: [JSONNode], from first: Int, map: LineMap) -> [Entry] {
        items.enumerated().compactMap { offset, item in
            guard var entry = entry(item: item, index: first + offset, map: map) else { return nil }
            entry.children = children(of: item, map: map)
            return entry
        }
    }

    /// Element `index` of an array as an entry, without children; nil unless it is an object or an array.
    private static func entry(item: JSONNode, index: Int, map: LineMap, hint: Int = 0) -> Entry? {
        switch item.value {
        case .object, .array: break
        default: return nil
        }
        let (name, detail) = ArrayItemNames.name(index: index, detail: detail(of: item)) { field in
            guard let value = item[field]?.value else { return nil }
            switch value {
            case .string(let s): return s
            case .number(let n): return n
            default: return nil
            }
        }
        let range = map.range(from: item.start, to: item.end, hint: hint)
        return Entry(name: name, kind: kind(of: item), detail: detail, range: range,
                     selectionRange: map.range(from: item.start, to: item.start + 1, hint: range.start.line))
    }

    static func kind(of node: JSONNode) -> SymbolKind {
        switch node.value {
        case .object: .module
        case .array: .array
        case .string: .string
        case .number: .number
        case .bool: .boolean
        case .null: .null
        }
    }

    /// A scalar's value as text (shortened); containers show their size.
    static func detail(of node: JSONNode) -> String? {
        switch node.value {
        case .object(let m): return sizeDetail(m.count, isObject: true)
        case .array(let a): return sizeDetail(a.count, isObject: false)
        case .string(let s): return shorten(s.singleLine)
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A container's detail: "1 key", "3 items".
    static func sizeDetail(_ count: Int, isObject: Bool) -> String {
        isObject ? (count == 1 ? "1 key" : "\(count) keys") : (count == 1 ? "1 item" : "\(count) items")
    }

    static func shorten(_ s: String, limit: Int = 80) -> String {
        // No more bytes than the limit: no more characters either (most values), found without counting them.
        s.utf8.count <= limit || s.count <= limit ? s : String(s.prefix(limit - 1)) + "…"
    }
}
