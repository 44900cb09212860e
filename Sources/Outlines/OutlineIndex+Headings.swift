import Collation
import Entries

/// Markdown headings (`.headings`): found by a scan that restarts near an edit (`MarkdownHeadingScan`) and stored
/// with their lines counted from their own start line, so the headings below an edit move with their position alone.
/// A heading's range runs to the line before the next heading of its level or a higher one, or to the end: an edit
/// changes it only for the headings in its window and the few before it whose range reaches into it.
extension OutlineIndex {
    static func makeHeadings(_ document: TextDocument, collation: IndexedCollation, plan: IndexPlan, inputs: IndexInputs) throws(CollationError) -> OutlineIndex {
        let readings = plan.readings
        // Not told its sections before the sort, nor given a layout's: the scan is most of what the headings cost.
        var inputs = inputs
        (inputs.sectionsKnown, inputs.knownSections, inputs.knownNames, inputs.isCancelled) = (nil, nil, nil, { false })
        let (scan, headings) = MarkdownHeadingScan.scan(bytes: document.bytes, lineStarts: document.lineStarts, spacing: inputs.checkpointSpacing)
        let starts = headings.map(\.startLine)
        guard zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return try make(document, collation: collation, plan: plan.with(format: .startLines), inputs: inputs)
        }
        let entries = headings.map { Self.entry($0, readings) }
        let index = try OutlineIndex(collation: collation, state: .headings(scan, levels: headings.map { UInt8($0.level) }), document: document,
                                 batch: UTF8Batch(entries.lazy.map(\.sortString)), positions: starts.map { Int32($0) },
                                 stored: StoredEntries(entries), readings: readings, inputs: inputs)
        // Each heading ends where a later one of its level or higher starts: one pass with a stack of open headings.
        var open: [Int] = []
        for (i, heading) in headings.enumerated() {
            while let last = open.last, headings[last].level >= heading.level {
                index.setEnd(ofEntry: Int32(last), toLine: heading.startLine - 1, in: document)
                open.removeLast()
            }
            open.append(i)
        }
        for i in open { index.setEnd(ofEntry: Int32(i), toLine: Self.lastContentLine(document), in: document) }
        return index
    }

    /// Follows an edit: the scan finds the window of lines whose headings changed, and only those are replaced.
    func updateHeadings(to document: TextDocument, edit: LineEdit) -> Bool {
        guard case .headings(var scan, var levels) = state else { return false }
        state = .entries  // the scan and the levels mutated alone, not copied
        defer { state = .headings(scan, levels: levels) }
        guard let window = scan.update(bytes: document.bytes, lineStarts: document.lineStarts,
                                       start: edit.start, oldEnd: edit.oldEnd, newEnd: edit.newEnd) else { return false }
        let new = window.headings, entries = new.map { Self.entry($0, readings) }
        // The window holds about `spacing` lines of headings the edit did not touch: those keep their ids and places
        // in the runs (matched from both ends by line and name); only the ones between are replaced.
        let old = (window.start ..< window.oldEnd).filter { places[$0] >= 0 }
        func same(_ o: Int, _ n: Int, shift: Int) -> Bool {
            let kept = stored[Int(places[old[o]])]
            return old[o] + shift == new[n].startLine && kept.name == entries[n].name && kept.sortString == entries[n].sortString
        }
        let (replaced, added) = Self.window(of: edit, old: old, new: new.map(\.startLine), same: same)
        replace(replaced, in: document, batch: UTF8Batch(entries[added].lazy.map(\.sortString)),
                lines: new[added].map(\.startLine), entries: Array(entries[added]))
        // Headings outside the window that the edit renamed (it defined or undefined their link's label): each moved
        // to its new place in the sort.
        let renamed = window.renamed.map { Self.entry($0, readings) }
        for (heading, entry) in zip(window.renamed, renamed) {
            let line = heading.startLine
            replace(LineEdit(start: line, oldEnd: line + 1, newEnd: line + 1), in: document, batch: UTF8Batch([entry.sortString]),
                    lines: [line], entries: [entry])
        }
        for (heading, entry) in zip(new + window.renamed, entries + renamed) {
            let id = Int(places[heading.startLine])
            if id >= levels.count { levels += repeatElement(0, count: id + 1 - levels.count) }
            levels[id] = UInt8(heading.level)
            stored[id] = entry  // a kept heading's selection may have moved on its line; its end is set below
        }
        for heading in new + window.renamed { findEnd(ofEntryOnLine: heading.startLine, levels: levels, in: document) }
        // Before the window, a heading's range reaches into it only when no heading between has its level or higher.
        var highest = UInt8.max, line = window.start - 1
        while line >= 0, highest > 1 {
            let id = places[line]
            if id >= 0, levels[Int(id)] < highest {
                findEnd(ofEntryOnLine: line, levels: levels, in: document)
                highest = levels[Int(id)]
            }
            line -= 1
        }
        return true
    }

    /// Sets the end of the range of the heading starting on `line`: the line before the next heading of its level or
    /// a higher one, or the last line.
    private func findEnd(ofEntryOnLine line: Int, levels: [UInt8], in document: TextDocument) {
        let id = places[line], level = levels[Int(id)]
        var next = line + 1
        while next < places.count, places[next] < 0 || levels[Int(places[next])] > level { next += 1 }
        setEnd(ofEntry: id, toLine: next < places.count ? next - 1 : Self.lastContentLine(document), in: document)
    }

    private func setEnd(ofEntry id: Int32, toLine end: Int, in document: TextDocument) {
        let start = Int(places.place(of: id))
        var entry = stored[Int(id)]
        entry.range.end = TextPosition(line: end - start, column: document.lineRange(end).count)
        stored[Int(id)] = entry
    }

    /// A heading as the index stores it: its lines counted from its start line (the range's end is set apart).
    private static func entry(_ heading: MarkdownHeadingScan.Heading, _ readings: (any CollationReading)?) -> Entry {
        var entry = Entry(name: heading.name, kind: .string, range: TextRange(start: TextPosition(line: 0, column: 0), end: TextPosition(line: 0, column: 0)),
                          selectionRange: heading.selection.movedDown(-heading.startLine), collationString: heading.collationString)
        if let readings { entry.read(by: readings) }
        return entry
    }

    /// The last line that holds text, as the extractors' ranges end (a final line break starts no line of its own).
    static func lastContentLine(_ document: TextDocument) -> Int {
        let last = document.lineCount - 1
        return last > 0 && document.lineStarts[last] == document.bytes.count ? last - 1 : last
    }

    /// Entry `id` as served: `stored` with its lines moved to where it starts in the document.
    static func served(_ stored: Entry, at line: Int32) -> Entry { stored.movedDown(Int(line)) }
}
