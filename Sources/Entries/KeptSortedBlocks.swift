import LowLevel

/// Blocks of lines a document asks to keep sorted, between Google keep-sorted's markers in comments of any syntax
/// (`# keep-sorted start`, `// keep-sorted start numeric=yes`, `<!-- keep-sorted start -->` … `keep-sorted end`), so
/// that files already marked for keep-sorted work. Each block is runs of items (`SortRun`), as keep-sorted groups
/// them: a line with the lines below it indented further (`group=no`: every line alone), with the comment lines right
/// above it (`sticky_comments=no`: comments are items too); a blank line ends a run. Options on the start line:
/// `locale=sv`, `numeric=yes|no`, `case=yes|no` (keep-sorted's: `no` ignores case) or `case=upper|lower|off` (which
/// case comes first), `group=`, `sticky_comments=`, `skip_lines=N` (lines kept at the top, such as a header). Other
/// keep-sorted options are not read, and said so (`ignoredOptions`).
public struct KeptSortedBlock: Sendable, Equatable {
    /// The zero-based lines of the start and end markers.
    public var startLine: Int
    public var endLine: Int
    /// `locale=`, `numeric=`, `case=` as written on the start line (nil: not given).
    public var locale: String?
    public var numeric: Bool?
    public var caseOption: String?
    /// Options on the start line this reader does not follow, as written (`by_regex=…`).
    public var ignoredOptions: [String]
    /// The runs of items between the markers.
    public var runs: [SortRun]

    /// Every block of a text, in document order; a start without an end runs to the end of the text. Nested blocks
    /// are not read (the inner markers are lines of the outer block).
    public static func blocks(in bytes: [UInt8]) -> [KeptSortedBlock] {
        guard holdsMarker(bytes) else { return [] }  // most documents: one search, no lines
        let text = SortText(bytes: bytes, map: RecordText(bytes), comments: .none)
        var blocks: [KeptSortedBlock] = [], line = 0
        let lineCount = text.map.lineStarts.count
        while line < lineCount {
            let content = text.bytes[text.map.lineStarts[line] ..< text.map.lineEnd(line)]
            guard let at = firstIndex(of: start, in: content) else { line += 1; continue }
            var end = line + 1
            while end < lineCount, firstIndex(of: stop, in: text.bytes[text.map.lineStarts[end] ..< text.map.lineEnd(end)]) == nil { end += 1 }
            var block = KeptSortedBlock(startLine: line, endLine: end, locale: nil, numeric: nil, caseOption: nil, ignoredOptions: [], runs: [])
            let options = block.read(options: content[(at + start.count)...])
            let comment = commentPrefix(content[..<at])
            block.runs = text.keptSortedRuns(lines: min(line + 1 + options.skip, end) ..< end, group: options.group, comment: options.sticky ? comment : nil)
            blocks.append(block)
            line = end + 1
        }
        return blocks
    }

    static let start = Array("keep-sorted start".utf8), stop = Array("keep-sorted end".utf8)

    /// Whether `text` (a document, or what an edit put in one) holds `keep-sorted`: a document that never did has no
    /// blocks to check again after an edit.
    public static func holdsMarker(_ text: some Collection<UInt8>) -> Bool {
        let marker = Array("keep-sorted".utf8)
        return text.withContiguousStorageIfAvailable { ByteSearch.first(marker, in: $0, from: 0, to: $0.count) != nil }
            ?? Array(text).withUnsafeBufferPointer { ByteSearch.first(marker, in: $0, from: 0, to: $0.count) != nil }
    }

    /// Reads `key=value` words; returns what shapes the items.
    mutating func read(options: ArraySlice<UInt8>) -> (skip: Int, group: Bool, sticky: Bool) {
        var skip = 0, group = true, sticky = true
        let words = String(decoding: options, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
        for word in words {
            let pair = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else {
                if !["-->", "*/", "-}", "--"].contains(word) { ignoredOptions.append(String(word)) }
                continue
            }
            let yes = ["yes", "true", "on"].contains(pair[1].lowercased())
            switch pair[0] {
            case "locale": locale = pair[1]
            case "numeric": numeric = yes
            case "case": caseOption = pair[1].lowercased()
            case "group": group = yes
            case "sticky_comments": sticky = yes
            case "skip_lines": skip = max(0, min(Int(pair[1]) ?? 0, 1 << 30))
            default: ignoredOptions.append(String(word))
            }
        }
        return (skip, group, sticky)
    }

    /// The comment syntax before the marker (`#`, `//`, `--`, `;`, `<!--`, `/*`), which a sticky comment starts with.
    static func commentPrefix(_ before: ArraySlice<UInt8>) -> [UInt8]? {
        let trimmed = before.drop { $0 == 0x20 || $0 == 0x09 }
        var prefix = Array(trimmed)
        while let last = prefix.last, last == 0x20 || last == 0x09 { prefix.removeLast() }
        return prefix.isEmpty ? nil : prefix
    }

    static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        haystack.withUnsafeBufferPointer { ByteSearch.first(needle, in: $0, from: 0, to: $0.count) }.map { haystack.startIndex + $0 }
    }
}

extension SortText {
    /// The items of `lines`: each a line, the lines below it indented further (`group`), and the comment lines right
    /// above it that start with `comment`; a blank line ends a run.
    func keptSortedRuns(lines: Range<Int>, group: Bool, comment: [UInt8]?) -> [SortRun] {
        var runs: [SortRun] = [], units: [SortRun.Unit] = []
        var pendingComment: Int?  // the first line of comments waiting for their item
        var itemIndent = Int.max
        func close() {
            if units.count > 1 { runs.append(SortRun(units: units, title: "the keep-sorted lines \(units[0].line + 1)–\(units[units.count - 1].line + 1)")) }
            (units, pendingComment) = ([], nil)
        }
        for line in lines {
            let text = trimmed(line)
            if text.isEmpty { close(); continue }
            let indent = firstNonBlank(line) - map.lineStarts[line]
            if group, let last = units.last, pendingComment == nil, indent > itemIndent {
                units[units.count - 1].bytes = last.bytes.lowerBound ..< map.lineEnd(line)  // a continuation line
                continue
            }
            if let comment, text.starts(with: comment) {
                pendingComment = pendingComment ?? line
                continue
            }
            let name = String(decoding: text, as: UTF8.self)
            let start = map.lineStarts[pendingComment ?? line]
            units.append(SortRun.Unit(bytes: start ..< map.lineEnd(line), name: name, sortString: name, line: line, startLine: line))
            (pendingComment, itemIndent) = (nil, units.count == 1 ? indent : min(itemIndent, indent))
        }
        close()
        return runs
    }
}
