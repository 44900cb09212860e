import Foundation

/// Link reference definitions (`[label]: destination "title"`) at the start of a paragraph's text, as cmark 0.30.2
/// reads them (inlines.c, cmark_parse_reference_inline). They matter to the outline twice: a heading's reference link
/// (`## [1.2.0] - 2026-06-04`) is a link only when the document defines its label, and a paragraph that holds nothing
/// but definitions is no setext heading's text (the underline becomes paragraph text).
enum MarkdownLinkReferences {
    /// The definitions at the start of `s` (a paragraph's text lines, each ending in a line feed): the bytes they take
    /// up (definitions end at line ends) and their labels, normalized.
    static func definitions(_ s: [UInt8]) -> (length: Int, labels: [String]) {
        var pos = 0, labels: [String] = []
        while pos < s.count, s[pos] == UInt8(ascii: "["), let next = definition(s, at: pos), let end = label(s, at: pos) {
            labels.append(normalized(String(decoding: s[(pos + 1)..<(end - 1)], as: UTF8.self)))
            pos = next
        }
        return (pos, labels)
    }

    /// A label as cmark matches labels (normalize_reference): case folded, trimmed, and each run of white space
    /// inside it one space.
    static func normalized(_ label: String) -> String {
        // ASCII (most labels: versions, words) folds by lowercasing, without Foundation's slower folding.
        let folded = (label.utf8.allSatisfy { $0 < 0x80 } ? label.lowercased() : label.folding(options: .caseInsensitive, locale: nil)).utf8
        var out: [UInt8] = [], space = false
        for c in folded {
            if MarkdownLine.isSpaceChar(c) {
                space = !out.isEmpty
            } else {
                if space { out.append(MarkdownLine.space) }
                space = false
                out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where one definition starting at `start` ends (after its line feed), or nil.
    static func definition(_ s: [UInt8], at start: Int) -> Int? {
        func peek(_ i: Int) -> UInt8 { i < s.count ? s[i] : 0 }
        func skipSpaces(_ i: inout Int) { while peek(i) == 0x20 || peek(i) == 0x09 { i += 1 } }
        func skipLineEnd(_ i: inout Int) -> Bool {  // \r?\n, or the end
            var seen = false
            if peek(i) == 0x0D { i += 1; seen = true }
            if peek(i) == 0x0A { i += 1; seen = true }
            return seen || i >= s.count
        }
        func skipSpacesAndOneNewline(_ i: inout Int) {
            skipSpaces(&i)
            if skipLineEnd(&i) { skipSpaces(&i) }
        }

        var i = start
        guard let afterLabel = label(s, at: i), peek(afterLabel) == UInt8(ascii: ":") else { return nil }
        i = afterLabel + 1
        skipSpacesAndOneNewline(&i)
        guard let destinationLength = destination(s, at: i) else { return nil }
        i += destinationLength
        let beforeTitle = i
        skipSpacesAndOneNewline(&i)
        let titleLength = i == beforeTitle ? 0 : title(s, at: i)
        i = titleLength > 0 ? i + titleLength : beforeTitle
        skipSpaces(&i)
        if !skipLineEnd(&i) {
            guard titleLength > 0 else { return nil }
            i = beforeTitle  // a title followed by more text: the definition may still end with its destination
            skipSpaces(&i)
            guard skipLineEnd(&i) else { return nil }
        }
        return i
    }

    /// After `[label]`: no unescaped brackets, at most 1000 bytes, not only white space.
    static func label(_ s: [UInt8], at start: Int) -> Int? {
        guard start < s.count, s[start] == UInt8(ascii: "[") else { return nil }
        var i = start + 1, length = 0
        while i < s.count, s[i] != UInt8(ascii: "["), s[i] != UInt8(ascii: "]") {
            if s[i] == UInt8(ascii: "\\"), i + 1 < s.count, isPunctuation(s[i + 1]) {
                i += 2
                length += 2
            } else {
                i += 1
                length += 1
            }
            if length > 1000 { return nil }
        }
        guard i < s.count, s[i] == UInt8(ascii: "]") else { return nil }
        guard s[(start + 1)..<i].contains(where: { !MarkdownLine.isSpaceChar($0) }) else { return nil }
        return i + 1
    }

    /// The length of a link destination at `i`: `<...>` on one line, or a run of non-space bytes with balanced
    /// parentheses (at most 32 deep); nil when there is none.
    static func destination(_ s: [UInt8], at start: Int) -> Int? {
        var i = start
        if i < s.count, s[i] == UInt8(ascii: "<") {
            i += 1
            while i < s.count {
                let c = s[i]
                if c == UInt8(ascii: ">") { return i + 1 < s.count ? i + 1 - start : nil }
                if c == UInt8(ascii: "\\") { i += 2 } else if c == 0x0A || c == UInt8(ascii: "<") { return nil } else { i += 1 }
            }
            return nil
        }
        var depth = 0
        while i < s.count {
            let c = s[i]
            if c == UInt8(ascii: "\\"), i + 1 < s.count, isPunctuation(s[i + 1]) {
                i += 2
            } else if c == UInt8(ascii: "(") {
                depth += 1
                i += 1
                if depth > 32 { return nil }
            } else if c == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
                i += 1
            } else if MarkdownLine.isSpaceChar(c) {
                if i == start { return nil }
                break
            } else {
                i += 1
            }
        }
        return i >= s.count || depth != 0 ? nil : i - start
    }

    /// The length of a title at `i`: `"..."`, `'...'` or `(...)`, where the closing character (and `(` in the last)
    /// may appear inside after a backslash; the longest such, or 0.
    static func title(_ s: [UInt8], at start: Int) -> Int {
        guard start < s.count else { return 0 }
        let open = s[start]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return 0
        }
        var longest = 0
        var i = start + 1
        while i < s.count {
            let escaped = s[i - 1] == UInt8(ascii: "\\") && i - 1 > start
            if s[i] == close {
                longest = i + 1 - start
                if !escaped { break }
            } else if open == UInt8(ascii: "("), s[i] == open, !escaped {
                break
            }
            i += 1
        }
        return longest
    }

    static func isPunctuation(_ c: UInt8) -> Bool {
        (0x21...0x2F).contains(c) || (0x3A...0x40).contains(c) || (0x5B...0x60).contains(c) || (0x7B...0x7E).contains(c)
    }
}
