import Collation
import Entries

/// What must hold between the index's arrays after every change, written down once and checked by the tests after
/// every step (the equivalence test; `checkInvariants` in a debug build): a bug in an edit's bookkeeping shows as the
/// broken rule where it happens, not as a wrong page many edits later.
extension OutlineIndex {
    /// The rules the index breaks for `document` (the text it is current with), one sentence each; empty when it is
    /// sound. Reads every entry's sort string: O(n) comparisons, for tests.
    ///
    /// - Ids: an id is live (its `position` ≥ 0) or free (in `freeIDs` once, `position` -1); `count` is the number of
    ///   live ids; `sectionOf`, `stored` (when the format stores entries) and `levels` (`.headings`) have a slot per id.
    /// - Runs: every live id is in exactly one run, the run of its `sectionOf`, which is the section its sort string
    ///   falls in; each run is ordered by collation, then document position (strictly: no two entries tie).
    /// - Lines (all formats but `.entries` and `.tree`): `entryAtLine` has a slot per line of the text, and `entryAtLine[l] == id`
    ///   exactly when `position[id] == l`. `.entries`: the live ids' positions are 0 ..< count, each once. `.tree`:
    ///   `entryAtLine` has a slot per place 0 ..< count, each naming the id at that position.
    public func invariantViolations(in document: TextDocument) -> [String] {
        var problems: [String] = []
        let live = position.indices.filter { position[$0] >= 0 }
        if live.count != count { problems.append("count \(count), but \(live.count) ids are live") }
        if sectionOf.count != position.count { problems.append("sectionOf has \(sectionOf.count) slots for \(position.count) ids") }
        if (format != .lines && format != .records || !stored.isEmpty) && stored.count != position.count {
            problems.append("stored has \(stored.count) entries for \(position.count) ids")
        }
        if shelved == nil, entryChanged.count != position.count { problems.append("entryChanged has \(entryChanged.count) slots for \(position.count) ids") }
        if format == .headings, levels.count != position.count { problems.append("levels has \(levels.count) slots for \(position.count) ids") }
        let free = Set(freeIDs)
        if free.count != freeIDs.count { problems.append("an id is free twice") }
        if let bad = freeIDs.first(where: { Int($0) >= position.count || position[Int($0)] >= 0 }) { problems.append("free id \(bad) is live") }
        if free.count + live.count != position.count { problems.append("\(position.count - free.count - live.count) ids are neither live nor free") }
        guard problems.isEmpty else { return problems }

        var seen = [Bool](repeating: false, count: position.count)
        for (section, run) in runs.enumerated() {
            for id in run {
                guard id >= 0, Int(id) < position.count, position[Int(id)] >= 0 else { problems.append("run \(section) holds id \(id), which is not live"); continue }
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

        if format == .tree {
            if entryAtLine.count != count { problems.append("entryAtLine has \(entryAtLine.count) places for \(count) entries") }
            for (place, id) in entryAtLine.enumerated() where id < 0 || Int(id) >= position.count || position[Int(id)] != Int32(place) {
                problems.append("place \(place) names id \(id), which is not there")
            }
            if let tree, tree.entryCount != count { problems.append("the tree has \(tree.entryCount) entries, the index \(count)") }
        } else if format == .entries {
            if live.map({ Int(position[$0]) }).sorted() != Array(0 ..< count) { problems.append("positions are not 0 ..< \(count)") }
        } else if entryAtLine.count != document.lineCount {
            problems.append("entryAtLine has \(entryAtLine.count) slots for \(document.lineCount) lines")
        } else {
            for (line, id) in entryAtLine.enumerated() where id >= 0 && (Int(id) >= position.count || position[Int(id)] != Int32(line)) {
                problems.append("line \(line) names id \(id), whose position is \(Int(id) < position.count ? position[Int(id)] : -2)")
            }
            for id in live where Int(position[id]) >= entryAtLine.count || entryAtLine[Int(position[id])] != Int32(id) {
                problems.append("id \(id) starts on line \(position[id]), which does not name it")
            }
        }
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
