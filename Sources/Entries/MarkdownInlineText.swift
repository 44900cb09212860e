/// A heading's inline source as the text CommonMark renders it: backslash escapes and entities resolved, code spans'
/// content kept as written, emphasis markers that pair up removed, links and images as their text, autolinks as their
/// address, raw HTML dropped (`` The `String` Type `` → The String Type, `*look*` → look, `\#` → #).
///
/// A reference link (`[text][ref]`, `[text][]`, `[text]`) is a link when `defined` holds its label (normalized as
/// `MarkdownLinkReferences.normalized` does), as cmark renders it given the whole document's link reference
/// definitions: a changelog's `## [1.2.0] - 2026-06-04` is named 1.2.0 - 2026-06-04 where `[1.2.0]: …` defines it, and
/// keeps its brackets where nothing does. So a heading's name depends on its line and the labels it looked up
/// (`lookedUp`): an edit elsewhere renames it only when it defines or undefines one of them.
enum MarkdownInlineText {
    /// `defined`: the labels the document defines, normalized (none: as cmark renders a document without definitions).
    static func render(_ source: String, defined: Set<String> = []) -> String {
        rendered(source, defined: defined).text
    }

    /// The text, and the labels (normalized) whose definition it depended on.
    static func rendered(_ source: String, defined: Set<String>) -> (text: String, lookedUp: [String]) {
        // Most headings have nothing to render: found by bytes, without a parse.
        guard source.utf8.contains(where: { special.contains($0) }) else { return (source, []) }
        var parser = Parser(Array(source.unicodeScalars), defined: defined)
        let text = parser.parse()
        return (text.trimmingCharacters(in: [" ", "\t"]), parser.lookedUp)
    }

    private static let special: Set<UInt8> = Set("\\`*_[]!<&".utf8)

    /// A node of the inline content: text, or a run of `*` or `_` that may open or close emphasis.
    fileprivate enum Node {
        case text(String)
        case delimiter(Delimiter)
        /// `[` or `![`: text unless a `]` makes a link of what follows (kept apart from the text before and after).
        case bracket(String)
    }

    fileprivate struct Delimiter {
        let character: Unicode.Scalar
        var count: Int
        let original: Int
        let canOpen: Bool
        let canClose: Bool
    }

    fileprivate struct Parser {
        let s: [Unicode.Scalar]
        var i = 0
        var nodes: [Node] = []
        let defined: Set<String>
        var lookedUp: [String] = []
        /// Open brackets: where their node is, where the text after them starts, whether it is an image, and whether
        /// it may still make a link.
        var brackets: [(node: Int, text: Int, image: Bool, active: Bool)] = []
        /// Backtick runs met by searches for a code span's end: where the last run of each length starts, and whether
        /// a search went to the end.
        var lastRunStart: [Int: Int] = [:]
        var scannedForBackticks = false

        init(_ s: [Unicode.Scalar], defined: Set<String>) {
            self.s = s
            self.defined = defined
        }

        mutating func parse() -> String {
            while i < s.count {
                let c = s[i]
                switch c {
                case "\\":
                    if i + 1 < s.count, isPunctuation(s[i + 1]) {
                        append(String(s[i + 1]))
                        i += 2
                    } else {
                        append("\\")
                        i += 1
                    }
                case "`": codeSpan()
                case "*", "_": delimiterRun()
                case "[":
                    brackets.append((nodes.count, i + 1, false, true))
                    nodes.append(.bracket("["))
                    i += 1
                case "!" where i + 1 < s.count && s[i + 1] == "[":
                    brackets.append((nodes.count, i + 2, true, true))
                    nodes.append(.bracket("!["))
                    i += 2
                case "]": closeBracket()
                case "<": angle()
                case "&": entity()
                default:
                    var j = i
                    while j < s.count, !"\\`*_[]!<&".unicodeScalars.contains(s[j]) { j += 1 }
                    if j == i { j += 1 }
                    append(String(String.UnicodeScalarView(s[i ..< j])))
                    i = j
                }
            }
            return Self.text(Self.emphasized(nodes))
        }

        mutating func append(_ text: String) {
            if case .text(let last)? = nodes.last {
                nodes[nodes.count - 1] = .text(last + text)
            } else {
                nodes.append(.text(text))
            }
        }

        /// A code span, or the backticks as text when no run of the same length closes it. Searched as cmark 0.30
        /// searches: once a search reached the end, a run length whose last run seen starts before here has no closer
        /// (which, after a longer run nothing closed, leaves the second of two later spans as text: cmark's quirk,
        /// kept so that names are what the reference renders).
        mutating func codeSpan() {
            var j = i
            while j < s.count, s[j] == "`" { j += 1 }
            let length = j - i
            var closer: Int?
            if !(scannedForBackticks && (lastRunStart[length] ?? -1) <= j) {
                var k = j
                while k < s.count {
                    guard s[k] == "`" else {
                        k += 1
                        continue
                    }
                    let start = k
                    while k < s.count, s[k] == "`" { k += 1 }
                    lastRunStart[k - start] = start
                    if k - start == length {
                        closer = start
                        break
                    }
                }
                if closer == nil { scannedForBackticks = true }
            }
            guard let closer else {
                append(String(repeating: "`", count: length))
                i = j
                return
            }
            var content = Array(s[j ..< closer]).map { $0 == "\n" ? " " as Unicode.Scalar : $0 }
            if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                content = Array(content.dropFirst().dropLast())
            }
            nodes.append(.text(String(String.UnicodeScalarView(content))))
            i = closer + length
        }

        /// A run of `*` or `_`, with what the flanking rules let it do.
        mutating func delimiterRun() {
            let c = s[i]
            var j = i
            while j < s.count, s[j] == c { j += 1 }
            let before: Unicode.Scalar = i > 0 ? s[i - 1] : " ", after: Unicode.Scalar = j < s.count ? s[j] : " "
            let leftFlanking = !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before))
            let rightFlanking = !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after))
            let canOpen = c == "*" ? leftFlanking : leftFlanking && (!rightFlanking || isPunctuation(before))
            let canClose = c == "*" ? rightFlanking : rightFlanking && (!leftFlanking || isPunctuation(after))
            nodes.append(.delimiter(Delimiter(character: c, count: j - i, original: j - i, canOpen: canOpen, canClose: canClose)))
            i = j
        }

        /// `]`: a link or an image when an open bracket and a destination make one; the text `]` otherwise.
        mutating func closeBracket() {
            guard let opener = brackets.popLast() else {
                append("]")
                i += 1
                return
            }
            guard opener.active, let end = linkTail(after: i + 1) ?? referenceTail(text: opener.text ..< i, after: i + 1) else {
                append("]")
                i += 1
                return
            }
            // The link's text: its nodes with their own emphasis, as one text node.
            let inner = Self.text(Self.emphasized(Array(nodes[(opener.node + 1)...])))
            nodes.removeSubrange(opener.node...)
            nodes.append(.text(inner))
            i = end
            // No link inside a link: the brackets before a link can no longer make one (images can hold links).
            if !opener.image { brackets = brackets.map { ($0.node, $0.text, $0.image, $0.image ? $0.active : false) } }
        }

        /// Where an inline link's tail after `]`, `(destination "title")`, ends (references are not looked up).
        func linkTail(after start: Int) -> Int? {
            start < s.count && s[start] == "(" ? inlineTail(start + 1) : nil
        }

        /// Where a reference link's tail ends when its label is defined: after a full `[label]` or a collapsed `[]`,
        /// or right after `]` for a shortcut (whose text is then the label). As cmark, a full reference whose label is
        /// not defined is no link (its `[label]` may make one of its own).
        mutating func referenceTail(text: Range<Int>, after start: Int) -> Int? {
            if start < s.count, s[start] == "[", let end = labelEnd(start + 1) {
                if end > start + 1 { return isDefined(start + 1 ..< end) ? end + 1 : nil }  // full: [text][label]
                return isLabel(text) && isDefined(text) ? end + 1 : nil  // collapsed: [text][]
            }
            return isLabel(text) && isDefined(text) ? start : nil  // shortcut: [text]
        }

        mutating func isDefined(_ label: Range<Int>) -> Bool {
            let normalized = MarkdownLinkReferences.normalized(String(String.UnicodeScalarView(s[label])))
            lookedUp.append(normalized)
            return defined.contains(normalized)
        }

        /// The `]` ending a label that starts at `start` (just after `[`): no unescaped bracket inside, at most 999
        /// characters, not blank unless empty (a collapsed reference's `[]`).
        func labelEnd(_ start: Int) -> Int? {
            var j = start
            while j < s.count, s[j] != "]" {
                if s[j] == "[" { return nil }
                if s[j] == "\\", j + 1 < s.count, isPunctuation(s[j + 1]) { j += 1 }
                j += 1
            }
            guard j < s.count, j - start <= 999 else { return nil }
            return j == start || s[start ..< j].contains(where: { !isWhitespace($0) }) ? j : nil
        }

        func isLabel(_ text: Range<Int>) -> Bool {
            !text.isEmpty && text.count <= 999 && s[text].contains { !isWhitespace($0) }
                && labelEnd(text.lowerBound) == text.upperBound
        }

        /// `destination "title")` from just after `(`; nil when it is not one.
        func inlineTail(_ start: Int) -> Int? {
            var j = skipSpace(start)
            guard j < s.count else { return nil }
            if s[j] == ")" { return j + 1 }
            if s[j] == "<" {
                j += 1
                while j < s.count, s[j] != ">" {
                    if s[j] == "<" || s[j] == "\n" { return nil }
                    if s[j] == "\\", j + 1 < s.count { j += 1 }
                    j += 1
                }
                guard j < s.count else { return nil }
                j += 1
            } else {
                var depth = 0
                let begin = j
                while j < s.count, !isWhitespace(s[j]), s[j].value >= 0x20, s[j] != "\u{7F}" {
                    if s[j] == "\\", j + 1 < s.count, isPunctuation(s[j + 1]) {
                        j += 2
                        continue
                    }
                    if s[j] == "(" { depth += 1 }
                    if s[j] == ")" {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    j += 1
                }
                guard depth == 0, j > begin else { return nil }
            }
            let afterDestination = j
            j = skipSpace(j)
            if j < s.count, j > afterDestination, s[j] == "\"" || s[j] == "'" || s[j] == "(" {
                let close: Unicode.Scalar = s[j] == "(" ? ")" : s[j]
                j += 1
                while j < s.count, s[j] != close {
                    if s[j] == "\\", j + 1 < s.count { j += 1 } else if close == ")", s[j] == "(" { return nil }
                    j += 1
                }
                guard j < s.count else { return nil }
                j = skipSpace(j + 1)
            }
            return j < s.count && s[j] == ")" ? j + 1 : nil
        }

        func skipSpace(_ start: Int) -> Int {
            var j = start
            while j < s.count, isWhitespace(s[j]) { j += 1 }
            return j
        }

        /// `<`: an autolink (its address), raw HTML (dropped), or the text `<`.
        mutating func angle() {
            if let (end, address) = autolink() {
                append(address)
                i = end
            } else if let end = htmlTag() {
                i = end
            } else {
                append("<")
                i += 1
            }
        }

        func autolink() -> (Int, String)? {
            var j = i + 1
            // A URI: a scheme of 2–32 letters, digits, + . -, then `:` and no space or < >.
            let schemeStart = j
            while j < s.count, isASCIIAlphanumeric(s[j]) || s[j] == "+" || s[j] == "." || s[j] == "-" { j += 1 }
            if j - schemeStart >= 2, j - schemeStart <= 32, isASCIILetter(s[schemeStart]), j < s.count, s[j] == ":" {
                var k = j + 1
                while k < s.count, s[k] != ">", s[k] != "<", !isWhitespace(s[k]), s[k].value >= 0x20 { k += 1 }
                if k < s.count, s[k] == ">" { return (k + 1, String(String.UnicodeScalarView(s[(i + 1) ..< k]))) }
            }
            // An email address.
            j = i + 1
            while j < s.count, isASCIIAlphanumeric(s[j]) || ".!#$%&'*+/=?^_`{|}~-".unicodeScalars.contains(s[j]) { j += 1 }
            guard j > i + 1, j < s.count, s[j] == "@" else { return nil }
            var k = j + 1
            while k < s.count, isASCIIAlphanumeric(s[k]) || s[k] == "-" || s[k] == "." { k += 1 }
            guard k > j + 1, k < s.count, s[k] == ">", s[j + 1] != ".", s[k - 1] != ".", s[k - 1] != "-" else { return nil }
            return (k + 1, String(String.UnicodeScalarView(s[(i + 1) ..< k])))
        }

        /// The end of an HTML tag, comment, processing instruction, declaration or CDATA section starting at `<`.
        func htmlTag() -> Int? {
            let rest = String(String.UnicodeScalarView(s[i...]))
            for (open, close) in [("<!--", "-->"), ("<?", "?>"), ("<![CDATA[", "]]>")] where rest.hasPrefix(open) {
                if open == "<!--", rest.hasPrefix("<!-->") || rest.hasPrefix("<!--->") { return i + (rest.hasPrefix("<!-->") ? 5 : 6) }
                guard let range = rest.range(of: close, range: rest.index(rest.startIndex, offsetBy: open.count) ..< rest.endIndex) else { return nil }
                return i + rest.unicodeScalars.distance(from: rest.unicodeScalars.startIndex, to: range.upperBound)
            }
            var j = i + 1
            if j < s.count, s[j] == "!" {
                j += 1
                guard j < s.count, isASCIILetter(s[j]) else { return nil }
                while j < s.count, s[j] != ">" { j += 1 }
                return j < s.count ? j + 1 : nil
            }
            let closing = j < s.count && s[j] == "/"
            if closing { j += 1 }
            guard j < s.count, isASCIILetter(s[j]) else { return nil }
            while j < s.count, isASCIIAlphanumeric(s[j]) || s[j] == "-" { j += 1 }
            if closing {
                j = skipSpace(j)
                return j < s.count && s[j] == ">" ? j + 1 : nil
            }
            // Attributes: whitespace, a name, optionally = and a value.
            while true {
                let spaced = skipSpace(j)
                if spaced < s.count, s[spaced] == ">" { return spaced + 1 }
                if spaced + 1 < s.count, s[spaced] == "/", s[spaced + 1] == ">" { return spaced + 2 }
                guard spaced > j, spaced < s.count, isASCIILetter(s[spaced]) || s[spaced] == "_" || s[spaced] == ":" else { return nil }
                j = spaced
                while j < s.count, isASCIIAlphanumeric(s[j]) || "_.:-".unicodeScalars.contains(s[j]) { j += 1 }
                let beforeEquals = skipSpace(j)
                if beforeEquals < s.count, s[beforeEquals] == "=" {
                    j = skipSpace(beforeEquals + 1)
                    guard j < s.count else { return nil }
                    if s[j] == "\"" || s[j] == "'" {
                        let quote = s[j]
                        j += 1
                        while j < s.count, s[j] != quote { j += 1 }
                        guard j < s.count else { return nil }
                        j += 1
                    } else {
                        let begin = j
                        while j < s.count, !isWhitespace(s[j]), !"\"'=<>`".unicodeScalars.contains(s[j]) { j += 1 }
                        guard j > begin else { return nil }
                    }
                }
            }
        }

        /// `&`: an entity or numeric character reference, or the text `&`.
        mutating func entity() {
            var j = i + 1
            if j < s.count, s[j] == "#" {
                j += 1
                let hex = j < s.count && (s[j] == "x" || s[j] == "X")
                if hex { j += 1 }
                let begin = j
                while j < s.count, hex ? s[j].properties.isASCIIHexDigit : ("0" ... "9").contains(s[j]) { j += 1 }
                if j > begin, j - begin <= (hex ? 6 : 7), j < s.count, s[j] == ";",
                   let value = UInt32(String(String.UnicodeScalarView(s[begin ..< j])), radix: hex ? 16 : 10) {
                    append(String(Unicode.Scalar(value == 0 ? 0xFFFD : value) ?? "\u{FFFD}"))
                    i = j + 1
                    return
                }
            } else {
                let begin = j
                while j < s.count, isASCIIAlphanumeric(s[j]) { j += 1 }
                if j > begin, j < s.count, s[j] == ";", let value = Self.entities[String(String.UnicodeScalarView(s[begin ..< j]))] {
                    append(value)
                    i = j + 1
                    return
                }
            }
            append("&")
            i += 1
        }

        /// The entities headings use; any other `&name;` stays as written.
        static let entities: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
            "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "laquo": "«", "raquo": "»", "ldquo": "“",
            "rdquo": "”", "lsquo": "‘", "rsquo": "’", "middot": "·", "times": "×", "deg": "°", "euro": "€",
            "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "aring": "å", "Aring": "Å",
            "eacute": "é", "szlig": "ß",
        ]

        /// CommonMark's "process emphasis": closers matched with the nearest opener of the same character; what
        /// pairs is removed, what does not stays as text. A closer that finds no opener bounds later searches by
        /// closers of its kind from below (itself included), as cmark 0.30 keeps the bounds: one for `_`; for `*`,
        /// one per whether the closer can open and its run's length modulo 3.
        static func emphasized(_ input: [Node]) -> [Node] {
            var nodes = input
            var bottoms: [Int: Int] = [:]
            var closer = 0
            while closer < nodes.count {
                guard case .delimiter(var close) = nodes[closer], close.canClose, close.count > 0 else {
                    closer += 1
                    continue
                }
                let bound = close.character == "_" ? 0 : 1 + (close.canOpen ? 3 : 0) + close.original % 3
                var opener = closer - 1, found = false
                while opener >= bottoms[bound, default: 0] {
                    if case .delimiter(let open) = nodes[opener], open.character == close.character, open.canOpen, open.count > 0,
                       !(open.canClose || close.canOpen) || close.original % 3 == 0 || (open.original + close.original) % 3 != 0 {
                        found = true
                        break
                    }
                    opener -= 1
                }
                guard found, case .delimiter(var open) = nodes[opener] else {
                    bottoms[bound] = closer
                    closer += 1
                    continue
                }
                let used = open.count >= 2 && close.count >= 2 ? 2 : 1
                open.count -= used
                close.count -= used
                nodes[opener] = .delimiter(open)
                nodes[closer] = .delimiter(close)
                // Delimiters between them can no longer pair: they are text now.
                for k in (opener + 1) ..< closer {
                    if case .delimiter(let d) = nodes[k] { nodes[k] = .text(String(repeating: String(d.character), count: d.count)) }
                }
                if close.count == 0 { closer += 1 }
            }
            return nodes
        }

        static func text(_ nodes: [Node]) -> String {
            nodes.map { node in
                switch node {
                case .text(let t), .bracket(let t): t
                case .delimiter(let d): String(repeating: String(d.character), count: d.count)
                }
            }.joined()
        }
    }

    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" || c.properties.generalCategory == .spaceSeparator
    }

    static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return (0x21 ... 0x2F).contains(c.value) || (0x3A ... 0x40).contains(c.value) || (0x5B ... 0x60).contains(c.value) || (0x7B ... 0x7E).contains(c.value) }
        // CommonMark 0.30 (cmark 0.30): the general categories P*, not symbols.
        switch c.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    static func isASCIILetter(_ c: Unicode.Scalar) -> Bool { ("a" ... "z").contains(c) || ("A" ... "Z").contains(c) }
    static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool { isASCIILetter(c) || ("0" ... "9").contains(c) }
}

private func isPunctuation(_ c: Unicode.Scalar) -> Bool { MarkdownInlineText.isPunctuation(c) }
private func isWhitespace(_ c: Unicode.Scalar) -> Bool { MarkdownInlineText.isWhitespace(c) }
private func isASCIILetter(_ c: Unicode.Scalar) -> Bool { MarkdownInlineText.isASCIILetter(c) }
private func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool { MarkdownInlineText.isASCIIAlphanumeric(c) }
