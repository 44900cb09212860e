/// Reads an Apple `.strings` table as records: one `key = value;` pair a record, whose first line is its key's. A
/// pair begins a line of its own in the tables Xcode and translators write (a comment may stand before it on that
/// line); there the reading depends on nothing before, so an edit is followed by reading the pairs near it again. A
/// table with two pairs on a line, or a comment that ends on the line a key starts, is not read as records (see
/// `RecordsNotFollowable`).
struct StringsReader: Sendable {
    let options: ExtractionOptions

    func read(_ text: RecordText, from line: Int, record: (Int) -> Bool, entry: (Entry) -> Void) throws {
        var parser = StringsParser(bytes: text.bytes, map: text, fileName: options.fileName, from: line)
        parser.pairsOwnTheirLines = true
        try parser.read(record: record) { entry(StringsExtractor.entry($0)) }
    }

    /// What `read` finds, but only each pair's first line, its bytes and its key (the string it sorts by): no entry made.
    func readSortStrings(_ text: RecordText, from line: Int, record: (Int) -> Bool, sortString: (Int, Range<Int>, UnsafeBufferPointer<UInt8>) -> Void) throws {
        var parser = StringsParser(bytes: text.bytes, map: text, fileName: options.fileName, from: line)
        parser.pairsOwnTheirLines = true
        try parser.readKeys(record: record, key: sortString)
    }

    /// Whether a pair probably starts on `line`: its first byte that is not a blank opens a quoted key.
    static func likelyStart(_ text: RecordText, line: Int) -> Bool {
        var i = text.lineStarts[line]
        let end = text.lineEnd(line)
        while i < end, text.bytes[i] == 0x20 || text.bytes[i] == 0x09 { i += 1 }
        return i < end && text.bytes[i] == UInt8(ascii: "\"")
    }
}
