import Collation
import Foundation

/// The ICU sort key of every entry of an `OutlineIndex`, by entry id.
///
/// The keys of an open stay in the blocks `SortKeys` built them in (one per core, no copy); keys made by edits are
/// appended to blocks of this store's own. Keys of removed entries are garbage until it outweighs the live keys; then
/// every live key is copied into fresh blocks, so memory stays within about twice the live keys.
final class SortKeyStore {
    private var start: [UnsafePointer<UInt8>?] = []
    private var length: [Int32] = []
    /// Keeps the open's key blocks alive while any of their keys is in use.
    private var bulk: SortKeys?
    private var blocks: [UnsafeMutableRawPointer] = []
    private var free = 0  // bytes left in the last block
    private var cursor: UnsafeMutablePointer<UInt8>?
    private(set) var liveBytes = 0
    private(set) var deadBytes = 0
    private static let blockSize = 1 << 20

    /// The keys of a bulk build: entry id `i` has key `keys.key(i)`.
    init(_ keys: SortKeys) {
        bulk = keys
        start.reserveCapacity(keys.count)
        length.reserveCapacity(keys.count)
        for i in 0 ..< keys.count {
            let key = keys.key(i)
            start.append(key.baseAddress)
            length.append(Int32(key.count))
            liveBytes += key.count
        }
    }

    deinit { for block in blocks { block.deallocate() } }

    /// The key of entry `id`.
    @inline(__always)
    func key(_ id: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start[id], count: Int(length[id]))
    }

    /// Sets the key of entry `id` (a new id is the next one, `count`).
    func set(_ id: Int, _ key: UnsafeBufferPointer<UInt8>) {
        if key.count > free {
            let size = max(Self.blockSize, key.count)
            let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
            blocks.append(block)
            cursor = block.bindMemory(to: UInt8.self, capacity: size)
            free = size
        }
        let target = cursor!
        target.update(from: key.baseAddress!, count: key.count)
        cursor = target + key.count
        free -= key.count
        if id == start.count {
            start.append(UnsafePointer(target))
            length.append(Int32(key.count))
        } else {
            start[id] = UnsafePointer(target)
            length[id] = Int32(key.count)
        }
        liveBytes += key.count
    }

    /// Forgets the key of entry `id`.
    func remove(_ id: Int) {
        liveBytes -= Int(length[id])
        deadBytes += Int(length[id])
        start[id] = nil
        length[id] = 0
    }

    /// Copies the live keys into fresh blocks when the dead ones outweigh them.
    func compactIfWasteful() {
        guard deadBytes > max(liveBytes, Self.blockSize) else { return }
        let oldBlocks = blocks
        let oldBulk = bulk
        blocks = []
        bulk = nil
        free = 0
        cursor = nil
        liveBytes = 0
        deadBytes = 0
        for id in start.indices where start[id] != nil { set(id, key(id)) }
        for block in oldBlocks { block.deallocate() }
        withExtendedLifetime(oldBulk) {}
    }

    /// Orders two entries by key alone: negative, zero or positive.
    @inline(__always)
    func compare(_ a: Int, _ b: Int) -> Int {
        let la = Int(length[a]), lb = Int(length[b])
        let c = memcmp(start[a]!, start[b]!, min(la, lb))
        if c != 0 { return Int(c) }
        return la - lb
    }

    /// Bytes held for ids and keys, for the memory budget.
    var byteCount: Int { start.capacity * 8 + length.capacity * 4 + blocks.count * Self.blockSize + (bulk == nil ? 0 : liveBytes) }
}
