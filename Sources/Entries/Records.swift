/// A text whose records cannot be followed one by one, though a whole read accepts it (a `.strings` table with two
/// pairs on one line): it is read whole instead.
public struct RecordsNotFollowable: Error {}

/// A format whose entries are records read one after another: vCard cards, CSV and TSV rows, `.strings` pairs. Its reading at a
/// record's first line depends on nothing before it but what `RecordReader.fixedLines` holds (a table's header and
/// separator), so an edit is followed by reading again only from the record before it to the first record after it
/// that starts where one started before.
public struct RecordFormat: Sendable {
    enum Kind: Sendable { case vcard, csv, tsv, strings }
    let kind: Kind
    let options: ExtractionOptions

    /// The record format of `languageId` (`vcard`, `vcf`, `csv`, `tsv`, `strings`), or nil for a format that is not one.
    public init?(languageId: String, options: ExtractionOptions) {
        switch languageId.lowercased() {
        case "vcard", "vcf": kind = .vcard
        case "csv": kind = .csv
        case "tsv": kind = .tsv
        case "strings": kind = .strings
        default: return nil
        }
        self.options = options
    }

    /// Whether `text`'s records name people (`RecordReader.namesPeople`), told from the first lines alone: a table
    /// whose header is not clear from its first row is taken as not naming people (no row is read to decide).
    public func namesPeople(in text: RecordText) -> Bool {
        switch kind {
        case .vcard: return true
        case .strings: return false
        case .csv, .tsv:
            let table = try? DelimitedTable.prepare(text, separator: kind == .tsv ? UInt8(ascii: "\t") : nil, options: options)
            return (table ?? nil)?.namesPeople ?? false
        }
    }

    /// A reader of `text`'s records, set up by its first lines (a table's separator, header and name column).
    ///
    /// - Throws: `ExtractionError` as a whole read would (a column name not in the header).
    /// - Returns: nil for a table without rows.
    public func reader(for text: RecordText) throws(ExtractionError) -> RecordReader? {
        switch kind {
        case .vcard: return RecordReader(kind: .vcard(VCardReader(options: options)), fixedLines: 0)
        case .strings: return RecordReader(kind: .strings(StringsReader(options: options)), fixedLines: 0)
        case .csv, .tsv:
            let table = try DelimitedTable.prepare(text, separator: kind == .tsv ? UInt8(ascii: "\t") : nil, options: options)?.decided(text)
            return table.map { RecordReader(kind: .table($0), fixedLines: $0.fixedLines) }
        }
    }
}

/// Reads the records of one text from any record's first line on, as a whole read would find them.
public struct RecordReader: Sendable {
    enum Kind: Sendable { case vcard(VCardReader), table(DelimitedTable), strings(StringsReader) }
    var kind: Kind
    /// The lines `0 ..< fixedLines` decide how every record reads (a table's header, the line that tells CSV's
    /// separator): an edit touching them needs a new reader.
    public let fixedLines: Int

    /// Reads the records of `text` from line `line` on (the first line of a record, or a line between records at or
    /// after `fixedLines`, or 0). `record` is called with the first line of each record before it is read; when it
    /// returns false, reading stops there. `entry` gets each record's entry (a record may have none: a card with
    /// nothing to name it by, a row with an empty name cell) and `warn` what a person should hear about.
    ///
    /// - Throws: `ExtractionError` for text no whole read accepts either (a quote never closed);
    ///   `RecordsNotFollowable` for a text to read whole.
    public func read(
        _ text: RecordText, from line: Int, record: (Int) -> Bool, entry: (Entry) -> Void, warn: (String) -> Void
    ) throws {
        switch kind {
        case .vcard(let reader): reader.read(text, from: line, record: record, entry: entry, warn: warn)
        case .table(let table): try table.read(text, from: line, record: record, entry: entry)
        case .strings(let reader): try reader.read(text, from: line, record: record, entry: entry)
        }
    }

    /// What `read` finds, but only each record's first line, its bytes (its entry's range) and the UTF-8 of the
    /// string it sorts by (no entry is made for a table's row, a `.strings` pair or a plainly named card).
    ///
    /// - Throws: as `read`.
    public func readSortStrings(
        _ text: RecordText, from line: Int, record: (Int) -> Bool, sortString: (Int, Range<Int>, UnsafeBufferPointer<UInt8>) -> Void,
        warn: (String) -> Void
    ) throws {
        switch kind {
        case .table(let table): try table.readNames(text, from: line, record: record, name: sortString)
        case .vcard(let reader): reader.readSortStrings(text, from: line, record: record, sortString: sortString, warn: warn)
        case .strings(let reader): try reader.readSortStrings(text, from: line, record: record, sortString: sortString)
        }
    }

    /// Whether the records name people, by what their format says: a vCard's cards do; a table's rows do when its
    /// header titles the name column as people's names (`Name`, `Full Name`, `氏名`, `姓名` …) or has reading columns
    /// (`Family Name Yomi`, `フリガナ`, `拼音` …); `.strings` keys do not.
    public var namesPeople: Bool {
        switch kind {
        case .vcard: true
        case .table(let table): table.namesPeople
        case .strings: false
        }
    }

    /// Keeps the reader current after an edit replaced the records of lines `old` by those of `new` (both starting at
    /// the same line, at or after `fixedLines`): a table whose header was decided by its other rows checks, or
    /// decides again, whether its first row is a header. True when that changed: the first record's entry comes or
    /// goes (read the lines `firstRecordLines` again).
    public mutating func follow(_ text: RecordText, old: Range<Int>, new: Range<Int>) -> Bool {
        guard case .table(var table) = kind else { return false }
        defer { kind = .table(table) }
        return table.follow(text, old: old, new: new)
    }

    /// A line at or after `line` where a record probably starts (a `BEGIN:VCARD` line; any line of a table; a line opening a quoted key): where
    /// a second core may start reading, to be confirmed by the first arriving there (see `read`). Nil when there is
    /// none.
    public func likelyRecordStart(_ text: RecordText, after line: Int) -> Int? {
        var line = max(line, fixedLines)
        let begin = Array("BEGIN:VCARD".utf8)
        while line < text.lineCount {
            let start = text.lineStarts[line], end = text.lineEnd(line)
            switch kind {
            case .table: if end > start { return line }
            case .vcard: if end - start >= begin.count, text.bytes[start ..< start + begin.count].elementsEqual(begin) { return line }
            case .strings: if StringsReader.likelyStart(text, line: line) { return line }
            }
            line += 1
        }
        return nil
    }

    /// The lines of the first record (a table's first row; empty for vCard).
    public func firstRecordLines(_ text: RecordText) -> Range<Int> {
        guard case .table(let table) = kind else { return 0 ..< 0 }
        return text.line(ofOffset: table.firstRow) ..< fixedLines
    }
}
