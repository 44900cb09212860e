import Foundation

/// Completes what the line-based Swift regexes in `SwiftOptlib` cannot know: where each declaration's
/// body ends (by matching braces outside comments and string literals), every name in `case a, b, c`,
/// and which matches are not declarations a person looks up (locals inside function bodies, `case`
/// labels of a `switch`, keywords caught as names).
struct SwiftDeclarations {
    let map: RecordText
    var bytes: [UInt8] { map.bytes }

    private static let bodyKinds: Set<String> = ["struct", "class", "actor", "enum", "protocol", "extension", "function", "constructor"]

    func refine(_ tags: [CtagsTag]) -> [CtagsTag] {
        let braces = SwiftBraces(bytes: bytes)
        var out: [CtagsTag] = []
        for var tag in tags where !SwiftOptlib.keywords.contains(tag.name ?? "") {
            let line = tag.line! - 1
            if let kind = tag.kind, Self.bodyKinds.contains(kind) || kind == "variable" {
                if let close = bodyEnd(line: line, sameLineOnly: kind == "variable", braces) { tag.end = close + 1 }
            }
            if tag.kind == "enumerator" {
                for name in caseNames(line: line) where !SwiftOptlib.keywords.contains(name) {
                    var each = tag
                    each.name = name
                    out.append(each)
                }
            } else {
                out.append(tag)
            }
        }
        // Keep declarations, not locals: judge each by the innermost tag whose lines enclose it.
        return out.enumerated().filter { i, tag in
            let container = innermost(containing: i, out)?.kind
            switch tag.kind {
            case "enumerator": return container == "enum"
            case "variable", "constructor": return !["function", "constructor", "variable"].contains(container ?? "")
            default: return true
            }
        }.map(\.element)
    }

    private func innermost(containing i: Int, _ tags: [CtagsTag]) -> CtagsTag? {
        let line = tags[i].line!
        var best: CtagsTag?
        for (j, t) in tags.enumerated() where j != i {
            guard let end = t.end, t.line! < line, line <= end else { continue }
            if best == nil || t.line! >= best!.line! { best = t }
        }
        return best
    }

    /// 0-based line of the `}` closing the body that starts at or after line `line`, or nil when the
    /// declaration has no body there (a protocol requirement, a stored property).
    private func bodyEnd(line: Int, sameLineOnly: Bool, _ braces: SwiftBraces) -> Int? {
        let from = map.lineStarts[line]
        guard let open = braces.firstOpen(atOrAfter: from) else { return nil }
        let openLine = map.line(ofOffset: open.offset)
        if sameLineOnly ? openLine != line : openLine - line > 20 { return nil }
        if braces.hasClose(in: from..<open.offset) { return nil }  // the enclosing body ends first
        if openLine > line {
            for l in (line + 1)...openLine where startsDeclaration(l) { return nil }
        }
        return open.close.map { map.line(ofOffset: $0) } ?? map.lastContentLine
    }

    private static let declarationWords: [String] = [
        "func ", "var ", "let ", "case ", "struct ", "class ", "enum ", "protocol ", "extension ", "init(", "init<",
        "typealias ", "actor ", "subscript", "deinit", "@", "public ", "private ", "internal ", "fileprivate ",
        "open ", "static ", "final ", "override ", "}",
    ]

    private func startsDeclaration(_ line: Int) -> Bool {
        let (a, b) = UTF8Whitespace.trim(bytes, map.lineStarts[line], map.lineEnd(line))
        let text = String(utf8Slice: bytes[a..<b])
        return Self.declarationWords.contains { text.hasPrefix($0) }
    }

    /// The names after `case` on a line: `case a, b(Int), c = 3` gives a, b, c.
    private func caseNames(line: Int) -> [String] {
        let text = String(utf8Slice: bytes[map.lineStarts[line]..<map.lineEnd(line)])
        guard let keyword = text.range(of: "case ") else { return [] }
        var parts = [""], depth = 0
        for c in text[keyword.upperBound...] {
            if depth == 0, c == "/" { break }  // a trailing comment
            if "([<".contains(c) { depth += 1 } else if ")]>".contains(c) { depth -= 1 }
            if depth == 0, c == "," { parts.append("") } else { parts[parts.count - 1].append(c) }
        }
        return parts.compactMap { part in
            let name = part.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
            let bare = name.filter { $0 != "`" }
            return bare.isEmpty ? nil : String(bare)
        }
    }
}

/// Where the braces of Swift code are, ignoring those in comments (nested `/* */` included) and in
/// string literals (`"…"`, `"""…"""`, raw `#"…"#`), while still seeing those inside `\( )` interpolations.
struct SwiftBraces {
    /// Every `{` in code, in text order, with the offset of its matching `}` (nil if never closed).
    private(set) var opens: [(offset: Int, close: Int?)] = []
    private(set) var closes: [Int] = []

    private enum Mode: Equatable {
        case code, lineComment, blockComment(Int), string(multiline: Bool, hashes: Int)
    }

    init(bytes: [UInt8]) {
        let n = bytes.count
        var mode = Mode.code
        var open: [Int] = []  // indices into `opens`
        var parens = 0
        var interpolations: [(parens: Int, resume: Mode)] = []
        func at(_ j: Int) -> UInt8 { j < n ? bytes[j] : 0 }
        func hashes(from j: Int) -> Int { var k = j; while k < n, bytes[k] == UInt8(ascii: "#") { k += 1 }; return k - j }
        var i = 0
        while i < n {
            let b = bytes[i]
            switch mode {
            case .code:
                if b == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "/") { mode = .lineComment; i += 2; continue }
                if b == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") { mode = .blockComment(1); i += 2; continue }
                if b == UInt8(ascii: "#") || b == UInt8(ascii: "\"") {
                    let h = hashes(from: i)
                    if at(i + h) == UInt8(ascii: "\"") {
                        let triple = at(i + h + 1) == UInt8(ascii: "\"") && at(i + h + 2) == UInt8(ascii: "\"")
                        mode = .string(multiline: triple, hashes: h)
                        i += h + (triple ? 3 : 1)
                        continue
                    }
                    i += max(h, 1)
                    continue
                }
                switch b {
                case UInt8(ascii: "{"): open.append(opens.count); opens.append((i, nil))
                case UInt8(ascii: "}"):
                    closes.append(i)
                    if let top = open.popLast() { opens[top].close = i }
                case UInt8(ascii: "("): parens += 1
                case UInt8(ascii: ")"):
                    if let last = interpolations.last, last.parens == parens {
                        mode = last.resume
                        interpolations.removeLast()
                    }
                    parens -= 1
                default: break
                }
                i += 1
            case .lineComment:
                if b == 0x0A || b == 0x0D { mode = .code }
                i += 1
            case .blockComment(let depth):
                if b == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") { mode = .blockComment(depth + 1); i += 2; continue }
                if b == UInt8(ascii: "*"), at(i + 1) == UInt8(ascii: "/") { mode = depth == 1 ? .code : .blockComment(depth - 1); i += 2; continue }
                i += 1
            case .string(let multiline, let h):
                if b == UInt8(ascii: "\\"), hashes(from: i + 1) >= h {
                    let next = i + 1 + h
                    if at(next) == UInt8(ascii: "(") {
                        parens += 1
                        interpolations.append((parens, mode))
                        mode = .code
                        i = next + 1
                    } else {
                        i = next + 1  // an escaped character
                    }
                    continue
                }
                if b == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ at(i + $0) == UInt8(ascii: "\"") }), hashes(from: i + quotes) >= h {
                        mode = .code
                        i += quotes + h
                        continue
                    }
                }
                if !multiline, b == 0x0A || b == 0x0D { mode = .code }  // unterminated: recover at the line end
                i += 1
            }
        }
    }

    func firstOpen(atOrAfter offset: Int) -> (offset: Int, close: Int?)? {
        var lo = 0, hi = opens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if opens[mid].offset < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < opens.count ? opens[lo] : nil
    }

    func hasClose(in range: Range<Int>) -> Bool {
        var lo = 0, hi = closes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if closes[mid] < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        return lo < closes.count && closes[lo] < range.upperBound
    }
}
