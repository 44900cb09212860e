#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Collation
import Entries

/// A document's entries sorted and sectioned under one collation, kept current by edits instead of sorted again.
///
/// Every entry has an id. By id: its position in document order (its start line, which an edit above it moves), its
/// section and, for formats whose entries cannot be read off a line, the entry. By section: a sorted run of ids,
/// ordered by collation and then by document position (the order a fresh sort gives). By line: the id of the entry
/// starting there, so an edit finds the entries of the lines it touched (both kept in blocks, `EntryPlaces`).
///
/// No sort keys are kept: an open sorts with ICU sort keys (built on every core) and drops them; an edit compares
/// names straight off the text with ICU's string comparison, which orders as the keys do. That keeps an index at
/// about 14 bytes per entry. An edit of k lines costs O(k log n) comparisons, a scan of the affected runs for the ids
/// it removes, and moving the lines of one block of `EntryPlaces` and the first lines of the blocks after it (not every
/// entry below the edit). Not thread-safe: the `DocumentStore` holds its lock around every use.
public final class OutlineIndex {
    /// How entries are found and kept.
    public enum Format: Sendable {
        /// One entry per non-blank line (plain text): entries are not stored but read off their line when a page is
        /// served, and an edit re-reads only the lines it touched.
        case lines
        /// Markdown headings, found again after an edit only from the scanner's checkpoint before it until its state
        /// is the old one again (see `MarkdownHeadingScan`); only the headings of that window are moved.
        case headings
        /// Records read one after another (vCard cards, CSV and TSV rows; see `RecordReader`): an edit reads again
        /// from the record before it to the first record after it that starts where one started before, and only
        /// the records of that window are replaced. Not stored: read again from their first line when served or
        /// compared.
        case records
        /// JSON values nested in containers (JSON files, string catalogs; see `JSONTree`): an edit reads again the
        /// members of the innermost container whose brackets it left alone, from the member before it to the first
        /// member after it that starts where one started before. Positions are places in depth-first order.
        case tree
        /// Entries starting on distinct lines (Markdown with localized names): an edit extracts the document again,
        /// but only entries whose sort string or line changed are moved.
        case startLines
        /// Anything else: built again for every version of the text.
        case entries
    }

    /// What a format keeps beside its entries to follow edits: one case per `Format`, each with its own state.
    enum FormatState {
        case lines
        /// The scan that finds the headings again after an edit (`MarkdownHeadingScan`), and each heading's level by id.
        case headings(MarkdownHeadingScan, levels: [UInt8])
        /// The reader of the document's records; while the text is refused (a quote never closed), the records of the
        /// last text that was not, and the edit since.
        case records(RecordReader, shelved: RecordShelf?)
        /// The shape of the document's values.
        case tree(TreeShape)
        case startLines
        case entries
    }

    /// The collation the entries are sorted and sectioned under.
    public let collation: IndexedCollation
    /// How entries are found and kept, with the state of the format.
    var state: FormatState
    /// How entries are found and kept.
    public var format: Format {
        switch state {
        case .lines: .lines
        case .headings: .headings
        case .records: .records
        case .tree: .tree
        case .startLines: .startLines
        case .entries: .entries
        }
    }
    /// The client's version of the text the index is current with.
    public internal(set) var version: Int
    /// The generation of that text (see `TextDocument.generation`).
    public internal(set) var generation: UInt64
    /// The number of entries.
    public internal(set) var count = 0
    /// The document's entries, for the formats that store them (kept for the edits to come).
    let extract: @Sendable (TextDocument) -> [Entry]

    /// The entry starting at each line (`.tree`: at each place in depth-first order; `.entries`: its index) and the
    /// place of each entry id, its document order (-1 for a free id).
    var places = EntryPlaces(count: 0, positions: [])
    var sectionOf: [UInt16] = []
    /// The entries by id, when they are not read off the text (`.headings` with lines counted from their start line,
    /// `.startLines`, `.entries`).
    var stored = StoredEntries()
    /// Under `ja` with MeCab: names in kanji collate by their readings (`Readings.collationString(for:)`).
    let readings: (any CollationReading)?
    /// Where the warnings of records and trees read after an edit go.
    var report: @Sendable ([OutlineProblem]) -> Void = { _ in }
    var freeIDs: [Int32] = []
    /// Ids by section title position, in collation order.
    var runs: [[Int32]]
    /// What changed when, for what clients keep (`cache`): `changes` counts the changes; `entryChanged[id]` is that
    /// count when entry `id` was added or changed in place (not when it only moved); `allChanged` at the last change
    /// of every entry (a Markdown edit, records shelved); `sectionChanged[title]` when an entry of the section was
    /// added, removed or changed; `moved` when entries last moved (an edit that added or removed lines).
    var changes: UInt64 = 0
    var entryChanged: [UInt64] = []
    var allChanged: UInt64 = 0
    var sectionChanged: [UInt64] = []
    var moved: UInt64 = 0
    /// What a client keeps of this index (the server's JSON symbols), made again for entries that changed.
    public let cache = IndexCache()

    /// Sorts and sections entries in bulk: entry `i` has the sort string `batch[i]` and document position
    /// `positions[i]` (ascending); `stored` holds the entries themselves unless the format reads them off lines.
    /// `sectionsKnown` gets the thumb index as soon as every entry's section is known, before the sort; `isCancelled`
    /// is asked then and again before the sort, so that a build nobody wants any more gives its memory back at once.
    /// `knownSections`: the section of every entry, when a layout of the same text and collation counted them already
    /// (a bucket lookup a string, the larger part of a plain-text document's first sections); ignored unless there is
    /// one a string.
    ///
    /// - Throws: `CollationError` when the sort keys cannot be allocated; `.cancelled` when `isCancelled` says so.
    init(
        collation: IndexedCollation, state: FormatState, document: TextDocument, batch: UTF8Batch, positions: [Int32],
        stored: StoredEntries, readings: (any CollationReading)? = nil, inputs: IndexInputs
    ) throws(CollationError) {
        let (sectionsKnown, isCancelled) = (inputs.sectionsKnown, inputs.isCancelled)
        self.collation = collation
        self.extract = inputs.extract
        self.readings = readings
        report = inputs.report
        self.state = state
        version = document.version
        generation = document.generation
        let cancelled = CollationError(.cancelled, "the index was given up: its document was closed or opened again")
        var sections = inputs.knownSections.flatMap { $0.count == batch.count ? $0 : nil } ?? []
        if let sectionsKnown {
            // Wanted before the sort: every entry looked up, unless known.
            if sections.isEmpty { sections = collation.sections(of: batch) }
            sectionsKnown(SectionLayout(sectionOf: sections, keeping: false, version: document.version, generation: document.generation,
                                        collation: collation))
        }
        if isCancelled() { throw cancelled }
        // The keys (about 70 bytes a string) are freed once sorted, before the index's own arrays are made.
        let order: [Int32]
        do {
            let keys = try SortKeys(batch, collator: collation.collator)
            if isCancelled() { throw cancelled }
            order = keys.sortedOrder()
        }
        // Not wanted before the sort: found as runs of the sorted order, a few lookups a section.
        if sections.isEmpty && batch.count > 0 { sections = collation.sections(of: batch, sorted: order) }
        // Every array an edit grows gets room to: the first edits that add entries or lines would otherwise each copy
        // one whole (a paste into ten million lines, 0.5 s); capacity not yet used costs address space, not memory.
        sectionOf = .withRoomToGrow(sections.lazy.map { UInt16(truncatingIfNeeded: $0) })
        self.stored = stored
        count = batch.count
        var sizes = [Int](repeating: 0, count: collation.sectionTitles.count)
        for section in sections { sizes[Int(section)] += 1 }
        entryChanged = .withRoomToGrow(repeatElement(0, count: positions.count))
        sectionChanged = Array(repeating: 0, count: collation.sectionTitles.count)
        runs = sizes.map { size in .withRoomToGrow(EmptyCollection(), forAbout: size) }
        for id in order { runs[Int(sections[Int(id)])].append(id) }
        places = EntryPlaces(count: format == .tree || format == .entries ? positions.count : document.lineCount, positions: positions)
    }

    /// Calls `body` with the UTF-8 of the string entry `id` is sorted by, in `document`.
    @inline(__always)
    func withSortString<T>(_ id: Int32, in document: TextDocument, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard format == .lines else {
            guard format == .records && stored.isEmpty else { return stored.withSortString(Int(id), body) }
            var string = entry(id, in: document).sortString
            return string.withUTF8(body)
        }
        return document.withLine(Int(places.place(of: id))) { line in
            if let readings, var read = Self.reading(ofLine: line, readings) { return read.withUTF8(body) }
            let name = PlainTextExtractor.nameRange(line, 0, line.count) ?? 0 ..< line.count
            return body(UnsafeBufferPointer(rebasing: line[name]))
        }
    }

    /// Whether entry `a` comes before entry `b` in `document`: by collation, then in document order.
    func less(_ a: Int32, _ b: Int32, in document: TextDocument) -> Bool {
        let c = withSortString(a, in: document) { x in withSortString(b, in: document) { y in collation.collator.compare(utf8: x, y) } }
        return c != 0 ? c < 0 : places.place(of: a) < places.place(of: b)
    }

    // MARK: Edits

    /// Replaces the entries starting on lines `edit.start ..< edit.oldEnd` by new ones (starting on `lines`, within
    /// `edit.start ..< edit.newEnd`, ascending, sort strings in `batch`) and moves the entries after the edit.
    func replace(_ edit: LineEdit, in document: TextDocument, batch: UTF8Batch, lines: [Int], entries: [Entry]) {
        changes += 1
        var removed: [Int32] = []
        for line in edit.start ..< edit.oldEnd where places[line] >= 0 { removed.append(places[line]) }
        remove(removed)
        // The entries below move (what was made from them knows by their position: `EntryStamp`).
        places.replace(edit.start ..< edit.oldEnd, withEmpty: edit.newEnd - edit.start)
        if edit.newEnd != edit.oldEnd { moved = changes }
        add(batch: batch, positions: lines, entries: entries, document: document)
    }

    /// Every entry changed (what is kept of it is made again).
    func changedEveryEntry() {
        changes += 1
        allChanged = changes
    }

    /// Entry `id` changed in place (what is kept of it is made again).
    func markChanged(_ id: Int) {
        entryChanged[id] = changes
        sectionChanged[Int(sectionOf[id])] = changes
    }

    /// Removes entries whose text is gone: they are found by id in their runs, not by comparing.
    private func remove(_ ids: [Int32]) {
        guard !ids.isEmpty else { return }
        var bySection: [Int: [Int32]] = [:]
        for id in ids { bySection[Int(sectionOf[Int(id)]), default: []].append(id) }
        for id in ids { places.remove(id) }
        for (section, doomed) in bySection {
            sectionChanged[section] = changes
            if doomed.count <= 8 {
                for id in doomed { runs[section].remove(at: runs[section].firstIndex(of: id)!) }
            } else {
                runs[section].removeAll { !places.isPlaced($0) }
            }
        }
        freeIDs += ids
        count -= ids.count
    }

    private func add(batch: UTF8Batch, positions: [Int], entries: [Entry], document: TextDocument) {
        guard batch.count > 0 else { return }
        let sections = collation.sections(of: batch)
        var bySection: [Int: [Int32]] = [:]
        for j in 0 ..< batch.count {
            let id: Int32
            if let reused = freeIDs.popLast() {
                id = reused
                sectionOf[Int(id)] = UInt16(truncatingIfNeeded: sections[j])
                if !entries.isEmpty { stored[Int(id)] = entries[j] }
            } else {
                id = Int32(places.idCount)
                sectionOf.append(UInt16(truncatingIfNeeded: sections[j]))
                if !entries.isEmpty { stored.append(entries[j]) }
            }
            places.put(id, at: positions[j])
            if Int(id) < entryChanged.count { entryChanged[Int(id)] = changes } else { entryChanged.append(changes) }
            bySection[Int(sections[j]), default: []].append(id)
        }
        for (section, new) in bySection {
            sectionChanged[section] = changes
            insert(new.sorted { less($0, $1, in: document) }, intoRun: section, document: document)
        }
        count += batch.count
    }

    /// Inserts the sorted `new` ids into run `section` in place: a binary search for each (O(k log n) comparisons),
    /// then the run's tail moved once, from the back, a slice at a time (a copy of the run would cost its length in
    /// fresh memory, for every section a paste touches).
    private func insert(_ new: [Int32], intoRun section: Int, document: TextDocument) {
        var points: [Int] = []
        points.reserveCapacity(new.count)
        var from = 0
        for id in new {
            from = runs[section].partitionPoint(from: from) { less($0, id, in: document) }
            points.append(from)
        }
        var read = runs[section].count
        runs[section].append(contentsOf: repeatElement(-1, count: new.count))
        runs[section].withUnsafeMutableBufferPointer { run in
            guard let base = run.baseAddress else { return }
            var write = run.count
            for k in new.indices.reversed() {
                let moved = read - points[k]
                write -= moved
                memmove(base + write, base + points[k], moved * MemoryLayout<Int32>.stride)
                write -= 1
                base[write] = new[k]
                read = points[k]
            }
        }
    }
}

extension Array {
    /// `elements` in an array with room for about a sixteenth more than `size` (default: their count).
    static func withRoomToGrow<S: Collection>(_ elements: S, forAbout size: Int? = nil) -> [Element] where S.Element == Element {
        let size = size ?? elements.count
        var array: [Element] = []
        array.reserveCapacity(size + size / 16 + 16)
        array.append(contentsOf: elements)
        return array
    }
}
