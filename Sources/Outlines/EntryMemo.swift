import Foundation

/// Bytes made from the entries of an index (each entry's symbol as a client's JSON), kept with the index in blocks of
/// some thousands of entries of a section and made again only for entries that changed since: a generic client asks
/// for the whole outline after every edit, and an edit changes a few entries, or moves those below it. A section none
/// of whose entries changed is handed out as the same bytes (no copy, no look at each entry); in a section with
/// changes, only the blocks holding them are joined again, from the kept symbols that still hold and the ones made
/// anew. Read outside the store's lock, from views; its own lock keeps it whole.
public final class EntryMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Key: Kept] = [:]

    private struct Key: Hashable {
        let section: Int
        let variant: Int
    }

    /// A section's blocks, and the count of changes they hold for.
    private struct Kept {
        var asOf: UInt64
        var blocks: [Block]
    }

    /// Some consecutive entries of a section: their symbols, comma-separated, with the entries (ids and stamps) they
    /// were made from and where each symbol ends.
    private struct Block {
        var ids: [Int32]
        var stamps: [Stamp]
        var bytes: [UInt8]
        var ends: [Int]
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

    /// What a section's values depend on, as of a view (`OutlineIndexView.changes(ofSection:)`): the view's count of
    /// changes (`now`), that count when an entry of the section last changed or moved (`last`), and when entries last
    /// moved (`moved`).
    public struct Changes: Sendable {
        public var now: UInt64, last: UInt64, moved: UInt64
    }

    init() {}

    /// How far ahead among the kept entries an entry is looked for (entries removed since are skipped).
    private static let lookAhead = 16

    /// Whether a block ends after entry `id`: about one entry in 8,192, chosen by its id, so that an edit moves no
    /// block's end but where it adds or removes entries, and the blocks after it are found again as they were. A block
    /// is then about 2 MB of JSON, mapped alone and given back when freed (in blocks of 200 KB, a million entries'
    /// symbols made again left 100 MB more behind in the heap).
    static func endsBlock(_ id: Int32) -> Bool { (UInt32(bitPattern: id) &* 0x9E37_79B1) >> 19 == 0 }

    /// The values of a section's entries `ids()` in `variant` (what else a value depends on: a position encoding),
    /// joined by commas, as pieces. `stamp(k)` is the stamp of the `k`th (`OutlineIndexView.stamp(at:)`), `lastChange`
    /// the count of changes when an entry last changed in place (`OutlineIndexView.lastChange(of:)`), and `make(k)`
    /// makes the value of the `k`th where none is kept for its stamp. `section` names the section (its title's
    /// position). When nothing in it changed since its kept values were made (for this view or an older one), they are
    /// handed out without a look at each entry; else only the blocks whose entries changed or moved are joined again.
    public func joined(
        section: Int, changes: Changes, ids: () -> [Int32], lastChange: (Int32) -> UInt64, stamp: (Int) -> Stamp, variant: Int,
        make: (Int) -> [UInt8]
    ) -> [[UInt8]] {
        let key = Key(section: section, variant: variant)
        let kept = lock.withLock { self.kept[key] }, old = kept?.blocks ?? []
        // Kept for this view or an older one: a newer one may hold what this view has not seen.
        let asOf = kept.flatMap { $0.asOf <= changes.now ? $0.asOf : nil }
        if let asOf, changes.last <= asOf {
            assert(old.flatMap(\.ids) == ids() && zip(old.flatMap(\.stamps), ids().indices.map(stamp)).allSatisfy { $0.sameValue(as: $1) },
                   "section \(section) changed unseen")
            return Self.pieces(old)
        }
        let ids = ids()
        var byFirst: [Int32: Int] = [:]
        for (b, block) in old.enumerated() { byFirst[block.ids[0]] = b }
        var entries = KeptEntries(old)
        var blocks: [Block] = []
        var start = 0
        while start < ids.count {
            var end = start
            repeat { end += 1 } while end < ids.count && !Self.endsBlock(ids[end - 1])
            // A kept block holds if it has the same entries, none changed in place or moved since it was made.
            if let asOf, let b = byFirst[ids[start]], changes.moved <= asOf, old[b].ids.elementsEqual(ids[start ..< end]),
               ids[start ..< end].allSatisfy({ lastChange($0) <= asOf }) {
                blocks.append(old[b])
                entries.pass(block: b)
            } else {
                blocks.append(entries.block(ids[start ..< end], offset: start, stamp: stamp, make: make))
            }
            start = end
        }
        lock.withLock {
            // A later section made meanwhile (by a request for a newer view) stays.
            if (self.kept[key]?.asOf ?? 0) <= changes.now { self.kept[key] = Kept(asOf: changes.now, blocks: blocks) }
        }
        return Self.pieces(blocks)
    }

    /// A section's kept blocks read as one list of entries, with the next one not passed yet: both lists are in the
    /// section's order, so each entry is looked for a few places ahead of the last one found.
    private struct KeptEntries {
        let blocks: [Block]
        /// The place of each block's first entry in the list.
        let starts: [Int]
        let ids: [Int32]
        var next = 0, block = 0

        init(_ blocks: [Block]) {
            self.blocks = blocks
            var starts = [0]
            for block in blocks { starts.append(starts.last! + block.ids.count) }
            self.starts = starts
            ids = blocks.flatMap(\.ids)
        }

        /// Steps past block `b` (handed out whole).
        mutating func pass(block b: Int) {
            next = max(next, starts[b + 1])
        }

        /// The entries `ids` (the section's from `offset`) as a block, each value copied from a kept one for the
        /// entry's stamp where there is one, else made.
        mutating func block(
            _ ids: ArraySlice<Int32>, offset: Int, stamp: (Int) -> Stamp, make: (Int) -> [UInt8]
        ) -> Block {
            var bytes: [UInt8] = [], ends: [Int] = [], stamps: [Stamp] = []
            bytes.reserveCapacity(ids.count * 256)
            ends.reserveCapacity(ids.count)
            stamps.reserveCapacity(ids.count)
            for (k, id) in zip(offset..., ids) {
                if k > offset { bytes.append(UInt8(ascii: ",")) }
                let stamp = stamp(k)
                var probe = next
                let limit = min(self.ids.count, next + EntryMemo.lookAhead)
                while probe < limit && self.ids[probe] != id { probe += 1 }
                // The same id with another stamp is another entry (ids are reused) or a changed one: made again, and
                // the kept entries are not passed over for it.
                if probe < limit {
                    // The block holding it (a probe may fall before the last one found: that entry was made again).
                    while starts[block + 1] <= probe { block += 1 }
                    while starts[block] > probe { block -= 1 }
                    let kept = blocks[block], i = probe - starts[block]
                    if kept.stamps[i].sameValue(as: stamp) {
                        bytes += kept.bytes[(i == 0 ? 0 : kept.ends[i - 1] + 1) ..< kept.ends[i]]  // after the comma
                        next = probe + 1
                    } else {
                        bytes += make(k)
                    }
                } else {
                    bytes += make(k)
                }
                ends.append(bytes.count)
                stamps.append(stamp)
            }
            // Kept while the document is open: not with the room a guess of its size left (up to twice the bytes).
            if bytes.capacity > bytes.count + bytes.count / 8 { bytes = bytes.withUnsafeBufferPointer { Array($0) } }
            return Block(ids: Array(ids), stamps: stamps, bytes: bytes, ends: ends)
        }
    }

    private static let comma = [UInt8(ascii: ",")]

    /// The blocks' bytes with commas between them.
    private static func pieces(_ blocks: [Block]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        pieces.reserveCapacity(blocks.count * 2)
        for (b, block) in blocks.enumerated() {
            if b > 0 { pieces.append(comma) }
            pieces.append(block.bytes)
        }
        return pieces
    }
}
