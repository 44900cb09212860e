import ICUShim

extension SortKeys {
    /// The first eight bytes of the sort key of every string of `batch`, each as a big-endian integer (a shorter
    /// key padded with 0x00): comparing two as integers orders their strings as far as those bytes go. ICU reads
    /// each string only as far as the eight bytes need, so this costs a fraction of the whole keys, and keeps 8
    /// bytes a string where the keys keep 20–60.
    public static func prefixes(_ batch: UTF8Batch, collator: Collator, parallel: Bool = true) -> [UInt64] {
        let count = batch.count
        guard count > 0 else { return [] }
        let slices = Parallel.slices(count: count, enabled: parallel)
        return [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            let prefixes = buffer.baseAddress!
            collator.forEachSlice(of: batch, slices) { _, range, call in
                guard call({ ti_collator_sort_key_prefixes_utf8($0, $1, $2, $3, Int64(range.count), prefixes + range.lowerBound) }) == 0 else { return }
                // ICU failed (out of memory): the whole keys' first bytes instead.
                for i in range {
                    let key = collator.sortKey(batch.string(at: i))
                    prefixes[i] = key.prefix(8).reduce(0) { $0 << 8 | UInt64($1) } << (8 * UInt64(8 - min(8, key.count)))
                }
            }
            initialized = count
        }
    }
}
