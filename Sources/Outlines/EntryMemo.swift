import Foundation

/// Bytes made from the entries of an index (each entry's symbol as a client's JSON), kept with the index a section at
/// a time and made again only for entries that changed since: a generic client asks for the whole outline after every
/// edit, and an edit changes a few entries, or moves those below it. A section none of whose entries changed is
/// handed out as the same bytes (no copy); a section with changes is joined again from the kept symbols that still
/// hold and the ones made anew. Read outside the store's lock, from views; its own lock keeps it whole.
public final class EntryMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Key: Joined] = [:]

    private struct Key: Hashable {
        let section: Int
        let variant: Int
    }

    /// One section's symbols, comma-separated, with the entries (ids and stamps, in the section's order) they were
    /// made from and where each ends.
    private struct Joined {
        var ids: [Int32]
        var stamps: [Stamp]
        var bytes: [UInt8]
        var ends: [Int]
        var asOf: UInt64
    }

    /// What an entry's value is made from: the index's count of changes when the entry itself last changed, and its
    /// position (an edit above it moves it without changing it, and is not written into every entry it moves).
    public struct Stamp: Hashable, Sendable {
        /// 1 + the index's count of changes when the entry last changed (0: no value).
        public var made: UInt64
        /// Its position in document order.
        public var position: Int32
        /// The index's count of changes when the stamp was taken: of two values, the later one is kept.
        public var asOf: UInt64

        /// The same value: made from the same entry at the same place.
        func sameValue(as other: Stamp) -> Bool { made == other.made && position == other.position }
    }

    init() {}

    /// How far ahead among the kept entries an entry is looked for (entries removed since are skipped).
    private static let lookAhead = 16

    /// The values of a section's entries `ids` at `stamps` (`OutlineIndexView.stamp(at:)`) in `variant` (what else a
    /// value depends on: a position encoding), joined by commas; `make(k)` makes the value of `ids[k]` where none is
    /// kept for its stamp. `section` names the section (its title's position).
    public func joined(section: Int, ids: [Int32], stamps: [Stamp], variant: Int, make: (Int) -> [UInt8]) -> [UInt8] {
        let key = Key(section: section, variant: variant)
        let old = lock.withLock { kept[key] }
        if let old, old.ids == ids, zip(old.stamps, stamps).allSatisfy({ $0.sameValue(as: $1) }) { return old.bytes }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(old.map { $0.bytes.count + 1024 } ?? ids.count * 200)
        var ends: [Int] = []
        ends.reserveCapacity(ids.count)
        var j = 0  // the next kept entry not passed yet: both lists are in the section's order
        for k in ids.indices {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            var reused = false
            if let old {
                var probe = j
                let limit = min(old.ids.count, j + Self.lookAhead)
                while probe < limit && old.ids[probe] != ids[k] { probe += 1 }
                // The same id with another stamp is another entry (ids are reused) or a changed one: made again, and
                // the kept entries are not passed over for it.
                if probe < limit, old.stamps[probe].sameValue(as: stamps[k]) {
                    let start = probe == 0 ? 0 : old.ends[probe - 1] + 1  // after the comma
                    bytes += old.bytes[start ..< old.ends[probe]]
                    reused = true
                    j = probe + 1
                }
            }
            if !reused { bytes += make(k) }
            ends.append(bytes.count)
        }
        let asOf = stamps.lazy.map(\.asOf).max() ?? 0
        lock.withLock {
            // A later section made meanwhile (by a request for a newer view) stays.
            if (kept[key]?.asOf ?? 0) <= asOf { kept[key] = Joined(ids: ids, stamps: stamps, bytes: bytes, ends: ends, asOf: asOf) }
        }
        return bytes
    }
}
