import Foundation

/// Contacts in a vCard file (.vcf, versions 2.1, 3.0 and 4.0): one entry per BEGIN:VCARD…END:VCARD.
///
/// Kind: `.object`. LSP has no "person" or "contact" kind; a card is a record of named fields, which is
/// what Object stands for, and it does not suggest code the way Class or Struct would.
///
/// Sorting follows address books rather than the displayed name: an explicit SORT-AS wins, then the
/// phonetic reading (Apple Contacts writes X-PHONETIC-LAST-NAME/FIRST-NAME for names in kanji, which
/// cannot be sorted by their characters), then N as "family given" ("given family" when
/// `options.familyNameFirst` is false; Chinese, Japanese and Korean names stay family-first, unspaced).
/// The collation string is nil when it would equal the name.
public struct VCardExtractor: EntryExtractor {
    /// `vcard` and `vcf`.
    public static let languageIds = ["vcard", "vcf"]
    /// `vcf` and `vcard`.
    public static let fileExtensions = ["vcf", "vcard"]
    /// A vCard extractor.
    public init() {}

    /// One entry per card, in file order. Never throws: a card without END:VCARD or without anything to name it by
    /// is a warning.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        var entries: [Entry] = [], warnings: [String] = []
        VCardReader(options: options).read(RecordText(text), from: 0, record: { _ in true }, entry: { entries.append($0) },
                                           warn: { warnings.append($0) })
        return Extraction(entries: entries, warnings: warnings)
    }
}

/// Reads cards from any card's BEGIN line on: the state between cards is nothing but "outside a card".
struct VCardReader: Sendable {
    let options: ExtractionOptions

    /// The properties a card is named and sorted by; every other one is skipped by its name.
    static let names = ["BEGIN", "END", "FN", "N", "ORG", "EMAIL", "X-PHONETIC-LAST-NAME", "X-PHONETIC-MIDDLE-NAME",
                        "X-PHONETIC-FIRST-NAME", "X-PHONETIC-ORG", "KIND", "X-ABSHOWAS", "AGENT"]
    private static let nameBytes = VCardPropertyNames(names)
    // Their places in `names` as literals (`VCardTests` holds them to it): a static made at run time costs a
    // `swift_once` wherever it is read, and the walk reads them on every line.
    static let fn = 2, n = 3, phoneticLast = 6, phoneticMiddle = 7, phoneticFirst = 8, kind = 10, showAs = 11, agent = 12
    private static let vcard = Array("VCARD".utf8)

    /// A property of a card as the walk found it: which of `names` it is, its logical line, and whether the walk had
    /// to parse it to tell its name (then it is parsed again for its property: rare, and it keeps a card's lines
    /// plain values, appended and cleared without reference counting).
    struct CardLine {
        var kind: Int
        var line: VCardLogicalLine
        var namedByParse: Bool

        func property(_ reader: VCardLineReader) -> VCardProperty? {
            reader.property(line, name: namedByParse ? nil : VCardReader.names[kind])
        }
    }

    func read(_ text: RecordText, from startLine: Int, record: (Int) -> Bool, entry: (Entry) -> Void, warn: (String) -> Void) {
        walk(text, from: startLine, record: record, card: { reader, lines, first, last in
            let card = lines.compactMap { $0.property(reader) }
            append(card, from: first, to: last, map: text, entry, warn)
        }, warn: warn)
    }

    /// What `read` finds, but only each card's first line, its bytes and the UTF-8 of what it sorts by. A card named plainly (an
    /// `N` of one line without parameters, escapes or commas; an `FN` without parameters; phonetic names of one line
    /// without them; no `KIND` or `X-ABSHOWAS`) is sorted by bytes taken from its phonetic name or `N`; any other card
    /// is read whole, as `read` does.
    func readSortStrings(
        _ text: RecordText, from startLine: Int, record: (Int) -> Bool, sortString: (Int, Range<Int>, UnsafeBufferPointer<UInt8>) -> Void,
        warn: (String) -> Void
    ) {
        var bytes: [UInt8] = []
        walk(text, from: startLine, record: record, card: { reader, lines, first, last in
            let card = text.lineStarts[first] ..< text.lineEnd(last)
            if reader.plainSortString(lines, familyNameFirst: options.familyNameFirst, into: &bytes) {
                return bytes.withUnsafeBufferPointer { sortString(first, card, $0) }
            }
            let properties = lines.compactMap { $0.property(reader) }
            append(properties, from: first, to: last, map: text, { entry in
                var string = entry.sortString
                string.withUTF8 { sortString(first, card, $0) }
            }, warn)
        }, warn: warn)
    }

    /// Finds the cards from line `startLine` on: `card` gets each one's properties that name or sort it (those of a
    /// nested AGENT card left out), its first line and its last.
    private func walk(
        _ text: RecordText, from startLine: Int, record: (Int) -> Bool,
        card finish: (VCardLineReader, [CardLine], Int, Int) -> Void, warn: (String) -> Void
    ) {
        let map = text
        let (names, nameBytes, vcard) = (Self.names, Self.nameBytes, Self.vcard)
        text.bytes.withUnsafeBufferPointer { p in map.lineStarts.withUnsafeBufferPointer { starts in
            let reader = VCardLineReader(p: p, starts: starts)
            var card: [CardLine] = []
            var begin: Int?
            var depth = 0  // vCard 2.1 AGENT may nest a card; its properties are not the outer card's
            var agentOpen = false  // the property before was an AGENT without a value: a BEGIN:VCARD nests
            var previousLast = startLine - 1  // the last line of the logical line before
            var line = startLine
            while line < reader.lineCount {
                let logical = reader.logicalLine(at: line)
                line = logical.last + 1
                defer { previousLast = logical.last }
                // The name off the bytes; a parse only where the colon is on a continuation line or a blank may be
                // a Unicode one.
                var property: VCardProperty?
                var kind = logical.colon == nil ? -1 : reader.nameIndex(logical, in: nameBytes)
                if kind == -1 {
                    if logical.single, logical.colon == nil { continue }  // no `:`: not a property
                    property = reader.property(logical)
                    kind = property.flatMap { p in names.firstIndex(of: p.name) }
                }
                let afterAgent = agentOpen
                agentOpen = kind == Self.agent && (reader.valueIs(logical, []) ?? (property ?? reader.property(logical))?.rawValue.blankTrimmed.isEmpty ?? false)
                guard let kind else { continue }
                if kind <= 1 {  // BEGIN, END
                    let isCard = reader.valueIs(logical, vcard)
                        ?? (property ?? reader.property(logical)).map { $0.rawValue.trimmingCharacters(in: .whitespaces).uppercased() == "VCARD" }
                        ?? false
                    guard isCard else { continue }  // BEGIN:VCALENDAR and the like name nothing
                    if kind == 0, depth == 1, !afterAgent, let first = begin {
                        // A card that never ended: it ends before this one, which is not an AGENT's.
                        warn(location(first) + "BEGIN:VCARD without END:VCARD; the card ends before the next BEGIN:VCARD (line \(logical.first + 1))")
                        finish(reader, card, first, max(first, previousLast))
                        (depth, begin) = (0, nil)
                    }
                    if kind == 0 {
                        if depth == 0 {
                            guard record(logical.first) else { return }
                            begin = logical.first
                            card.removeAll(keepingCapacity: true)
                        }
                        depth += 1
                    } else if depth > 0 {
                        depth -= 1
                        if depth == 0, let first = begin {
                            finish(reader, card, first, logical.last)
                            begin = nil
                        }
                    }
                } else if depth == 1 {
                    card.append(CardLine(kind: kind, line: logical, namedByParse: property != nil))
                }
            }
            if let first = begin {
                warn(location(first) + "BEGIN:VCARD without END:VCARD; the card runs to the end of the file")
                finish(reader, card, first, map.lastContentLine)
            }
        } }
    }

    private func location(_ line: Int) -> String {
        (options.fileName.map { "\($0):" } ?? "line ") + "\(line + 1): "
    }

    private func append(_ card: [VCardProperty], from first: Int, to last: Int, map: RecordText, _ entry: (Entry) -> Void, _ warn: (String) -> Void) {
        let contact = VCardContact(card)
        guard let name = contact.displayName else {
            warn(location(first) + "a card without FN, N, ORG or EMAIL was left out")
            return
        }
        let collation = contact.collationString(familyNameFirst: options.familyNameFirst)
        let selectionLines = contact.fn.map { ($0.firstLine, $0.lastLine) } ?? (first, first)
        entry(Entry(
            name: name, kind: .object, detail: contact.detail,
            range: TextRange(start: TextPosition(line: first, column: 0), end: map.endOfLine(last)),
            selectionRange: TextRange(start: TextPosition(line: selectionLines.0, column: 0), end: map.endOfLine(selectionLines.1)),
            collationString: collation == name ? nil : collation))
    }
}

/// The fields of one card that name and sort it.
struct VCardContact {
    var fn: VCardProperty?
    var n: VCardProperty?
    var org: VCardProperty?
    var emails: [VCardProperty] = []
    var phoneticLast: String?, phoneticMiddle: String?, phoneticFirst: String?, phoneticOrg: String?
    var isOrganization = false
    /// N as (family, given, additional, prefix, suffix), nil when it has no family or given name.
    private(set) var nameParts: (family: String, given: String, additional: String, prefix: String, suffix: String)?
    /// ORG's parts joined, nil when it has none.
    private(set) var organization: String?

    init(_ properties: [VCardProperty]) {
        for p in properties {
            switch p.name {
            case "FN" where fn == nil: fn = p
            case "N" where n == nil: n = p
            case "ORG" where org == nil: org = p
            case "EMAIL": emails.append(p)
            case "X-PHONETIC-LAST-NAME": phoneticLast = p.text.nonBlank
            case "X-PHONETIC-MIDDLE-NAME": phoneticMiddle = p.text.nonBlank
            case "X-PHONETIC-FIRST-NAME": phoneticFirst = p.text.nonBlank
            case "X-PHONETIC-ORG": phoneticOrg = p.text.nonBlank
            case "KIND": isOrganization = isOrganization || p.text.lowercased() == "org"
            case "X-ABSHOWAS": isOrganization = isOrganization || p.text.uppercased() == "COMPANY"
            default: break
            }
        }
        nameParts = n.flatMap(Self.nameParts)
        organization = org?.components.map(\.blankTrimmed).filter { !$0.isEmpty }.joined(separator: ", ").nonBlank
        if !isOrganization, fn == nil, nameParts == nil, organization != nil { isOrganization = true }
    }

    private static func nameParts(_ n: VCardProperty) -> (family: String, given: String, additional: String, prefix: String, suffix: String)? {
        let c = n.components.map { ($0.utf8.contains(UInt8(ascii: ",")) ? $0.replacingOccurrences(of: ",", with: " ") : $0).blankTrimmed } + Array(repeating: "", count: 5)
        guard !c[0].isEmpty || !c[1].isEmpty else { return nil }
        return (c[0], c[1], c[2], c[3], c[4])
    }

    var displayName: String? {
        if let name = fn?.text.singleLine.nonBlank { return name }
        if let p = nameParts {
            if Self.isCJK(p.family + p.given) { return (p.family + p.given).nonBlank }
            return [p.prefix, p.given, p.additional, p.family, p.suffix].filter { !$0.isEmpty }.joined(separator: " ")
        }
        return organization ?? preferredEmail
    }

    var preferredEmail: String? {
        let preferred = emails.first { e in
            e.parameters.contains { ($0.name == "TYPE" || $0.name == "") && $0.value.lowercased().split(separator: ",").contains("pref") }
                || e.parameter("PREF") != nil
        }
        return (preferred ?? emails.first)?.text.nonBlank
    }

    var detail: String? { organization ?? preferredEmail }

    func collationString(familyNameFirst: Bool) -> String? {
        for p in [n, fn] + (isOrganization ? [org] : []) {
            if let sortAs = p?.parameter("SORT-AS") {
                let parts = VCardText.splitUnescaped(sortAs, by: ",").map { VCardText.unescape($0).trimmingCharacters(in: .whitespaces) }
                if let s = parts.filter({ !$0.isEmpty }).joined(separator: " ").nonBlank { return s }
            }
        }
        if isOrganization, let reading = phoneticOrg { return reading }
        let phonetic = familyNameFirst ? [phoneticLast, phoneticMiddle, phoneticFirst] : [phoneticFirst, phoneticMiddle, phoneticLast]
        if let reading = phonetic.compactMap({ $0 }).joined(separator: " ").nonBlank { return reading }
        guard let p = nameParts, !isOrganization else { return nil }
        // Chinese, Japanese and Korean names are family-then-given in any case, and written without a space.
        if Self.isCJK(p.family + p.given) { return p.family + p.given + p.additional }
        let parts = familyNameFirst ? [p.family, p.given, p.additional] : [p.given, p.additional, p.family]
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Han, kana and Hangul names are written family-then-given without a space.
    static func isCJK(_ s: String) -> Bool {
        // Their UTF-8 starts with a byte of E3 or more.
        guard s.utf8.contains(where: { $0 >= 0xE3 }) else { return false }
        return s.unicodeScalars.contains { isCJK($0.value) }
    }

    /// Kana, a Han character (CJK Unified Ideographs and Extension A) or a Hangul syllable.
    static func isCJK(_ scalar: UInt32) -> Bool {
        (0x3040...0x30FF).contains(scalar) || (0x3400...0x9FFF).contains(scalar) || (0xAC00...0xD7AF).contains(scalar)
    }
}

extension VCardLineReader {
    /// The sort string of a card named plainly (see `VCardReader.readSortStrings`), its UTF-8 put in `bytes`, as
    /// `VCardContact.collationString` would make it; false for any other card (read it whole).
    func plainSortString(_ lines: [VCardReader.CardLine], familyNameFirst: Bool, into bytes: inout [UInt8]) -> Bool {
        var n: VCardLogicalLine?, last: VCardLogicalLine?, middle: VCardLogicalLine?, first: VCardLogicalLine?
        for line in lines {
            guard !line.namedByParse else { return false }
            switch line.kind {
            case VCardReader.n: if n == nil { n = line.line }
            case VCardReader.fn: guard !line.line.hasParameters else { return false }  // FN;SORT-AS=…
            // The last of each phonetic name counts, as in `VCardContact`.
            case VCardReader.phoneticLast: last = line.line
            case VCardReader.phoneticMiddle: middle = line.line
            case VCardReader.phoneticFirst: first = line.line
            case VCardReader.kind, VCardReader.showAs: return false  // maybe an organization
            default: continue  // ORG, EMAIL, X-PHONETIC-ORG name or sort a card only without N or as an organization
            }
        }
        guard let n, let value = plainValue(n), let name = nameParts(value) else { return false }
        bytes.removeAll(keepingCapacity: true)
        // The parts in their order, each a range of the text (no array of them made a card).
        func append(_ part: Range<Int>, spaced: Bool) {
            guard !part.isEmpty else { return }
            if spaced, !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[part]))
        }
        if last != nil || middle != nil || first != nil {
            func reading(_ line: VCardLogicalLine?) -> Range<Int>? {
                guard let line else { return 0 ..< 0 }
                return plainValue(line).map { trimmed($0, newlines: true) }
            }
            guard let a = reading(familyNameFirst ? last : first), let b = reading(middle),
                  let c = reading(familyNameFirst ? first : last) else { return false }
            append(a, spaced: true)
            append(b, spaced: true)
            append(c, spaced: true)
            if !bytes.isEmpty { return true }
        }
        // Chinese, Japanese and Korean names: family, given, additional, unspaced (`VCardContact.isCJK`).
        let cjk = isCJK(name.family) || isCJK(name.given)
        if familyNameFirst || cjk {
            append(name.family, spaced: !cjk)
            append(name.given, spaced: !cjk)
            append(name.additional, spaced: !cjk)
        } else {
            append(name.given, spaced: true)
            append(name.additional, spaced: true)
            append(name.family, spaced: true)
        }
        return true
    }

    /// The value of a property of one line without parameters or escapes; nil for any other.
    private func plainValue(_ line: VCardLogicalLine) -> Range<Int>? {
        guard line.single, let colon = line.colon, !line.hasParameters else { return nil }
        let value = colon + 1 ..< lineEnd(line.first)
        return UnsafeBufferPointer(rebasing: p[value]).contains(UInt8(ascii: "\\")) ? nil : value
    }

    /// N's family, given and additional names, trimmed of blanks; nil when it has neither a family nor a given name
    /// or lists names (`a,b`, joined with spaces by a whole read).
    private func nameParts(_ value: Range<Int>) -> (family: Range<Int>, given: Range<Int>, additional: Range<Int>)? {
        var parts = (value.upperBound ..< value.upperBound, value.upperBound ..< value.upperBound, value.upperBound ..< value.upperBound)
        var from = value.lowerBound, count = 0
        for i in value where p[i] == UInt8(ascii: ";") || p[i] == UInt8(ascii: ",") {
            guard p[i] == UInt8(ascii: ";") else { return nil }
            switch count {
            case 0: parts.0 = from ..< i
            case 1: parts.1 = from ..< i
            default: parts.2 = from ..< i
            }
            from = i + 1
            count += 1
            if count == 3 { break }
        }
        switch count {
        case 0: parts.0 = from ..< value.upperBound
        case 1: parts.1 = from ..< value.upperBound
        case 2: parts.2 = from ..< value.upperBound
        default: break
        }
        let name = (family: trimmed(parts.0), given: trimmed(parts.1), additional: trimmed(parts.2))
        return name.family.isEmpty && name.given.isEmpty ? nil : name
    }

    /// Whether `range` holds kana, a Han character or a Hangul syllable, as `VCardContact.isCJK` tells: read off the
    /// bytes, all of them three-byte characters led by E3 to ED (no string made for a name in those scripts).
    private func isCJK(_ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            let lead = p[i]
            guard lead >= 0xE3, lead <= 0xED, i + 2 < range.upperBound else { i += 1; continue }
            let scalar = UInt32(lead & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
            if VCardContact.isCJK(scalar) { return true }
            i += 3
        }
        return false
    }

    /// `range` without blanks (tabs and Unicode space separators; line breaks too when `newlines`) at either end, as
    /// `String.blankTrimmed` (`nonBlank`) trims.
    private func trimmed(_ range: Range<Int>, newlines: Bool = false) -> Range<Int> {
        var a = range.lowerBound, b = range.upperBound
        func trims(_ i: Int) -> Int? {
            if p[i] < 0x80 {
                let c = p[i]
                return c == 0x20 || c == 0x09 || (newlines && c >= 0x0A && c <= 0x0D) ? 1 : nil
            }
            var iterator = UnsafeBufferPointer(rebasing: p[i ..< range.upperBound]).makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let s) = decoder.decode(&iterator), newlines ? s.isBlankOrNewline : s.isBlank else { return nil }
            return UTF8.width(s)
        }
        while a < b, let width = trims(a) { a += width }
        while b > a {
            var start = b - 1
            while start > a, p[start] & 0xC0 == 0x80 { start -= 1 }
            guard trims(start) != nil else { break }
            b = start
        }
        return a ..< b
    }
}
