/// Finds ATX and Setext headings line by line, stepping over front matter and code blocks.
struct MarkdownScanner {
    let bytes: [UInt8]
    let map: LineMap

    private static let hash = UInt8(ascii: "#"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

    func headings() -> [MarkdownExtractor.Heading] {
        var out: [MarkdownExtractor.Heading] = []
        var line = frontMatterEnd()
        var fence: (char: UInt8, length: Int)?
        var inComment = false  // an HTML comment block, `<!--` up to the line holding `-->`
        var paragraphStart: Int?  // first line of the paragraph being read, a Setext heading's text
        while line < map.lineCount {
            defer { line += 1 }
            let start = map.lineStarts[line], end = map.lineEnds[line]
            let (first, indent) = indentation(start, end)
            if inComment {
                if contains("-->", first, end) { inComment = false }
                continue
            }
            if fence == nil, indent <= 3, bytes[first..<end].starts(with: "<!--".utf8) {
                inComment = !contains("-->", first + 4, end)
                paragraphStart = nil
                continue
            }
            if let open = fence {
                if indent <= 3, let close = fenceRun(first, end), close.char == open.char, close.length >= open.length,
                   isBlank(first + close.length, end) {
                    fence = nil
                }
                continue
            }
            if first == end { paragraphStart = nil; continue }
            if indent >= 4 && paragraphStart == nil { continue }  // indented code
            if indent <= 3 {
                if let run = fenceRun(first, end), run.char != UInt8(ascii: "`") || !bytes[(first + run.length)..<end].contains(UInt8(ascii: "`")) {
                    fence = run
                    paragraphStart = nil
                    continue
                }
                if let h = atx(line, first, end) {
                    out.append(h)
                    paragraphStart = nil
                    continue
                }
                if let p = paragraphStart, let level = setextLevel(first, end) {
                    if let heading = setext(level, from: p, to: line - 1) { out.append(heading) }
                    paragraphStart = nil
                    continue
                }
                if startsOtherBlock(first, end) { paragraphStart = nil; continue }
            }
            if paragraphStart == nil { paragraphStart = line }
        }
        return out
    }

    /// The first line after YAML front matter: `---` on line 0 up to the next `---` or `...` line.
    private func frontMatterEnd() -> Int {
        guard map.lineCount > 1, trimmedLine(0) == "---" else { return 0 }
        for line in 1..<map.lineCount where ["---", "..."].contains(trimmedLine(line)) {
            return line + 1
        }
        return 0  // never closed: a thematic break, not front matter
    }

    private func trimmedLine(_ line: Int) -> String {
        let (a, b) = UTF8Whitespace.trim(bytes, map.lineStarts[line], map.lineEnds[line])
        return String(utf8Slice: bytes[a..<b])
    }

    /// First non-blank byte and the indentation width in columns (a tab advances to the next multiple of 4).
    private func indentation(_ start: Int, _ end: Int) -> (Int, Int) {
        var i = start, width = 0
        while i < end, bytes[i] == Self.space || bytes[i] == Self.tab {
            width = bytes[i] == Self.tab ? (width / 4 + 1) * 4 : width + 1
            i += 1
        }
        return (i, width)
    }

    private func contains(_ needle: String, _ from: Int, _ end: Int) -> Bool {
        let n = Array(needle.utf8)
        guard end - from >= n.count else { return false }
        return (from...(end - n.count)).contains { bytes[$0..<($0 + n.count)].elementsEqual(n) }
    }

    private func isBlank(_ from: Int, _ end: Int) -> Bool {
        bytes[from..<end].allSatisfy { $0 == Self.space || $0 == Self.tab }
    }

    /// A run of 3+ backticks or tildes at `i`.
    private func fenceRun(_ i: Int, _ end: Int) -> (char: UInt8, length: Int)? {
        guard i < end, bytes[i] == UInt8(ascii: "`") || bytes[i] == UInt8(ascii: "~") else { return nil }
        var j = i
        while j < end, bytes[j] == bytes[i] { j += 1 }
        return j - i >= 3 ? (bytes[i], j - i) : nil
    }

    /// `#`..`######` then a blank or the end of the line; the text loses an optional closing run of `#`.
    private func atx(_ line: Int, _ first: Int, _ end: Int) -> MarkdownExtractor.Heading? {
        var i = first
        while i < end, bytes[i] == Self.hash { i += 1 }
        let level = i - first
        guard (1...6).contains(level), i == end || bytes[i] == Self.space || bytes[i] == Self.tab else { return nil }
        var (a, b) = UTF8Whitespace.trim(bytes, i, end)
        var c = b
        while c > a, bytes[c - 1] == Self.hash { c -= 1 }
        if c < b, c == a || bytes[c - 1] == Self.space || bytes[c - 1] == Self.tab {
            (a, b) = UTF8Whitespace.trim(bytes, a, c)
        }
        guard a < b else { return nil }  // an empty heading has nothing to look up
        return .init(level: level, name: String(utf8Slice: bytes[a..<b]), startLine: line,
                     selection: map.range(from: a, to: b))
    }

    /// 1 for a line of `=`, 2 for a line of `-` (trailing blanks allowed), else nil.
    private func setextLevel(_ first: Int, _ end: Int) -> Int? {
        let c = bytes[first]
        guard c == UInt8(ascii: "=") || c == UInt8(ascii: "-") else { return nil }
        var i = first
        while i < end, bytes[i] == c { i += 1 }
        guard isBlank(i, end) else { return nil }
        return c == UInt8(ascii: "=") ? 1 : 2
    }

    /// A Setext heading whose text is the paragraph on lines `from...to`, joined by single spaces; nil when that text
    /// is only (Unicode) white space, as for an ATX heading: LSP forbids such names.
    private func setext(_ level: Int, from: Int, to: Int) -> MarkdownExtractor.Heading? {
        var parts: [String] = []
        for line in from...to where !trimmedLine(line).isEmpty { parts.append(trimmedLine(line)) }
        guard !parts.isEmpty else { return nil }
        let (a, _) = UTF8Whitespace.trim(bytes, map.lineStarts[from], map.lineEnds[from])
        let (_, b) = UTF8Whitespace.trim(bytes, map.lineStarts[to], map.lineEnds[to])
        return .init(level: level, name: parts.joined(separator: " "), startLine: from,
                     selection: map.range(from: a, to: b))
    }

    /// Lines that end a paragraph and cannot start one: thematic breaks, list items, quotes, HTML.
    private func startsOtherBlock(_ first: Int, _ end: Int) -> Bool {
        let c = bytes[first]
        let next = first + 1 < end ? bytes[first + 1] : Self.space
        if c == UInt8(ascii: ">") || c == UInt8(ascii: "<") { return true }
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+") {
            if next == Self.space || next == Self.tab || first + 1 == end { return true }
        }
        if c == UInt8(ascii: "*") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") {
            let marks = bytes[first..<end].filter { $0 == c }.count
            if marks >= 3, bytes[first..<end].allSatisfy({ $0 == c || $0 == Self.space || $0 == Self.tab }) { return true }
        }
        var i = first
        while i < end, i - first < 9, (0x30...0x39).contains(bytes[i]) { i += 1 }
        if i > first, i < end, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ")") {
            return i + 1 == end || bytes[i + 1] == Self.space || bytes[i + 1] == Self.tab
        }
        return false
    }
}
