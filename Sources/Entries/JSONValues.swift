import ThumbIndexJSON

/// A JSON text's values as spans (`JSONParser.parseSpans`), read for their entries: every member and every element
/// that is a container is one (see `JSONExtractor`), named and detailed from the text when it is made.
struct JSONValues {
    let spans: [JSONSpan]
    let bytes: UnsafeBufferPointer<UInt8>
    let map: LineMap

    /// The values `container` holds directly.
    func children(of container: Int) -> ChildIndices {
        ChildIndices(spans: spans, range: container + 1 ..< container + 1 + spans[container].size)
    }

    /// The entries of what `container` holds, each with its own children's.
    func entries(in container: Int) -> [Entry] {
        var made: [Entry] = []
        let isObject = spans[container].kind == .object
        for (index, child) in children(of: container).enumerated() {
            guard var entry = isObject ? entry(member: child) : entry(item: child, index: index) else { continue }
            entry.children = entries(in: child)
            made.append(entry)
        }
        return made
    }

    /// The entries of the values `top` (a list's values with no parent in it, such as members read again, each
    /// followed by what it holds), and what they hold, in document order, each without children; `firstIndex`: the
    /// place in its array of the first of them, when they are elements.
    func visit(_ top: ChildIndices, isObject: Bool, firstIndex: Int = 0, _ body: (Entry) -> Void) {
        var line = 0
        visit(top, isObject: isObject, firstIndex: firstIndex, line: &line, body)
    }

    /// `line`: the line of the last entry handed out, where the next one's lines are looked for from (they come in
    /// document order: a step or two on, not a search of a million lines).
    private func visit(_ values: ChildIndices, isObject: Bool, firstIndex: Int, line: inout Int, _ body: (Entry) -> Void) {
        for (offset, i) in values.enumerated() {
            guard let entry = isObject ? entry(member: i, hint: line) : entry(item: i, index: firstIndex + offset, hint: line)
            else { continue }
            line = entry.range.start.line
            body(entry)
            if spans[i].size > 0 { visit(children(of: i), isObject: spans[i].kind == .object, firstIndex: 0, line: &line, body) }
        }
    }

    /// A member as an entry, without children; its lines looked for from line `hint` on.
    func entry(member i: Int, hint: Int = 0) -> Entry {
        let span = spans[i], keyStart = span.keyStart ?? span.start
        let (key, keyEnd) = string(at: keyStart)
        let range = map.range(from: keyStart, to: span.end, hint: hint)
        return Entry(name: key, kind: JSONExtractor.kind(of: span.kind), detail: detail(of: i), range: range,
                     selectionRange: map.range(from: keyStart, to: keyEnd, hint: range.start.line))
    }

    /// Element `index` of an array as an entry, without children; nil unless it is an object or an array.
    func entry(item i: Int, index: Int, hint: Int = 0) -> Entry? {
        let span = spans[i]
        guard span.kind == .object || span.kind == .array else { return nil }
        let (name, detail) = ArrayItemNames.name(index: index, detail: detail(of: i)) { field in
            guard span.kind == .object, let value = lastMember(named: field, in: i) else { return nil }
            switch spans[value].kind {
            case .string: return string(at: spans[value].start).string
            case .number: return text(of: value)
            default: return nil
            }
        }
        let range = map.range(from: span.start, to: span.end, hint: hint)
        return Entry(name: name, kind: JSONExtractor.kind(of: span.kind), detail: detail, range: range,
                     selectionRange: map.range(from: span.start, to: span.start + 1, hint: range.start.line))
    }

    /// The value of the last member of object `i` named `key` (as parsers keeping one value per key see it).
    func lastMember(named key: String, in i: Int) -> Int? {
        var found: Int?
        for child in children(of: i) where string(at: spans[child].keyStart ?? spans[child].start).string == key { found = child }
        return found
    }

    /// A scalar's value as text (shortened); containers show their size.
    func detail(of i: Int) -> String? {
        switch spans[i].kind {
        case .object: JSONExtractor.sizeDetail(children(of: i).count, isObject: true)
        case .array: JSONExtractor.sizeDetail(children(of: i).count, isObject: false)
        case .string: JSONExtractor.shorten(string(at: spans[i].start).string.singleLine)
        case .number: text(of: i)
        case .bool: bytes[spans[i].start] == UInt8(ascii: "t") ? "true" : "false"
        case .null: "null"
        }
    }

    /// The string token starting at `offset` (checked by the parse), decoded, and the offset past its closing quote.
    func string(at offset: Int) -> (string: String, end: Int) {
        JSONParser().string(at: offset, in: bytes) ?? ("", offset)
    }

    /// A value's text as written (a number's).
    func text(of i: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[spans[i].start ..< spans[i].end]), as: UTF8.self)
    }
}

/// The indices of values in a list of spans each followed by what it holds: from a range's start, each next one past
/// the one before and its `size` values.
struct ChildIndices: Sequence, IteratorProtocol {
    let spans: [JSONSpan]
    var range: Range<Int>

    mutating func next() -> Int? {
        guard let i = range.first else { return nil }
        range = i + 1 + spans[i].size ..< range.upperBound
        return i
    }

    var count: Int { reduce(0) { n, _ in n + 1 } }
}
