import Collation
import Entries

/// What must hold between the index's arrays after every change, written down once and checked by the tests after
/// every step (the equivalence test; `checkInvariants` in a debug build): a bug in an edit's bookkeeping shows as the
/// broken rule where it happens, not as a wrong page many edits later.
extension OutlineIndex {
    /// The rules the index breaks for `document` (the text it is current with), one sentence each; empty when it is
    /// sound. Reads every entry's sort string: O(n) comparisons, for tests.
    ///
    /// - Ids: an id is live (it has a place) or free (in `freeIDs` once, no place); `count` is the number of live
    ///   ids; `sectionOf`, `stored` (when the format stores entries) and `levels` (`.headings`) have a slot per id.
    /// - Runs: every live id is in exactly one run, the run of its `sectionOf`, which is the section its sort string
    ///   falls in; each run is ordered by collation, then document position (strictly: no two entries tie).
    /// - Places (`EntryPlaces`, its own rules too): all formats but `.entries` and `.tree` have a place per line of the
    ///   text, and `places[l] == id` exactly when `places.place(of: id) == l`. `.entries`: the live ids' places are
    ///   0 ..< count, each once. `.tree`: a place per entry, each naming the id there.
    public func invariantViolations(in document: TextDocument) -> [String] {
        var problems = places.violations()
        let ids = places.idCount
        let live = (0 ..< ids).filter { places.isPlaced(Int32($0)) }
        if live.count != count { problems.append("count \(count), but \(live.count) ids are live") }
        if sectionOf.count != ids { problems.append("sectionOf has \(sectionOf.count) slots for \(ids) ids") }
        if (format != .lines && format != .records || !stored.isEmpty) && stored.count != ids {
            problems.append("stored has \(stored.count) entries for \(ids) ids")
        }
        if case .records(_, shelved: _?) = state {} else if entryChanged.count != ids { problems.append("entryChanged has \(entryChanged.count) slots for \(ids) ids") }
        if case .headings(_, let levels) = state, levels.count != ids { problems.append("levels has \(levels.count) slots for \(ids) ids") }
        let free = Set(freeIDs)
        if free.count != freeIDs.count { problems.append("an id is free twice") }
        if let bad = freeIDs.first(where: { Int($0) >= ids || places.isPlaced($0) }) { problems.append("free id \(bad) is live") }
        if free.count + live.count != ids { problems.append("\(ids - free.count - live.count) ids are neither live nor free") }
        guard problems.isEmpty else { return problems }

        var seen = [Bool](repeating: false, count: ids)
        for (section, run) in runs.enumerated() {
            for id in run {
                guard id >= 0, Int(id) < ids, places.isPlaced(id) else { problems.append("run \(section) holds id \(id), which is not live"); continue }
                if seen[Int(id)] { problems.append("id \(id) is in a run twice") }
                seen[Int(id)] = true
                if Int(sectionOf[Int(id)]) != section { problems.append("id \(id) is in run \(section), but its section is \(sectionOf[Int(id)])") }
            }
            for (a, b) in zip(run, run.dropFirst()) where !less(a, b, in: document) {
                problems.append("run \(section): id \(a) is not before id \(b)")
            }
        }
        if let missing = live.first(where: { !seen[$0] }) { problems.append("live id \(missing) is in no run") }
        guard problems.isEmpty else { return problems }

        // The section each entry's sort string falls in now.
        var batch = UTF8Batch([String]())
        for id in live { batch.append(withSortString(Int32(id), in: document) { String(decoding: $0, as: UTF8.self) }) }
        for (id, section) in zip(live, collation.sections(of: batch)) where Int(sectionOf[id]) != Int(section) {
            problems.append("id \(id) is kept in section \(sectionOf[id]), but its sort string falls in \(section)")
        }

        let expected = format == .tree || format == .entries ? count : document.lineCount
        if places.count != expected { problems.append("\(places.count) places for \(expected) \(format == .tree || format == .entries ? "entries" : "lines")") }
        for (place, id) in places.ids.enumerated() {
            if id >= 0 ? Int(id) >= ids || places.place(of: id) != Int32(place) : format == .tree || format == .entries {
                problems.append("place \(place) names id \(id), which is not there")
            }
        }
        for id in live where places[Int(places.place(of: Int32(id)))] != Int32(id) {
            problems.append("id \(id) is at place \(places.place(of: Int32(id))), which does not name it")
        }
        if case .tree(let tree) = state, tree.entryCount != count { problems.append("the tree has \(tree.entryCount) entries, the index \(count)") }
        return problems
    }

    /// Stops a debug build where the index breaks a rule of `invariantViolations(in:)`; nothing in a release build.
    public func checkInvariants(in document: TextDocument) {
        #if DEBUG
        let problems = invariantViolations(in: document)
        assert(problems.isEmpty, "OutlineIndex broke its invariants: " + problems.prefix(5).joined(separator: "; "))
        #endif
    }
}
