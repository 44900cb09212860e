import ICUShim
import LowLevel
import Synchronization

extension SortKeys {
    /// The first eight bytes of the sort key of every string of `batch`, each as a big-endian integer (a shorter
    /// key padded with 0x00): comparing two as integers orders their strings as far as those bytes go. ICU reads
    /// each string only as far as the eight bytes need, so this costs a fraction of the whole keys, and keeps 8
    /// bytes a string where the keys keep 20–60.
    ///
    /// - Throws: `CollationError` of kind `.icu` when neither the prefixes nor the keys can be made (out of memory).
    public static func prefixes(_ batch: UTF8Batch, collator: Collator, parallel: Bool = true) throws(CollationError) -> [UInt64] {
        let count = batch.count
        guard count > 0 else { return [] }
        let slices = Cores.slices(count: count, enabled: parallel)
        let failed = Mutex(false)
        let prefixes = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            let prefixes = buffer.baseAddress!
            collator.forEachSlice(of: batch, slices) { _, range, call in
                guard call({ ti_collator_sort_key_prefixes_utf8($0, $1, $2, $3, Int64(range.count), prefixes + range.lowerBound) }) == 0 else { return }
                // ICU failed (out of memory): the whole keys' first bytes instead.
                for i in range {
                    guard let key = try? collator.sortKey(batch.string(at: i)) else {
                        failed.withLock { $0 = true }
                        prefixes[i] = 0
                        continue
                    }
                    prefixes[i] = key.prefix(8).reduce(0) { $0 << 8 | UInt64($1) } << (8 * UInt64(8 - min(8, key.count)))
                }
            }
            initialized = count
        }
        if failed.withLock({ $0 }) { throw CollationError(.icu, "out of memory for the sort key prefixes of \(count) strings") }
        return prefixes
    }
}
