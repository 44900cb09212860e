import Collation
import Entries
import Foundation

/// One sectioned, sorted index of the entries of many files under one collation — the thumb index of a workspace —
/// changed a file at a time: a file's entries replaced or removed cost a pass over the sections they touch (their
/// items filtered out, the new ones merged in by sort key), not a sort of everything.
///
/// Order inside a section: by sort key, then by file uri, then by the entry's place in its file, so that the index
/// after any sequence of changes equals one made fresh from the same files.
public struct WorkspaceIndex: SortedSections, Sendable {
    /// An entry of the index: its file and its place in the file.
    public struct Item: Hashable, Sendable {
        public let file: Int32
        public let entry: Int32
    }

    private struct Slot: Sendable {
        let file: File
        /// The first eight bytes of each entry's sort key as an integer: most comparisons end there, the rest ask
        /// the collator (a whole key per entry would be most of the index's memory).
        let prefixes: [UInt64]
        /// The sections the file has items in.
        let sections: Set<Int32>
        let sectionOfEntry: [Int32]
    }

    public let collation: IndexedCollation
    private var slots: [Slot?] = []
    private var slotOfURI: [String: Int32] = [:]
    private var freeSlots: [Int32] = []
    /// Per section title, the items in order.
    private var runs: [[Item]]
    /// Bumped by every change: the `version` paging requests name.
    public private(set) var generation = 0

    public init(collation: IndexedCollation) {
        self.collation = collation
        runs = Array(repeating: [], count: collation.sectionTitles.count)
    }

    /// The index of `files` (distinct uris) at once: each file's keys made on every core, then each section sorted
    /// once.
    public init(collation: IndexedCollation, files: [File]) throws(CollationError) {
        self.init(collation: collation)
        // In uri order, so that the keys' own order (ties by input position) is the index's order.
        let files = files.filter { $0.count > 0 }.sorted { $0.uri < $1.uri }
        var batch = UTF8Batch([String]())
        var bases: [Int] = []
        for file in files {
            bases.append(batch.count)
            batch.append(contentsOf: file.sortBatch)
        }
        let keys = try SortKeys(batch, collator: collation.collator)
        let sorted = keys.sortedOrder()
        let sections = collation.sections(of: batch, sorted: sorted)
        var fileOf = [Int32](repeating: 0, count: batch.count)
        for (id, file) in files.enumerated() {
            let mine = Array(sections[bases[id] ..< bases[id] + file.count])
            let prefixes = (bases[id] ..< bases[id] + file.count).map { keys.prefix($0, from: 0) }
            slots.append(Slot(file: file, prefixes: prefixes, sections: Set(mine), sectionOfEntry: mine))
            slotOfURI[file.uri] = Int32(id)
            for k in 0 ..< file.count { fileOf[bases[id] + k] = Int32(id) }
        }
        // Each run at its exact size: a million items leave no growth slack behind.
        var sizes = [Int](repeating: 0, count: runs.count)
        for section in sections { sizes[Int(section)] += 1 }
        for (section, size) in sizes.enumerated() { runs[section].reserveCapacity(size) }
        for i in sorted {
            let id = fileOf[Int(i)]
            runs[Int(sections[Int(i)])].append(Item(file: id, entry: i - Int32(bases[Int(id)])))
        }
        generation = 1
    }

    private static func slot(_ file: File, _ collation: IndexedCollation) throws(CollationError) -> Slot {
        let batch = file.sortBatch
        let sections = collation.sections(of: batch, parallel: false)
        return Slot(file: file, prefixes: try SortKeys.prefixes(batch, collator: collation.collator, parallel: false),
                    sections: Set(sections), sectionOfEntry: sections)
    }

    /// The number of entries.
    public var count: Int { runs.reduce(0) { $0 + $1.count } }

    /// Adds a file, or replaces the entries of one with the same uri.
    ///
    /// - Throws: `CollationError` when the file's sort keys cannot be allocated (the index is as before, less the file).
    public mutating func set(_ file: File) throws(CollationError) {
        remove(uri: file.uri)
        guard file.count > 0 else { return }
        let slot = try Self.slot(file, collation)
        let id: Int32
        if let free = freeSlots.popLast() { id = free } else { id = Int32(slots.count); slots.append(nil) }
        slots[Int(id)] = slot
        slotOfURI[file.uri] = id
        var added = [[Item]](repeating: [], count: runs.count)
        for (k, section) in slot.sectionOfEntry.enumerated() { added[Int(section)].append(Item(file: id, entry: Int32(k))) }
        for section in slot.sections {
            let new = added[Int(section)].sorted(by: less)
            runs[Int(section)] = merge(runs[Int(section)], new)
        }
        generation += 1
    }

    /// Removes a file's entries (nothing when it has none here).
    public mutating func remove(uri: String) {
        guard let id = slotOfURI.removeValue(forKey: uri), let slot = slots[Int(id)] else { return }
        for section in slot.sections { runs[Int(section)].removeAll { $0.file == id } }
        slots[Int(id)] = nil
        freeSlots.append(id)
        generation += 1
    }

    /// The non-empty sections in section order, with counts and the offset of each one's first item.
    public var sections: [SectionSummary] { SectionSummary.nonEmpty(counts: runs.lazy.map(\.count), titles: collation.sectionTitles) }

    /// The items at `range` of the sectioned order (clamped), each with its section's title position.
    public func items(_ range: Range<Int>) -> [(item: Item, section: Int)] {
        var result: [(Item, Int)] = [], start = 0
        for (section, run) in runs.enumerated() where !run.isEmpty {
            let lower = max(range.lowerBound, start), upper = min(range.upperBound, start + run.count)
            if lower < upper { result += run[(lower - start) ..< (upper - start)].map { ($0, section) } }
            start += run.count
            if start >= range.upperBound { break }
        }
        return result
    }

    /// The file of an item.
    public func file(of item: Item) -> File { slots[Int(item.file)]!.file }

    /// Whether `a` comes before `b`: by sort key, then file uri, then place in the file.
    private func less(_ a: Item, _ b: Item) -> Bool {
        let sa = slots[Int(a.file)]!, sb = slots[Int(b.file)]!
        let pa = sa.prefixes[Int(a.entry)], pb = sb.prefixes[Int(b.entry)]
        if pa != pb { return pa < pb }
        let c = sa.file.withSortString(Int(a.entry)) { a in sb.file.withSortString(Int(b.entry)) { b in collation.collator.compare(utf8: a, b) } }
        if c != 0 { return c < 0 }
        if a.file != b.file { return sa.file.uri < sb.file.uri }
        return a.entry < b.entry
    }

    /// `old` and `new` (both in order) as one run: each new item's place found by binary search, so that a file's
    /// few items cost a few comparisons each, and the rest is copied.
    private func merge(_ old: [Item], _ new: [Item]) -> [Item] {
        guard !old.isEmpty else { return new }
        var merged: [Item] = []
        merged.reserveCapacity(old.count + new.count)
        var from = 0
        for item in new {
            let low = old.partitionPoint(from: from) { less($0, item) }
            merged += old[from ..< low]
            merged.append(item)
            from = low
        }
        merged += old[from...]
        return merged
    }
}
