import LowLevel
import ThumbIndexJSON

/// A string catalog's entries read from the document's spans, as `XCStringsExtractor.entry` makes them from nodes: a
/// catalog of 100k strings parsed each string's value into a node tree again (objects, arrays of members, a string
/// for every key), 1.8 µs a string, most of its open after receiving it.
extension JSONValues {
    /// The entry of the catalog string whose value is span `i` (a member of `strings`) handed to `sink`, its key and a
    /// short value as the text's bytes where they are the strings; returns the line it starts on. The common shape
    /// (`localizations` → a language → `stringUnit` → `value`) is found in the spans; anything else (`variations`, a
    /// key spelled with escapes) is read from nodes as before. Nil for a value without a key.
    func catalogEntry<Sink: EntrySink>(_ i: Int, languages: [String], hint: Int, into sink: inout Sink) -> Int? {
        guard let keyStart = spans[i].keyStart else { return nil }
        // A shape read from nodes, as before.
        func fromNodes() -> Int? {
            guard let made = catalogEntry(i, languages: languages, hint: hint) else { return nil }
            sink.append(made)
            return made.range.start.line
        }
        var found: Int?
        for language in languages {
            guard let answer = catalogValue(of: i, language: language) else { return fromNodes() }
            if let value = answer { found = value; break }
        }
        guard let key = JSONParser.text.verbatimString(at: keyStart, in: bytes) else { return fromNodes() }
        let range = map.range(from: keyStart, to: spans[i].end, hint: hint)
        let selection = map.range(from: keyStart, to: key.upperBound + 1, hint: range.start.line)
        let name = UnsafeBufferPointer(rebasing: bytes[key])
        // The detail: the value found, else the key; the text's bytes when short, on one line and without escapes.
        let detailContent = found.map { JSONParser.text.verbatimString(at: spans[$0].start, in: bytes) } ?? key
        if let content = detailContent, content.count <= JSONExtractor.detailLimit,
           !bytes[content].contains(where: { $0.mayBreakLine }) {
            sink.append(utf8Name: name, kind: .key, detail: UnsafeBufferPointer(rebasing: bytes[content]), range: range,
                        selectionRange: selection)
        } else {
            var detail = JSONExtractor.shorten((found.map { string(at: spans[$0].start).string } ?? String(decoding: name, as: UTF8.self)).singleLine)
            detail.withUTF8 { sink.append(utf8Name: name, kind: .key, detail: $0, range: range, selectionRange: selection) }
        }
        return range.start.line
    }

    /// See `Thresholds`.
    static let stringsReadOnTwoCores = Thresholds.stringsReadOnTwoCores

    /// The entries of the catalog's strings (`strings`, the members of its `strings` object) handed to `sink` in
    /// order, the later half read on another core into a part appended after when there are many
    /// (`stringsReadOnTwoCores`); returns how many, nil when a value has no key.
    func catalogEntriesOnTwoCores<Sink: EntrySink>(_ strings: ChildIndices, languages: [String], into sink: inout Sink) -> Int? {
        let all = Array(strings)
        guard all.count >= Self.stringsReadOnTwoCores, let first = sink.part(), let second = sink.part() else {
            reserve(&sink, for: strings.range)
            return catalogEntries(strings, languages: languages, into: &sink)
        }
        let middle = all[all.count / 2]
        let halves = [ReadPart(first, values: strings.range.lowerBound ..< middle), ReadPart(second, values: middle ..< strings.range.upperBound)]
        // Each half writes only its own part; `Cores.run` returns after both.
        Cores.run(2) { [self] half in
            // The first part is reserved room for both: the second is appended to it.
            let part = halves[half]
            var sink = part.take()
            reserve(&sink, for: half == 0 ? strings.range : part.values)
            part.count = catalogEntries(ChildIndices(spans: spans, range: part.values), languages: languages, into: &sink) ?? -1
            part.sink = sink
        }
        guard halves[0].count >= 0, halves[1].count >= 0 else { return nil }
        sink.append(part: halves[0].take())
        sink.append(part: halves[1].take())
        return halves[0].count + halves[1].count
    }

    /// The entries of `members` handed to `sink` in order; how many, nil when a value has no key.
    private func catalogEntries<Sink: EntrySink>(_ members: ChildIndices, languages: [String], into sink: inout Sink) -> Int? {
        var line = 0, count = 0
        for member in members {
            guard let made = catalogEntry(member, languages: languages, hint: line, into: &sink) else { return nil }
            (line, count) = (made, count + 1)
        }
        return count
    }

    /// `XCStringsCatalog.value(of:language:)` of the string whose value is span `i`, read from the spans: the span of
    /// the value string (`.some(span)`), `.some(nil)` when it has none for `language`, nil when its shape is one
    /// read from nodes (`variations`, a localization's key spelled with escapes).
    private func catalogValue(of i: Int, language: String) -> Int?? {
        guard spans[i].kind == .object, let localizations = lastMember(named: "localizations", in: i),
              spans[localizations].kind == .object else { return .some(nil) }
        var tags: [String] = []
        for child in children(of: localizations) {
            guard let start = spans[child].keyStart, let tag = JSONParser.text.verbatimString(at: start, in: bytes) else { return nil }
            tags.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[tag]), as: UTF8.self))
        }
        guard !tags.isEmpty, let tag = LanguageMatch.best(language, among: tags) else { return .some(nil) }
        // The last localization of that tag (as a node's subscript finds it).
        let localization = Array(zip(children(of: localizations), tags)).last { $0.1 == tag }!.0
        if spans[localization].kind == .object, let unit = lastMember(named: "stringUnit", in: localization),
           spans[unit].kind == .object, let value = lastMember(named: "value", in: unit), spans[value].kind == .string {
            return .some(value)
        }
        // No string unit's value: a plural's or a device's variations, or nothing.
        return spans[localization].kind == .object && lastMember(named: "variations", in: localization) != nil ? nil : .some(nil)
    }
}
