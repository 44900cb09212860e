/// The hashes of a mapping's keys' names, each once, sorted: whether a key repeats another, found by a sort of the
/// hashes and a search, not a hash table. A table of a million hashes, each put at a random place in 8 MB, cost 200 ns
/// a key in cache misses (a sixth of a YAML open); a radix sort reads and writes them in order, 30 ns a key.
struct KeyHashes: Sendable {
    private var sorted: [UInt64]

    /// The hashes of `keys`, or nil when two are alike.
    init?(_ keys: [Int]) {
        sorted = Self.radixSorted(keys.map { UInt64(bitPattern: Int64($0)) })
        for i in sorted.indices.dropFirst() where sorted[i] == sorted[i - 1] { return nil }
    }

    /// The hashes of both, or nil when one of `a` is alike one of `b` (each sorted apart, on its own core).
    init?(merging a: KeyHashes, _ b: KeyHashes) {
        let (a, b) = (a.sorted, b.sorted)
        sorted = []
        sorted.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { return nil }
            if a[i] < b[j] { sorted.append(a[i]); i += 1 } else { sorted.append(b[j]); j += 1 }
        }
        sorted += a[i...]
        sorted += b[j...]
    }

    /// Replaces the hashes `leaving` by `coming` (the keys of an edited stretch before and after the edit; a hash in
    /// both stays), unless a hash coming is alike another (one kept, or another coming): then false, and nothing
    /// is changed.
    mutating func replace(_ leaving: some Sequence<Int>, by coming: some Sequence<Int>) -> Bool {
        var leaving = leaving.map { UInt64(bitPattern: Int64($0)) }.sorted()
        var coming = coming.map { UInt64(bitPattern: Int64($0)) }.sorted()
        // What leaves and comes back is kept (an edit inside a key's value changes no name).
        var i = 0, j = 0, left: [UInt64] = [], came: [UInt64] = []
        while i < leaving.count || j < coming.count {
            if j == coming.count || (i < leaving.count && leaving[i] < coming[j]) {
                left.append(leaving[i]); i += 1
            } else if i == leaving.count || coming[j] < leaving[i] {
                came.append(coming[j]); j += 1
            } else {
                i += 1; j += 1
            }
        }
        (leaving, coming) = (left, came)
        for k in coming.indices {
            if k > 0, coming[k] == coming[k - 1] { return false }
            if find(coming[k]) != nil { return false }
        }
        for hash in leaving { sorted.remove(at: find(hash)!) }
        for hash in coming { sorted.insert(hash, at: place(of: hash)) }
        return true
    }

    /// Where `hash` is, when it is here.
    private func find(_ hash: UInt64) -> Int? {
        let i = place(of: hash)
        return i < sorted.count && sorted[i] == hash ? i : nil
    }

    /// The first place whose hash is not below `hash`.
    private func place(of hash: UInt64) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < hash { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// `values` sorted eleven bits at a time, lowest first (six passes over them, each in order).
    private static func radixSorted(_ values: [UInt64]) -> [UInt64] {
        guard values.count > 64 else { return values.sorted() }
        var a = values, b = [UInt64](repeating: 0, count: values.count)
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                var (from, to) = (a, b)
                var counts = [Int](repeating: 0, count: 2048)
                for shift in stride(from: UInt64(0), to: 64, by: 11) {
                    for i in counts.indices { counts[i] = 0 }
                    for v in from { counts[Int(truncatingIfNeeded: v >> shift) & 2047] += 1 }
                    var sum = 0
                    for i in counts.indices { (counts[i], sum) = (sum, sum + counts[i]) }
                    for v in from {
                        let digit = Int(truncatingIfNeeded: v >> shift) & 2047
                        to[counts[digit]] = v
                        counts[digit] += 1
                    }
                    swap(&from, &to)
                }
            }
        }
        return a  // six passes: the last wrote `a`
    }
}
