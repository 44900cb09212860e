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
        let firstLine = text.utf8.prefix { $0 != 0x0A && $0 != 0x0D }
        let semicolons = !firstLine.contains(UInt8(ascii: ",")) && firstLine.contains(UInt8(ascii: ";"))
        return try DelimitedTable(separator: semicolons ? UInt8(ascii: ";") : UInt8(ascii: ","), options: options)
            .extract(text)
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
        try DelimitedTable(separator: UInt8(ascii: "\t"), options: options).extract(text)
    }
}

/// Rows to entries: header detection, the name column, details.
struct DelimitedTable {
    let separator: UInt8
    let options: ExtractionOptions
    static let detailLimit = 120

    func extract(_ text: String) throws -> Extraction {
        let bytes = Array(text.utf8)
        let map = LineMap(bytes)
        let records: [DelimitedParser.Record]
        do {
            records = try DelimitedParser(bytes: bytes, separator: separator).records()
        } catch {
            throw ExtractionError(file: options.fileName, line: map.line(ofOffset: error.offset) + 1, error.problem)
        }
        guard !records.isEmpty else { return Extraction(entries: []) }
        let cells = records.map { $0.fields.map { Self.clean($0.value) } }
        let column = try nameColumn(header: cells[0])
        let hasHeader = Self.isHeader(cells, nameColumn: column, columnGivenByName: options.column.isNameSelector)

        var entries: [Entry] = []
        for (r, record) in records.enumerated() where !(hasHeader && r == 0) {
            guard column < record.fields.count, !cells[r][column].isEmpty else { continue }
            let field = record.fields[column]
            let others = cells[r].enumerated().filter { $0.offset != column && !$0.element.isEmpty }.map(\.element)
            entries.append(Entry(
                name: cells[r][column], kind: .string, detail: others.isEmpty ? nil : Self.truncate(others.joined(separator: ", ")),
                range: map.range(from: record.start, to: record.end),
                selectionRange: map.range(from: field.start, to: field.end)))
        }
        if entries.isEmpty, !records.isEmpty, records.allSatisfy({ $0.fields.count <= column }) {
            let widest = records.map(\.fields.count).max() ?? 0
            throw ExtractionError("column \(column) is past the last column: rows have \(widest) column\(widest == 1 ? "" : "s") (0–\(max(0, widest - 1)))")
        }
        return Extraction(entries: entries)
    }

    /// The zero-based index of the column that names a row.
    private func nameColumn(header: [String]) throws -> Int {
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

    /// Whether the first row is a header rather than data. When the column is chosen by name it is, by
    /// definition. Otherwise it must look like one: every cell non-empty, distinct and not a number, and
    /// either (a) some column is numeric in every later row but not in the first (`population` over
    /// figures), or (b) the name column's first cell is a word people use as a column title ("name",
    /// "word", "city"…). A first row that is plainly data (`Stockholm,Sweden,975904`) fails the first rule,
    /// and a word list whose first word is not a column title fails (b).
    static func isHeader(_ rows: [[String]], nameColumn: Int, columnGivenByName: Bool) -> Bool {
        if columnGivenByName { return true }
        let first = rows[0]
        guard !first.isEmpty, first.allSatisfy({ !$0.isEmpty && !isNumber($0) }),
              Set(first.map { $0.lowercased() }).count == first.count else { return false }
        let body = rows.dropFirst()
        if !body.isEmpty {
            for c in first.indices where body.allSatisfy({ c < $0.count && isNumber($0[c]) }) { return true }
        }
        guard nameColumn < first.count else { return false }
        return headerWords.contains(first[nameColumn].lowercased())
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
        s.count <= detailLimit ? s : String(s.prefix(detailLimit - 1)) + "…"
    }
}

extension Optional where Wrapped == ColumnSelector {
    var isNameSelector: Bool {
        if case .name = self { return true }
        return false
    }
}
