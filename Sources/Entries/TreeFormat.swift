import ThumbIndexJSON

/// A format whose entries nest, read so that its outline follows edits: JSON files and Xcode string catalogs
/// container by container (`JSONTree`), YAML mappings by their top-level keys (`YAMLTree`).
public struct TreeFormat: Sendable {
    enum Kind: Sendable { case json, catalog, yaml }
    let kind: Kind
    let options: ExtractionOptions

    /// The format of `languageId` (`json`, `xcstrings`, `yaml`), or nil for another.
    public init?(languageId: String, options: ExtractionOptions) {
        switch languageId.lowercased() {
        case "json": kind = .json
        case "xcstrings": kind = .catalog
        case "yaml": kind = .yaml
        default: return nil
        }
        self.options = options
    }

    /// The document's tree, its entries handed to `entry` depth-first (each without children: they follow it), as its
    /// extractor would give them flattened; nil for text the extractor refuses (not JSON, not a catalog) or without a
    /// value (then the entries handed out so far are not the document's). One at a time, so that a reader keeping
    /// them in a form of its own never holds them all as `Entry`s (a million JSON members: 170 MB).
    public func read(_ text: RecordText, entry: (Entry) -> Void) -> TreeShape? {
        if kind == .yaml {
            guard let (tree, entries) = YAMLTree.read(text) else { return nil }
            entries.forEach(entry)
            return .yaml(tree)
        }
        guard text.bytes.count <= JSONTree.largestText, let root = try? JSONParser().parseNode(text.bytes) else { return nil }
        var tree = JSONTree(format: self, byteCount: text.bytes.count)
        var rank: Int32 = 0, nodes: [JSONTree.Node] = [], count = 0
        switch kind {
        case .json, .yaml:
            tree.build(root, memberStart: root.start, parent: -1, isEntry: false, base: 0, into: &nodes, rank: &rank)
            JSONExtractor.visitChildren(of: root, map: text.map) { count += 1; entry($0) }
        case .catalog:
            guard case .object(let members) = root.value, let s = members.lastIndex(where: { $0.key == "strings" }),
                  case .object(let strings) = members[s].value.value else { return nil }
            tree.languages = [options.language, root["sourceLanguage"]?.stringValue].compactMap { $0 }
            nodes.append(JSONTree.Node(root, memberStart: root.start, parent: -1, rank: 0, isEntry: false))
            for (k, m) in members.enumerated() {
                if k == s { tree.strings = nodes.count }
                tree.build(m.value, memberStart: m.keyStart, parent: 0, isEntry: false, base: 0, into: &nodes, rank: &rank)
            }
            nodes[0].size = Int32(nodes.count - 1)
            for string in strings {
                count += 1
                entry(XCStringsExtractor.entry(string, languages: tree.languages, map: text.map))
            }
        }
        tree.nodes = nodes
        tree.entryCount = Int(rank)
        return count == tree.entryCount ? .json(tree) : nil
    }
}

/// The shape of a document whose entries nest, kept by its index to follow edits.
public enum TreeShape: Sendable {
    case json(JSONTree)
    case yaml(YAMLTree)

    /// The number of entries.
    public var entryCount: Int {
        switch self {
        case .json(let tree): tree.entryCount
        case .yaml(let tree): tree.entryCount
        }
    }

    /// Follows an edit that replaced lines `start ..< oldEnd` of the text the shape was made from by lines
    /// `start ..< newEnd` of `text`; nil when it cannot, and then the shape is unchanged (read the text whole).
    public mutating func follow(_ text: RecordText, start: Int, oldEnd: Int, newEnd: Int) -> TreeChange? {
        switch self {
        case .json(var tree):
            self = .yaml(YAMLTree())  // the tree mutated alone, not copied
            defer { self = .json(tree) }
            return tree.follow(text, start: start, oldEnd: oldEnd, newEnd: newEnd)
        case .yaml(var tree):
            self = .yaml(YAMLTree())
            defer { self = .yaml(tree) }
            return tree.follow(text, start: start, oldEnd: oldEnd, newEnd: newEnd)
        }
    }
}

/// An edit followed: the entries at places `old` are replaced by `entries`; the entries after them move by the edit's
/// line delta; `ancestors` are the entries around the edit whose range now ends elsewhere (and whose detail, a count
/// of keys or items, may have changed).
public struct TreeChange {
    public var old: Range<Int>
    public var entries: [Entry]
    public var ancestors: [(place: Int, end: TextPosition, detail: String?)]
}
