import LowLevel
import ThumbIndexJSON

/// A JSON text's values as spans (`JSONParser.parseSpans`), read for their entries: every member and every element
/// that is a container is one (see `JSONExtractor`), named and detailed from the text when it is made.
struct JSONValues: @unchecked Sendable {  // only read, by both cores in `visitOnTwoCores`
    let spans: [JSONSpan]
    let bytes: UnsafeBufferPointer<UInt8>
    let map: RecordText

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
    /// followed by what it holds), and what they hold, handed to `sink` in document order, each without children;
    /// `firstIndex`: the place in its array of the first of them, when they are elements. Returns how many.
    @discardableResult
    func visit<Sink: EntrySink>(_ top: ChildIndices, isObject: Bool, firstIndex: Int = 0, into sink: inout Sink) -> Int {
        var line = 0, count = 0
        visit(top, isObject: isObject, firstIndex: firstIndex, line: &line, count: &count, into: &sink)
        return count
    }

    /// `visit(_:isObject:into:)` of a document's values, the later half of `top` (by their spans) read on another
    /// core (`inTwoParts`): a million members in about half the time.
    func visitOnTwoCores<Sink: EntrySink>(_ top: ChildIndices, isObject: Bool, into sink: inout Sink) -> Int {
        // The first of `top` at or past the middle of the spans, and how many come before it.
        var found: Int?, before = 0
        if spans.count >= Thresholds.valuesReadOnTwoCores {
            for i in top {
                if i >= spans.count / 2 { found = i; break }
                before += 1
            }
        }
        return inTwoParts(top, from: found.map { ($0, before) }, into: &sink) { values, before, sink in
            visit(values, isObject: isObject, firstIndex: before, into: &sink)
        }!
    }

    /// `read` of the values `top` into `sink`; with a `middle` (a value of `top`, and how many of `top` come before
    /// it), those from it on are read on another core into a part of `sink` (`EntrySink.part()`) appended after.
    /// Each sink is reserved room first (the first for both: the second is appended to it): at most an entry a value,
    /// their strings mostly the text's (grown by doubling, a million members' 60 MB of packed entries were copied and
    /// faulted in again). Nil when a read is.
    func inTwoParts<Sink: EntrySink>(_ top: ChildIndices, from middle: (value: Int, before: Int)?, into sink: inout Sink,
                                     _ read: (ChildIndices, _ before: Int, inout Sink) -> Int?) -> Int? {
        let all = top.range
        if let middle, middle.value > all.lowerBound, let counts = sink.inTwoParts({ first in
            reserve(&first, for: all)
            return read(ChildIndices(spans: spans, range: all.lowerBound ..< middle.value), 0, &first)
        }, { second in
            reserve(&second, for: middle.value ..< all.upperBound)
            return read(ChildIndices(spans: spans, range: middle.value ..< all.upperBound), middle.before, &second)
        }, keep: { $0 != nil && $1 != nil }) {
            guard let first = counts.0, let second = counts.1 else { return nil }
            return first + second
        }
        reserve(&sink, for: all)
        return read(top, 0, &sink)
    }

    /// Room in `sink` for the entries of `values` (spans of this list) and their strings.
    func reserve<Sink: EntrySink>(_ sink: inout Sink, for values: Range<Int>) {
        guard !values.isEmpty else { return }
        sink.reserveCapacity(entries: values.count, utf8: spans[values.upperBound - 1].end - spans[values.lowerBound].start)
    }


    /// `line`: the line of the last entry handed out, where the next one's lines are looked for from (they come in
    /// document order: a step or two on, not a search of a million lines).
    private func visit<Sink: EntrySink>(_ values: ChildIndices, isObject: Bool, firstIndex: Int, line: inout Int,
                                        count: inout Int, into sink: inout Sink) {
        for (offset, i) in values.enumerated() {
            if isObject {
                line = member(i, hint: line, into: &sink)
            } else {
                guard let entry = entry(item: i, index: firstIndex + offset, hint: line) else { continue }
                line = entry.range.start.line
                sink.append(entry)
            }
            count += 1
            if spans[i].size > 0 {
                visit(children(of: i), isObject: spans[i].kind == .object, firstIndex: 0, line: &line, count: &count, into: &sink)
            }
        }
    }

    /// Member `i` handed to `sink` as `entry(member:hint:)` makes it, its key and detail as the text's own bytes
    /// when they are the strings (no escape; a detail short and on one line); returns the line it starts on.
    private func member<Sink: EntrySink>(_ i: Int, hint: Int, into sink: inout Sink) -> Int {
        let span = spans[i], keyStart = span.keyStart ?? span.start
        guard let key = JSONParser.text.verbatimString(at: keyStart, in: bytes) else {
            let entry = entry(member: i, hint: hint)
            sink.append(entry)
            return entry.range.start.line
        }
        let range = map.range(from: keyStart, to: span.end, hint: hint)
        let selection = map.range(from: keyStart, to: key.upperBound + 1, hint: range.start.line)
        withDetail(of: i) { detail in
            sink.append(utf8Name: UnsafeBufferPointer(rebasing: bytes[key]), kind: JSONExtractor.kind(of: span.kind),
                        detail: detail, range: range, selectionRange: selection)
        }
        return range.start.line
    }

    /// Calls `body` with the UTF-8 of `detail(of: i)`: the text's own bytes for a number, and for a string without
    /// escapes, line breaks or more bytes than a detail shows.
    private func withDetail<R>(of i: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        let span = spans[i]
        switch span.kind {
        case .number:
            return body(UnsafeBufferPointer(rebasing: bytes[span.start ..< span.end]))
        case .string:
            if let content = JSONParser.text.verbatimString(at: span.start, in: bytes), content.count <= JSONExtractor.detailLimit {
                let utf8 = UnsafeBufferPointer(rebasing: bytes[content])
                if !utf8.contains(where: { $0.mayBreakLine }) { return body(utf8) }
            }
        default: break
        }
        guard var detail = detail(of: i) else { return body(nil) }
        return detail.withUTF8 { body($0) }
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
        for child in children(of: i) {
            let start = spans[child].keyStart ?? spans[child].start
            // A key written in ASCII without escapes is its bytes (no string made: an array of 100k objects asks each
            // one for its naming field); any other is compared as a string (canonically equivalent spellings are one).
            if let content = JSONParser.text.verbatimString(at: start, in: bytes),
               !bytes[content].contains(where: { $0 >= 0x80 }) {
                if bytes[content].elementsEqual(key.utf8) { found = child }
            } else if string(at: start).string == key {
                found = child
            }
        }
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
struct ChildIndices: Sequence, IteratorProtocol, Sendable {
    let spans: [JSONSpan]
    var range: Range<Int>

    mutating func next() -> Int? {
        guard let i = range.first else { return nil }
        range = i + 1 + spans[i].size ..< range.upperBound
        return i
    }

    var count: Int { reduce(0) { n, _ in n + 1 } }
}

extension JSONParser {
    /// The parser of a document's text: a Swift string's UTF-8 (received as one, edited at characters' boundaries),
    /// not checked again.
    static let text = JSONParser(checksUTF8: false)
}
