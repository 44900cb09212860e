import Collation
import Dispatch
import Entries
import LowLevel

/// Building an index from a document, and following the document's edits.
extension OutlineIndex {
    /// The index of a document's entries by `plan` (see `IndexPlan.index`). `.lines` reads names straight off the
    /// text (no entries are made); `.headings` scans Markdown itself (`extract` is not used); `.startLines` falls back
    /// to `.entries` when two entries start on one line, and `.records` and `.tree` when their reader gives up on the
    /// text. With `readings` (under `ja`), names in kanji collate by their readings, as `EntrySource` makes them.
    static func make(_ document: TextDocument, collation: IndexedCollation, plan: IndexPlan, inputs: IndexInputs) throws(CollationError) -> OutlineIndex {
        // Records and trees count their own sections; a format's reader that gave up leaves a whole extraction: neither
        // takes what a layout of another reading counted.
        var whole = inputs
        (whole.knownSections, whole.knownNames) = (nil, nil)
        switch plan.format {
        case .records:
            if let records = plan.records, let index = try makeRecords(document, collation: collation, format: records, readings: plan.readings, inputs: whole) {
                return index
            }
            return try make(document, collation: collation, plan: plan.with(format: .entries), inputs: whole)
        case .tree:
            if let tree = plan.tree, let index = try makeTree(document, collation: collation, format: tree, readings: plan.readings, inputs: whole) {
                return index
            }
            return try make(document, collation: collation, plan: plan.with(format: .entries), inputs: whole)
        case .headings:
            return try makeHeadings(document, collation: collation, plan: plan, inputs: inputs)
        case .lines:
            // `knownNames`: a layout's, for this text read the same way.
            let names = inputs.knownNames ?? names(document, readings: plan.readings)
            return try OutlineIndex(collation: collation, state: .lines, document: document, batch: names.batch, positions: names.lines,
                                    stored: StoredEntries(), readings: plan.readings, inputs: inputs)
        case .startLines, .entries:
            let (entries, batch) = extracted(document, inputs.extract)
            let lines = entries.map { $0.range.start.line }
            let startLines = plan.format == .startLines && zip(lines, lines.dropFirst()).allSatisfy { $0 < $1 }
            return try OutlineIndex(collation: collation, state: startLines ? .startLines : .entries, document: document, batch: batch,
                                    positions: startLines ? lines.map { Int32($0) } : entries.indices.map { Int32($0) },
                                    stored: StoredEntries(entries), inputs: inputs)
        }
    }

    /// A document's entries flattened depth-first (document order), and their sort strings.
    static func extracted(_ document: TextDocument, _ extract: (TextDocument) -> [Entry]) -> (entries: [Entry], sortStrings: UTF8Batch) {
        let entries = Entry.depthFirst(extract(document))
        return (entries, UTF8Batch(entries.lazy.map(\.sortString)))
    }

    /// The sort strings of the lines of `range` (default: every line) that hold an entry (plain text), as ranges of the
    /// document's own bytes, and those lines (as the index keeps them: 4 bytes a line, not 8, at the peak of a build).
    /// `cores`: how many parts the text is read in at once (tests compare them); by default two from 100,000 lines.
    static func names(
        _ document: TextDocument, lines range: Range<Int>? = nil, readings: (any CollationReading)? = nil, cores: Int? = nil
    ) -> PlainTextNames {
        let range = range ?? 0 ..< document.lineCount
        var lines: [Int32] = []
        if readings != nil || range.count < document.lineCount / 2 {
            // Names in kanji collate by their readings, strings of their own; a few lines (an edit's) are copied,
            // the text may be in chunks.
            var batch = UTF8Batch([String]())
            for line in range {
                let added = document.withLine(line) { content -> Bool in
                    if let readings, let read = reading(ofLine: content, readings) {
                        batch.append(read)
                    } else if let name = PlainTextExtractor.nameRange(content, 0, content.count) {
                        batch.append(String(decoding: UnsafeBufferPointer(rebasing: content[name]), as: UTF8.self))
                    } else {
                        return false
                    }
                    return true
                }
                if added { lines.append(Int32(line)) }
            }
            return PlainTextNames(batch: batch, lines: lines)
        }
        // Ranges of the text itself (a copy of it when it is in chunks: a whole read after edits), found on two cores
        // for a long text, each half written in place, the second's moved down after the first's.
        let count = range.count, bytes = document.bytes, lineStarts = document.lineStarts
        let halves = min(2, max(1, cores ?? (count >= Thresholds.namesFoundOnTwoCores ? 2 : 1)))
        var starts = [Int64](repeating: 0, count: count), lengths = [Int32](repeating: 0, count: count)
        lines = [Int32](repeating: 0, count: count)
        var found = [Int](repeating: 0, count: halves)
        bytes.withUnsafeBufferPointer { p in
            starts.withUnsafeMutableBufferPointer { starts in
                lengths.withUnsafeMutableBufferPointer { lengths in
                    lines.withUnsafeMutableBufferPointer { lines in
                        found.withUnsafeMutableBufferPointer { found in
                            Cores.run(halves) { half in
                                let first = count * half / halves
                                var k = first
                                for line in range.lowerBound + first ..< range.lowerBound + count * (half + 1) / halves {
                                    let end = TextDocument.contentEnd(p, lineStarts[line], line + 1 < lineStarts.count ? lineStarts[line + 1] : p.count)
                                    guard let name = PlainTextExtractor.nameRange(p, lineStarts[line], end) else { continue }
                                    starts[k] = Int64(name.lowerBound)
                                    lengths[k] = Int32(name.count)
                                    lines[k] = Int32(line)
                                    k += 1
                                }
                                found[half] = k - first
                            }
                        }
                    }
                }
            }
        }
        if halves == 2 {
            let second = count / 2
            starts.replaceSubrange(found[0] ..< second, with: EmptyCollection())
            lengths.replaceSubrange(found[0] ..< second, with: EmptyCollection())
            lines.replaceSubrange(found[0] ..< second, with: EmptyCollection())
        }
        let total = found.reduce(0, +)
        starts.removeLast(starts.count - total)
        lengths.removeLast(lengths.count - total)
        lines.removeLast(lines.count - total)
        return PlainTextNames(batch: UTF8Batch(bytes: bytes, starts: starts, lengths: lengths), lines: lines)
    }

    /// Brings the index up to `document`, which `edit` made from the text the index is current with. False when it
    /// cannot follow (`.entries`, or an edit touching much of the document): then make a new one, which is cheaper.
    public func update(to document: TextDocument, edit: LineEdit) -> Bool {
        let touched = max(edit.oldEnd, edit.newEnd) - edit.start
        guard format != .entries, touched <= max(1024, count / 4) else { return false }
        // A NUL makes the text binary: then it is not read as lines or scanned at all (extraction refuses it).
        guard format == .startLines || !document.isBinary else { return false }
        switch format {
        case .lines:
            let names = Self.names(document, lines: edit.start ..< edit.newEnd, readings: readings)
            replace(edit, in: document, batch: names.batch, lines: names.lines.map(Int.init), entries: [])
        case .headings:
            // A heading's range runs to the next heading: an edit of the text under it changes it.
            changedEveryEntry()
            guard updateHeadings(to: document, edit: edit) else { return false }
        case .startLines:
            changedEveryEntry()
            guard updateStartLines(to: document, edit: edit) else { return false }
        case .records:
            guard updateRecords(to: document, edit: edit) else { return false }
        case .tree:
            guard updateTree(to: document, edit: edit) else { return false }
        case .entries:
            return false
        }
        version = document.version
        generation = document.generation
        // Every test that edits a document checks the index's rules after the edit, where a broken one happens.
        checkInvariants(in: document)
        return true
    }

    /// Extracts again and compares with what the index holds: the entries whose sort string and line are the same
    /// before and after the edit (up to the line delta) keep their place; only the ones between are replaced.
    private func updateStartLines(to document: TextDocument, edit: LineEdit) -> Bool {
        let new = Self.extracted(document, extract).entries
        let newLines = new.map { $0.range.start.line }
        guard zip(newLines, newLines.dropFirst()).allSatisfy({ $0 < $1 }) else { return false }
        let old = places.indices.filter { places[$0] >= 0 }
        func same(_ o: Int, _ n: Int, shift: Int) -> Bool {
            old[o] + shift == newLines[n] && stored[Int(places[old[o]])].sortString == new[n].sortString
        }
        let (window, added) = Self.window(of: edit, old: old, new: newLines, same: same)
        var batch = UTF8Batch([String]())
        for n in added { batch.append(new[n].sortString) }
        replace(window, in: document, batch: batch, lines: added.map { newLines[$0] }, entries: Array(new[added]))
        // Entries that kept their place may still have changed (a range reaching to the next heading).
        for (n, entry) in new.enumerated() { stored[Int(places[newLines[n]])] = entry }
        return true
    }
}

extension OutlineIndex {
    /// The lines to replace for an edit, given the entries that started on the old lines of its neighbourhood (`old`,
    /// ascending) and those that start on the new ones (`new`): entries matched from both ends, before the edit
    /// (`same(o, n, 0)`) and after it (`same(o, n, lineDelta)`), keep their ids and places; the lines of the ones
    /// between (`added`, positions in `new`) are replaced. Shared by the formats that find entries again around an
    /// edit and compare them (Markdown headings, entries by start line).
    static func window(of edit: LineEdit, old: [Int], new: [Int], same: (_ old: Int, _ new: Int, _ shift: Int) -> Bool)
        -> (replaced: LineEdit, added: Range<Int>) {
        var prefix = 0, suffix = 0
        while prefix < min(old.count, new.count), old[prefix] < edit.start, same(prefix, prefix, 0) { prefix += 1 }
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] >= edit.oldEnd,
              same(old.count - 1 - suffix, new.count - 1 - suffix, edit.lineDelta) { suffix += 1 }
        var replaced = edit
        if prefix < old.count - suffix {
            replaced.start = min(replaced.start, old[prefix])
            replaced.oldEnd = max(replaced.oldEnd, old[old.count - 1 - suffix] + 1)
        }
        if prefix < new.count - suffix {
            replaced.start = min(replaced.start, new[prefix])
            replaced.oldEnd = max(replaced.oldEnd, new[new.count - 1 - suffix] + 1 - edit.lineDelta)
        }
        replaced.newEnd = replaced.oldEnd + edit.lineDelta
        return (replaced, prefix ..< new.count - suffix)
    }

    /// What the plain-text name on a line (its content) collates by when it is in kanji: its reading (nil when it has
    /// no kanji, or no reading).
    static func reading(ofLine content: UnsafeBufferPointer<UInt8>, _ readings: any CollationReading) -> String? {
        // Kanji are 3- or 4-byte UTF-8: a line of bytes below 0xE3 has none (most lines, found without a String).
        guard content.contains(where: { $0 >= 0xE3 }),
              var entry = PlainTextExtractor.entry(onLine: 0, content, 0, content.count),
              entry.read(by: readings) else { return nil }
        return entry.sortString
    }
}

extension TextDocument {
    /// The plain-text entry of line `line`, read off the text by the extractor's own code, with its collation string
    /// under `readings` (as `EntrySource` makes it); nil for a blank line.
    func plainTextEntry(onLine line: Int, readings: (any CollationReading)?) -> Entry? {
        guard var entry = withLine(line, { PlainTextExtractor.entry(onLine: line, $0, 0, $0.count) }) else { return nil }
        if let readings { entry.read(by: readings) }
        return entry
    }
}
