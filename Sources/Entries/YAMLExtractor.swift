import Yams

/// Keys of a YAML document, nested as the document is, with the same kinds as JSON (objects Module,
/// sequences Array, scalars by their resolved tag). An alias (`*anchor`) gets its anchor's kind but no
/// children, so an outline does not show the same keys twice. Several documents (`---`) follow each other.
///
/// The common kind of YAML is read straight off its bytes (`YAMLBlockReader`), anything else composed by Yams.
/// Either gives each node's start only; ends are taken from where the next key or item starts, backing over
/// blank lines, comments and document markers.
public struct YAMLExtractor: EntryExtractor {
    /// `yaml`.
    public static let languageIds = ["yaml"]
    /// `yaml` and `yml`.
    public static let fileExtensions = ["yaml", "yml"]
    /// A YAML extractor.
    public init() {}

    /// The keys of every document in the text, nested.
    ///
    /// - Throws: `ExtractionError` when Yams cannot parse the text, naming the line where Yams gives one.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        let outline = YAMLOutline(map: RecordText(text))
        let roots: [YAMLNode]
        do {
            roots = try YAMLNode.documents(in: outline, text: text)
        } catch let error as YamlError {
            throw Self.describe(error, fileName: options.fileName, text: text)
        }
        var entries: [Entry] = []
        for (i, root) in roots.enumerated() {
            let limit = i + 1 < roots.count ? roots[i + 1].start ?? outline.bytes.count : outline.bytes.count
            entries += outline.children(of: root, limit: limit)
        }
        return Extraction(entries: entries)
    }

    /// A 1-based line libyaml names, at most the text's last line: at the end of the text it names the empty line
    /// after the final line break.
    static func within(_ line: Int, _ text: String) -> Int {
        var last = 1
        for (i, b) in text.utf8.enumerated() where b == 0x0A && i + 1 < text.utf8.count { last += 1 }
        return max(1, min(line, last))
    }

    static func describe(_ error: YamlError, fileName: String?, text: String) -> ExtractionError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let where_ = context.map { " (\($0.text) at line \(within($0.mark.line, text))" + ")" } ?? ""
            return ExtractionError(file: fileName, line: within(mark.line, text), problem + where_)
        case let .reader(problem, offset, _, _):
            let line = offset.map { RecordText(text.utf8.prefix($0).map { $0 }).lineCount }
            return ExtractionError(file: fileName, line: line, problem)
        case let .duplicatedKeysInMapping(duplicates, context):
            return ExtractionError(file: fileName, line: within(context.mark.line, text),
                                   "duplicate key\(duplicates.count == 1 ? "" : "s") \(duplicates.sorted().joined(separator: ", ")) in a mapping")
        default:
            return ExtractionError(file: fileName, line: nil, String(describing: error))
        }
    }
}

/// Turns YAML nodes into entries with byte-accurate ranges.
struct YAMLOutline {
    let map: RecordText
    var bytes: [UInt8] { map.bytes }

    /// Byte offset of a mark (1-based line, 1-based column in Unicode scalars).
    func offset(_ mark: Mark?) -> Int? {
        guard let mark, mark.line >= 1, mark.line <= map.lineCount else { return nil }
        var i = map.lineStarts[mark.line - 1]
        let end = map.lineEnd(mark.line - 1)
        var scalars = mark.column - 1
        while scalars > 0, i < end {
            i += 1
            while i < end, bytes[i] & 0xC0 == 0x80 { i += 1 }
            scalars -= 1
        }
        return i
    }

    /// The entries of what `node` holds, each with its own children's.
    func children(of node: YAMLNode, limit: Int) -> [Entry] {
        Entry.nested { add in visitChildren(of: node, limit: limit, depth: 0, add) }
    }

    /// The entries of what `node` holds and what they hold, in document order, each without children and with its
    /// depth (0 for what `node` holds); the text they span ends before `limit`.
    func visitChildren(of node: YAMLNode, limit: Int, depth: Int, _ body: (Entry, Int) -> Void) {
        switch node {
        case .mapping(let pairs, _, _):
            for i in pairs.indices {
                visit(pairs[i], next: i + 1 < pairs.count ? pairs[i + 1].keyStart ?? limit : limit, depth: depth, body)
            }
        case .sequence(let items, _):
            for i in items.indices {
                switch items[i] {
                case .mapping, .sequence: break
                default: continue
                }
                guard let start = items[i].start else { continue }
                let next = i + 1 < items.count ? items[i + 1].start ?? limit : limit
                let end = endBefore(next, floor: start)
                let lineEnd = map.lineEnd(map.line(ofOffset: start))
                let (name, detail) = ArrayItemNames.name(index: i, detail: detail(of: items[i])) { items[i].scalar(of: $0) }
                body(Entry(name: name, kind: kind(of: items[i]), detail: detail, range: map.range(from: start, to: end),
                           selectionRange: map.range(from: start, to: min(lineEnd, end))), depth)
                visitChildren(of: items[i], limit: end, depth: depth + 1, body)
            }
        default:
            break
        }
    }

    /// The entry of `pair` and those of what its value holds (see `visitChildren(of:limit:depth:_:)`); its text ends
    /// before `next`, where what follows it starts.
    /// `hint`: a line at or before the key's, when the caller knows one (a mapping's keys read in order).
    func visit(_ pair: YAMLPair, next: Int, depth: Int, hint: Int? = nil, _ body: (Entry, Int) -> Void) {
        guard let keyStart = pair.keyStart else { return }
        // The key's line found once (a million keys: each search of the lines was a tenth of a YAML open).
        let line = hint.map { map.line(ofOffset: keyStart, from: $0) } ?? map.line(ofOffset: keyStart)
        let end = endBefore(next, floor: keyStart, from: line)
        body(Entry(name: pair.name ?? "?", kind: kind(of: pair.value), detail: detail(of: pair.value),
                   range: map.range(from: keyStart, to: end, hint: line),
                   selectionRange: map.range(from: keyStart, to: min(keyEnd(keyStart, line: line), end), hint: line)), depth)
        // An alias points back at its anchor: its keys are not shown twice.
        if (pair.value.start ?? keyStart) >= keyStart { visitChildren(of: pair.value, limit: end, depth: depth + 1, body) }
    }

    func kind(of node: YAMLNode) -> SymbolKind {
        switch node {
        case .mapping: return .module
        case .sequence: return .array
        case .alias: return .variable
        case .scalar(_, let kind, _): return kind
        }
    }

    func detail(of node: YAMLNode) -> String? {
        switch node {
        case .mapping(let pairs, _, _): return pairs.count == 1 ? "1 key" : "\(pairs.count) keys"
        case .sequence(let items, _): return items.count == 1 ? "1 item" : "\(items.count) items"
        case .scalar(let string, _, _): return JSONExtractor.shorten(string.singleLine)
        case .alias: return nil
        }
    }

    /// End of a key token at `start`: past the closing quote, or before the `:` of a plain key.
    func keyEnd(_ start: Int, line: Int? = nil) -> Int {
        let lineEnd = map.lineEnd(line ?? map.line(ofOffset: start))
        guard start < lineEnd else { return start }
        let q = bytes[start]
        var i = start + 1
        if q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
            while i < lineEnd {
                if q == UInt8(ascii: "\""), bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
                if bytes[i] == q {
                    if q == UInt8(ascii: "'"), i + 1 < lineEnd, bytes[i + 1] == q { i += 2; continue }
                    return i + 1
                }
                i += 1
            }
            return lineEnd
        }
        i = start
        while i < lineEnd {
            let b = bytes[i]
            if b == UInt8(ascii: ":"), i + 1 == lineEnd || bytes[i + 1] == 0x20 || bytes[i + 1] == 0x09 { break }
            if b == UInt8(ascii: ","), i > start { break }
            i += 1
        }
        while i > start, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { i -= 1 }
        return i
    }

    /// Where an entry that runs up to `limit` (the next key or item, or its parent's end) really ends:
    /// before the indentation, dashes and commas leading to `limit`, and before blank lines, comment lines
    /// and document markers. Never before `floor`.
    func endBefore(_ limit: Int, floor: Int, from hint: Int = 0) -> Int {
        let limit = min(limit, bytes.count)
        var line = map.line(ofOffset: limit, from: hint)
        var j = limit
        while j > map.lineStarts[line], [0x20, 0x09, UInt8(ascii: "-"), UInt8(ascii: ",")].contains(bytes[j - 1]) { j -= 1 }
        if j > map.lineStarts[line] { return max(j, floor) }
        while line > 0, map.lineStarts[line] > floor {
            line -= 1
            let (a, b) = UTF8Whitespace.trim(bytes, map.lineStarts[line], map.lineEnd(line))
            guard a < b else { continue }
            let text = bytes[a..<b]
            if text.first == UInt8(ascii: "#") || text.elementsEqual("---".utf8) || text.elementsEqual("...".utf8) { continue }
            return max(b, floor)
        }
        return floor
    }
}
