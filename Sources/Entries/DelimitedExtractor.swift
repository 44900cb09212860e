import Foundation

/// Comma-separated rows: one entry per row, named by a chosen column.
public struct CSVExtractor: EntryExtractor {
    /// `csv`.
    public static let languageIds = ["csv"]
    /// `csv`.
    public static let fileExtensions = ["csv"]
    /// A CSV extractor.
    public init() {}

    /// Spreadsheets in locales with a decimal comma export `;`-separated "CSV"; a first line with
    /// semicolons and no comma is read that way.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        try DelimitedTable.extract(RecordText(text), separator: nil, options: options)
    }
}

/// Tab-separated rows, read like CSV (quoted fields included, as spreadsheets write them).
public struct TSVExtractor: EntryExtractor {
    /// `tsv`.
    public static let languageIds = ["tsv"]
    /// `tsv` and `tab`.
    public static let fileExtensions = ["tsv", "tab"]
    /// A TSV extractor.
    public init() {}

    /// One entry per row after the header (when there is one), named by `options.column`, the other cells as detail.
    ///
    /// - Throws: `ExtractionError` for a quoted field never closed, a column name not in the header, or a column
    ///   past the last one.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        try DelimitedTable.extract(RecordText(text), separator: UInt8(ascii: "\t"), options: options)
    }
}

/// Rows to entries: header detection, the name column, details. Set up by the first row (and for CSV the first
/// line, which tells the separator), then read from any row on.
struct DelimitedTable: Sendable {
    let separator: UInt8
    let options: ExtractionOptions
    static let detailLimit = 120
    /// The column that names a row.
    let column: Int
    /// The offset of the first row, and whether it is a header (when `headerSettled`).
    let firstRow: Int?
    let hasHeader: Bool
    /// Whether `hasHeader` is decided by the first row alone; else by a whole read (a column numeric in every
    /// later row).
    let headerSettled: Bool
    /// Lines `0 ..< fixedLines` hold the first row (and CSV's line 0): an edit there needs a new table.
    let fixedLines: Int

    /// Reads the whole text.
    static func extract(_ text: RecordText, separator: UInt8?, options: ExtractionOptions) throws(ExtractionError) -> Extraction {
        guard let table = try prepare(text, separator: separator, options: options) else { return Extraction(entries: []) }
        var entries: [Entry] = [], widest = 0, rows = 0
        // Unsettled: column c is numeric in every row after the first (the first row is then a header).
        var numeric = [Bool](repeating: !table.headerSettled, count: table.headerSettled ? 0 : table.firstCells(text).count)
        try table.read(text, from: 0, record: { _ in true }, entry: { entries.append($0) }) { p, parser, start, fields in
            rows += 1
            widest = max(widest, fields.count)
            guard start != table.firstRow else { return }
            for c in numeric.indices where numeric[c] {
                numeric[c] = c < fields.count && isNumber(clean(parser.value(fields[c])))
            }
        }
        if !table.headerSettled, rows > 1, numeric.contains(true), let first = entries.first,
           first.range.start.line == text.map.line(ofOffset: table.firstRow!) {
            entries.removeFirst()
        }
        if entries.isEmpty, rows > 0, widest <= table.column {
            throw ExtractionError("column \(table.column) is past the last column: rows have \(widest) column\(widest == 1 ? "" : "s") (0–\(max(0, widest - 1)))")
        }
        return Extraction(entries: entries)
    }

    /// The table of `text`: its separator (CSV: `;` when the first line has semicolons and no comma), name column
    /// and header. Nil for a text without rows.
    static func prepare(_ text: RecordText, separator: UInt8?, options: ExtractionOptions) throws(ExtractionError) -> DelimitedTable? {
        let bytes = text.bytes, map = text.map
        let firstLine = bytes[0 ..< map.lineEnds[0]]
        let separator = separator
            ?? (!firstLine.contains(UInt8(ascii: ",")) && firstLine.contains(UInt8(ascii: ";")) ? UInt8(ascii: ";") : UInt8(ascii: ","))
        let first: (start: Int, end: Int, cells: [String])?
        do {
            first = try bytes.withUnsafeBufferPointer { p throws(DelimitedParser.ParseFailure) in
                let parser = DelimitedParser(p: p, separator: separator)
                var i = 0, fields: [DelimitedParser.Field] = []
                while i < p.count, parser.isBlank(at: i) { i += 1 }
                guard i < p.count else { return nil }
                let start = i, end = try parser.record(&i, into: &fields)
                return (start, end, fields.map { clean(parser.value($0)) })
            }
        } catch {
            throw ExtractionError(file: options.fileName, line: map.line(ofOffset: error.offset) + 1, error.problem)
        }
        guard let first else { return nil }
        let column = try nameColumn(header: first.cells, options: options)
        let byName = options.column.isNameSelector
        let looks = looksLikeHeader(first.cells), titled = column < first.cells.count && headerWords.contains(first.cells[column].lowercased())
        let lastLine = map.line(ofOffset: first.end)
        return DelimitedTable(separator: separator, options: options, column: column, firstRow: first.start,
                              hasHeader: byName || (looks && titled), headerSettled: byName || !looks || titled,
                              fixedLines: max(separator == UInt8(ascii: "\t") ? 0 : 1, lastLine + 1))
    }

    private func firstCells(_ text: RecordText) -> [String] {
        text.bytes.withUnsafeBufferPointer { p in
            let parser = DelimitedParser(p: p, separator: separator)
            var i = firstRow ?? 0, fields: [DelimitedParser.Field] = []
            _ = try? parser.record(&i, into: &fields)
            return fields.map { Self.clean(parser.value($0)) }
        }
    }

    /// Reads rows from line `line` on (see `RecordReader.read`).
    func read(_ text: RecordText, from line: Int, record: (Int) -> Bool, entry: (Entry) -> Void) throws(ExtractionError) {
        try read(text, from: line, record: record, entry: entry) { _, _, _, _ in }
    }

    private func read(
        _ text: RecordText, from startLine: Int, record: (Int) -> Bool, entry: (Entry) -> Void,
        row: (UnsafeBufferPointer<UInt8>, DelimitedParser, Int, [DelimitedParser.Field]) -> Void
    ) throws(ExtractionError) {
        let map = text.map
        do {
            try text.bytes.withUnsafeBufferPointer { p throws(DelimitedParser.ParseFailure) in
                let parser = DelimitedParser(p: p, separator: separator)
                var i = map.lineStarts[startLine], line = startLine
                var fields: [DelimitedParser.Field] = []
                var detail: [UInt8] = []
                /// The position of `offset`, at or after line `from`.
                func position(_ offset: Int, from: Int) -> TextPosition {
                    var l = from
                    while l + 1 < map.lineCount, map.lineStarts[l + 1] <= offset { l += 1 }
                    return TextPosition(line: l, column: min(offset, map.lineEnds[l]) - map.lineStarts[l])
                }
                while i < p.count {
                    while line + 1 < map.lineCount, map.lineStarts[line + 1] <= i { line += 1 }
                    if parser.isBlank(at: i) {
                        i += p[i] == DelimitedParser.cr && i + 1 < p.count && p[i + 1] == DelimitedParser.lf ? 2 : 1
                        continue
                    }
                    guard record(line) else { return }
                    let start = i, end = try parser.record(&i, into: &fields)
                    row(p, parser, start, fields)
                    guard start != firstRow || !hasHeader, column < fields.count else { continue }
                    let field = fields[column]
                    let name: String
                    if let span = parser.plainSpan(field) {
                        guard !span.isEmpty else { continue }
                        name = String(decoding: UnsafeBufferPointer(rebasing: p[span]), as: UTF8.self)
                    } else {
                        name = Self.clean(parser.value(field))
                        guard !name.isEmpty else { continue }
                    }
                    // The other non-empty cells, joined: bytes copied straight when they need no cleaning.
                    detail.removeAll(keepingCapacity: true)
                    for (c, f) in fields.enumerated() where c != column {
                        if let span = parser.plainSpan(f) {
                            guard !span.isEmpty else { continue }
                            if !detail.isEmpty { detail += [0x2C, 0x20] }
                            detail += p[span]
                        } else {
                            let cell = Self.clean(parser.value(f))
                            guard !cell.isEmpty else { continue }
                            if !detail.isEmpty { detail += [0x2C, 0x20] }
                            detail += cell.utf8
                        }
                    }
                    let startPosition = TextPosition(line: line, column: start - map.lineStarts[line])
                    let nameStart = position(field.start, from: line)
                    entry(Entry(
                        name: name, kind: .string, detail: detail.isEmpty ? nil : Self.truncate(String(decoding: detail, as: UTF8.self)),
                        range: TextRange(start: startPosition, end: position(end, from: line)),
                        selectionRange: TextRange(start: nameStart, end: position(field.end, from: nameStart.line))))
                }
            }
        } catch {
            throw ExtractionError(file: options.fileName, line: map.line(ofOffset: error.offset) + 1, error.problem)
        }
    }

    /// The zero-based index of the column that names a row.
    private static func nameColumn(header: [String], options: ExtractionOptions) throws(ExtractionError) -> Int {
        switch options.column {
        case nil: return 0
        case .index(let i): return max(0, i)
        case .name(let name):
            let wanted = name.trimmingCharacters(in: .whitespaces)
            if let i = header.firstIndex(of: wanted) { return i }
            if let i = header.firstIndex(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) { return i }
            throw ExtractionError(file: options.fileName, line: 1,
                "no column named \"\(name)\"; the header row has: \(header.joined(separator: ", "))")
        }
    }

    /// Whether the first row may be a header rather than data. When the column is chosen by name it is, by
    /// definition. Otherwise it must look like one: every cell non-empty, distinct and not a number, and
    /// either (a) some column is numeric in every later row but not in the first (`population` over
    /// figures), or (b) the name column's first cell is a word people use as a column title ("name",
    /// "word", "city"…). A first row that is plainly data (`Stockholm,Sweden,975904`) fails the first rule,
    /// and a word list whose first word is not a column title fails (b). This is the first rule; `extract` checks (a).
    static func looksLikeHeader(_ first: [String]) -> Bool {
        !first.isEmpty && first.allSatisfy({ !$0.isEmpty && !isNumber($0) }) && Set(first.map { $0.lowercased() }).count == first.count
    }

    static let headerWords: Set<String> = [
        "name", "names", "full name", "first name", "last name", "given name", "family name", "surname",
        "display name", "title", "word", "words", "term", "terms", "headword", "lemma", "entry", "key", "id",
        "label", "item", "city", "country", "place", "town", "company", "organization", "organisation",
        "product", "email", "e-mail", "author", "artist", "language", "code", "english",
        "namn", "ord", "stad", "land", "nom", "mot", "ville", "pays", "nombre", "palabra", "ciudad", "país",
        "wort", "stadt", "名前", "氏名", "単語", "都市", "名称",
    ]

    static func isNumber(_ s: String) -> Bool {
        if Double(s) != nil { return true }
        var t = s
        if t.contains(where: { $0 == " " || $0 == "\u{00A0}" || $0 == "_" }) {
            t.removeAll { $0 == " " || $0 == "\u{00A0}" || $0 == "_" }
        }
        if t.hasSuffix("%") { t.removeLast() }
        guard !t.isEmpty else { return false }
        if Double(t) != nil { return true }
        // Thousands separators: 1,234,567 or 1.234.567 (a decimal comma too: 3,5).
        let digitsAndMarks = t.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2C || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B }
        return digitsAndMarks && t.utf8.contains { (0x30...0x39).contains($0) }
    }

    /// A cell as a person reads it: trimmed, a byte-order mark dropped, line breaks inside quotes as spaces.
    static func clean(_ s: String) -> String {
        // Most cells need nothing: no blank at either end, no line break, no byte-order mark.
        let u = s.utf8
        if let first = u.first, let last = u.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80,
           !u.contains(0x0A), !u.contains(0x0D) {
            return s
        }
        var t = s
        if t.hasPrefix("\u{FEFF}") { t.removeFirst() }
        if t.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            t = t.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).joined(separator: " ")
        }
        return t.trimmingCharacters(in: .whitespaces)
    }

    static func truncate(_ s: String) -> String {
        s.utf8.count <= detailLimit || s.count <= detailLimit ? s : String(s.prefix(detailLimit - 1)) + "…"
    }
}

extension Optional where Wrapped == ColumnSelector {
    var isNameSelector: Bool {
        if case .name = self { return true }
        return false
    }
}
