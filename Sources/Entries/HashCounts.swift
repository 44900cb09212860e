/// How many times each hash has been counted: names' hashes (already spread over their bits, so not hashed again), in
/// a table of their own. A million YAML keys counted in a `Dictionary` spent most of their time hashing the hashes.
struct HashCounts: Sendable {
    /// Open addressing, stepping to the next slot; 0 marks an empty slot (a hash of 0 is kept as 1). A hash whose
    /// count falls to 0 keeps its slot until the table grows.
    private var hashes: [Int]
    private var counts: [Int32]
    /// Slots taken, counted or not.
    private var taken = 0

    init(minimumCapacity: Int = 0) {
        var size = 16
        while size * 3 < minimumCapacity * 4 { size *= 2 }  // at most three quarters full
        hashes = Array(repeating: 0, count: size)
        counts = Array(repeating: 0, count: size)
    }

    /// How many times `hash` is counted.
    subscript(hash: Int) -> Int32 {
        let slot = find(hash)
        return hashes[slot] == 0 ? 0 : counts[slot]
    }

    /// Counts `hash` `n` more times (fewer, for a negative `n`) and returns its count.
    @discardableResult
    mutating func add(_ hash: Int, _ n: Int32 = 1) -> Int32 {
        let hash = hash == 0 ? 1 : hash
        var slot = find(hash)
        if hashes[slot] == 0 {
            if (taken + 1) * 4 > hashes.count * 3 {
                grow()
                slot = find(hash)
            }
            hashes[slot] = hash
            taken += 1
        }
        counts[slot] += n
        return counts[slot]
    }

    /// The slot of `hash`, or the empty slot where it would go.
    private func find(_ hash: Int) -> Int {
        let hash = hash == 0 ? 1 : hash, mask = hashes.count - 1
        var slot = hash & mask
        while hashes[slot] != 0, hashes[slot] != hash { slot = (slot + 1) & mask }
        return slot
    }

    /// Twice the slots (or as many, when enough hashes counted none are dropped), the hashes counted at least once.
    private mutating func grow() {
        let live = zip(hashes, counts).filter { $0.0 != 0 && $0.1 != 0 }
        var size = hashes.count
        if (live.count + 1) * 2 > size { size *= 2 }
        hashes = Array(repeating: 0, count: size)
        counts = Array(repeating: 0, count: size)
        taken = live.count
        for (hash, count) in live {
            let slot = find(hash)
            hashes[slot] = hash
            counts[slot] = count
        }
    }
}
