/// The reference model of one document's text: Unicode scalars and LSP's reading of them, written from the
/// LSP 3.17 specification and independent of the server's byte-based `TextDocument`.
///
/// Lines end at LF, CRLF or a lone CR. A position's `character` counts code units of the negotiated encoding
/// within the line's content (its terminator excluded). A character past the end of a line means the end of
/// the line (LSP: "defaults back to the line length"); a position inside a character, on a line that does not
/// exist, or with a negative number is invalid. The one position past the last line is `(lineCount, 0)`, the
/// end of the text.

/// How a client counts `character` (LSP `PositionEncodingKind`).
enum ModelEncoding: String, CaseIterable, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// Code units of one scalar.
    func width(_ scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: return UTF8.width(scalar)
        case .utf16: return UTF16.width(scalar)
        case .utf32: return 1
        }
    }
}

struct ModelPosition: Hashable, Sendable, CustomStringConvertible {
    var line: Int
    var character: Int
    var description: String { "\(line):\(character)" }
}

struct ModelRange: Hashable, Sendable, CustomStringConvertible {
    var start: ModelPosition
    var end: ModelPosition
    var description: String { "\(start)-\(end)" }
}

/// One `TextDocumentContentChangeEvent`: a range edit, or the whole text when `range` is nil.
struct ModelChange: Sendable, CustomStringConvertible {
    var range: ModelRange?
    var text: String
    var description: String {
        "\(range.map { "\($0)" } ?? "all") \"\(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\""
    }
}

struct TextModel: Sendable, Equatable {
    private(set) var scalars: [Unicode.Scalar]
    /// For each line, the scalar index where it starts and where its content ends (before the terminator).
    private(set) var lines: [Range<Int>]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        lines = Self.lines(of: scalars)
    }

    var text: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    var lineCount: Int { lines.count }

    static func lines(of scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < scalars.count {
            switch scalars[i] {
            case "\n":
                result.append(start ..< i)
                start = i + 1
            case "\r":
                result.append(start ..< i)
                if i + 1 < scalars.count && scalars[i + 1] == "\n" { i += 1 }
                start = i + 1
            default:
                break
            }
            i += 1
        }
        result.append(start ..< scalars.count)
        return result
    }

    /// The length of line `line`'s content in code units.
    func units(ofLine line: Int, _ encoding: ModelEncoding) -> Int {
        scalars[lines[line]].reduce(0) { $0 + encoding.width($1) }
    }

    /// Every valid `character` on a line: the code-unit offsets of its scalar boundaries.
    func boundaries(ofLine line: Int, _ encoding: ModelEncoding) -> [Int] {
        var result = [0]
        var units = 0
        for scalar in scalars[lines[line]] {
            units += encoding.width(scalar)
            result.append(units)
        }
        return result
    }

    /// The scalar index of a position, or nil when LSP makes it invalid.
    func index(of position: ModelPosition, _ encoding: ModelEncoding) -> Int? {
        guard position.line >= 0, position.character >= 0 else { return nil }
        if position.line == lineCount && position.character == 0 { return scalars.count }
        guard position.line < lineCount else { return nil }
        let content = lines[position.line]
        var units = 0
        for i in content {
            if units == position.character { return i }
            if units > position.character { return nil }
            units += encoding.width(scalars[i])
        }
        return units > position.character ? nil : content.upperBound  // past the end of the line: clamped
    }

    /// The text after one notification's changes, applied in order, or nil when one of them is invalid (then the
    /// notification is refused as a whole).
    func applying(_ changes: [ModelChange], _ encoding: ModelEncoding) -> TextModel? {
        var model = self
        for change in changes {
            guard let range = change.range else {
                model = TextModel(change.text)
                continue
            }
            guard let start = model.index(of: range.start, encoding), let end = model.index(of: range.end, encoding),
                  start <= end else { return nil }
            model.scalars.replaceSubrange(start ..< end, with: change.text.unicodeScalars)
            model.lines = Self.lines(of: model.scalars)
        }
        return model
    }

    /// The `character` of an extractor's column (UTF-8 bytes into the line's content) in `encoding`, or nil when the
    /// column is not a scalar boundary of the line's content.
    func character(line: Int, utf8Column column: Int, _ encoding: ModelEncoding) -> Int? {
        guard line >= 0, line < lineCount else { return nil }
        var bytes = 0
        var units = 0
        for i in lines[line] {
            if bytes == column { return units }
            if bytes > column { return nil }
            bytes += UTF8.width(scalars[i])
            units += encoding.width(scalars[i])
        }
        return bytes == column ? units : nil
    }
}
