import Collation
import Entries
import Foundation

/// One sectioned, sorted index of the entries of many files under one collation — the thumb index of a workspace —
/// changed a file at a time: a file's entries replaced or removed cost a pass over the sections they touch (their
/// items filtered out, the new ones merged in by sort key), not a sort of everything.
///
/// Order inside a section: by sort key, then by file uri, then by the entry's place in its file, so that the index
/// after any sequence of changes equals one made fresh from the same files.
public struct WorkspaceIndex: Sendable {
    /// A file's entries (depth-first) as the index keeps them, compactly (a workspace holds a million): names one
    /// after another, kinds, positions as the client counts them (the file's text is not kept), and the few details
    /// and sort strings other than the name there are.
    public struct File: Sendable {
        public let uri: String
        /// The names, one after another.
        let names: UTF8Batch
        /// The sort strings (a contact's collation string) that are not the entry's name.
        private let sortStrings: [Int32: String]
        private let details: [Int32: String]
        private let kinds: [UInt8]
        /// Per entry eight numbers: the range's start line and character, end line and character, then the selection
        /// range's.
        private let positions: [Int32]

        /// `entries` (their children not read) with their ranges and selection ranges in the client's encoding.
        public init(uri: String, entries: [Entry], ranges: [EncodedRange], selections: [EncodedRange]) {
            self.uri = uri
            names = UTF8Batch(entries.lazy.map(\.name))
            var sortStrings: [Int32: String] = [:], details: [Int32: String] = [:]
            for (k, entry) in entries.enumerated() {
                if let collation = entry.collationString, collation != entry.name { sortStrings[Int32(k)] = collation }
                if let detail = entry.detail { details[Int32(k)] = detail }
            }
            self.sortStrings = sortStrings
            self.details = details
            kinds = entries.map { UInt8(clamping: $0.kind.rawValue) }
            var positions: [Int32] = []
            positions.reserveCapacity(entries.count * 8)
            for (range, selection) in zip(ranges, selections) {
                for position in [range.start, range.end, selection.start, selection.end] {
                    positions.append(Int32(clamping: position.line))
                    positions.append(Int32(clamping: position.character))
                }
            }
            self.positions = positions
        }

        /// The number of entries.
        public var count: Int { kinds.count }
        public func name(_ k: Int) -> String { names.string(at: k) }
        public func detail(_ k: Int) -> String? { details[Int32(k)] }
        public func kind(_ k: Int) -> Int { Int(kinds[k]) }
        /// What the entry sorts by: its collation string, else its name.
        public func sortString(_ k: Int) -> String { sortStrings[Int32(k)] ?? name(k) }
        public func range(_ k: Int) -> EncodedRange { encodedRange(k * 8) }
        public func selection(_ k: Int) -> EncodedRange { encodedRange(k * 8 + 4) }

        /// The sort strings of every entry as one batch (the names themselves when none differs).
        var sortBatch: UTF8Batch { sortStrings.isEmpty ? names : UTF8Batch((0 ..< count).lazy.map(sortString)) }

        private func encodedRange(_ at: Int) -> EncodedRange {
            EncodedRange(start: EncodedPosition(line: Int(positions[at]), character: Int(positions[at + 1])),
                         end: EncodedPosition(line: Int(positions[at + 2]), character: Int(positions[at + 3])))
        }
    }

    /// An entry of the index: its file and its place in the file.
    public struct Item: Hashable, Sendable {
        public let file: Int32
        public let entry: Int32
    }

    private struct Slot: Sendable {
        let file: File
        /// The file's keys: `keys.key(base + entry)` (a bulk build shares one `SortKeys` among its files).
        let keys: SortKeys
        let base: Int
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
    public init(collation: IndexedCollation, files: [File]) {
        self.init(collation: collation)
        // In uri order, so that the keys' own order (ties by input position) is the index's order.
        let files = files.filter { $0.count > 0 }.sorted { $0.uri < $1.uri }
        var batch = UTF8Batch([String]())
        var bases: [Int] = []
        for file in files {
            bases.append(batch.count)
            batch.append(contentsOf: file.sortBatch)
        }
        let keys = SortKeys(batch, collator: collation.collator)
        let sections = collation.sections(of: batch)
        var fileOf = [Int32](repeating: 0, count: batch.count)
        for (id, file) in files.enumerated() {
            let mine = Array(sections[bases[id] ..< bases[id] + file.count])
            slots.append(Slot(file: file, keys: keys, base: bases[id], sections: Set(mine), sectionOfEntry: mine))
            slotOfURI[file.uri] = Int32(id)
            for k in 0 ..< file.count { fileOf[bases[id] + k] = Int32(id) }
        }
        for i in keys.sortedOrder() {
            let id = fileOf[Int(i)]
            runs[Int(sections[Int(i)])].append(Item(file: id, entry: i - Int32(bases[Int(id)])))
        }
        generation = 1
    }

    private static func slot(_ file: File, _ collation: IndexedCollation) -> Slot {
        let batch = file.sortBatch
        let sections = collation.sections(of: batch, parallel: false)
        return Slot(file: file, keys: SortKeys(batch, collator: collation.collator, parallel: false), base: 0, sections: Set(sections),
                    sectionOfEntry: sections)
    }

    /// The number of entries.
    public var count: Int { runs.reduce(0) { $0 + $1.count } }

    /// Adds a file, or replaces the entries of one with the same uri.
    public mutating func set(_ file: File) {
        remove(uri: file.uri)
        guard file.count > 0 else { return }
        let slot = Self.slot(file, collation)
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

    /// The uris of the files with entries here.
    public var uris: [String] { Array(slotOfURI.keys) }

    /// The non-empty sections in section order: title position, count, and the offset of the first item.
    public var sections: [(titleIndex: Int, count: Int, offset: Int)] {
        var result: [(Int, Int, Int)] = [], offset = 0
        for (section, run) in runs.enumerated() where !run.isEmpty {
            result.append((section, run.count, offset))
            offset += run.count
        }
        return result
    }

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
        let ka = sa.keys.key(sa.base + Int(a.entry)), kb = sb.keys.key(sb.base + Int(b.entry))
        let c = memcmp(ka.baseAddress!, kb.baseAddress!, min(ka.count, kb.count))
        if c != 0 { return c < 0 }
        if ka.count != kb.count { return ka.count < kb.count }
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
            var low = from, high = old.count
            while low < high {
                let mid = (low + high) / 2
                if less(old[mid], item) { low = mid + 1 } else { high = mid }
            }
            merged += old[from ..< low]
            merged.append(item)
            from = low
        }
        merged += old[from...]
        return merged
    }
}
