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

    /// The document's tree, its entries handed to `sink` depth-first (each without children: they follow it), as its
    /// extractor would give them flattened; nil for text the extractor refuses (not JSON, not a catalog) or without a
    /// value (then the entries handed out so far are not the document's). One at a time, so that a reader keeping
    /// them in a form of its own never holds them all as `Entry`s (a million JSON members: 170 MB), and JSON members'
    /// keys and details as the text's own bytes where they can be. The sink is restarted when what it was handed is
    /// dropped (a YAML text the block reader gave up on after some keys, then composed by Yams). `text` is taken to
    /// be UTF-8, as a document's text is (a Swift string's bytes): a JSON text's is not checked again.
    public func read<Sink: EntrySink>(_ text: RecordText, into sink: inout Sink) -> TreeShape? {
        // Both trees keep 32-bit offsets or lines: a larger text is read whole.
        guard text.bytes.count <= JSONTree.largestText else { return nil }
        if kind == .yaml {
            return YAMLTree.read(text, into: &sink).map { .yaml($0) }
        }
        return text.bytes.withUnsafeBufferPointer { bytes -> TreeShape? in
            guard let spans = try? JSONParser.text.parseSpans(bytes), !spans.isEmpty else { return nil }
            let values = JSONValues(spans: spans, bytes: bytes, map: text)
            var tree = JSONTree(format: self, byteCount: bytes.count)
            var rank: Int32 = 0, count = 0
            let top = values.children(of: 0)
            switch kind {
            case .json, .yaml:
                (tree.spans, tree.ranks) = tree.placed(spans, base: 0, outside: -1, rank: &rank)
                count = values.visitOnTwoCores(top, isObject: spans[0].kind == .object, into: &sink)
            case .catalog:
                guard let catalog = XCStringsCatalog(values) else { return nil }
                tree.languages = [options.language, catalog.sourceLanguage].compactMap { $0 }
                tree.strings = catalog.strings
                (tree.spans, tree.ranks) = tree.placed(spans, base: 0, outside: -1, rank: &rank)
                guard let read = values.catalogEntriesOnTwoCores(values.children(of: catalog.strings), languages: tree.languages, into: &sink)
                else { return nil }
                count = read
            }
            tree.entryCount = Int(rank)
            return count == tree.entryCount ? .json(tree) : nil
        }
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
