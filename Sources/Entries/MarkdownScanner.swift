/// Finds the headings of a Markdown document line by line, deciding the block structure as CommonMark's reference
/// implementation, cmark 0.30.2, does (its blocks.c, ported line for line where it matters): ATX and setext
/// headings, also inside block quotes and list items; fenced and indented code, the seven kinds of HTML block, link
/// reference definitions before a setext underline and lazy continuation lines. YAML front matter (`---` on line 0
/// up to a `---` or `...` line) is skipped, which CommonMark does not know.
///
/// The scan can restart at any line boundary from the `State` it had there: the open containers, the open leaf
/// block and, for a paragraph, how far back it began (a setext underline reads the paragraph's lines again). So an
/// edit need not re-scan the document: keep the state every N lines, scan from the checkpoint before the edit, and
/// stop at a later boundary whose new state equals the old one there (see `scan(from:in:until:heading:)`).
struct MarkdownScanner {
    let bytes: [UInt8]
    let map: RecordText

    /// Where the block structure stands at a line boundary: all a scan needs to go on from there, with the lines
    /// before it that an open paragraph's setext underline reads again (`linesReadBack`). Line numbers in it are
    /// relative to the boundary, so equal states at the same text before and after an edit compare equal.
    struct State: Equatable, Sendable {
        /// The block quotes and list items open, outermost first.
        var containers: [Container] = []
        /// The leaf block open in the innermost container.
        var leaf: Leaf = .none

        /// How many lines before the boundary a scan from this state may read again: those of an open paragraph.
        /// A state after an edit means the same as an equal state before it only when this does not reach back to
        /// the edit.
        var linesReadBack: Int {
            if case .paragraph(let p) = leaf { return p.linesBack }
            return 0
        }

        /// Inside front matter. Whether line 0 opens front matter depends on a closing line further on, so a scan
        /// must not restart from such a state after an edit: scan from line 0 with `initialState()` instead.
        var isFrontMatter: Bool { leaf == .frontMatter }
    }

    /// The leaf block open at a line boundary. (Indented code, headings and thematic breaks leave nothing that
    /// decides the lines after them.)
    enum Leaf: Equatable, Sendable {
        case none
        case paragraph(Paragraph)
        /// Ended by a line of at least `length` of `fence` (capped at 255, as cmark does), with at most 3 columns
        /// of indentation and nothing but spaces after, or by the end of its container.
        case fencedCode(fence: UInt8, length: Int)
        /// Kind 1...7 (see `MarkdownLine.htmlBlockStart`).
        case htmlBlock(kind: Int)
        case frontMatter
    }

    /// An open paragraph, which a setext underline may make a heading.
    struct Paragraph: Equatable, Sendable {
        /// It began on the line this many lines before the boundary (1: the line just before it).
        var linesBack: Int
        /// Its text begins this many lines back, `textColumn` bytes into that line; the same line as the paragraph,
        /// unless link reference definitions were all the text when an underline came: then the underline's line.
        var textLinesBack: Int
        var textColumn: Int
        /// Where its first line's text begins: where the link reference definitions it opens with start.
        var firstColumn: Int
    }

    /// The state before line 0: in front matter when line 0 reads `---` and a later line closes it. Front matter is
    /// the one look-ahead: when line 0 reads `---` before or after an edit, re-scan from line 0 in this state unless
    /// the edit comes after the front matter's closing line both before and after it.
    func initialState() -> State {
        State(leaf: frontMatterEnd() > 0 ? .frontMatter : .none)
    }

    /// Scans lines from `line` (0..<lineCount) on, starting in `state` (the state at the boundary before `line`),
    /// calling `heading` for each heading found and `stop` at each line boundary after `line` with the line that
    /// follows it and the state there; stops when `stop` returns true or after the last line. Returns the boundary
    /// it stopped at and its state.
    ///
    /// A heading is reported on the line that completes it (`Heading.endLine`: an ATX heading's own line, a setext
    /// heading's underline); a setext heading starts (`startLine`) on its paragraph's first line, which may be before
    /// `line`. Headings with no text (`#` alone) are left out unless `includingEmpty`: LSP forbids empty names.
    ///
    /// The headings completed on a line depend on that line and the ones before it only, and on those before `line`
    /// only through `state` (and its `linesReadBack` lines). So after an edit of lines `a..<b` (b in the new text),
    /// scanning from a boundary at or before `a` in the state it had, and stopping at a boundary `n >= b` whose
    /// state equals the old state at the same text (old boundary `n - delta`) with `linesReadBack <= n - b`, finds
    /// exactly the headings whose `endLine` is in the window; the old headings outside it stay (shifted by delta
    /// after it). Tests/EntriesTests/MarkdownRestartTests.swift does this.
    ///
    /// `define` is called with the labels of the link reference definitions a paragraph opens with, and the line the
    /// paragraph starts on, when it ends (so also for a paragraph open at `line`; one open where the scan stops early
    /// is left to a later scan), even those a setext underline found alone before it. They depend on the lines as
    /// headings do: an edit's window holds the paragraphs that start in it.
    @discardableResult
    func scan(from line: Int, in state: State, includingEmpty: Bool = false,
              until stop: (_ line: Int, _ state: State) -> Bool = { _, _ in false },
              define: (_ paragraphLine: Int, _ labels: [String]) -> Void = { _, _ in },
              heading: (MarkdownExtractor.Heading) -> Void) -> (line: Int, state: State) {
        bytes.withUnsafeBufferPointer { p in
            var walk = Walk(scanner: self, p: p, state: state)
            var line = line
            while line < map.lineCount {
                walk.process(line, define: define) { h in if includingEmpty || !h.name.isEmpty { heading(h) } }
                line += 1
                if stop(line, walk.state) { return (line, walk.state) }
            }
            // The end of the document ends an open paragraph.
            if case .paragraph(let para) = walk.state.leaf, startsWithBracket(para, before: line, p) {
                define(line - para.linesBack, definitionLabels(para, before: line, in: walk.state.containers, p))
            }
            return (line, walk.state)
        }
    }

    /// The headings of the whole document.
    func headings(includingEmpty: Bool = false) -> [MarkdownExtractor.Heading] {
        var out: [MarkdownExtractor.Heading] = []
        scan(from: 0, in: initialState(), includingEmpty: includingEmpty) { out.append($0) }
        return out
    }

    /// The first line after YAML front matter (`---` on line 0 up to the next `---` or `...` line), or 0.
    func frontMatterEnd() -> Int {
        guard map.lineCount > 1, isFrontMatterFence(0, dots: false) else { return 0 }
        for line in 1..<map.lineCount where isFrontMatterFence(line, dots: true) { return line + 1 }
        return 0  // never closed: a thematic break, not front matter
    }

    func isFrontMatterFence(_ line: Int, dots: Bool) -> Bool {
        let (a, b) = UTF8Whitespace.trim(bytes, map.lineStarts[line], map.lineEnd(line))
        guard b - a == 3 else { return false }
        return bytes[a..<b].elementsEqual("---".utf8) || (dots && bytes[a..<b].elementsEqual("...".utf8))
    }
}

/// The scan's step: one line through cmark's S_process_line (check_open_blocks, open_new_blocks,
/// add_text_to_container), keeping only what decides the headings.
private struct Walk {
    let scanner: MarkdownScanner
    let p: UnsafeBufferPointer<UInt8>
    var state: MarkdownScanner.State

    /// What a line starts once its new containers are open.
    private enum Start { case nothing, atx(level: Int, text: Int), fence(UInt8, Int), html(Int), setext(Int), thematicBreak, indentedCode }

    mutating func process(_ line: Int, define: (Int, [String]) -> Void, report: (MarkdownExtractor.Heading) -> Void) {
        let lineStart = scanner.map.lineStarts[line]
        if case .frontMatter = state.leaf {
            if line > 0 && scanner.isFrontMatterFence(line, dots: true) { state.leaf = .none }
            return
        }
        let bom = line == 0 && p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF  // cmark skips it
        var cur = MarkdownLine(p, start: lineStart + (bom ? 3 : 0), end: scanner.map.lineEnd(line))

        // The open blocks the line continues.
        var matched = 0
        while matched < state.containers.count, cur.continues(state.containers[matched]) { matched += 1 }
        var allMatched = false
        if matched == state.containers.count {
            cur.findFirstNonspace()
            switch state.leaf {
            case .fencedCode(let fence, let length):
                if cur.indent <= 3, cur.peek(cur.firstNonspace) == fence, cur.closingFenceLength(cur.firstNonspace) >= length {
                    state.leaf = .none
                }
                return
            case .htmlBlock(let kind) where kind <= 5 || !cur.blank:
                if cur.endsHTMLBlock(kind, from: cur.firstNonspace) { state.leaf = .none }
                return
            case .paragraph: allMatched = !cur.blank
            default: allMatched = true
            }
        }

        // The blocks it opens: containers, then perhaps a leaf.
        let paragraph: MarkdownScanner.Paragraph? = if case .paragraph(let para) = state.leaf { para } else { nil }
        // A paragraph that starts with `[` may open with link reference definitions, read when it ends: in the
        // containers it had, which the line may close.
        let definitionsIn = paragraph.flatMap { scanner.startsWithBracket($0, before: line, p) ? state.containers : nil }
        var continuesParagraph = allMatched && paragraph != nil  // the line's container is the paragraph
        var maybeLazy = paragraph != nil
        var opened = 0  // containers opened, appended to the ones continued (a line that opens one is not lazy)
        var start = Start.nothing
        while true {
            cur.findFirstNonspace()
            if cur.indent >= 4 {
                if !maybeLazy && !cur.blank { start = .indentedCode }
                break
            }
            let i = cur.firstNonspace, c = cur.peek(i)
            if c == UInt8(ascii: ">") {
                cur.openBlockQuote()
                open(.blockQuote, after: matched, &opened)
            } else if let leaf = leafStart(cur, c, continuesParagraph: continuesParagraph, maybeLazy: maybeLazy) {
                start = leaf
                break
            } else if c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+") || (0x30...0x39).contains(c),
                      let length = cur.listMarker(i, interruptsParagraph: continuesParagraph) {
                open(.listItem(contentIndent: cur.openListItem(markerLength: length), hasContent: false), after: matched, &opened)
            } else {
                break
            }
            continuesParagraph = false
            maybeLazy = false
        }
        cur.findFirstNonspace()
        defer { countParagraphLine() }

        if paragraph != nil, opened == 0, case .nothing = start, !cur.blank {
            return  // the paragraph goes on: a continuation line, or a lazy one (its containers stay open)
        }
        if let paragraph, case .setext(let level) = start {
            if let heading = scanner.setextHeading(level, underline: line, paragraph, in: state.containers, p) {
                if let containers = definitionsIn {  // the heading ends the paragraph
                    define(line - paragraph.linesBack, scanner.definitionLabels(paragraph, before: line, in: containers, p))
                }
                report(heading)
                state.leaf = .none
            } else {  // only link reference definitions: the underline is paragraph text
                state.leaf = .paragraph(.init(linesBack: paragraph.linesBack, textLinesBack: 0,
                                              textColumn: cur.firstNonspace - lineStart, firstColumn: paragraph.firstColumn))
            }
            return
        }
        if let paragraph, let containers = definitionsIn {  // the line ends the paragraph
            define(line - paragraph.linesBack, scanner.definitionLabels(paragraph, before: line, in: containers, p))
        }

        // Blocks not continued close; the new ones open inside the last one continued. Each container but the
        // innermost now holds a block, and so does the innermost when the line adds a leaf block to it.
        if opened == 0 && matched < state.containers.count { state.containers.removeSubrange(matched...) }
        let count = state.containers.count
        if count > 0 {
            let addsLeaf = if case .nothing = start { !cur.blank } else { true }
            for k in max(matched - 1, 0)..<count where k < count - 1 || addsLeaf {
                if case .listItem(let indent, false) = state.containers[k] {
                    state.containers[k] = .listItem(contentIndent: indent, hasContent: true)
                }
            }
        }
        switch start {
        case .nothing:
            state.leaf = cur.blank ? .none
                : .paragraph(.init(linesBack: 0, textLinesBack: 0, textColumn: cur.firstNonspace - lineStart,
                                   firstColumn: cur.firstNonspace - lineStart))
        case .atx(let level, let text):
            report(scanner.atxHeading(level, line: line, text: text, end: cur.end, p))
            state.leaf = .none
        case .fence(let char, let length):
            state.leaf = .fencedCode(fence: char, length: length)
        case .html(let kind):
            state.leaf = kind <= 5 && cur.endsHTMLBlock(kind, from: cur.firstNonspace) ? .none : .htmlBlock(kind: kind)
        case .setext, .thematicBreak, .indentedCode:
            state.leaf = .none
        }
    }

    /// Opens a container after the `matched` ones the line continued (closing the others) and `opened` ones before.
    private mutating func open(_ container: MarkdownScanner.Container, after matched: Int, _ opened: inout Int) {
        if opened == 0 && matched < state.containers.count { state.containers.removeSubrange(matched...) }
        state.containers.append(container)
        opened += 1
    }

    /// The leaf block a line starts at its first non-blank byte `c`, in the order cmark tries them: ATX heading,
    /// fence, HTML block, setext underline (of a paragraph the line continues), thematic break.
    private func leafStart(_ cur: MarkdownLine, _ c: UInt8, continuesParagraph: Bool, maybeLazy: Bool) -> Start? {
        let i = cur.firstNonspace
        switch c {
        case UInt8(ascii: "#"):
            return cur.atxStart(i).map { .atx(level: $0.level, text: i + $0.level) }
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            return cur.openingFence(i).map { .fence($0.char, $0.length) }
        case UInt8(ascii: "<"):
            return cur.htmlBlockStart(i, allowKind7: !continuesParagraph && !maybeLazy).map { .html($0) }
        case UInt8(ascii: "="), UInt8(ascii: "-"):
            if continuesParagraph, let level = cur.setextLevel(i) { return .setext(level) }
            return cur.isThematicBreak(i) ? .thematicBreak : nil
        case UInt8(ascii: "*"), UInt8(ascii: "_"):
            return cur.isThematicBreak(i) ? .thematicBreak : nil
        default:
            return nil
        }
    }

    /// A line boundary passes: an open paragraph began one line further back.
    private mutating func countParagraphLine() {
        if case .paragraph(var para) = state.leaf {
            para.linesBack += 1
            para.textLinesBack += 1
            state.leaf = .paragraph(para)
        }
    }
}
