import Foundation

/// Headings of a Markdown document, nested by level: a glossary, a handbook, a lexicon.
///
/// Kind: every heading is `.string`, as marksman and VS Code's built-in Markdown outline report them;
/// a heading is text, not a namespace or class, and editors show String-kind entries plainly.
///
/// The headings are the ones CommonMark's reference implementation (cmark 0.30.2) finds, ATX and setext, also
/// inside block quotes and list items: `MarkdownScanner` follows cmark's block parser line by line, so heading-like
/// lines in fenced or indented code and in HTML blocks (all seven kinds, comments among them) are not headings, nor
/// is a setext underline under link reference definitions or under a lazy continuation line. YAML front matter
/// (`---` on the first line up to `---` or `...`) is skipped. A heading's name is its text as cmark renders it given
/// the document's link reference definitions (`MarkdownInlineText`): its raw text, trimmed, without an ATX closing
/// sequence (a setext heading's lines joined by spaces); headings with no text are left out.
public struct MarkdownExtractor: EntryExtractor {
    /// `markdown`.
    public static let languageIds = ["markdown"]
    /// `md`, `markdown`, `mdown`, `mkd` and `mkdn`.
    public static let fileExtensions = ["md", "markdown", "mdown", "mkd", "mkdn"]

    /// A Markdown extractor.
    public init() {}

    /// A heading as the scanner finds it: from `startLine` (a setext heading's first line of text) to `endLine`
    /// (its underline; an ATX heading's own line), named by its text.
    struct Heading: Equatable {
        var level: Int
        var name: String
        var startLine: Int
        var endLine: Int
        var selection: TextRange
    }

    /// The headings, each holding the deeper headings under it. Never throws: any text is Markdown.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        let bytes = Array(text.utf8)
        let map = RecordText(bytes)
        let scanner = MarkdownScanner(bytes: bytes, map: map)
        var headings: [Heading] = [], defined: Set<String> = []
        scanner.scan(from: 0, in: scanner.initialState(), define: { defined.formUnion($1) }) { headings.append($0) }
        var i = 0
        return Extraction(entries: Self.nest(headings, &i, under: 0, defined: defined, map: map))
    }

    /// Entries for the headings from `i` on that are deeper than `level`; a heading's range runs to the
    /// line before the next heading of the same or a higher level, or to the end of the document.
    static func nest(_ hs: [Heading], _ i: inout Int, under level: Int, defined: Set<String>, map: RecordText) -> [Entry] {
        var out: [Entry] = []
        while i < hs.count, hs[i].level > level {
            let h = hs[i]
            i += 1
            let children = nest(hs, &i, under: h.level, defined: defined, map: map)
            let endLine = i < hs.count ? hs[i].startLine - 1 : map.lastContentLine
            let (name, plain, _) = names(h.name, defined: defined)
            out.append(Entry(
                name: name, kind: .string,
                range: TextRange(start: TextPosition(line: h.startLine, column: 0), end: map.endOfLine(endLine)),
                selectionRange: h.selection,
                collationString: plain,
                children: children))
        }
        return out
    }

    /// A heading's name, its inline source as CommonMark renders it (`MarkdownInlineText`; the source itself when
    /// that is empty, as a heading of nothing but HTML), what it sorts by when that differs (`plainText`), and the
    /// link labels the name depends on (`defined`: those the document defines).
    static func names(_ source: String, defined: Set<String>) -> (name: String, collationString: String?, lookedUp: [String]) {
        let (rendered, lookedUp) = MarkdownInlineText.rendered(source, defined: defined)
        let name = rendered.isEmpty ? source : rendered
        let plain = plainText(name)
        return (name, plain == name ? nil : plain, lookedUp)
    }

    /// The name without the brackets and markers that would otherwise decide its section: a reference link's
    /// `[Swift][swift]`, a literal `*`, sort as Swift, not under `#`.
    static func plainText(_ s: String) -> String {
        // Bytes, not Characters: most headings have no markup, and this runs for every heading of every edit.
        guard s.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "[") }) else { return s }
        var out = ""
        var it = s.makeIterator()
        var skipping = 0  // inside "(...)" after a link's "]"
        var previous: Character = " "
        while let c = it.next() {
            defer { previous = c }
            if skipping > 0 {
                if c == "(" { skipping += 1 } else if c == ")" { skipping -= 1 }
                continue
            }
            switch c {
            case "*", "`", "[": continue
            case "]": continue
            case "(" where previous == "]": skipping = 1
            default: out.append(c)
            }
        }
        let trimmed = out.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? s : trimmed
    }
}
