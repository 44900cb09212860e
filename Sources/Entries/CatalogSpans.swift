import LowLevel
import ThumbIndexJSON

/// A string catalog's entries and translations read from the document's spans: each key's value is found in the
/// spans, and only the key and the value chosen are read as strings (a node tree of every string's value, objects,
/// arrays of members and a string for every key, cost 1.8 µs a string, most of a catalog's open after receiving it).
extension JSONValues {
    /// The entry of the catalog string whose value is span `i` (a member of `strings`) handed to `sink`, its key and a
    /// short value as the text's bytes where they are the strings; returns the line it starts on. Its detail is its
    /// value in the first of `languages` that has one, else its key. Nil for a value without a key.
    func catalogEntry<Sink: EntrySink>(_ i: Int, languages: [String], hint: Int, into sink: inout Sink) -> Int? {
        guard let keyStart = spans[i].keyStart else { return nil }
        var found: Int?
        for language in languages where found == nil { found = catalogValue(of: i, language: language) }
        let range = map.range(from: keyStart, to: spans[i].end, hint: hint)
        guard let key = JSONParser.text.verbatimString(at: keyStart, in: bytes) else {
            // A key spelled with escapes: decoded.
            let (name, keyEnd) = string(at: keyStart)
            sink.append(Entry(name: name, kind: .key, detail: JSONExtractor.shorten((found.map { string(at: spans[$0].start).string } ?? name).singleLine),
                              range: range, selectionRange: map.range(from: keyStart, to: keyEnd, hint: range.start.line)))
            return range.start.line
        }
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


    /// The entries of the catalog's strings (`strings`, the members of its `strings` object) handed to `sink` in
    /// order, the later half read on another core into a part appended after when there are many
    /// (`Thresholds.stringsReadOnTwoCores`); returns how many, nil when a value has no key.
    func catalogEntriesOnTwoCores<Sink: EntrySink>(_ strings: ChildIndices, languages: [String], into sink: inout Sink) -> Int? {
        let all = Array(strings), middle = all.count >= Thresholds.stringsReadOnTwoCores ? (all[all.count / 2], all.count / 2) : nil
        return inTwoParts(strings, from: middle, into: &sink) { members, _, sink in catalogEntries(members, languages: languages, into: &sink) }
    }

    /// The entries of `members` handed to `sink` in order; how many, nil when a value has no key.
    func catalogEntries<Sink: EntrySink>(_ members: ChildIndices, languages: [String], into sink: inout Sink) -> Int? {
        var line = 0, count = 0
        for member in members {
            guard let made = catalogEntry(member, languages: languages, hint: line, into: &sink) else { return nil }
            (line, count) = (made, count + 1)
        }
        return count
    }

    /// The translation of the catalog string whose value is span `i` for `language` (its best matching
    /// localization, the last of that tag): the span of its value string, nil when it has none. A plural's or a
    /// device's variations give their "other" form, else the first there is.
    func catalogValue(of i: Int, language: String) -> Int? {
        guard spans[i].kind == .object, let localizations = lastMember(named: "localizations", in: i),
              spans[localizations].kind == .object else { return nil }
        let members = Array(children(of: localizations))
        let tags = members.map { string(at: spans[$0].keyStart!).string }
        guard !tags.isEmpty, let tag = LanguageMatch.best(language, among: tags) else { return nil }
        return firstValue(in: members[tags.lastIndex(of: tag)!])
    }

    /// The value of a localization or of a variation's form (span `i`): its string unit's, else its variations'.
    private func firstValue(in i: Int) -> Int? {
        guard spans[i].kind == .object else { return nil }
        if let unit = lastMember(named: "stringUnit", in: i), spans[unit].kind == .object,
           let value = lastMember(named: "value", in: unit), spans[value].kind == .string {
            return value
        }
        guard let variations = lastMember(named: "variations", in: i), spans[variations].kind == .object else { return nil }
        for kind in children(of: variations) where spans[kind].kind == .object {
            if let other = lastMember(named: "other", in: kind), let value = firstValue(in: other) { return value }
            for form in children(of: kind) { if let value = firstValue(in: form) { return value } }
        }
        return nil
    }
}
