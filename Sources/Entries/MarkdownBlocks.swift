/// One line as cmark's block parser reads it (blocks.c, the CommonMark reference implementation): a byte `offset`
/// and a `column` in which a tab advances to the next multiple of 4 (a tab the containers' prefixes use only part of
/// is `partialTab`), and the first non-blank byte at or after the offset with its indentation in columns. The line's
/// text ends at `end`, where `peek` reads a line feed: cmark ends every line with one, and its recognisers rely on it.
///
/// The recognisers below say whether a block starts at byte `i` (usually `firstNonspace`), each as cmark 0.30.2
/// decides it (its re2c scanners, scanners.re, and blocks.c).
struct MarkdownLine {
    let p: UnsafeBufferPointer<UInt8>
    let end: Int
    var offset: Int
    var column = 0
    var partialTab = false
    var firstNonspace: Int
    var firstNonspaceColumn = 0
    var indent = 0
    var blank = false

    static let tab = UInt8(ascii: "\t"), space = UInt8(ascii: " "), newline = UInt8(ascii: "\n")

    init(_ p: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.p = p
        self.end = end
        offset = start
        firstNonspace = start
    }

    /// The byte at `i`; a line feed at `end` and 0 after it.
    @inline(__always)
    func peek(_ i: Int) -> UInt8 {
        i < end ? p[i] : i == end ? Self.newline : 0
    }

    /// Sets `firstNonspace`, its column, `indent` (columns from `column` to it) and `blank`.
    mutating func findFirstNonspace() {
        if firstNonspace <= offset {
            var toTab = 4 - column % 4
            firstNonspace = offset
            firstNonspaceColumn = column
            while firstNonspace < end {
                let c = p[firstNonspace]
                if c == Self.space {
                    firstNonspace += 1
                    firstNonspaceColumn += 1
                    toTab = toTab == 1 ? 4 : toTab - 1
                } else if c == Self.tab {
                    firstNonspace += 1
                    firstNonspaceColumn += toTab
                    toTab = 4
                } else {
                    break
                }
            }
        }
        indent = firstNonspaceColumn - column
        blank = firstNonspace == end
    }

    /// Moves on `count` columns (a tab may be left partly used) or `count` bytes.
    mutating func advance(_ count: Int, columns: Bool) {
        var count = count
        while count > 0 {
            let c = peek(offset)
            if c == 0 { return }
            if c == Self.tab {
                let toTab = 4 - column % 4
                if columns {
                    partialTab = toTab > count
                    let step = min(count, toTab)
                    column += step
                    offset += partialTab ? 0 : 1
                    count -= step
                } else {
                    partialTab = false
                    column += toTab
                    offset += 1
                    count -= 1
                }
            } else {
                partialTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    /// Skips one space or tab at the offset (one column of a tab), as after a `>`.
    mutating func skipOptionalSpace() {
        if Self.isSpaceOrTab(peek(offset)) { advance(1, columns: true) }
    }

    @inline(__always) static func isSpaceOrTab(_ c: UInt8) -> Bool { c == space || c == tab }

    /// cmark_isspace and the scanners' `spacechar`: space, tab, line feed, vertical tab, form feed, carriage return.
    @inline(__always) static func isSpaceChar(_ c: UInt8) -> Bool { c == space || (0x09...0x0D).contains(c) }

    // MARK: Block starts

    /// An ATX heading's opening: 1-6 `#` then spaces or tabs or the end of the line. The level and the bytes to skip.
    func atxStart(_ i: Int) -> (level: Int, length: Int)? {
        var j = i
        while peek(j) == UInt8(ascii: "#"), j - i < 7 { j += 1 }
        let level = j - i
        guard (1...6).contains(level) else { return nil }
        if peek(j) == Self.newline { return (level, level + 1) }
        guard Self.isSpaceOrTab(peek(j)) else { return nil }
        while Self.isSpaceOrTab(peek(j)) { j += 1 }
        return (level, j - i)
    }

    /// An opening code fence: 3+ backticks with no backtick after them on the line, or 3+ tildes.
    func openingFence(_ i: Int) -> (char: UInt8, length: Int)? {
        let c = peek(i)
        guard c == UInt8(ascii: "`") || c == UInt8(ascii: "~") else { return nil }
        var j = i
        while peek(j) == c { j += 1 }
        guard j - i >= 3 else { return nil }
        if c == UInt8(ascii: "`"), p[j..<end].contains(c) { return nil }
        return (c, min(j - i, 255))  // cmark keeps a fence's length in a byte
    }

    /// The length of a closing fence at `i` (3+ of one character, then only spaces and tabs), or 0.
    func closingFenceLength(_ i: Int) -> Int {
        let c = peek(i)
        guard c == UInt8(ascii: "`") || c == UInt8(ascii: "~") else { return 0 }
        var j = i
        while peek(j) == c { j += 1 }
        let length = j - i
        while Self.isSpaceOrTab(peek(j)) { j += 1 }
        return length >= 3 && j >= end ? length : 0
    }

    /// 1 for a setext underline of `=`, 2 for one of `-` (trailing spaces and tabs allowed).
    func setextLevel(_ i: Int) -> Int? {
        let c = peek(i)
        guard c == UInt8(ascii: "=") || c == UInt8(ascii: "-") else { return nil }
        var j = i
        while peek(j) == c { j += 1 }
        while Self.isSpaceOrTab(peek(j)) { j += 1 }
        guard j >= end else { return nil }
        return c == UInt8(ascii: "=") ? 1 : 2
    }

    /// Three or more `*`, `-` or `_` (one of them), with spaces and tabs anywhere, alone on the line.
    func isThematicBreak(_ i: Int) -> Bool {
        let c = peek(i)
        guard c == UInt8(ascii: "*") || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") else { return false }
        var count = 0, j = i
        while j < end {
            if p[j] == c { count += 1 } else if !Self.isSpaceOrTab(p[j]) { return false }
            j += 1
        }
        return count >= 3
    }

    /// A list marker's length: `-`, `+` or `*`, or 1-9 digits and `.` or `)`, followed by white space or the end of
    /// the line. To interrupt a paragraph an item must not be empty and an ordered one must start at 1.
    func listMarker(_ i: Int, interruptsParagraph: Bool) -> Int? {
        let c = peek(i)
        var j = i
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: "*") {
            j += 1
        } else if isDigit(c) {
            var start = 0
            repeat {
                start = start * 10 + Int(peek(j) - UInt8(ascii: "0"))
                j += 1
            } while j - i < 9 && isDigit(peek(j))
            if interruptsParagraph && start != 1 { return nil }
            guard peek(j) == UInt8(ascii: ".") || peek(j) == UInt8(ascii: ")") else { return nil }
            j += 1
        } else {
            return nil
        }
        guard Self.isSpaceChar(peek(j)) else { return nil }
        if interruptsParagraph {
            var k = j
            while Self.isSpaceOrTab(peek(k)) { k += 1 }
            if k >= end { return nil }
        }
        return j - i
    }

    @inline(__always) private func isDigit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }
}
