/// The seven kinds of HTML block and their ends, as CommonMark 0.30 and cmark 0.30.2 (scanners.re) define them.
///
/// 1. `<script`, `<pre`, `<style` or `<textarea` (any case) before white space, `>` or the line's end; ends on the
///    line holding `</script>`, `</pre>`, `</style>` or `</textarea>`.
/// 2. `<!--`, ends on the line holding `-->`. 3. `<?`, ends at `?>`. 4. `<!` and an ASCII capital, ends at `>`.
/// 5. `<![CDATA[`, ends at `]]>`.
/// 6. `<` or `</` and one of the block tag names (`div`, `table`, `h1`, …, any case) before white space, `>`, `/>`
///    or the line's end; ends before a blank line.
/// 7. A whole open or closing tag of any name, alone on its line; ends before a blank line, and cannot interrupt a
///    paragraph.
///
/// Kinds 1-5 end on the line holding their end, which may be the line that starts them; the end is looked for from
/// the line's first non-blank byte after its containers' markers.
extension MarkdownLine {
    /// The kind of HTML block starting at `i` (which holds `<`), 1...7, or nil; kind 7 only when `allowKind7`.
    func htmlBlockStart(_ i: Int, allowKind7: Bool) -> Int? {
        let c = peek(i + 1)
        if c == UInt8(ascii: "!") {
            if peek(i + 2) == UInt8(ascii: "-"), peek(i + 3) == UInt8(ascii: "-") { return 2 }
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(peek(i + 2)) { return 4 }
            if matchesIgnoringCase(i + 2, "[cdata[") { return 5 }
            return nil
        }
        if c == UInt8(ascii: "?") { return 3 }
        var j = i + 1
        let closing = c == UInt8(ascii: "/")
        if closing { j += 1 }
        var k = j
        while k < end, k - j <= 10, isAlphanumeric(p[k]) { k += 1 }
        if k > j, k - j <= 10 {
            let name = String(decoding: p[j..<k].map { $0 | 0x20 }, as: UTF8.self)  // ASCII lower case (digits keep)
            let next = peek(k)
            if !closing, Self.kind1Names.contains(name), Self.isSpaceChar(next) || next == UInt8(ascii: ">") {
                return 1
            }
            if Self.blockTagNames.contains(name),
               Self.isSpaceChar(next) || next == UInt8(ascii: ">")
                || (next == UInt8(ascii: "/") && peek(k + 1) == UInt8(ascii: ">")) {
                return 6
            }
        }
        return allowKind7 && isCompleteTagLine(i) ? 7 : nil
    }

    /// Whether a line whose first non-blank byte is `i` holds the end of an HTML block of `kind` (1-5; 6 and 7 end
    /// only before a blank line).
    func endsHTMLBlock(_ kind: Int, from i: Int) -> Bool {
        switch kind {
        case 1: return ["</script>", "</pre>", "</style>", "</textarea>"].contains { contains($0, from: i, ignoringCase: true) }
        case 2: return contains("-->", from: i)
        case 3: return contains("?>", from: i)
        case 4: return i < end && p[i..<end].contains(UInt8(ascii: ">"))
        case 5: return contains("]]>", from: i)
        default: return false
        }
    }

    static let kind1Names: Set<String> = ["script", "pre", "style", "textarea"]

    static let blockTagNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
        "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe",
        "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p",
        "param", "section", "source", "title", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
        "track", "ul",
    ]

    // MARK: Kind 7: `<` (open tag | closing tag), then only spaces, tabs and form feeds to the end of the line

    private func isCompleteTagLine(_ i: Int) -> Bool {
        var j = i + 1
        if peek(j) == UInt8(ascii: "/") {
            j += 1
            guard skipTagName(&j) else { return false }
            skipSpaceChars(&j)
        } else {
            guard skipTagName(&j) else { return false }
            while true {  // attributes: white space, a name, optionally `=` and a value
                var k = j
                skipSpaceChars(&k)
                guard k > j, isAttributeNameStart(peek(k)) else { break }
                k += 1
                while isAttributeNameByte(peek(k)) { k += 1 }
                j = k
                skipSpaceChars(&k)
                if peek(k) == UInt8(ascii: "=") {
                    k += 1
                    skipSpaceChars(&k)
                    guard skipAttributeValue(&k) else { return false }
                    j = k
                }
            }
            skipSpaceChars(&j)
            if peek(j) == UInt8(ascii: "/") { j += 1 }
        }
        guard peek(j) == UInt8(ascii: ">") else { return false }
        j += 1
        while j < end, p[j] == Self.space || p[j] == Self.tab || p[j] == 0x0C { j += 1 }
        return j == end
    }

    private func skipTagName(_ j: inout Int) -> Bool {
        guard isLetter(peek(j)) else { return false }
        j += 1
        while isAlphanumeric(peek(j)) || peek(j) == UInt8(ascii: "-") { j += 1 }
        return true
    }

    private func skipSpaceChars(_ j: inout Int) {
        while Self.isSpaceChar(peek(j)) { j += 1 }
    }

    private func skipAttributeValue(_ j: inout Int) -> Bool {
        let q = peek(j)
        if q == UInt8(ascii: "'") || q == UInt8(ascii: "\"") {
            var k = j + 1
            while k < end, p[k] != q { k += 1 }
            guard k < end else { return false }
            j = k + 1
            return true
        }
        let start = j
        while j < end, !Self.isSpaceChar(p[j]), !"\"'=<>`".utf8.contains(p[j]) { j += 1 }
        return j > start
    }

    private func isAttributeNameStart(_ c: UInt8) -> Bool {
        isLetter(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: ":")
    }

    private func isAttributeNameByte(_ c: UInt8) -> Bool {
        isAlphanumeric(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".")
            || c == UInt8(ascii: "-")
    }

    private func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }

    private func isAlphanumeric(_ c: UInt8) -> Bool { isLetter(c) || (0x30...0x39).contains(c) }

    private func matchesIgnoringCase(_ i: Int, _ lower: String) -> Bool {
        var j = i
        for b in lower.utf8 {
            let c = peek(j)
            guard c == b || (isLetter(c) && c | 0x20 == b) else { return false }
            j += 1
        }
        return true
    }

    private func contains(_ needle: String, from i: Int, ignoringCase: Bool = false) -> Bool {
        let n = Array(needle.utf8)
        guard end - i >= n.count else { return false }
        for s in i...(end - n.count) where p[s] == n[0] {
            if ignoringCase ? matchesIgnoringCase(s, needle) : p[(s + 1)..<(s + n.count)].elementsEqual(n[1...]) {
                return true
            }
        }
        return false
    }
}
