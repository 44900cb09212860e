import SeededRandom

/// Random texts and edits for the model-based test: line ends of every kind, characters of every width in
/// every encoding (surrogate pairs, combining marks, ZWJ sequences), Markdown block syntax, and positions that
/// are valid, clamped, inside a character or past the end of the document.
struct RandomEdits {
    var rng: SplitMix64

    static let fragments: [String] = [
        "Anna", "Östen", "Åsa", "zebra", "Bertil", "42 Street", "Ärla", "x", "é", "Zoë",
        " ", "  ", "\t", "\n", "\n", "\n", "\r\n", "\r\n", "\r", "\n\n",
        "😀", "e\u{301}", "日本語", "한국어", "👩\u{200D}👩\u{200D}👧", "\u{10348}", "\u{FEFF}", "\u{0}",
        "# ", "## ", "### Title", "# Ö #", "Heading\n===", "\n---", "```", "~~~", "    ", "<!--", "-->", "- item", "> ",
    ]

    /// An integer in `0 ..< bound`.
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0 ..< bound, using: &rng) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func text(fragments count: Int) -> String {
        (0 ..< count).map { _ in pick(Self.fragments) }.joined()
    }

    mutating func documentText() -> String { text(fragments: below(40)) }

    /// A position in `model`: mostly a character boundary, sometimes a character past the end of its line,
    /// inside a character, at the very end, past the end of the document, or negative.
    mutating func position(in model: TextModel, _ encoding: ModelEncoding) -> ModelPosition {
        let line = below(model.lineCount)
        switch below(100) {
        case 0 ..< 74:
            return ModelPosition(line: line, character: pick(model.boundaries(ofLine: line, encoding)))
        case 74 ..< 86:
            return ModelPosition(line: line, character: below(model.units(ofLine: line, encoding) + 4))
        case 86 ..< 92:
            return ModelPosition(line: model.lineCount, character: 0)
        case 92 ..< 96:
            return ModelPosition(line: model.lineCount + below(3), character: below(3))
        case 96 ..< 98:
            return ModelPosition(line: line, character: Int(Int32.max))
        default:
            return chance(50) ? ModelPosition(line: -1, character: 0) : ModelPosition(line: line, character: -1)
        }
    }

    /// One content change against `model`.
    mutating func change(of model: TextModel, _ encoding: ModelEncoding) -> ModelChange {
        if chance(3) { return ModelChange(range: nil, text: documentText()) }
        // Large texts shrink: cut whole lines.
        if model.scalars.count > 1500 && chance(50) {
            let first = below(model.lineCount)
            let last = min(model.lineCount, first + 1 + below(model.lineCount))
            return ModelChange(
                range: ModelRange(start: ModelPosition(line: first, character: 0), end: ModelPosition(line: last, character: 0)),
                text: "")
        }
        let start = position(in: model, encoding)
        var end = start
        if chance(45) {
            end = position(in: model, encoding)
            // Mostly in order; a reversed range is invalid and is kept sometimes.
            if let a = model.index(of: start, encoding), let b = model.index(of: end, encoding), b < a, chance(85) {
                return ModelChange(range: ModelRange(start: end, end: start), text: insertion())
            }
        }
        return ModelChange(range: ModelRange(start: start, end: end), text: insertion())
    }

    mutating func insertion() -> String {
        switch below(100) {
        case 0 ..< 20: return ""
        case 20 ..< 24: return documentText()
        default: return text(fragments: 1 + below(3))
        }
    }

    /// One notification's changes: each is drawn against the text the previous ones left.
    mutating func changes(of model: TextModel, _ encoding: ModelEncoding) -> [ModelChange] {
        var current = model
        return (0 ... below(3)).map { _ in
            let change = change(of: current, encoding)
            if let next = current.applying([change], encoding) { current = next }
            return change
        }
    }
}
