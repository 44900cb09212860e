import Foundation

/// One vCard property after unfolding: `item1.EMAIL;TYPE=work:ada@example.org`.
struct VCardProperty {
    /// Upper-cased, without its group (`item1.`).
    var name: String
    /// Parameters with upper-cased names; a vCard 2.1 bare parameter (`;HOME`, `;QUOTED-PRINTABLE`) has
    /// the name "" and the word as value.
    var parameters: [(name: String, value: String)]
    /// The value as written, after quoted-printable decoding but before backslash unescaping.
    var rawValue: String
    /// Physical lines the property spans (folded and soft-broken lines included).
    var firstLine: Int
    var lastLine: Int

    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    var isQuotedPrintable: Bool {
        parameters.contains { ($0.name == "ENCODING" || $0.name == "") && $0.value.uppercased() == "QUOTED-PRINTABLE" }
    }

    /// The value unescaped (`\n`, `\,`, `\;`, `\\`).
    var text: String { VCardText.unescape(rawValue) }

    /// The value split at unescaped `;` (N, ORG, ADR), each part unescaped.
    var components: [String] { VCardText.splitUnescaped(rawValue, by: ";").map(VCardText.unescape) }
}

/// One logical line of vCard text (a property with its folded and soft-broken continuation lines), found on the
/// bytes: most properties of a card (TEL, ADR, PHOTO, NOTE …) are skipped by their name without a `String` made.
struct VCardLogicalLine {
    /// Physical lines `first ... last`.
    var first: Int
    var last: Int
    /// Where the name ends and the colon is, -1 without a colon: plain integers, not optionals, since the walk reads
    /// a line's fields right after they are written and an optional's tag read with its neighbour stalls that read.
    private var nameEnd: Int, colonAt: Int
    /// Whether a `.` comes before the colon (a group may prefix the name).
    var dotted: Bool

    init(first: Int, last: Int, nameEnd: Int, colon: Int, dotted: Bool) {
        (self.first, self.last, self.nameEnd, colonAt, self.dotted) = (first, last, nameEnd, colon, dotted)
    }

    /// The first `:` outside quotes, when it is on the first physical line.
    var colon: Int? { colonAt < 0 ? nil : colonAt }
    /// Whether the name runs to the colon (no parameters).
    var hasParameters: Bool { nameEnd != colonAt }
    /// Whether the line is one physical line.
    var single: Bool { first == last }

    /// The property name's bytes (group and blanks included), on the first physical line, starting at `start`.
    func name(from start: Int) -> Range<Int>? { colonAt < 0 ? nil : start ..< nameEnd }
}

/// The property names a walk tells apart (upper-case ASCII). One of up to seven bytes is also packed into a word
/// with its length: most lines' names are short, and a word compares in one step, not a byte at a time.
struct VCardPropertyNames {
    let spelled: [[UInt8]]
    let packed: [UInt64]
    /// The names' lengths, beside them: a longer name is compared only with those of its length.
    let counts: [Int]

    init(_ names: [String]) {
        spelled = names.map { Array($0.utf8) }
        packed = spelled.map { $0.withUnsafeBufferPointer(Self.word) }
        counts = spelled.map(\.count)
    }

    /// `name`'s bytes upper-cased, the first lowest, and its length in the top byte; all ones (no length) when
    /// longer than seven.
    @inline(__always)
    static func word(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard name.count <= 7 else { return .max }
        var word = UInt64(name.count) << 56
        for k in 0 ..< name.count { word |= UInt64(VCardLineReader.upper(name[k])) << (8 * k) }
        return word
    }

    /// `word(name)` from eight bytes read at once, when eight can be read from the name's start (`readable` bytes
    /// can): its letters upper-cased together, every byte at once (a name is read on every line of a card).
    @inline(__always)
    static func word(_ name: UnsafeBufferPointer<UInt8>, readable: Int) -> UInt64 {
        guard name.count <= 7 else { return .max }
        guard readable >= 8 else { return word(name) }
        let all = UnsafeRawPointer(name.baseAddress!).loadUnaligned(as: UInt64.self).littleEndian
        let bytes = all & ((1 << (8 * UInt64(name.count))) &- 1)
        // A byte of 0x61 ... 0x7A ('a' ... 'z') has its high bit set in `fromA` and not in `pastZ`; 0x20 off each.
        let (low7, high) = (bytes & 0x7F7F_7F7F_7F7F_7F7F, UInt64(0x8080_8080_8080_8080))
        let fromA = low7 &+ 0x1F1F_1F1F_1F1F_1F1F, pastZ = low7 &+ 0x0505_0505_0505_0505
        let lower = fromA & ~pastZ & ~bytes & high
        return (bytes &- (lower >> 2)) | UInt64(name.count) << 56
    }

    /// Which of the names `name` is, case ignored; nil when none. `readable`: how many bytes from the name's start
    /// can be read (at least its length).
    @inline(__always)
    func index(of name: UnsafeBufferPointer<UInt8>, readable: Int) -> Int? {
        if name.count <= 7 { return packed.firstIndex(of: Self.word(name, readable: readable)) }
        for n in counts.indices where counts[n] == name.count {
            let spelling = spelled[n]
            var equal = true
            for k in 0 ..< spelling.count where VCardLineReader.upper(name[k]) != spelling[k] { equal = false; break }
            if equal { return n }
        }
        return nil
    }
}

/// Reads vCard text as logical lines: unfolds continuation lines (a line starting with a space or tab continues the
/// previous one), joins quoted-printable soft line breaks (a value ending in `=`), and parses a line into a property
/// (name, parameters, value decoded from quoted-printable in the declared CHARSET) when it is asked for.
struct VCardLineReader {
    let p: UnsafeBufferPointer<UInt8>
    /// Where each line starts (the text's `RecordText`'s, read without a check of the index: every line is read).
    let starts: UnsafeBufferPointer<Int>
    var lineCount: Int { starts.count }

    /// Where line `line`'s content ends, before its LF, CRLF or lone CR.
    @inline(__always)
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < starts.count else { return p.count }
        let end = starts[line + 1] - 1  // the LF, or a lone CR
        return p[end] == 0x0A && end > starts[line] && p[end - 1] == 0x0D ? end - 1 : end
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), equals = UInt8(ascii: "=")
    private static let colonByte = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let dot = UInt8(ascii: ".")

    /// The logical line starting at physical line `line` (which is not a continuation).
    func logicalLine(at line: Int) -> VCardLogicalLine {
        let start = starts[line], end = lineEnd(line)
        // The first `:` outside double quotes (parameter values may hold colons: `TYPE="a:b"`).
        var colon: Int?, quoted = false, parameters = false, dotted = false
        for i in start ..< end {
            let b = p[i]
            if b > Self.semicolon { continue }  // a letter: most of a name's bytes
            if b == Self.quote { quoted.toggle() } else if b == Self.colonByte, !quoted { colon = i; break }
            parameters = parameters || b == Self.semicolon
            dotted = dotted || b == Self.dot
        }
        // Quoted-printable is declared by a parameter, after a `;`.
        let qp = parameters ? colon.map { Self.declaresQuotedPrintable(p, start, $0) } ?? false : false
        var last = line, lastByte: UInt8? = end > start ? p[end - 1] : nil
        while last + 1 < lineCount {
            let s = starts[last + 1], e = lineEnd(last + 1)
            if s < e, p[s] == Self.space || p[s] == Self.tab {
                if e - s > 1 { lastByte = p[e - 1] }
            } else if qp, lastByte == Self.equals, s < e {
                lastByte = p[e - 1]
            } else {
                break
            }
            last += 1
        }
        // Without a `;` before the colon the name runs to it (most lines: no second look at their bytes).
        let colonAt = colon ?? -1
        return VCardLogicalLine(first: line, last: last, nameEnd: parameters && colonAt >= 0 ? nameEnd(start, colonAt) : colonAt,
                                colon: colonAt, dotted: dotted)
    }

    /// Where the name ends in `start ..< colon`: at the first `;` outside quotes and not after a backslash.
    private func nameEnd(_ start: Int, _ colon: Int) -> Int {
        var quoted = false, escaping = false
        for i in start ..< colon {
            let b = p[i]
            if escaping { escaping = false; continue }
            if b == Self.backslash { escaping = true; continue }
            if b == Self.quote { quoted.toggle() }
            if b == Self.semicolon, !quoted { return i }
        }
        return colon
    }

    /// Whether the part before the value names quoted-printable (decides how lines join).
    private static func declaresQuotedPrintable(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ colon: Int) -> Bool {
        let word = Array("QUOTED-PRINTABLE".utf8)
        guard colon - start >= word.count else { return false }
        outer: for i in start ... colon - word.count {
            for (k, w) in word.enumerated() where p[i + k] & 0xDF != w && !(w == UInt8(ascii: "-") && p[i + k] == w) { continue outer }
            return true
        }
        return false
    }

    /// The property name of `line` upper-cased without its group, compared with `names` (upper-case ASCII) without
    /// making a string: the index of the one it is, nil when it is none of them, -1 when only a parse can tell (a
    /// name with a character around it that Foundation may count as a blank).
    func nameIndex(_ line: VCardLogicalLine, in names: VCardPropertyNames) -> Int? {
        guard let range = line.name(from: starts[line.first]) else { return nil }
        guard let (start, b) = blankTrimmed(range.lowerBound, range.upperBound) else { return -1 }
        var a = start, dot = line.dotted ? b : a
        while dot > a { dot -= 1; if p[dot] == Self.dot { a = dot + 1; break } }
        return names.index(of: UnsafeBufferPointer(rebasing: p[a ..< b]), readable: p.count - a)
    }

    /// `start ..< end` without spaces and tabs at either end; nil when a non-ASCII character is at an end (it may be
    /// a Unicode space, which `String.blankTrimmed` would trim).
    private func blankTrimmed(_ start: Int, _ end: Int) -> (Int, Int)? {
        var a = start, b = end
        while a < b, p[a] == Self.space || p[a] == Self.tab { a += 1 }
        while b > a, p[b - 1] == Self.space || p[b - 1] == Self.tab { b -= 1 }
        guard a == b || (p[a] < 0x80 && p[b - 1] < 0x80) else { return nil }
        return (a, b)
    }

    @inline(__always)
    static func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 0x20 : b }

    /// Whether the value of a one-line property is `word` (upper-case ASCII), blanks around it and case ignored.
    func valueIs(_ line: VCardLogicalLine, _ word: [UInt8]) -> Bool? {
        guard line.single, let colon = line.colon, let (a, b) = blankTrimmed(colon + 1, lineEnd(line.first)) else { return nil }
        guard b - a == word.count else { return a == b ? false : nil }
        for k in 0 ..< word.count where Self.upper(p[a + k]) != word[k] { return false }
        return true
    }

    /// The logical line's bytes joined (continuations unfolded, soft line breaks removed).
    private func joined(_ line: VCardLogicalLine) -> [UInt8] {
        var logical = Array(p[starts[line.first] ..< lineEnd(line.first)])
        guard !line.single else { return logical }
        for l in line.first + 1 ... line.last {
            let s = starts[l], e = lineEnd(l)
            if p[s] == Self.space || p[s] == Self.tab {
                logical.append(contentsOf: p[(s + 1) ..< e])
            } else {
                logical.removeLast()  // the soft line break
                logical.append(contentsOf: p[s ..< e])
            }
        }
        return logical
    }

    /// The property of a logical line, or nil when it has no `:`.
    /// `name`: the property's name when it is already known (upper-case, without its group), not read again.
    func property(_ line: VCardLogicalLine, name: String? = nil) -> VCardProperty? {
        if line.single {
            let start = starts[line.first], end = lineEnd(line.first)
            return Self.parse(UnsafeBufferPointer(rebasing: p[start ..< end]), name: name, first: line.first, last: line.last)
        }
        let bytes = joined(line)
        return bytes.withUnsafeBufferPointer { Self.parse($0, name: name, first: line.first, last: line.last) }
    }

    private static func parse(_ line: UnsafeBufferPointer<UInt8>, name known: String?, first: Int, last: Int) -> VCardProperty? {
        var quoted = false
        guard let colon = line.firstIndex(where: { b in
            if b == quote { quoted.toggle() }
            return b == colonByte && !quoted
        }) else { return nil }
        // Name and parameters: split at `;` outside quotes and not after a backslash.
        var parts: [Range<Int>] = []
        var from = 0, escaping = false
        quoted = false
        for i in 0 ..< colon {
            let b = line[i]
            if escaping { escaping = false; continue }
            if b == backslash { escaping = true; continue }
            if b == quote { quoted.toggle() }
            if b == semicolon, !quoted { parts.append(from ..< i); from = i + 1 }
        }
        parts.append(from ..< colon)
        func text(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[r]), as: UTF8.self) }
        var name = known ?? text(parts[0]).blankTrimmed.uppercased()
        if known == nil, let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        let parameters = parts.dropFirst().map { part -> (name: String, value: String) in
            guard let eq = line[part].firstIndex(of: equals) else { return ("", text(part).blankTrimmed) }
            var value = text(eq + 1 ..< part.upperBound)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return (text(part.lowerBound ..< eq).blankTrimmed.uppercased(), value)
        }
        var property = VCardProperty(name: name, parameters: parameters, rawValue: "", firstLine: first, lastLine: last)
        let value = UnsafeBufferPointer(rebasing: line[(colon + 1)...])
        if property.isQuotedPrintable {
            property.rawValue = VCardText.decode(VCardText.quotedPrintable(value), charset: property.parameter("CHARSET"))
        } else {
            property.rawValue = String(decoding: value, as: UTF8.self)
        }
        return property
    }
}

/// The text-level rules of vCard values.
enum VCardText {
    static func unescape(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "\\")) else { return s }
        var out = ""
        var escaping = false
        for c in s {
            if escaping {
                switch c {
                case "n", "N": out.append("\n")
                default: out.append(c)  // \, \; \\ and anything else stand for themselves
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        if escaping { out.append("\\") }
        return out
    }

    /// Splits at `separator` unless escaped by a backslash.
    static func splitUnescaped(_ s: String, by separator: Character) -> [String] {
        let sep = separator.asciiValue!
        var s = s
        return s.withUTF8 { p in
            var parts: [String] = []
            var from = 0, escaping = false
            for i in 0 ..< p.count {
                let b = p[i]
                if escaping { escaping = false; continue }
                if b == UInt8(ascii: "\\") { escaping = true; continue }
                if b == sep { parts.append(String(decoding: UnsafeBufferPointer(rebasing: p[from ..< i]), as: UTF8.self)); from = i + 1 }
            }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: p[from...]), as: UTF8.self))
            return parts
        }
    }

    /// `=C3=A4` → the bytes C3 A4; a `=` not followed by two hex digits is kept as is.
    static func quotedPrintable(_ v: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(v.count)
        var i = 0
        while i < v.count {
            if v[i] == UInt8(ascii: "="), i + 2 < v.count, let hi = v[i + 1].hexDigitValue, let lo = v[i + 2].hexDigitValue {
                out.append(hi << 4 | lo)
                i += 3
            } else if v[i] == UInt8(ascii: "="), v[(i + 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                break  // RFC 2045: a line-final `=` (a soft line break with no line after it) is not part of the value
            } else {
                out.append(v[i])
                i += 1
            }
        }
        return out
    }

    /// Decoded bytes in the CHARSET a vCard 2.1/3.0 writer declared (UTF-8 when none or unknown).
    static func decode(_ bytes: [UInt8], charset: String?) -> String {
        let encodings: [String: String.Encoding] = [
            "ISO-8859-1": .isoLatin1, "LATIN1": .isoLatin1, "WINDOWS-1252": .windowsCP1252, "CP1252": .windowsCP1252,
            "SHIFT_JIS": .shiftJIS, "SJIS": .shiftJIS, "EUC-JP": .japaneseEUC, "ISO-2022-JP": .iso2022JP,
            "UTF-16": .utf16, "ISO-8859-2": .isoLatin2,
        ]
        if let name = charset?.uppercased(), let encoding = encodings[name],
           let s = String(data: Data(bytes), encoding: encoding) {
            return s
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// Blanks (tabs and Unicode space separators, as Foundation's `.whitespaces` counts them) trimmed; no copy, and
    /// no Foundation, when neither end is one.
    var blankTrimmed: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        if !first.isBlank, !last.isBlank { return self }
        return trimmingCharacters(in: .whitespaces)
    }

    /// nil for an empty or blank string, else the string trimmed (of blanks and line breaks).
    var nonBlank: String? {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return nil }
        if !first.isBlankOrNewline, !last.isBlankOrNewline { return self }
        let t = trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }

    /// Line breaks as spaces between the lines (none made when there is none: no byte of a line break).
    var singleLine: String {
        // Over the bytes in place when they are (a native string's are): a step through the view costs more per byte.
        guard utf8.withContiguousStorageIfAvailable({ $0.contains(where: { $0.mayBreakLine }) }) ?? utf8.contains(where: { $0.mayBreakLine })
        else { return self }
        return split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

extension UInt8 {
    /// Whether this byte may be (part of) a line break in UTF-8: LF, VT, FF, CR, or the lead byte of NEL (C2 85), LS
    /// or PS (E2 80 A8/A9).
    var mayBreakLine: Bool { (self >= 0x0A && self <= 0x0D) || self == 0xC2 || self == 0xE2 }
}

extension Unicode.Scalar {
    /// A tab or a space separator (Zs): what `CharacterSet.whitespaces` holds.
    var isBlank: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000 ... 0x200A, 0x202F, 0x205F, 0x3000: true  // the space separators (Zs)
        default: false
        }
    }

    /// A blank, or a line break as `CharacterSet.newlines` has them (U+000A–000D, U+0085, U+2028, U+2029).
    var isBlankOrNewline: Bool { (0x0A ... 0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029 || isBlank }
}
