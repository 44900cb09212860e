/// Block quotes and list items: how a line continues one (cmark's check_open_blocks), how one opens
/// (open_new_blocks), and where an open paragraph's lines begin inside them.
extension MarkdownScanner {
    /// A container block open at a line boundary.
    enum Container: Equatable, Sendable {
        /// `>`: a line continues it with up to 3 columns of indentation, `>` and an optional space.
        case blockQuote
        /// A list item: a line continues it when indented at least `contentIndent` columns (the marker's indentation,
        /// its width and the spaces after it) past the containers outside it, or when blank and the item holds a block
        /// (an item whose first line is only its marker ends at a blank line).
        case listItem(contentIndent: Int, hasContent: Bool)
    }
}

extension MarkdownLine {
    /// Whether the line continues `container`; if so the offset moves past its marker or indentation.
    mutating func continues(_ container: MarkdownScanner.Container) -> Bool {
        findFirstNonspace()
        switch container {
        case .blockQuote:
            guard indent <= 3, peek(firstNonspace) == UInt8(ascii: ">") else { return false }
            advance(indent + 1, columns: true)
            skipOptionalSpace()
            return true
        case .listItem(let contentIndent, let hasContent):
            if indent >= contentIndent {
                advance(contentIndent, columns: true)
                return true
            }
            if blank && hasContent {
                advance(firstNonspace - offset, columns: false)
                return true
            }
            return false
        }
    }

    /// Moves past the `>` at the first non-blank byte and an optional space.
    mutating func openBlockQuote() {
        advance(firstNonspace + 1 - offset, columns: false)
        skipOptionalSpace()
    }

    /// Moves past the list marker of `markerLength` bytes at the first non-blank byte and the spaces that belong to
    /// it: 1-4 columns of them, or 1 when there are 5 or more (the item holds indented code) or nothing follows.
    /// Returns the item's content indent.
    mutating func openListItem(markerLength: Int) -> Int {
        let markerIndent = indent
        advance(firstNonspace + markerLength - offset, columns: false)
        let saved = (offset, column, partialTab)
        while column - saved.1 <= 5, Self.isSpaceOrTab(peek(offset)) { advance(1, columns: true) }
        let spaces = column - saved.1
        if spaces >= 5 || spaces < 1 || peek(offset) == Self.newline {
            (offset, column, partialTab) = saved
            if spaces > 0 { advance(1, columns: true) }
            return markerIndent + markerLength + 1
        }
        return markerIndent + markerLength + spaces
    }
}

extension MarkdownScanner {
    /// One line of a paragraph's text: bytes `start..<end`, after `padding` spaces (what is left of a tab that the
    /// containers' markers used part of).
    struct TextLine {
        var start: Int, end: Int, padding: Int
    }

    /// The text lines of a paragraph in `containers` from line `first` (its text at byte `column` of the line) up to
    /// line `last`: every later line continued the containers and the paragraph, its text from its first non-blank
    /// byte, or was a lazy continuation line, its text from where its containers' markers stopped matching.
    func paragraphLines(_ p: UnsafeBufferPointer<UInt8>, containers: [Container], first: Int, column: Int,
                        through last: Int) -> [TextLine] {
        var out = [TextLine(start: map.lineStarts[first] + column, end: map.lineEnd(first), padding: 0)]
        guard first < last else { return out }
        for line in (first + 1)...last {
            var cur = MarkdownLine(p, start: map.lineStarts[line], end: map.lineEnd(line))
            if !containers.allSatisfy({ cur.continues($0) }) {  // lazy
                let tab = cur.partialTab ? 1 : 0
                out.append(TextLine(start: cur.offset + tab, end: cur.end, padding: tab * (4 - cur.column % 4)))
            } else {
                cur.findFirstNonspace()
                out.append(TextLine(start: cur.firstNonspace, end: cur.end, padding: 0))
            }
        }
        return out
    }
}
