import LowLevel

/// Reads the common kind of YAML straight off its bytes: one document of block mappings and sequences whose scalars
/// are plain or quoted on their line (with the usual escapes), literal or folded blocks, or one-line flow sequences
/// of scalars, with comments and blank lines. That is what configuration files, i18n tables and data dumps mostly
/// are, and reading it this way is many times faster and smaller than composing it with Yams (libyaml's events, then
/// a node and a resolved tag per scalar).
///
/// Anything else gives up (nil), and the caller composes the text with Yams instead, which also reports every error:
/// other flow collections, anchors, aliases and tags, indentation indicators, multi-line scalars, complex keys, several
/// documents or directives, tabs as indentation, a key repeated in its mapping, characters YAML does not allow, and any
/// indentation Yams would read otherwise. So what this reader answers is what Yams answers, or nothing (a seeded test
/// compares the two on generated documents).
struct YAMLBlockReader {
    struct GiveUp: Error {}

    let bytes: [UInt8]
    private let map: RecordText
    /// The line being read.
    var line = 0
    /// How many blocks are open around the one being read.
    private var depth = 0

    private init(_ outline: YAMLOutline) {
        bytes = outline.bytes
        map = outline.map
    }

    /// The documents of the outline's text (none or one), or nil when the text is not of the kind read here.
    static func documents(_ outline: YAMLOutline) -> [YAMLNode]? {
        guard allowedCharacters(outline.bytes) else { return nil }
        var reader = YAMLBlockReader(outline)
        return try? reader.document()
    }

    /// The top-level keys of the outline's text handed to `pair` as they are read, with their names' hashes, when its
    /// one document is a block mapping (a large document is never held whole as nodes): true once all are read; false
    /// when the document is empty or a block sequence (nothing was handed out); nil when the text is not of the kind
    /// read here (then what was handed out is not the document's). Whether a top-level key repeats is the caller's to
    /// find, by the hashes (it keeps them: one table, not two); the keys of blocks inside are checked here.
    static func visitTopLevel(_ outline: YAMLOutline, _ pair: (YAMLTopLevelKey, _ hash: Int) -> Void) -> Bool? {
        guard allowedCharacters(outline.bytes) else { return nil }
        var reader = YAMLBlockReader(outline)
        do {
            guard let first = try reader.firstNode() else { return false }
            guard !reader.isEntry(first.start, first.end) else { return false }
            // Not a key this reader reads (a `?` complex key, a scalar): Yams says what it is.
            guard try reader.key(first.start, first.end) != nil else { return nil }
            reader.depth = 1
            // Handed on as it came, not escaping (no `withoutActuallyEscaping`): what its closure writes needs no
            // check for exclusivity at run time.
            _ = try reader.mapping(first, handsOut: true, pairs: pair)
            return reader.nextContent() == nil ? true : nil
        } catch {
            return nil
        }
    }

    private mutating func document() throws -> [YAMLNode] {
        guard let first = try firstNode() else {
            // Nothing, or only a `---`: none, or one document, empty.
            return markerEnd.map { [.scalar("", .null, start: $0)] } ?? []
        }
        guard let root = try block(first), nextContent() == nil else { throw GiveUp() }  // a scalar root, or more left
        return [root]
    }

    /// Where a `---` that starts the document ends, when one does.
    private var markerEnd: Int?

    /// The document's first key or item, past a `---` that starts it (Yams reads several documents; this reader one).
    private mutating func firstNode() throws -> Content? {
        if let first = nextContent(), isMarker(first, UInt8(ascii: "-")) {
            guard bytes[first.start + 3 ..< first.end].allSatisfy(isBlank) else { throw GiveUp() }
            markerEnd = first.end
            line += 1
        }
        return try nextNode()
    }

    // MARK: Lines

    /// A line's content: its indentation and where its text starts and ends (before trailing blanks).
    struct Content {
        var indent: Int
        var start: Int
        var end: Int
    }

    /// The content of the first line from `line` on that is not blank or a comment; `line` is moved to it.
    private mutating func nextContent() -> Content? {
        while line < map.lineCount {
            let lineStart = map.lineStarts[line], lineEnd = map.lineEnd(line)
            var i = lineStart
            while i < lineEnd, isBlank(bytes[i]) { i += 1 }
            if i < lineEnd, bytes[i] != UInt8(ascii: "#") {
                var end = lineEnd
                while isBlank(bytes[end - 1]) { end -= 1 }
                return Content(indent: i - lineStart, start: i, end: end)
            }
            line += 1
        }
        return nil
    }

    /// A content line read where a key, an item or a document marker is expected: gives up on document markers.
    mutating func nextNode() throws -> Content? {
        guard let content = nextContent() else { return nil }
        if content.indent == 0, isMarker(content, UInt8(ascii: "-")) || isMarker(content, UInt8(ascii: ".")) { throw GiveUp() }
        return content
    }

    /// Whether `content` is a document marker (`---` or `...`) of `b`. A byte, not a `Character`: asked of every
    /// line, a character's byte cost a fortieth of a YAML open.
    private func isMarker(_ content: Content, _ b: UInt8) -> Bool {
        let s = content.start
        return content.indent == 0 && content.end - s >= 3 && bytes[s] == b && bytes[s + 1] == b && bytes[s + 2] == b
            && (s + 3 == content.end || isBlank(bytes[s + 3]))
    }

    // MARK: Blocks

    /// The mapping or sequence whose first key or item starts at `at` (its column is the block's indentation), or
    /// nil when a scalar stands there.
    private mutating func block(_ content: Content) throws -> YAMLNode? {
        // Deeper than any real document: Yams says how deep it goes (the recursion here would exhaust the stack).
        guard depth < 200 else { throw GiveUp() }
        depth += 1
        defer { depth -= 1 }
        if isEntry(content.start, content.end) { return try sequence(content) }
        guard try key(content.start, content.end) != nil else { return nil }
        return try mapping(content, handsOut: false) { _, _ in }
    }

    /// Whether a sequence entry (`-` then a blank or the end) starts at `i`.
    private func isEntry(_ i: Int, _ end: Int) -> Bool {
        bytes[i] == UInt8(ascii: "-") && (i + 1 == end || isBlank(bytes[i + 1]))
    }

    private func column(_ offset: Int) -> Int { offset - map.lineStarts[line] }

    /// A block mapping; its pairs are handed to `sink` instead of kept when it `handsOut` (the top level's), each with
    /// its name's hash, and those on one line as their bytes.
    private mutating func mapping(_ first: Content, handsOut: Bool, pairs sink: (YAMLTopLevelKey, Int) -> Void) throws -> YAMLNode {
        let indent = column(first.start)
        var pairs: [YAMLPair] = []
        var hashes: [Int] = []  // the names' hashes, for a repeated key (not handed out: `YAMLTree` checks those)
        var content = first
        while true {
            var next: Content??  // read by a line pair
            if handsOut, let (pair, after) = try linePair(content, indent: indent) {
                sink(.line(pair), bytes.withUnsafeBufferPointer { YAMLLinePair.hash(ofName: UnsafeBufferPointer(rebasing: $0[pair.name])) })
                next = .some(after)
            } else {
                guard let (name, afterColon) = try key(content.start, content.end) else { throw GiveUp() }
                let hash = name.hashValue
                if !handsOut { hashes.append(hash) }
                let keyStart = content.start
                let value = try value(after: afterColon, end: content.end, indent: indent, sequenceAtIndent: true)
                let stringKey = bytes[keyStart] == UInt8(ascii: "\"") || bytes[keyStart] == UInt8(ascii: "'")
                    || YAMLPlainScalar.kind(name.utf8) == .string ? name : nil
                let pair = YAMLPair(name: name, stringKey: stringKey, keyStart: keyStart, value: value)
                if handsOut { sink(.pair(pair), hash) } else { pairs.append(pair) }
            }
            guard let next = try next ?? nextNode() else { break }
            if next.indent < indent { break }
            // A key more or less indented than its mapping, or an item among keys: Yams reads it otherwise or not at all.
            guard next.indent == indent, !isEntry(next.start, next.end) else { throw GiveUp() }
            content = next
        }
        // A repeated key (canonically equivalent names are one, as `String` hashes them), or two names of one hash:
        // Yams reads the text, and tells a repeat from a collision.
        guard handsOut || KeyHashes(hashes) != nil else { throw GiveUp() }
        return .mapping(pairs, start: first.start, flow: false)
    }

    private mutating func sequence(_ first: Content) throws -> YAMLNode {
        let indent = column(first.start)
        var items: [YAMLNode] = []
        var content = first
        while true {
            var i = content.start + 1
            let lineEnd = map.lineEnd(line)
            while i < lineEnd, isBlank(bytes[i]) { i += 1 }
            // libyaml refuses a tab after the dash (even at the line's end), and a compact block's column would count it as one.
            if bytes[content.start ..< i].contains(0x09) { throw GiveUp() }
            i = min(i, content.end)
            items.append(try value(after: i, end: content.end, indent: indent, sequenceAtIndent: false, entryEnd: content.start + 1))
            guard let next = try nextNode() else { break }
            if next.indent < indent { break }
            guard next.indent == indent else { throw GiveUp() }
            guard isEntry(next.start, next.end) else {
                // A key after the items: it ends a sequence that is a key's value at the key's own indentation
                // (which the caller checks); anything else Yams reads otherwise.
                break
            }
            content = next
        }
        return .sequence(items, start: first.start)
    }

    /// The value of a key (or a sequence's item) whose text, if any, starts at `i` on the current line. Without text
    /// there, the value is the block of the lines after it that are more indented than `indent` (or, for a key, a
    /// sequence at its own indentation), else null. `line` is left after the value.
    private mutating func value(after i: Int, end: Int, indent: Int, sequenceAtIndent: Bool, entryEnd: Int? = nil) throws -> YAMLNode {
        var i = i
        while i < end, isBlank(bytes[i]) { i += 1 }
        if i == end || bytes[i] == UInt8(ascii: "#") {
            line += 1
            if let next = try nextNode(),
               next.indent > indent || (sequenceAtIndent && next.indent == indent && isEntry(next.start, next.end)) {
                guard let block = try block(next) else { throw GiveUp() }  // a scalar on the next line
                return block
            }
            return .scalar("", .null, start: entryEnd ?? i)
        }
        // On the same line: a compact block (`- - x`, `- key: value`) or a scalar.
        if entryEnd != nil {
            let compact = isEntry(i, end) ? true : try key(i, end) != nil
            if compact { return try block(Content(indent: column(i), start: i, end: end))! }
        }
        if bytes[i] == UInt8(ascii: "|") || bytes[i] == UInt8(ascii: ">") { return try blockScalar(i, end, indent: indent) }
        let node = bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{") ? try flow(i, end) : try scalar(i, end)
        line += 1
        // A line more indented after a scalar continues it (or is an error): Yams reads it.
        if let next = try nextNode(), next.indent > indent { throw GiveUp() }
        return node
    }

    // MARK: Scalars

    /// The key starting at `i` and where its value starts (past the `:`), or nil when no key starts there.
    private func key(_ i: Int, _ end: Int) throws -> (String, Int)? {
        let b = bytes[i]
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            let (name, close) = try quoted(i, end)
            var j = close
            while j < end, isBlank(bytes[j]) { j += 1 }
            guard j < end, bytes[j] == UInt8(ascii: ":") else { return nil }
            guard j + 1 == end || isBlank(bytes[j + 1]) else { throw GiveUp() }
            return (name, j + 1)
        }
        var j = i
        while j < end {
            let c = bytes[j]
            if c == UInt8(ascii: ":"), j + 1 == end || isBlank(bytes[j + 1]) { break }
            if c == UInt8(ascii: "#"), j > i, isBlank(bytes[j - 1]) { return nil }  // a comment: no key on this line
            j += 1
        }
        guard j < end else { return nil }
        guard j - i <= 1000 else { throw GiveUp() }  // libyaml's limit for a key is 1024 characters
        var k = j
        while k > i, isBlank(bytes[k - 1]) { k -= 1 }
        guard k > i, plainMayStart(i, end) else { throw GiveUp() }
        return (String(decoding: bytes[i ..< k], as: UTF8.self), j + 1)
    }

    /// The scalar that is all of `i ..< end` but a comment.
    private func scalar(_ i: Int, _ end: Int) throws -> YAMLNode {
        let b = bytes[i]
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            let (string, close) = try quoted(i, end)
            var j = close
            while j < end, isBlank(bytes[j]) { j += 1 }
            guard j == end || (bytes[j] == UInt8(ascii: "#") && j > close) else { throw GiveUp() }
            return .scalar(string, .string, start: i)
        }
        guard plainMayStart(i, end) else { throw GiveUp() }
        var j = i
        while j < end {
            let c = bytes[j]
            if c == UInt8(ascii: ":"), j + 1 == end || isBlank(bytes[j + 1]) { throw GiveUp() }  // a key: Yams says why not
            if c == UInt8(ascii: "#"), isBlank(bytes[j - 1]) { break }
            j += 1
        }
        while isBlank(bytes[j - 1]) { j -= 1 }
        let text = bytes[i ..< j]
        return .scalar(String(decoding: text, as: UTF8.self), YAMLPlainScalar.kind(text), start: i)
    }

    /// A literal (`|`) or folded (`>`) scalar whose header is at `i` on the current line, under a block indented
    /// `indent`, read as libyaml reads it: its indentation is that of its first line (or more, from blank lines before
    /// it), its lines are kept (literal) or joined by spaces where neither is more indented and no blank line is
    /// between (folded), and its final line breaks are clipped to one, stripped (`-`) or kept (`+`). `line` is left
    /// after it (what follows is the caller's to check). An indentation indicator (`|2`): Yams reads it.
    private mutating func blockScalar(_ i: Int, _ end: Int, indent parent: Int) throws -> YAMLNode {
        let literal = bytes[i] == UInt8(ascii: "|")
        var chomping = 0, j = i + 1
        if j < end, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
            chomping = bytes[j] == UInt8(ascii: "-") ? -1 : 1
            j += 1
        }
        let afterHeader = j
        while j < end, isBlank(bytes[j]) { j += 1 }
        guard j == end || (bytes[j] == UInt8(ascii: "#") && j > afterHeader) else { throw GiveUp() }
        line += 1
        // The leading blank lines, then the indentation.
        var breaks = 0, widest = 0
        while line < map.lineCount, let spaces = blankLine(line) {
            widest = max(widest, spaces)
            breaks += 1
            line += 1
        }
        let indent = max(widest, line < map.lineCount ? spaces(line) : 0, parent + 1, 1)
        var out: [UInt8] = [], leadingBreak = false, leadingBlank = false
        while line < map.lineCount, spaces(line) >= indent {
            let start = map.lineStarts[line] + indent, lineEnd = map.lineEnd(line)
            let trailingBlank = start < lineEnd && isBlank(bytes[start])
            if !literal, leadingBreak, !leadingBlank, !trailingBlank {
                if breaks == 0 { out.append(0x20) }
            } else if leadingBreak {
                out.append(0x0A)
            }
            out.append(contentsOf: repeatElement(0x0A, count: breaks))
            leadingBlank = trailingBlank
            out.append(contentsOf: bytes[start ..< lineEnd])
            line += 1
            leadingBreak = line < map.lineCount  // a line break ends it, not the end of the text
            breaks = 0
            while line < map.lineCount, let spaces = blankLine(line), spaces <= indent {
                breaks += 1
                line += 1
            }
        }
        if chomping != -1, leadingBreak { out.append(0x0A) }
        if chomping == 1 { out.append(contentsOf: repeatElement(0x0A, count: breaks)) }
        return .scalar(String(decoding: out, as: UTF8.self), .string, start: i)
    }

    /// The leading spaces of line `l`.
    private func spaces(_ l: Int) -> Int {
        var k = map.lineStarts[l]
        let lineEnd = map.lineEnd(l)
        while k < lineEnd, bytes[k] == 0x20 { k += 1 }
        return k - map.lineStarts[l]
    }

    /// The spaces of line `l` when it holds nothing else, nil otherwise.
    private func blankLine(_ l: Int) -> Int? {
        let n = spaces(l)
        return map.lineStarts[l] + n == map.lineEnd(l) ? n : nil
    }

    /// A flow collection that closes on its line and holds only scalars: `[a, "b", 3]`, or an empty `{}` (a mapping
    /// with keys, a nested collection, a plain scalar with a colon or a comment sign, a trailing comma: Yams reads it).
    private func flow(_ i: Int, _ end: Int) throws -> YAMLNode {
        var j = i + 1
        func skipBlanks() { while j < end, isBlank(bytes[j]) { j += 1 } }
        skipBlanks()
        var items: [YAMLNode] = []
        if bytes[i] == UInt8(ascii: "{") {
            guard j < end, bytes[j] == UInt8(ascii: "}") else { throw GiveUp() }
        } else if j < end, bytes[j] == UInt8(ascii: "]") {
            // `[]`
        } else {
            while true {
                guard j < end else { throw GiveUp() }
                let start = j
                if bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") {
                    let (string, close) = try quoted(j, end)
                    items.append(.scalar(string, .string, start: start))
                    j = close
                } else {
                    // In a flow collection `?` starts a key even before a non-blank (`[?b]` is a mapping).
                    guard plainMayStart(j, end), bytes[j] != UInt8(ascii: "?") else { throw GiveUp() }
                    while j < end, ![UInt8(ascii: ","), UInt8(ascii: "]")].contains(bytes[j]) {
                        if [UInt8(ascii: ":"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "}")]
                            .contains(bytes[j]) { throw GiveUp() }
                        j += 1
                    }
                    var k = j
                    while k > start, isBlank(bytes[k - 1]) { k -= 1 }
                    let text = bytes[start ..< k]
                    items.append(.scalar(String(decoding: text, as: UTF8.self), YAMLPlainScalar.kind(text), start: start))
                }
                skipBlanks()
                guard j < end else { throw GiveUp() }
                if bytes[j] == UInt8(ascii: "]") { break }
                guard bytes[j] == UInt8(ascii: ",") else { throw GiveUp() }
                j += 1
                skipBlanks()
                if j < end, bytes[j] == UInt8(ascii: "]") { throw GiveUp() }  // a trailing comma
            }
        }
        let close = j
        j += 1
        skipBlanks()
        guard j == end || (bytes[j] == UInt8(ascii: "#") && j > close + 1) else { throw GiveUp() }
        return bytes[i] == UInt8(ascii: "{") ? .mapping([], start: i, flow: true) : .sequence(items, start: i)
    }

    /// Whether a plain scalar may start at `i`: not with an indicator, but `-`, `?` or `:` before a non-blank (`-1`, `:day`).
    func plainMayStart(_ i: Int, _ end: Int) -> Bool {
        switch bytes[i] {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"): return i + 1 < end && !isBlank(bytes[i + 1])
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
             UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""),
             UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return false
        default: return true
        }
    }

    /// The quoted scalar starting at `i` (on this line) and the offset past its closing quote.
    private func quoted(_ i: Int, _ end: Int) throws -> (String, Int) {
        let q = bytes[i]
        // Most quoted scalars hold no escape: their text is their bytes.
        if let close = closingQuote(i, end) { return (String(decoding: bytes[i + 1 ..< close], as: UTF8.self), close + 1) }
        var out: [UInt8] = []
        var j = i + 1
        while j < end {
            let c = bytes[j]
            if c == q {
                if q == UInt8(ascii: "'"), j + 1 < end, bytes[j + 1] == q { out.append(q); j += 2; continue }
                return (String(decoding: out, as: UTF8.self), j + 1)
            }
            if c == UInt8(ascii: "\\"), q == UInt8(ascii: "\"") {
                j = try escape(j, end, into: &out)
                continue
            }
            out.append(c)
            j += 1
        }
        throw GiveUp()  // closed on a later line, or not at all
    }

    /// Appends the escape at `j` (a backslash) and returns the offset past it.
    private func escape(_ j: Int, _ end: Int, into out: inout [UInt8]) throws -> Int {
        guard j + 1 < end else { throw GiveUp() }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "\""): 0x22, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "t"): 0x09, 0x09: 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "0"): 0, UInt8(ascii: " "): 0x20,
        ]
        let e = bytes[j + 1]
        if let b = simple[e] { out.append(b); return j + 2 }
        let digits: Int
        switch e {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: throw GiveUp()
        }
        guard j + 2 + digits <= end else { throw GiveUp() }
        var value: UInt32 = 0
        for k in j + 2 ..< j + 2 + digits {
            guard let d = bytes[k].hexDigitValue else { throw GiveUp() }
            value = value << 4 | UInt32(d)
        }
        guard let scalar = Unicode.Scalar(value) else { throw GiveUp() }  // a surrogate or past U+10FFFF
        out.append(contentsOf: String(Character(scalar)).utf8)
        return j + 2 + digits
    }

    func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// No character YAML refuses or reads as a line break where a reader of lines would not: C0 and C1 controls
    /// but tab and LF (and CR before LF), DEL, NEL, the line and paragraph separators, a byte order mark, U+FFFE/F;
    /// and no tab before the first character of a line (libyaml refuses it even on a blank or comment line).
    private static func allowedCharacters(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(allowedCharacters)
    }

    private static func allowedCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        let n = bytes.count
        var i = 0, lineStart = true
        while i < n {
            // Past a line's start, eight bytes at a time up to the first that is a control character (below 0x20, or
            // DEL) or the lead byte of one of the characters looked for (C2, E2, EF): nothing to look at before it.
            // Names in other scripts than Latin are most of some texts, and read a byte at a time they were a
            // twentieth of a YAML open. A step of this loop, not `ByteSearch.first`: five bytes and a range, and the
            // loop goes on from the byte found. (Only the lowest flag is exact: `ByteSearch.equal`.)
            if !lineStart, i + 8 <= n {
                let word = ByteSearch.word(base, at: i)
                let flagged = ByteSearch.below(word, 0x20) | ByteSearch.equal(word, 0x7F) | ByteSearch.equal(word, 0xC2)
                    | ByteSearch.equal(word, 0xE2) | ByteSearch.equal(word, 0xEF)
                i += flagged.trailingZeroBitCount / 8
                if flagged == 0 { continue }
            }
            let b = bytes[i]
            if b > 0x20, b < 0x7F { lineStart = false; i += 1; continue }
            switch b {
            case 0x20: break
            case 0x0A: lineStart = true; i += 1; continue
            case 0x09: if lineStart { return false }
            case 0x0D: guard i + 1 < n, bytes[i + 1] == 0x0A else { return false }
            case 0xC2: if i + 1 < n, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F { return false }
            case 0xE2: if i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return false }
            case 0xEF:
                if i + 2 < n, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF { return false }
                if i + 2 < n, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF { return false }
            default: if b < 0x80 { return false }
            }
            if b != 0x20 { lineStart = false }
            i += 1
        }
        return true
    }
}
