import Foundation
import Outlines

/// Bytes made from the entries of an index (each entry's symbol as a client's JSON), kept with the index in blocks of
/// some thousands of entries of a section and made again only for entries that changed since: a generic client asks
/// for the whole outline after every edit, and an edit changes a few entries, or moves those below it. A section none
/// of whose entries changed is handed out as the same bytes (no copy, no look at each entry); in a section with
/// changes, only the blocks holding them are joined again, from the kept symbols that still hold and the ones made
/// anew. Read outside the store's lock, from views; its own lock keeps it whole. Kept in the index's `IndexCache`, so
/// that it lives and dies with the index (`OutlineIndexView.memo`).
final class EntryMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Key: Kept] = [:]
    /// Bytes of blocks joined again since `takeBytesMade()` was last asked.
    private var bytesMade = 0

    /// So many bytes of symbols joined again are a large piece of work (`takeBytesMade()`).
    static let largeRemake = 64 << 20

    /// The bytes of blocks joined again since the last call (what a reply left to be freed, roughly), commas
    /// between blocks not counted.
    func takeBytesMade() -> Int {
        lock.withLock { defer { bytesMade = 0 }; return bytesMade }
    }

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
        var stamps: [EntryStamp]
        var bytes: [UInt8]
        var ends: [Int]
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
    func joined(
        section: Int, changes: SectionChanges, ids: () -> [Int32], lastChange: (Int32) -> UInt64, stamp: (Int) -> EntryStamp, variant: Int,
        make: (Int) -> [UInt8]
    ) -> [[UInt8]] {
        let key = Key(section: section, variant: variant)
        // Kept for this view or an older one: a newer one may hold what this view has not seen. Kept blocks to be
        // joined again are taken out, and let go of as the new ones pass them: a section of half a million symbols
        // made again held both, 100 MB more at the peak (a request for it meanwhile makes it whole).
        var kept = lock.withLock { () -> Kept? in
            guard let kept = self.kept[key] else { return nil }
            if kept.asOf <= changes.now && changes.last > kept.asOf { self.kept[key] = nil }
            return kept
        }
        let asOf = kept.flatMap { $0.asOf <= changes.now ? $0.asOf : nil }
        if let asOf, changes.last <= asOf, let old = kept?.blocks {
            assert(old.flatMap(\.ids) == ids() && zip(old.flatMap(\.stamps), ids().indices.map(stamp)).allSatisfy(==),
                   "section \(section) changed unseen")
            return Self.pieces(old)
        }
        let ids = ids()
        var entries = KeptEntries(kept?.blocks ?? [])
        kept = nil
        var byFirst: [Int32: Int] = [:]
        for (b, block) in entries.blocks.enumerated() { byFirst[block.ids[0]] = b }
        var blocks: [Block] = []
        var start = 0, made = 0
        while start < ids.count {
            var end = start
            repeat { end += 1 } while end < ids.count && !Self.endsBlock(ids[end - 1])
            // A kept block holds if it has the same entries, none changed in place or moved since it was made.
            if let asOf, let b = byFirst[ids[start]], changes.moved <= asOf, entries.blocks[b].ids.elementsEqual(ids[start ..< end]),
               ids[start ..< end].allSatisfy({ lastChange($0) <= asOf }) {
                blocks.append(entries.blocks[b])
                entries.pass(block: b)
            } else {
                let block = entries.block(ids[start ..< end], offset: start, stamp: stamp, make: make)
                made += block.bytes.count
                blocks.append(block)
            }
            entries.letGoOfPassedBlocks()
            start = end
        }
        lock.withLock {
            bytesMade += made
            // A later section made meanwhile (by a request for a newer view) stays.
            if (self.kept[key]?.asOf ?? 0) <= changes.now { self.kept[key] = Kept(asOf: changes.now, blocks: blocks) }
        }
        return Self.pieces(blocks)
    }

    /// A section's kept blocks read as one list of entries, with the next one not passed yet: both lists are in the
    /// section's order, so each entry is looked for a few places ahead of the last one found.
    private struct KeptEntries {
        private(set) var blocks: [Block]
        /// The place of each block's first entry in the list.
        let starts: [Int]
        let ids: [Int32]
        var next = 0, block = 0
        /// The blocks before this one are let go of (emptied).
        private var firstHeld = 0

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

        /// Empties the blocks whose entries all come before the next one looked for: no entry is looked for before it
        /// again (a later block starting with one of their entries is made again, not handed out as kept).
        mutating func letGoOfPassedBlocks() {
            while firstHeld < blocks.count && starts[firstHeld + 1] <= next {
                blocks[firstHeld] = Block(ids: [], stamps: [], bytes: [], ends: [])
                firstHeld += 1
            }
        }

        /// The entries `ids` (the section's from `offset`) as a block, each value copied from a kept one for the
        /// entry's stamp where there is one, else made.
        mutating func block(
            _ ids: ArraySlice<Int32>, offset: Int, stamp: (Int) -> EntryStamp, make: (Int) -> [UInt8]
        ) -> Block {
            var bytes: [UInt8] = [], ends: [Int] = [], stamps: [EntryStamp] = []
            bytes.reserveCapacity(ids.count * 256)
            ends.reserveCapacity(ids.count)
            stamps.reserveCapacity(ids.count)
            for (k, id) in zip(offset..., ids) {
                if k > offset { bytes.append(UInt8(ascii: ",")) }
                let stamp = stamp(k)
                var probe = next
                let limit = min(self.ids.count, next + EntryMemo.lookAhead)
                while probe < limit && self.ids[probe] != id { probe += 1 }
                // The same id with another stamp is another entry (ids are reused) or a changed or moved one: made
                // again. The next kept one is passed for it (no later entry has its id), so that the blocks behind
                // are let go of while a section's entries are all made again (every entry moved); one further on is
                // not, with the kept entries before it.
                if probe < limit {
                    // The block holding it (a probe may fall before the last one found: that entry was made again).
                    while starts[block + 1] <= probe { block += 1 }
                    while starts[block] > probe { block -= 1 }
                    let kept = blocks[block], i = probe - starts[block]
                    if kept.stamps[i] == stamp {
                        bytes += kept.bytes[(i == 0 ? 0 : kept.ends[i - 1] + 1) ..< kept.ends[i]]  // after the comma
                        next = probe + 1
                    } else {
                        bytes += make(k)
                        if probe == next { next += 1 }
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

extension OutlineIndexView {
    /// The symbols kept with the view's index.
    var memo: EntryMemo { cache.value { EntryMemo() } }
}
