/// The Markdown list a sort reorders: the items of the innermost list at a line, each with its sub-items and the lines
/// that continue it. A reader of lines, not of blocks: a list in a block quote, or a lazy continuation line (one
/// indented less than the item's text), is not followed.
extension SortText {
    /// An item's first line: where its marker is, where its text starts, and what kind of list it belongs to.
    struct ListItem {
        var line: Int
        var indent: Int
        var textStart: Int  // a byte offset
        var marker: UInt8  // `-`, `*`, `+`, or the `.` or `)` after a number
        var end = 0  // the item's last non-blank line
    }

    /// The list at the scope's position (a selection: its items the selection touches), or nil when there is none.
    func list(in scope: SortScope) -> SortRun? {
        guard let position = scope.position else { return nil }
        let items = listItems()
        guard let inner = items.indices.last(where: { items[$0].line <= position.line && position.line <= items[$0].end }) else { return nil }
        // Its siblings: items of the same indent and marker, each starting at the first non-blank line after the last.
        func sibling(_ a: ListItem, _ b: ListItem) -> Bool { a.indent == b.indent && a.marker == b.marker }
        var first = inner, last = inner
        while let previous = items[..<first].lastIndex(where: { $0.indent <= items[first].indent }),
              sibling(items[previous], items[inner]), nextNonBlank(after: items[previous].end) == items[first].line { first = previous }
        while let next = items[(last + 1)...].firstIndex(where: { $0.indent <= items[last].indent }),
              sibling(items[next], items[inner]), nextNonBlank(after: items[last].end) == items[next].line { last = next }
        var units: [SortRun.Unit] = []
        for item in items[first ... last] where item.indent == items[inner].indent {
            let end = map.lineEnd(item.end)
            let text = String(decoding: bytes[item.textStart ..< map.lineEnd(item.line)], as: UTF8.self)
            let name = MarkdownInlineText.render(text)
            let range = TextRange(start: TextPosition(line: item.line, column: 0), end: TextPosition(line: item.end, column: end - map.lineStarts[item.end]))
            if case .selection(let selection) = scope, !selection.touches(range) { continue }
            units.append(SortRun.Unit(bytes: item.textStart ..< max(item.textStart, end), name: name, sortString: name, line: item.line, startLine: item.line))
        }
        return SortRun(units: units, title: "the list at line \(items[first].line + 1)")
    }

    func nextNonBlank(after line: Int) -> Int? {
        var l = line + 1
        while l < map.lineStarts.count, trimmed(l).isEmpty { l += 1 }
        return l < map.lineStarts.count ? l : nil
    }

    /// Every list item of the document outside fenced code, with the last line of each.
    func listItems() -> [ListItem] {
        var items: [ListItem] = [], fence: (UInt8, Int)?
        for line in map.lineStarts.indices {
            let start = map.lineStarts[line], end = map.lineEnd(line)
            var i = start
            while i < end, bytes[i] == 0x20 { i += 1 }
            let indent = i - start
            // The open items end at a non-blank line indented less than their text (outside fenced code).
            if i < end, fence == nil {
                for k in items.indices.reversed() where items[k].end == -1 {
                    if indent < items[k].textStart - map.lineStarts[items[k].line] { items[k].end = lastNonBlank(before: line, from: items[k].line) }
                }
            }
            // Fenced code: nothing in it is a list item.
            if indent < 4, i + 2 < end, bytes[i] == UInt8(ascii: "`") || bytes[i] == UInt8(ascii: "~") {
                var j = i
                while j < end, bytes[j] == bytes[i] { j += 1 }
                if j - i >= 3 {
                    if let open = fence { if open.0 == bytes[i], j - i >= open.1 { fence = nil } } else { fence = (bytes[i], j - i) }
                    continue
                }
            }
            if fence != nil { continue }
            guard let (marker, textStart) = listMarker(at: i, end: end) else { continue }
            items.append(ListItem(line: line, indent: indent, textStart: textStart, marker: marker, end: -1))
        }
        let lastLine = map.lineStarts.count - 1
        for k in items.indices where items[k].end == -1 { items[k].end = lastNonBlank(before: lastLine + 1, from: items[k].line) }
        return items
    }

    func lastNonBlank(before line: Int, from first: Int) -> Int {
        var l = line - 1
        while l > first, trimmed(l).isEmpty { l -= 1 }
        return l
    }

    /// A list marker at `i` (a bullet, or up to nine digits and `.` or `)`), followed by a space or the line's end:
    /// the marker's kind and where the item's text starts. A thematic break (`* * *`, `---`) is no item.
    func listMarker(at i: Int, end: Int) -> (UInt8, Int)? {
        var j = i
        let marker: UInt8
        if j < end, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[j]) {
            marker = bytes[j]
            j += 1
            let rest = bytes[i ..< end].filter { $0 != 0x20 && $0 != 0x09 }
            if rest.count >= 3, rest.allSatisfy({ $0 == marker }) { return nil }
        } else {
            while j < end, j - i < 9, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1 }
            guard j > i, j < end, bytes[j] == UInt8(ascii: ".") || bytes[j] == UInt8(ascii: ")") else { return nil }
            marker = bytes[j]
            j += 1
        }
        guard j == end || bytes[j] == 0x20 || bytes[j] == 0x09 else { return nil }
        var text = j
        while text < end, bytes[text] == 0x20 || bytes[text] == 0x09 { text += 1 }
        if text - j > 4 { text = j + 1 }  // indented code in the item: its text starts after one space
        return (marker, text)
    }
}
