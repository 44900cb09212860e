import Collation
import Entries

/// A document's entries put into the order its outline shows them in (`SortRuns` says what moves), as the smallest
/// edits that do it: one a run, from its first unit out of place to its last. Equal entries keep their order, so
/// sorting twice changes nothing.
public struct EntrySort: Sendable {
    /// Replace `bytes` of the text with `text`.
    public struct Edit: Sendable, Equatable {
        public var bytes: Range<Int>
        public var text: [UInt8]
    }

    /// The first unit that sorts before the one above it (what `sort -c` reports), in the run titled `run`.
    public struct Disorder: Sendable, Equatable {
        public var unit: SortRun.Unit
        public var after: SortRun.Unit
        public var run: String
    }

    /// The edits, in document order, none overlapping; empty when the runs are in order.
    public var edits: [Edit] = []
    /// The first unit out of order, or nil.
    public var disorder: Disorder?
    /// The units looked at, over all runs.
    public var unitCount = 0
    /// What the user should know that did not stop the sort (kanji left unread without MeCab).
    public var warnings: [String] = []

    /// The text with the edits made.
    public func applied(to bytes: [UInt8]) -> [UInt8] { Self.apply(edits, to: bytes) }

    /// `bytes` with `edits` (in document order, none overlapping) made.
    public static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], at = 0
        out.reserveCapacity(bytes.count)
        for edit in edits {
            out += bytes[at ..< edit.bytes.lowerBound]
            out += edit.text
            at = edit.bytes.upperBound
        }
        out += bytes[at...]
        return out
    }
}

extension EntrySource {
    /// The sort of `scope` in `document`, by the order its outline has under `collation` and `settings` (readings,
    /// names, localized names, a table's column). A document that does not read whole (a broken card, row or
    /// container, a card left out) sorts nothing: the problem says which entry stops it.
    ///
    /// With `ranks` (the document's index, current with this text), entries are put in the index's own order, with no
    /// sort of their own; what the index has no place for (a Markdown list's items) is sorted by its keys.
    public func sort(
        _ document: TextDocument, scope: SortScope, settings: ExtractionSettings, collation: IndexedCollation, name: String? = nil,
        ranks: CollationRanks? = nil
    ) throws(SortProblem) -> EntrySort {
        guard SortRuns.sorts(languageId: document.languageId) else {
            throw SortProblem("\(document.languageId) is source code: its order is the program's, not the reader's, and is not sorted")
        }
        let fileName = document.uri.split(separator: "/").last.map(String.init), name = name ?? document.uri
        // Read as the document's index reads it where it has a reader of its own (records, trees), else extracted.
        let plan = IndexPlan(document, settings: settings, collation: collation)
        let records = try plan.records.flatMap { format throws(SortProblem) in try Self.records(of: document, format: format) }
        var entries = records?.entries ?? []
        if let tree = plan.tree, records == nil, let read = Self.tree(of: document, format: tree) {
            entries = read
        } else if records == nil {
            let problems: [OutlineProblem]
            (entries, problems) = self.entries(of: document.text, languageId: document.languageId, fileName: fileName, name: name,
                                               settings: settings, language: collation.locale.language, reading: nil)
            if let problem = problems.first { throw SortProblem("\(problem.message); nothing was sorted") }
        }
        let bytes = document.bytes
        let runs = try SortRuns.runs(languageId: document.languageId, bytes: bytes, lineStarts: document.lineStarts, entries: entries, scope: scope)
        var sort: EntrySort
        if let ranks, let ranked = EntrySort(runs, bytes: bytes, ranks: ranks) {
            sort = ranked
        } else {
            sort = try EntrySort(runs, bytes: bytes, collator: collation.collator, reading: settings.reading(of: document, collation: collation))
        }
        if let reader = records?.reader, var disorder = sort.disorder {
            disorder.unit.name(from: document, reader: reader)
            disorder.after.name(from: document, reader: reader)
            sort.disorder = disorder
        }
        return sort
    }

    /// A record format's entries as its index reads them (`OutlineIndex.readAll`, on two cores), with only what a
    /// sort needs: their bytes, first lines and sort strings, no name (the sort string stands in;
    /// `Unit.name(from:reader:)` reads a message's). A card read whole to name it costs four times its index's read.
    /// Nil for records the index does not read (`RecordsNotFollowable`, a quote never closed, a table without rows):
    /// the whole extraction says what they are.
    private static func records(of document: TextDocument, format: RecordFormat) throws(SortProblem) -> (entries: [Entry], reader: RecordReader)? {
        let text = RecordText(bytes: document.bytes, lineStarts: document.lineStarts), starts = document.lineStarts
        guard let reader = try? format.reader(for: text),
              let read = OutlineIndex.readAll(text, reader, readings: nil, keep: false, bytes: true) else { return nil }
        if let warning = read.warnings.first { throw SortProblem("\(warning); nothing was sorted") }
        var entries: [Entry] = []
        entries.reserveCapacity(read.lines.count)
        for (k, (line, bytes)) in zip(read.lines, read.bytes).enumerated() {
            var last = line
            while last + 1 < starts.count, starts[last + 1] <= bytes.upperBound { last += 1 }
            let range = TextRange(start: TextPosition(line: line, column: bytes.lowerBound - starts[line]),
                                  end: TextPosition(line: last, column: bytes.upperBound - starts[last]))
            entries.append(Entry(name: read.sortStrings.string(at: k), kind: .object, range: range, selectionRange: range))
        }
        return (entries, reader)
    }
}

extension EntrySource {
    /// A tree's entries as its index reads them (`TreeFormat.read`, on two cores), without their details (a sort has
    /// no use for them), nested again by their ranges. Nil for text the index does not read as a tree (broken JSON):
    /// the whole extraction says what is wrong.
    static func tree(of document: TextDocument, format: TreeFormat) -> [Entry]? {
        var sink = DepthFirstEntries()
        guard format.read(RecordText(bytes: document.bytes, lineStarts: document.lineStarts), into: &sink) != nil else { return nil }
        // Each entry goes under the last one before it whose range holds it.
        var open: [Entry] = [], top: [Entry] = []
        func close() {
            let entry = open.removeLast()
            if open.isEmpty { top.append(entry) } else { open[open.count - 1].children.append(entry) }
        }
        for entry in sink.entries {
            while let last = open.last, !(last.range.start <= entry.range.start && entry.range.end <= last.range.end) { close() }
            open.append(entry)
        }
        while !open.isEmpty { close() }
        return top
    }

    /// Entries as a reader hands them out, depth-first and without children; details dropped.
    private struct DepthFirstEntries: EntrySink {
        var entries: [Entry] = []
        mutating func append(_ entry: Entry) { entries.append(entry) }
        mutating func append(utf8Name name: UnsafeBufferPointer<UInt8>, kind: SymbolKind, detail: UnsafeBufferPointer<UInt8>?,
                             range: TextRange, selectionRange: TextRange) {
            entries.append(Entry(name: String(decoding: name, as: UTF8.self), kind: kind, range: range, selectionRange: selectionRange))
        }
        mutating func restart() { entries.removeAll() }
        mutating func reserveCapacity(entries count: Int, utf8: Int) { entries.reserveCapacity(entries.count + count) }
        func part() -> Self? { Self() }
        mutating func append(part: consuming Self) { entries += part.entries }
    }
}

extension SortRun.Unit {
    /// The name and line of the record this unit is, as a whole read of it gives them.
    mutating func name(from document: TextDocument, reader: RecordReader) {
        let entry = OutlineIndex.recordEntry(onLine: startLine, in: document, reader: reader, readings: nil)
        (name, line) = (entry.name, entry.selectionRange.start.line)
    }
}

/// Each entry's position in a document index's collation order, by the entry's place in the document
/// (`OutlineIndex.collationRanks(in:)`).
public struct CollationRanks: Sendable {
    /// Rank by place; -1 where no entry is.
    let ranks: [Int32]
    /// Places are start lines (plain text, records, headings), else places depth-first (trees, other entries).
    let byLine: Bool

    func rank(of unit: SortRun.Unit) -> Int? {
        guard let place = byLine ? unit.startLine : unit.depthFirst, ranks.indices.contains(place), ranks[place] >= 0 else { return nil }
        return Int(ranks[place])
    }
}

extension OutlineIndex {
    /// The ranks of the entries in `collationOrder(in:)`, by place: what sorts a document's entries in the index's
    /// own order (`EntrySource.sort(_:…ranks:)`) without sorting them again.
    public func collationRanks(in document: TextDocument) -> CollationRanks {
        let byLine = format != .tree && format != .entries
        var ranks = [Int32](repeating: -1, count: byLine ? document.lineCount : count)
        for (rank, id) in collationOrder(in: document).enumerated() {
            let place = Int(places.place(of: id))
            if ranks.indices.contains(place) { ranks[place] = Int32(rank) }
        }
        return CollationRanks(ranks: ranks, byLine: byLine)
    }
}

extension EntrySort {
    /// The sort of `runs` of `bytes` by `collator`, their strings read by `reading` where they are in Han.
    public init(_ runs: [SortRun], bytes: [UInt8], collator: Collator, reading: (any CollationReading)? = nil) throws(SortProblem) {
        for run in runs {
            var keys = UTF8Batch([String]())
            keys.reserveCapacity(strings: run.units.count, bytes: run.units.reduce(0) { $0 + $1.sortString.utf8.count })
            for unit in run.units { keys.append(unit.sortString) }
            if let reading {
                let read = reading.collationStrings(keys)
                keys = read.batch
                if read.sawHan, let problem = reading.problem, !warnings.contains(problem) { warnings.append(problem) }
            }
            let sortKeys: SortKeys
            do { sortKeys = try SortKeys(keys, collator: collator) } catch { throw SortProblem("\(error)") }
            add(run, order: sortKeys.sortedOrder(), bytes: bytes, before: sortKeys.less)
        }
    }

    /// The sort of `runs` in the order of `ranks`, or nil when a unit has no rank there.
    init?(_ runs: [SortRun], bytes: [UInt8], ranks: CollationRanks) {
        for run in runs {
            var rank: [Int] = []
            rank.reserveCapacity(run.units.count)
            for unit in run.units {
                guard let r = ranks.rank(of: unit) else { return nil }
                rank.append(r)
            }
            var ranked = rank.enumerated().map { (rank: $0.element, unit: Int32($0.offset)) }
            ranked.sort { $0.rank < $1.rank }
            add(run, order: ranked.map(\.unit), bytes: bytes) { rank[$0] < rank[$1] }
        }
    }

    /// Counts a run, notes its first unit that comes `before` the one above it, and adds the edit that puts it in `order`.
    private mutating func add(_ run: SortRun, order: [Int32], bytes: [UInt8], before: (Int, Int) -> Bool) {
        unitCount += run.units.count
        if disorder == nil, let i = (1 ..< max(1, run.units.count)).first(where: { before($0, $0 - 1) }) {
            disorder = Disorder(unit: run.units[i], after: run.units[i - 1], run: run.title)
        }
        if let edit = Self.edit(run, order: order, bytes: bytes) { edits.append(edit) }
    }

    /// The run's units in `order`, the text between them where it was: from the first unit out of place to the last.
    static func edit(_ run: SortRun, order: [Int32], bytes: [UInt8]) -> EntrySort.Edit? {
        guard let first = order.indices.first(where: { Int(order[$0]) != $0 }),
              let last = order.indices.last(where: { Int(order[$0]) != $0 }) else { return nil }
        let range = run.units[first].bytes.lowerBound ..< run.units[last].bytes.upperBound
        // As many bytes as it replaces, copied piece by piece into place (a million lines: a million small copies).
        let text = [UInt8](unsafeUninitializedCapacity: range.count) { out, count in
            bytes.withUnsafeBufferPointer { source in
                func copy(_ piece: Range<Int>) {
                    UnsafeMutableRawPointer(out.baseAddress! + count).copyMemory(from: source.baseAddress! + piece.lowerBound, byteCount: piece.count)
                    count += piece.count
                }
                for k in first ... last {
                    copy(run.units[Int(order[k])].bytes)
                    if k < last { copy(run.units[k].bytes.upperBound ..< run.units[k + 1].bytes.lowerBound) }
                }
            }
        }
        return EntrySort.Edit(bytes: range, text: text)
    }
}
