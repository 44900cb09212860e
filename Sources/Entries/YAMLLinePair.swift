import LowLevel

/// A top-level key and its scalar value on the key's own line, their text as it stands in the bytes (no escape, no
/// `''`): most keys of a large flat mapping (a table of names, an i18n dump). Its entry is made from the bytes, as a
/// JSON member's is, no `String` made for its value and none kept for its name.
struct YAMLLinePair {
    var keyStart: Int
    /// The key's text: inside its quotes, or a plain key before its `:`.
    var name: Range<Int>
    /// Where the key's selection ends (`YAMLOutline.keyEnd`'s answer: a plain key's before a comma).
    var keyEnd: Int
    /// The value's text: inside its quotes, or a plain scalar without its comment.
    var value: Range<Int>
    var kind: SymbolKind
}

/// A key of a top-level mapping as the block reader hands it out.
enum YAMLTopLevelKey {
    /// A key whose value the reader composed (a block, a flow sequence, an escaped or multi-line scalar, a null).
    case pair(YAMLPair)
    case line(YAMLLinePair)

    var keyStart: Int? {
        switch self {
        case .pair(let pair): pair.keyStart
        case .line(let pair): pair.keyStart
        }
    }
}

extension YAMLBlockReader {
    /// The key on `content`'s line and its scalar value on the same line, when both stand as they are in the bytes,
    /// and the content line after them (read to check it, kept for the mapping to go on from); nil (and nothing read)
    /// for any other key, which `mapping` reads as it reads every key. `line` is left after the value, as
    /// `value(after:…)` leaves it, and it gives up where that gives up (a line more indented after it).
    mutating func linePair(_ content: Content, indent: Int) throws -> (YAMLLinePair, next: Content?)? {
        let start = content.start, end = content.end
        var name: Range<Int>, keyEnd: Int, j: Int
        let q = bytes[start]
        if q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
            guard let close = closingQuote(start, end) else { return nil }
            (name, keyEnd) = (start + 1 ..< close, close + 1)
            j = close + 1
            while j < end, isBlank(bytes[j]) { j += 1 }
            guard j < end, bytes[j] == UInt8(ascii: ":"), j + 1 == end || isBlank(bytes[j + 1]) else { return nil }
        } else {
            guard plainMayStart(start, end) else { return nil }
            j = start
            var comma: Int?
            while j < end {
                let c = bytes[j]
                if c == UInt8(ascii: ":"), j + 1 == end || isBlank(bytes[j + 1]) { break }
                if c == UInt8(ascii: "#"), j > start, isBlank(bytes[j - 1]) { return nil }
                if c == UInt8(ascii: ","), j > start, comma == nil { comma = j }
                j += 1
            }
            guard j < end, j - start <= 1000 else { return nil }
            func trimmed(_ k: Int) -> Int { var k = k; while k > start, isBlank(bytes[k - 1]) { k -= 1 }; return k }
            let k = trimmed(j)
            guard k > start else { return nil }
            (name, keyEnd) = (start ..< k, comma.map(trimmed) ?? k)
        }
        // The value: a scalar that is the rest of the line but a comment.
        j += 1
        while j < end, isBlank(bytes[j]) { j += 1 }
        guard j < end else { return nil }
        let v = bytes[j]
        let value: Range<Int>, kind: SymbolKind
        if v == UInt8(ascii: "\"") || v == UInt8(ascii: "'") {
            guard let close = closingQuote(j, end) else { return nil }
            var k = close + 1
            while k < end, isBlank(bytes[k]) { k += 1 }
            guard k == end || (bytes[k] == UInt8(ascii: "#") && k > close + 1) else { return nil }
            (value, kind) = (j + 1 ..< close, .string)
        } else {
            guard plainMayStart(j, end) else { return nil }  // a block or flow collection, a block scalar, a tag…
            var k = j
            while k < end {
                let c = bytes[k]
                if c == UInt8(ascii: ":"), k + 1 == end || isBlank(bytes[k + 1]) { return nil }
                if c == UInt8(ascii: "#"), isBlank(bytes[k - 1]) { break }
                k += 1
            }
            while isBlank(bytes[k - 1]) { k -= 1 }
            (value, kind) = (j ..< k, YAMLPlainScalar.kind(bytes[j ..< k]))
        }
        line += 1
        let next = try nextNode()
        if let next, next.indent > indent { throw GiveUp() }
        return (YAMLLinePair(keyStart: start, name: name, keyEnd: keyEnd, value: value, kind: kind), next)
    }

    /// The closing quote of the quoted scalar at `i` when it closes on its line with no escape (`\` in double quotes,
    /// `''` in single ones) before it.
    func closingQuote(_ i: Int, _ end: Int) -> Int? {
        let q = bytes[i]
        let j = bytes.withUnsafeBufferPointer { ByteSearch.first(q, or: UInt8(ascii: "\\"), in: $0, from: i + 1, to: end) }
        guard j < end, bytes[j] == q else { return nil }  // a backslash (in double quotes, an escape): `quoted` reads it
        if q == UInt8(ascii: "'"), j + 1 < end, bytes[j + 1] == q { return nil }
        return j
    }
}

extension YAMLOutline {
    /// The entry of `pair` (on line `line`; its text ends before `next`, where the next key starts) handed to `sink`
    /// as `visit(_:next:depth:hint:_:)` makes it, its name and a short value's detail as the bytes of `text` (this
    /// outline's), its lines moved down by `movedDown`.
    func visit<Sink: EntrySink>(_ pair: YAMLLinePair, next: Int, line: Int, text: UnsafeBufferPointer<UInt8>, movedDown: Int,
                                into sink: inout Sink) {
        let end = endBefore(next, floor: pair.keyStart, from: line)
        let range = map.range(from: pair.keyStart, to: end, hint: line).movedDown(movedDown)
        let selection = map.range(from: pair.keyStart, to: min(pair.keyEnd, end), hint: line).movedDown(movedDown)
        let name = UnsafeBufferPointer(rebasing: text[pair.name]), value = UnsafeBufferPointer(rebasing: text[pair.value])
        if value.count <= JSONExtractor.detailLimit, !value.contains(where: { $0.mayBreakLine }) {
            return sink.append(utf8Name: name, kind: pair.kind, detail: value, range: range, selectionRange: selection)
        }
        var detail = JSONExtractor.shorten(String(decoding: value, as: UTF8.self).singleLine)
        detail.withUTF8 { sink.append(utf8Name: name, kind: pair.kind, detail: $0, range: range, selectionRange: selection) }
    }
}

extension YAMLLinePair {
    /// `String(decoding: name, as: UTF8.self).hashValue` (canonically equivalent names hash alike), without the
    /// string when the name is in NFC (`NFCStableScalars`): then a string hashes its bytes as they are. Most names
    /// are; a string for each and its NFC check cost a tenth of a YAML open.
    static func hash(ofName name: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytesHashAsStrings, NFCStableScalars.spellNFC(name) else { return String(decoding: name, as: UTF8.self).hashValue }
        return hashOfBytes(name)
    }

    private static func hashOfBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        hasher.combine(0xFF as UInt8)  // how the standard library ends a string's bytes
        return hasher.finalize()
    }

    /// Whether strings in NFC hash as `hashOfBytes` hashes their bytes, as the standard library has them do; checked
    /// once (a library that hashes otherwise has every name's hash taken from its string).
    static let bytesHashAsStrings = ["a", "Zoë Åberg", "日本語の名前", "한국어", "Ελληνικά, longer than a small string"].allSatisfy { name in
        var name = name
        return name.withUTF8(hashOfBytes) == name.hashValue
    }
}
