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
/// line, which tells the separator) and, when the first row alone cannot tell whether it is a header, by the others;
/// then read from any row on.
struct DelimitedTable: Sendable {
    let separator: UInt8
    let options: ExtractionOptions
    static let detailLimit = 120
    /// The column that names a row.
    let column: Int
    /// The columns that say how the name is read, when the header has them.
    let readings: ReadingColumns?
    /// The header's title of the name column (nil without a header).
    let columnTitle: String?

    /// Whether the rows name people (see `RecordReader.namesPeople`).
    var namesPeople: Bool {
        guard hasHeader else { return false }
        return readings != nil || columnTitle.map { Self.personTitles.contains($0.lowercased()) } ?? false
    }

    /// Titles of a column of people's names, in the exports people have and the languages whose names are read.
    static let personTitles: Set<String> = [
        "name", "names", "full name", "fullname", "display name", "contact", "contact name", "person", "people",
        "first name", "last name", "given name", "family name", "surname", "member", "employee", "author", "student",
        "名前", "氏名", "お名前", "姓名", "名字", "联系人", "聯絡人", "联系人姓名", "姓", "名", "姓名（中文）",
    ]
    /// The offset of the first row, and its number of cells.
    let firstRow: Int
    let firstColumns: Int
    /// Whether the first row is a header, and what decided it.
    private(set) var hasHeader: Bool
    private(set) var evidence: HeaderEvidence
    /// Lines `0 ..< fixedLines` hold the first row (and CSV's line 0): an edit there needs a new table.
    let fixedLines: Int

    /// What decided whether the first row is a header (see `looksLikeHeader`), kept so that an edit of other rows
    /// can tell whether the decision still holds without reading them all.
    enum HeaderEvidence: Sendable {
        /// The first row alone: a column chosen by name, a first row that is data, a column title.
        case firstRow
        /// Not yet decided: by the other rows (`decided(_:)`).
        case undecided
        /// A header: column `c` is numeric in every later row.
        case numericColumn(Int)
        /// Not a header: column `c` is not numeric in the row starting on line `lines[c]`.
        case textRows([Int])
        /// Not a header: there is no other row.
        case noBody
    }

    /// Reads the whole text.
    static func extract(_ text: RecordText, separator: UInt8?, options: ExtractionOptions) throws(ExtractionError) -> Extraction {
        guard let table = try prepare(text, separator: separator, options: options)?.decided(text) else { return Extraction(entries: []) }
        var entries: [Entry] = [], widest = 0, rows = 0
        try table.read(text, from: 0, record: { _ in true }, entry: { entries.append($0) }) { _, _, _, fields in
            rows += 1
            widest = max(widest, fields.count)
        }
        if entries.isEmpty, rows > 0, widest <= table.column {
            throw ExtractionError("column \(table.column) is past the last column: rows have \(widest) column\(widest == 1 ? "" : "s") (0–\(max(0, widest - 1)))")
        }
        return Extraction(entries: entries)
    }

    /// The table of `text`: its separator (CSV: `;` when the first line has semicolons and no comma), name column
    /// and header. Nil for a text without rows.
    static func prepare(_ text: RecordText, separator: UInt8?, options: ExtractionOptions) throws(ExtractionError) -> DelimitedTable? {
        let bytes = text.bytes, map = text
        let firstLine = bytes[0 ..< map.lineEnd(0)]
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
        let column: Int
        do {
            column = try nameColumn(header: first.cells, options: options)
        } catch {
            // A whole read meets a quote never closed before it looks at the header.
            try text.bytes.withUnsafeBufferPointer { p throws(ExtractionError) in
                let parser = DelimitedParser(p: p, separator: separator)
                var i = 0, fields: [DelimitedParser.Field] = []
                do throws(DelimitedParser.ParseFailure) {
                    while i < p.count { _ = try parser.record(&i, into: &fields) }
                } catch {
                    throw ExtractionError(file: options.fileName, line: map.line(ofOffset: error.offset) + 1, error.problem)
                }
            }
            throw error
        }
        let byName = options.column.isNameSelector || options.readingColumns.contains { Optional($0).isNameSelector }
        let readings = try ReadingColumns.find(header: first.cells, chosen: options.readingColumns, options: options)
        let looks = looksLikeHeader(first.cells)
        let title = column < first.cells.count ? first.cells[column].lowercased() : ""
        // A column of people's names titled so is a header too (`姓名`, `Full Name`), decided by the first row alone.
        let titled = readings != nil || headerWords.contains(title) || title.count > 1 && personTitles.contains(title)
        let lastLine = map.line(ofOffset: first.end)
        return DelimitedTable(separator: separator, options: options, column: column, readings: readings,
                              columnTitle: column < first.cells.count ? first.cells[column] : nil, firstRow: first.start,
                              firstColumns: first.cells.count,
                              hasHeader: byName || (looks && titled), evidence: byName || !looks || titled ? .firstRow : .undecided,
                              fixedLines: max(separator == UInt8(ascii: "\t") ? 0 : 1, lastLine + 1))
    }

    /// The table with its header decided: when the first row alone could not, by the rule that a column numeric in
    /// every later row (and not in the first) makes it a header.
    func decided(_ text: RecordText) throws(ExtractionError) -> DelimitedTable {
        guard case .undecided = evidence else { return self }
        var numeric = [Bool](repeating: true, count: firstColumns), textLine = [Int](repeating: -1, count: firstColumns)
        var rows = 0
        try forEachRow(text, from: fixedLines, record: { _ in true }) { line, parser, _, fields in
            rows += 1
            for c in 0 ..< firstColumns where textLine[c] < 0 && !Self.isNumeric(c, fields, parser) {
                numeric[c] = false
                textLine[c] = line
            }
        }
        var table = self
        if rows == 0 {
            table.evidence = .noBody
        } else if let c = numeric.firstIndex(of: true) {
            (table.hasHeader, table.evidence) = (true, .numericColumn(c))
        } else {
            table.evidence = .textRows(textLine)
        }
        return table
    }

    private static func isNumeric(_ c: Int, _ fields: [DelimitedParser.Field], _ parser: DelimitedParser) -> Bool {
        c < fields.count && isNumber(clean(parser.value(fields[c])))
    }

    /// Keeps the header's decision current after an edit replaced the rows of lines `old` by those of `new` (both
    /// at or after `fixedLines`, starting on the same line): checked on the window's rows while the evidence holds,
    /// decided again from every row (a parse, no entries made) when the edit took it away. True when the decision
    /// changed (the first row's entry comes or goes).
    mutating func follow(_ text: RecordText, old: Range<Int>, new: Range<Int>) -> Bool {
        let moved = { (line: Int) in line < old.lowerBound ? line : line >= old.upperBound ? line + new.upperBound - old.upperBound : -1 }
        var holds = true
        switch evidence {
        case .firstRow: return false
        case .undecided, .noBody: holds = false
        case .numericColumn(let c):
            try? forEachRow(text, from: new.lowerBound, record: { $0 < new.upperBound && holds }) { _, parser, _, fields in
                holds = holds && Self.isNumeric(c, fields, parser)
            }
        case .textRows(var lines):
            lines = lines.map(moved)
            if lines.contains(-1) {
                try? forEachRow(text, from: new.lowerBound, record: { $0 < new.upperBound }) { line, parser, _, fields in
                    for c in lines.indices where lines[c] < 0 && !Self.isNumeric(c, fields, parser) { lines[c] = line }
                }
            }
            evidence = .textRows(lines)
            holds = !lines.contains(-1)
        }
        guard !holds else { return false }
        let before = hasHeader
        (hasHeader, evidence) = (false, .undecided)
        if let table = try? decided(text) { self = table }
        return hasHeader != before
    }

    /// Reads rows from line `line` on (see `RecordReader.read`).
    func read(_ text: RecordText, from line: Int, record: (Int) -> Bool, entry: (Entry) -> Void) throws(ExtractionError) {
        try read(text, from: line, record: record, entry: entry) { _, _, _, _ in }
    }

    /// The names of the rows from line `startLine` on, as `read` finds them, without their entries: each row's first
    /// line, its bytes and its name's UTF-8 (for an index, which needs nothing else to sort).
    func readNames(_ text: RecordText, from startLine: Int, record: (Int) -> Bool, name: (Int, Range<Int>, UnsafeBufferPointer<UInt8>) -> Void) throws(ExtractionError) {
        try forEachRow(text, from: startLine, record: record) { line, parser, range, fields in
            guard range.lowerBound != firstRow || !hasHeader, column < fields.count else { return }
            let field = fields[column]
            if var reading = reading(parser, fields), !Self.cell(parser, field).isEmpty {
                reading.withUTF8 { name(line, range, $0) }
            } else if let span = parser.plainSpan(field) {
                if !span.isEmpty { name(line, range, UnsafeBufferPointer(rebasing: parser.p[span])) }
            } else {
                var cleaned = Self.clean(parser.value(field))
                if !cleaned.isEmpty { cleaned.withUTF8 { name(line, range, $0) } }
            }
        }
    }

    /// Appends a cell to a row's detail, after ", " when it is not the first: as a CSV line writes it, in quotes (a
    /// quote in it doubled) when it holds a comma or a quote, so that "Stockholm, Sweden" stays one cell to a reader.
    static func appendCell(_ cell: UnsafeBufferPointer<UInt8>, to detail: inout [UInt8]) {
        if !detail.isEmpty { detail += [0x2C, 0x20] }
        guard cell.contains(where: { $0 == 0x2C || $0 == 0x22 }) else { return detail += cell }
        detail.append(0x22)
        for byte in cell {
            detail.append(byte)
            if byte == 0x22 { detail.append(0x22) }
        }
        detail.append(0x22)
    }

    private func read(
        _ text: RecordText, from startLine: Int, record: (Int) -> Bool, entry: (Entry) -> Void,
        row: (Int, DelimitedParser, Int, [DelimitedParser.Field]) -> Void
    ) throws(ExtractionError) {
        let map = text
        var detail: [UInt8] = []
        /// The position of `offset`, at or after line `from`.
        func position(_ offset: Int, from: Int) -> TextPosition {
            var l = from
            while l + 1 < map.lineCount, map.lineStarts[l + 1] <= offset { l += 1 }
            return TextPosition(line: l, column: min(offset, map.lineEnd(l)) - map.lineStarts[l])
        }
        try forEachRow(text, from: startLine, record: record) { line, parser, range, fields in
            row(line, parser, range.lowerBound, fields)
            guard range.lowerBound != firstRow || !hasHeader, column < fields.count else { return }
            let p = parser.p, field = fields[column]
            let name: String
            if let span = parser.plainSpan(field) {
                guard !span.isEmpty else { return }
                name = String(decoding: UnsafeBufferPointer(rebasing: p[span]), as: UTF8.self)
            } else {
                name = Self.clean(parser.value(field))
                guard !name.isEmpty else { return }
            }
            // The other non-empty cells but the reading, joined: bytes copied straight when they need no cleaning.
            let reading = reading(parser, fields), readingColumns = readings?.all ?? []
            detail.removeAll(keepingCapacity: true)
            for (c, f) in fields.enumerated() where c != column && !(reading != nil && readingColumns.contains(c)) {
                if let span = parser.plainSpan(f) {
                    guard !span.isEmpty else { continue }
                    Self.appendCell(UnsafeBufferPointer(rebasing: p[span]), to: &detail)
                } else {
                    var cell = Self.clean(parser.value(f))
                    guard !cell.isEmpty else { continue }
                    cell.withUTF8 { Self.appendCell($0, to: &detail) }
                }
            }
            let nameStart = position(field.start, from: line)
            entry(Entry(
                name: name, kind: .string, detail: detail.isEmpty ? nil : JSONExtractor.shorten(String(decoding: detail, as: UTF8.self), limit: Self.detailLimit),
                range: TextRange(start: TextPosition(line: line, column: range.lowerBound - map.lineStarts[line]), end: position(range.upperBound, from: line)),
                selectionRange: TextRange(start: nameStart, end: position(field.end, from: nameStart.line)),
                collationString: reading == name ? nil : reading))
        }
    }

    /// How the name of a row is read, from its reading columns (nil: the table has none, or they are empty here).
    private func reading(_ parser: DelimitedParser, _ fields: [DelimitedParser.Field]) -> String? {
        guard let readings, hasHeader else { return nil }
        return readings.reading(familyNameFirst: options.familyNameFirst) { $0 < fields.count ? Self.cell(parser, fields[$0]) : nil }
    }

    /// A cell's text as a person reads it.
    private static func cell(_ parser: DelimitedParser, _ field: DelimitedParser.Field) -> String {
        parser.plainSpan(field).map { String(decoding: UnsafeBufferPointer(rebasing: parser.p[$0]), as: UTF8.self) } ?? clean(parser.value(field))
    }

    /// Calls `row` with each row from line `startLine` on: its first line, the parser, its byte range (without the
    /// line break) and its fields; `record` is asked first, with the row's first line (false: stop there).
    private func forEachRow(
        _ text: RecordText, from startLine: Int, record: (Int) -> Bool,
        _ row: (Int, DelimitedParser, Range<Int>, [DelimitedParser.Field]) -> Void
    ) throws(ExtractionError) {
        let map = text
        do {
            try text.bytes.withUnsafeBufferPointer { p throws(DelimitedParser.ParseFailure) in
                let parser = DelimitedParser(p: p, separator: separator)
                var i = startLine < map.lineCount ? map.lineStarts[startLine] : p.count, line = startLine
                var fields: [DelimitedParser.Field] = []
                while i < p.count {
                    while line + 1 < map.lineCount, map.lineStarts[line + 1] <= i { line += 1 }
                    if parser.isBlank(at: i) {
                        i += p[i] == DelimitedParser.cr && i + 1 < p.count && p[i + 1] == DelimitedParser.lf ? 2 : 1
                        continue
                    }
                    guard record(line) else { return }
                    let start = i, end = try parser.record(&i, into: &fields)
                    row(line, parser, start ..< end, fields)
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
}

extension Optional where Wrapped == ColumnSelector {
    var isNameSelector: Bool {
        if case .name = self { return true }
        return false
    }
}
