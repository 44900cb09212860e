import Collation
import Entries
import LowLevel

/// Records (`.records`): vCard cards, CSV and TSV rows, `.strings` pairs. A record reads the same whatever comes before it, once the
/// reader is set up (a table's header), so an edit is followed by reading again from the record before it until a
/// record starts, past the edit, on the line where one started before (moved by the edit's line delta): from there on
/// the text and the reader's state are those of before, and so are the records. An unclosed quote swallows the rows
/// after it: the window then grows until the text settles again, or to the end.
extension OutlineIndex {
    /// `.records`: the first lines an edit must not touch to be followed (a table's first row, CSV's line 0 that
    /// tells its separator); 0 for other formats.
    public var recordFixedLines: Int { recordReader?.fixedLines ?? 0 }

    /// `.records`: the reader of the document's records.
    var recordReader: RecordReader? { if case .records(let reader, _) = state { reader } else { nil } }

    /// The index of a document's records, or nil when they cannot be followed record by record (a binary text, a
    /// table whose header is decided by its other rows, text no whole read accepts, no entries): then the caller
    /// makes an `.entries` index, whose extraction reports what is wrong.
    static func makeRecords(
        _ document: TextDocument, collation: IndexedCollation, format: RecordFormat, readings: (any CollationReading)?, inputs: IndexInputs
    ) throws(CollationError) -> OutlineIndex? {
        guard !document.isBinary else { return nil }
        let text = RecordText(bytes: document.bytes, lineStarts: document.lineStarts)
        guard let reader = try? format.reader(for: text), let read = readAll(text, reader, readings: readings, keep: inputs.keepingEntries),
              !read.lines.isEmpty else { return nil }
        inputs.report(read.warnings.map { OutlineProblem(severity: .warning, message: $0, key: nil) })
        return try OutlineIndex(collation: collation, state: .records(reader, shelved: nil), document: document, batch: read.sortStrings,
                                positions: read.lines.map { Int32($0) }, stored: StoredEntries(read.entries), readings: readings,
                                inputs: inputs)
    }

    /// Follows an edit by reading the window of records it may have changed (see the type's comment).
    func updateRecords(to document: TextDocument, edit: LineEdit) -> Bool {
        guard case .records(var reader, let shelved) = state else { return false }
        var edit = edit
        if let shelf = shelved {
            // The text was refused since `shelf`'s: follow the edits since then from there.
            unshelve(shelf)
            edit = shelf.edit.then(edit)
            guard max(edit.oldEnd, edit.newEnd) - edit.start <= max(1024, count / 4) else { return false }
        }
        guard edit.start >= reader.fixedLines else { return false }
        // The record before the edit's first line starts the window: a record on that very line may now continue
        // the one before (a folded line, a quote).
        var start = edit.start - 1
        while start >= reader.fixedLines, places[start] < 0 { start -= 1 }
        start = max(start, reader.fixedLines)
        let delta = edit.lineDelta
        var window = LineEdit(start: start, oldEnd: places.count, newEnd: document.lineCount)
        let text = RecordText(bytes: document.bytes, lineStarts: document.lineStarts)
        let settled = { (line: Int) -> Bool in
            guard line >= edit.newEnd, line - delta < self.places.count, self.places[line - delta] >= 0 else { return false }
            window.oldEnd = line - delta
            window.newEnd = line
            return true
        }
        let read: Read
        do {
            read = try Self.read(text, reader, from: start, until: settled, readings: readings, keep: !stored.isEmpty)
        } catch let error as ExtractionError {
            // No whole read accepts the text now (a quote never closed): it has no entries, as a fresh open would
            // say; the records of before wait on the shelf for the edit that settles the text again.
            shelve(edit, lineCount: document.lineCount)
            let fileName = document.uri.split(separator: "/").last.map(String.init)
            report([OutlineProblem(severity: .error, message: EntrySource.naming(document.uri, fileName: fileName, in: error.message), key: nil)])
            return true
        } catch {
            return false  // `RecordsNotFollowable`: a whole read instead
        }
        report(read.warnings.map { OutlineProblem(severity: .warning, message: $0, key: nil) })
        replace(window, in: document, batch: read.sortStrings, lines: read.lines, entries: read.entries)
        // A table whose header was decided by its other rows: when the edit changed that, the first row's entry
        // comes or goes.
        state = .entries  // the reader mutated alone, not copied
        let headerChanged = reader.follow(text, old: start ..< window.oldEnd, new: start ..< window.newEnd)
        state = .records(reader, shelved: nil)
        if headerChanged {
            let first = reader.firstRecordLines(text)
            guard let read = try? Self.read(text, reader, from: first.lowerBound, until: { $0 >= first.upperBound }, readings: readings,
                                            keep: !stored.isEmpty) else { return false }
            replace(LineEdit(start: first.lowerBound, oldEnd: first.upperBound, newEnd: first.upperBound), in: document,
                    batch: read.sortStrings, lines: read.lines, entries: read.entries)
        }
        // No entries at all: a whole read may have something to say (a column past the last one).
        return count > 0
    }

    /// Lines and bytes a whole read may find records in: at most a record a line, its sort string at most the text.
    private struct Room {
        var lines: Int
        var bytes: Int
    }

    /// What a read of records gives: the start lines of the records that have entries, their sort strings, the
    /// warnings met, when kept the entries (lines counted from their start line; else they are read again from
    /// the text when served), and when asked each record's bytes (what a sort moves).
    struct Read {
        var entries: [Entry] = []
        var lines: [Int] = []
        var sortStrings = UTF8Batch([String]())
        var warnings: [String] = []
        var bytes: [Range<Int>] = []
    }

    /// All records, read on two cores for a large text: the second half from a line where a record probably starts,
    /// which counts only when the first half, read up to there, starts a record on that very line (the rule an edit
    /// is followed by); else the first half reads on from where it stopped.
    static func readAll(_ text: RecordText, _ reader: RecordReader, readings: (any CollationReading)?, keep: Bool, bytes: Bool = false) -> Read? {
        // Room for every record the lines could start (and their sort strings' bytes) is reserved where they are
        // read, the first half's for the whole text: the second is appended to it.
        let whole = Room(lines: text.lineCount, bytes: text.bytes.count)
        guard text.bytes.count >= Thresholds.recordsReadOnTwoCores, let middle = reader.likelyRecordStart(text, after: text.lineCount / 2) else {
            return try? read(text, reader, from: 0, until: { _ in false }, readings: readings, keep: keep, bytes: bytes, room: whole)
        }
        // Each half writes only its own variables; `Cores.run` returns after both.
        var firstHalf: Read?, secondHalf: Read?, stopped = -1
        Cores.run({
            firstHalf = try? read(text, reader, from: 0, until: { line in
                if line >= middle { stopped = line }
                return line >= middle
            }, readings: readings, keep: keep, bytes: bytes, room: whole)
        }, {
            let room = Room(lines: text.lineCount - middle, bytes: text.bytes.count - text.lineStart(middle))
            secondHalf = try? read(text, reader, from: middle, until: { _ in false }, readings: readings, keep: keep, bytes: bytes, room: room)
        })
        // Taken out of their variables, not copied: appended to while a variable still held it, the first half's
        // arrays were copied whole (a million records' sort strings) before the second's were added.
        guard var first = firstHalf.take() else { return nil }
        // Stopped on the guessed line: the second half is the rest. Stopped past it: read on from there.
        guard let rest = stopped == middle ? secondHalf.take()
                : stopped >= 0 ? try? read(text, reader, from: stopped, until: { _ in false }, readings: readings, keep: keep, bytes: bytes)
                : Read() else { return nil }
        first.entries += rest.entries
        first.lines += rest.lines
        first.sortStrings.append(contentsOf: rest.sortStrings)
        first.warnings += rest.warnings
        first.bytes += rest.bytes
        return first
    }

    /// The records from line `line` until `settled` says a record's first line is where the text settles.
    ///
    /// - Throws: `ExtractionError` for a text no whole read accepts (a quote never closed); `RecordsNotFollowable`.
    private static func read(
        _ text: RecordText, _ reader: RecordReader, from line: Int, until settled: (Int) -> Bool, readings: (any CollationReading)?, keep: Bool,
        bytes: Bool = false, room: Room? = nil
    ) throws -> Read {
        var read = Read()
        if let room {
            read.lines.reserveCapacity(room.lines)
            read.sortStrings.reserveCapacity(strings: room.lines, bytes: room.bytes)
            if bytes { read.bytes.reserveCapacity(room.lines) }
        }
        guard keep || readings != nil else {
            // Only what the index sorts by: no entries made where the reader can spare them.
            try reader.readSortStrings(text, from: line, record: { !settled($0) }, sortString: { line, record, utf8 in
                read.lines.append(line)
                read.sortStrings.append(utf8: utf8)
                if bytes { read.bytes.append(record) }
            }, warn: { read.warnings.append($0) })
            return read
        }
        try reader.read(text, from: line, record: { !settled($0) }, entry: { entry in
            var entry = entry
            if let readings { entry.read(by: readings) }
            read.lines.append(entry.range.start.line)
            read.sortStrings.append(entry.sortString)
            if keep { read.entries.append(stored(entry)) }
        }, warn: { read.warnings.append($0) })
        return read
    }

    /// A record as an index keeping entries stores it: its lines counted from its start line (see `served(_:at:)`).
    private static func stored(_ entry: Entry) -> Entry { entry.movedDown(-entry.range.start.line) }

    /// The entry of the record starting on `line` of `document`, read from the text (as the reader read it when the
    /// index was made or followed an edit; under `ja` with its reading).
    static func recordEntry(onLine line: Int, in document: TextDocument, reader: RecordReader, readings: (any CollationReading)?) -> Entry {
        var found: Entry?
        try? reader.read(RecordText(bytes: document.bytes, lineStarts: document.lineStarts), from: line,
                         record: { $0 == line }, entry: { found = $0 }, warn: { _ in })
        guard var entry = found else { preconditionFailure("no record with an entry starts on line \(line)") }
        if let readings { entry.read(by: readings) }
        return entry
    }
}

/// The records of the last text a whole read accepted, while the document's text is refused (a quote never closed),
/// and the edit from that text to the current one.
struct RecordShelf {
    var edit: LineEdit
    var places: EntryPlaces, sectionOf: [UInt16], runs: [[Int32]], stored: StoredEntries, freeIDs: [Int32]
    var count: Int
}

extension OutlineIndex {
    /// Puts the records away and leaves the index empty (as a fresh open of a refused text is).
    fileprivate func shelve(_ edit: LineEdit, lineCount: Int) {
        guard let reader = recordReader else { return }
        changedEveryEntry()
        state = .records(reader, shelved: RecordShelf(edit: edit, places: places, sectionOf: sectionOf, runs: runs, stored: stored,
                                                      freeIDs: freeIDs, count: count))
        (sectionOf, stored, freeIDs, count) = ([], StoredEntries(), [], 0)
        places = EntryPlaces(count: lineCount, positions: [])
        runs = runs.map { _ in [] }
    }

    fileprivate func unshelve(_ shelf: RecordShelf) {
        (places, sectionOf, runs, stored, freeIDs, count) =
            (shelf.places, shelf.sectionOf, shelf.runs, shelf.stored, shelf.freeIDs, shelf.count)
        changedEveryEntry()
        if let reader = recordReader { state = .records(reader, shelved: nil) }
    }
}
