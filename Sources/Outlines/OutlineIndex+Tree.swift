import Collation
import Entries

/// JSON values nested in containers (`.tree`): JSON files and string catalogs. An entry's position is its place in
/// depth-first order (`places` names the id at each place); `JSONTree` finds the container an edit stayed inside
/// and reads again only the members around the edit.
extension OutlineIndex {
    /// The index of a JSON document, or nil for text that is not JSON (or not a catalog) or has no value: then the
    /// caller makes an `.entries` index, whose extraction reports what is wrong.
    static func makeTree(
        _ document: TextDocument, collation: IndexedCollation, format: TreeFormat, readings: (any CollationReading)?, inputs: IndexInputs
    ) throws(CollationError) -> OutlineIndex? {
        // Packed as they are read: a million JSON members are never held as `Entry`s (170 MB of them and their strings).
        var sink = PackingSink(readings: readings)
        guard !document.isBinary,
              let tree = format.read(RecordText(bytes: document.bytes, lineStarts: document.lineStarts), into: &sink)
        else { return nil }
        let stored = sink.stored
        return try OutlineIndex(collation: collation, state: .tree(tree), document: document, batch: stored.sortStrings,
                                positions: (0 ..< Int32(stored.count)).map { $0 }, stored: stored, readings: readings, inputs: inputs)
    }

    /// Follows an edit by reading again the members around it (see `JSONTree`).
    func updateTree(to document: TextDocument, edit: LineEdit) -> Bool {
        guard case .tree(var tree) = state else { return false }
        state = .entries  // the shape mutated alone, not copied
        let text = RecordText(bytes: document.bytes, lineStarts: document.lineStarts)
        guard let change = tree.follow(text, start: edit.start, oldEnd: edit.oldEnd, newEnd: edit.newEnd) else { return false }
        state = .tree(tree)
        var entries = change.entries
        if let readings { for i in entries.indices { entries[i].read(by: readings) } }
        let changed = change.old.lowerBound ..< change.old.lowerBound + entries.count
        replace(LineEdit(start: change.old.lowerBound, oldEnd: change.old.upperBound, newEnd: changed.upperBound), in: document,
                batch: UTF8Batch(entries.lazy.map(\.sortString)), lines: Array(changed), entries: entries)
        // The containers around the edit end elsewhere; the entries after it are on other lines.
        for ancestor in change.ancestors {
            let id = Int(places[ancestor.place])
            var entry = stored[id]
            entry.range.end = ancestor.end
            if let detail = ancestor.detail { entry.detail = detail }
            stored[id] = entry
            markChanged(id)
        }
        let lines = edit.lineDelta
        if lines != 0 {
            // Every place's id at once (the places are kept in blocks: one lookup each would search them).
            for id in places.ids[changed.upperBound...].lazy.map({ Int($0) }) {
                stored.moveDown(id, by: lines)
                markChanged(id)
            }
        }
        return true
    }
}

/// A tree's entries packed as they are read, with their readings when the collation has them (an entry without
/// readings given as UTF-8 is packed as it is, no string made).
private struct PackingSink: EntrySink {
    var stored = StoredEntries()
    let readings: (any CollationReading)?

    mutating func append(_ entry: Entry) {
        var entry = entry
        if let readings { entry.read(by: readings) }
        stored.append(entry)
    }

    mutating func append(utf8Name name: UnsafeBufferPointer<UInt8>, kind: SymbolKind, detail: UnsafeBufferPointer<UInt8>?,
                         range: TextRange, selectionRange: TextRange) {
        guard readings == nil else {
            return append(Entry(utf8Name: name, kind: kind, detail: detail, range: range, selectionRange: selectionRange))
        }
        stored.append(utf8Name: name, kind: kind, detail: detail, range: range, selectionRange: selectionRange)
    }

    mutating func restart() { stored = StoredEntries() }

    mutating func reserveCapacity(entries: Int, utf8: Int) { stored.reserveCapacity(entries: entries, utf8: utf8) }

    /// A part read on another core, unless entries are read by readings (whose dictionaries are not shared).
    func part() -> PackingSink? { readings == nil ? PackingSink(readings: nil) : nil }

    mutating func append(part: consuming PackingSink) { stored.append(contentsOf: part.stored) }
}
