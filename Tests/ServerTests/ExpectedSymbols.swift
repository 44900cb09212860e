import Entries
import JSONRPC
import ThumbIndexJSON

/// An entry as the client sees it: name, kind and ranges in the negotiated encoding, and nested entries.
struct ModelSymbol: Hashable, Comparable, CustomStringConvertible {
    var name: String
    var kind: Int
    var range: ModelRange
    var selection: ModelRange
    var children: [ModelSymbol] = []

    var description: String {
        let nested = children.isEmpty ? "" : " {\(children.map(\.description).joined(separator: ", "))}"
        return "\(name.debugDescription) k\(kind) \(range) sel \(selection)\(nested)"
    }

    /// Document order: by range, then by selection and name, so equal multisets sort alike.
    static func < (a: ModelSymbol, b: ModelSymbol) -> Bool {
        func key(_ s: ModelSymbol) -> [Int] {
            [s.range.start.line, s.range.start.character, s.range.end.line, s.range.end.character,
             s.selection.start.line, s.selection.start.character, s.selection.end.line, s.selection.end.character]
        }
        return key(a) != key(b) ? key(a).lexicographicallyPrecedes(key(b)) : a.name < b.name
    }

    /// As `textDocument/documentSymbol` sends it: an empty name becomes " " (Protocol/README.md: LSP forbids empty
    /// names). The extractor gives one for a Setext heading over a line of Unicode spaces, e.g. "\u{A0}\n---".
    var displayed: ModelSymbol {
        var symbol = self
        if symbol.name.isEmpty { symbol.name = " " }
        symbol.children = children.map(\.displayed)
        return symbol
    }

    /// Depth-first, without children.
    static func flattened(_ symbols: [ModelSymbol]) -> [ModelSymbol] {
        symbols.flatMap { symbol -> [ModelSymbol] in
            var flat = symbol
            flat.children = []
            return [flat] + flattened(symbol.children)
        }
    }
}

/// Problems reading a reply, reported with the JSON that caused them.
struct ShapeError: Error, CustomStringConvertible {
    var description: String
}

extension ModelSymbol {
    /// A DocumentSymbol, or an entry of `thumbindex/entries` (no children).
    init(json: JSON) throws(ShapeError) {
        guard let name = json["name"]?.stringValue, let kind = json["kind"]?.intValue else {
            throw ShapeError(description: "symbol without name or kind: \(json)")
        }
        self.name = name
        self.kind = kind
        range = try Self.range(json["range"])
        selection = try Self.range(json["selectionRange"])
        children = try (json["children"]?.arrayValue ?? []).map { (child) throws(ShapeError) in try ModelSymbol(json: child) }
    }

    static func range(_ json: JSON?) throws(ShapeError) -> ModelRange {
        func position(_ json: JSON?) throws(ShapeError) -> ModelPosition {
            guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else {
                throw ShapeError(description: "bad position: \(json?.description ?? "missing")")
            }
            return ModelPosition(line: line, character: character)
        }
        return ModelRange(start: try position(json?["start"]), end: try position(json?["end"]))
    }
}

extension TextModel {
    /// The entries of this text as the server should report them: the `Entries` extractor for `languageId`
    /// (what is under test here is the server's document sync, caching and dispatch, not the extractor), with
    /// ranges converted to `encoding` by the model. Throws when an extractor range is not on a character boundary.
    func expectedSymbols(languageId: String, _ encoding: ModelEncoding) throws(ShapeError) -> [ModelSymbol] {
        // A text holding NUL is a binary file: no entries (the server logs why).
        if text.unicodeScalars.contains("\u{0}") { return [] }
        let entries: [Entry]
        do {
            entries = try Extractors.extract(text, languageId: languageId).entries
        } catch {
            throw ShapeError(description: "the extractor failed on the model's text: \(error)")
        }
        return try entries.map { (entry) throws(ShapeError) in try symbol(entry, encoding) }
    }

    private func symbol(_ entry: Entry, _ encoding: ModelEncoding) throws(ShapeError) -> ModelSymbol {
        ModelSymbol(
            name: entry.name, kind: entry.kind.rawValue, range: try range(entry.range, encoding),
            selection: try range(entry.selectionRange, encoding),
            children: try entry.children.map { (child) throws(ShapeError) in try symbol(child, encoding) })
    }

    private func range(_ range: TextRange, _ encoding: ModelEncoding) throws(ShapeError) -> ModelRange {
        func position(_ position: TextPosition) throws(ShapeError) -> ModelPosition {
            guard let character = character(line: position.line, utf8Column: position.column, encoding) else {
                throw ShapeError(description: "extractor position \(position.line):\(position.column) (UTF-8) is off the model's text")
            }
            return ModelPosition(line: position.line, character: character)
        }
        return ModelRange(start: try position(range.start), end: try position(range.end))
    }
}
