/// The headings the scanner reports: their levels, lines, names (the raw text, trimmed) and selection ranges.
extension MarkdownScanner {
    /// An ATX heading on `line` whose text runs from byte `text` (after the `#`s) to `end`: trimmed, without a
    /// closing run of `#` that follows a blank (or is all there is).
    func atxHeading(_ level: Int, line: Int, text: Int, end: Int, _ p: UnsafeBufferPointer<UInt8>) -> MarkdownExtractor.Heading {
        var (a, b) = UTF8Whitespace.trim(p, text, end)
        var c = b
        while c > a, p[c - 1] == UInt8(ascii: "#") { c -= 1 }
        if c < b, c == a || MarkdownLine.isSpaceOrTab(p[c - 1]) {
            (a, b) = UTF8Whitespace.trim(p, a, c)
        }
        return .init(level: level, name: String(utf8Slice: bytes[a..<b]), startLine: line, endLine: line,
                     selection: TextRange(start: position(line, a), end: position(line, b)))
    }

    /// The heading a setext underline on line `underline` makes of `paragraph` (open in `containers`), or nil when
    /// its text is nothing but link reference definitions. The name is the text's lines after any definitions,
    /// trimmed and joined by single spaces; the heading starts on the paragraph's first line, as in cmark.
    func setextHeading(_ level: Int, underline: Int, _ paragraph: Paragraph, in containers: [Container],
                       _ p: UnsafeBufferPointer<UInt8>) -> MarkdownExtractor.Heading? {
        var (lines, used, _) = paragraphText(paragraph, before: underline, in: containers, p)
        lines.removeFirst(used)
        guard let rest = lines.first, rest.padding > 0 || p[rest.start..<rest.end].contains(where: { !MarkdownLine.isSpaceOrTab($0) })
        else { return nil }
        var parts: [String] = []
        for l in lines {
            let (a, b) = UTF8Whitespace.trim(p, l.start, l.end)
            if a < b { parts.append(String(utf8Slice: bytes[a..<b])) }
        }
        let (a, _) = UTF8Whitespace.trim(p, lines[0].start, lines[0].end)
        let (_, b) = UTF8Whitespace.trim(p, lines[lines.count - 1].start, lines[lines.count - 1].end)
        let firstLine = underline - paragraph.textLinesBack + used
        return .init(level: level, name: parts.joined(separator: " "), startLine: underline - paragraph.linesBack, endLine: underline,
                     selection: TextRange(start: position(firstLine, a), end: position(underline - 1, b)))
    }

    /// Whether `paragraph`, open at the boundary before `line`, starts with `[`: only then may it open with link
    /// reference definitions.
    func startsWithBracket(_ paragraph: Paragraph, before line: Int, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = line - paragraph.linesBack, at = map.lineStarts[first] + paragraph.firstColumn
        return at < map.lineEnd(first) && p[at] == UInt8(ascii: "[")
    }

    /// The labels of the link reference definitions `paragraph` (open in `containers` at the boundary before `line`)
    /// opens with: at the start of its text, or, where a setext underline found nothing else (its text then starts at
    /// the underline), on the lines before that underline.
    func definitionLabels(_ paragraph: Paragraph, before line: Int, in containers: [Container], _ p: UnsafeBufferPointer<UInt8>) -> [String] {
        let end = paragraph.textLinesBack < paragraph.linesBack ? line - paragraph.textLinesBack : line
        let back = paragraph.linesBack - (line - end)
        let opening = Paragraph(linesBack: back, textLinesBack: back, textColumn: paragraph.firstColumn, firstColumn: paragraph.firstColumn)
        return paragraphText(opening, before: end, in: containers, p).labels
    }

    /// The text lines of `paragraph` (open in `containers` at the boundary before `line`), and the link reference
    /// definitions at its start: how many of those lines they take up, and their labels.
    func paragraphText(_ paragraph: Paragraph, before line: Int, in containers: [Container], _ p: UnsafeBufferPointer<UInt8>)
        -> (lines: [TextLine], definitionLines: Int, labels: [String]) {
        let lines = paragraphLines(p, containers: containers, first: line - paragraph.textLinesBack, column: paragraph.textColumn,
                                   through: line - 1)
        guard lines[0].start < lines[0].end, p[lines[0].start] == UInt8(ascii: "[") else { return (lines, 0, []) }
        var text: [UInt8] = [], lineOffsets: [Int] = []
        for l in lines {
            lineOffsets.append(text.count)
            text += repeatElement(MarkdownLine.space, count: l.padding)
            text += p[l.start..<l.end]
            text.append(MarkdownLine.newline)
        }
        let (used, labels) = MarkdownLinkReferences.definitions(text)
        return (lines, lineOffsets.firstIndex { $0 >= used } ?? lines.count, labels)
    }

    private func position(_ line: Int, _ offset: Int) -> TextPosition {
        TextPosition(line: line, column: offset - map.lineStarts[line])
    }
}
