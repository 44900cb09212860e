extension SortKeys {
    /// The positions in `batch` of the strings at places `ranks` of its collation order (ties: input order), in that
    /// order: `SortKeys(batch).sortedOrder()[ranks]`, without sorting the batch. Every string's eight-byte key prefix
    /// is made (a fraction of its whole key), the prefixes at the range's two ends are found by selection, and only
    /// the strings whose prefixes lie between those two get whole keys and are sorted. So a page deep inside a section
    /// of half a million names costs about their prefixes, not their sort.
    ///
    /// - Throws: `CollationError` of kind `.icu` when the prefixes or the keys cannot be made (out of memory).
    public static func positions(atRanks ranks: Range<Int>, of batch: UTF8Batch, collator: Collator, parallel: Bool = true)
        throws(CollationError) -> [Int32]
    {
        let ranks = ranks.clamped(to: 0 ..< batch.count)
        guard !ranks.isEmpty else { return [] }
        // Most of the batch: its sort costs little more than the prefixes and the selection would.
        if ranks.count * 2 > batch.count {
            return Array(try SortKeys(batch, collator: collator, parallel: parallel).sortedOrder(parallel: parallel)[ranks])
        }
        let prefixes = try prefixes(batch, collator: collator, parallel: parallel)
        var scratch = prefixes
        let (low, high) = scratch.withUnsafeMutableBufferPointer { values in
            let low = select(ranks.lowerBound, in: values, from: 0)
            // The first selection left every value from `ranks.lowerBound` on at least `low`: the second looks only there.
            return (low, select(ranks.upperBound - 1, in: values, from: ranks.lowerBound))
        }
        scratch = []
        // Strings below the first prefix come before the range; those between the two prefixes hold it.
        var below = 0, positions: [Int32] = []
        for (i, prefix) in prefixes.enumerated() {
            if prefix < low { below += 1 } else if prefix <= high { positions.append(Int32(i)) }
        }
        let order = try SortKeys(batch.strings(at: positions), collator: collator, parallel: parallel).sortedOrder(parallel: parallel)
        return order[(ranks.lowerBound - below) ..< (ranks.upperBound - below)].map { positions[Int($0)] }
    }

    /// The value that would be at `k` were `values[from...]` sorted (`from <= k`), found by quickselect: afterwards no
    /// value before `k` is greater than it and none after it smaller. The pivots are drawn from a fixed sequence, so
    /// the same input is selected the same way.
    static func select(_ k: Int, in values: UnsafeMutableBufferPointer<UInt64>, from: Int) -> UInt64 {
        var low = from, high = values.count - 1
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while low < high {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pivot = values[low + Int((state >> 33) % UInt64(high - low + 1))]
            var i = low, j = high
            // Hoare's partition, stopping at values equal to the pivot (many equal values split evenly).
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // Now `low...j` are at most the pivot, `i...high` at least it, and anything between them equals it.
            if k <= j { high = j } else if k >= i { low = i } else { return values[k] }
        }
        return values[k]
    }
}
