import ICUShim
import LowLevel

/// ICU's `AlphabeticIndex` for one collator: the buckets a locale's people expect, and the bucket of
/// any string. Immutable once built, so it is shared freely between threads.
final class AlphabeticIndex: @unchecked Sendable {
    enum LabelType: Int32 {
        case normal = 0, underflow, inflow, overflow
    }

    struct Bucket: Hashable {
        var label: String
        var type: LabelType
        /// Whether the label is a Latin letter (Apple puts those first).
        var isLatin: Bool
    }

    let buckets: [Bucket]
    private let handle: OpaquePointer

    init(collator: Collator) throws(CollationError) {
        var error = [CChar](repeating: 0, count: Int(TI_ERROR_CAPACITY))
        var options = collator.options.shim
        guard let handle = ti_index_open(collator.locale.icuIdentifier, &options, &error, TI_ERROR_CAPACITY)
        else { throw CollationError(.icu, String(nulTerminated: error)) }
        self.handle = handle
        bucketsFollowCollation = ti_index_buckets_follow_collation(handle)
        let latin = ti_script_latin()
        var label = [CChar](repeating: 0, count: 256)
        buckets = (0 ..< ti_index_bucket_count(handle)).map { b in
            _ = ti_index_bucket_label(handle, b, &label, 256)
            return Bucket(
                label: String(nulTerminated: label), type: LabelType(rawValue: ti_index_bucket_type(handle, b)) ?? .normal,
                isLatin: ti_index_bucket_script(handle, b) == latin)
        }
    }

    deinit { ti_index_close(handle) }

    func bucket(of string: String) -> Int {
        var string = string
        return string.withUTF8 { utf8 in
            Int(ti_index_bucket_of_utf8(
                handle, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(utf8.count)))
        }
    }

    /// The bucket of a string as ICU finds it for the whole string, never from what the index learned of first code
    /// points: what the tests compare `bucket(of:)` with.
    func bucketOfWholeString(_ string: String) -> Int {
        var string = string
        return string.withUTF8 { utf8 in
            Int(ti_index_bucket_of_utf8_whole(
                handle, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(utf8.count)))
        }
    }

    /// Whether a bucket is a run of the collation: true but for Chinese (and the Han collations), whose pinyin buckets
    /// are shown as the Latin letters (ICU's display buckets), so that "B" comes back after "Z".
    let bucketsFollowCollation: Bool

    /// The bucket of string `item` of `batch`.
    private func bucket(ofItem item: Int, in batch: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<Int64>,
                        _ lengths: UnsafeBufferPointer<Int32>) -> Int32 {
        let start = UnsafeRawPointer(batch.baseAddress).map { $0 + Int(starts[item]) }
        return ti_index_bucket_of_utf8(handle, start?.assumingMemoryBound(to: CChar.self), lengths[item])
    }

    /// Buckets of every string in `batch` (by position in it), given the batch's collation order `sorted`: where
    /// buckets follow the collation, each bucket is a run of `sorted`, found by galloping and bisecting with a few
    /// dozen lookups a bucket instead of one per string. Strings over 256 bytes (looked up by their first 256) are
    /// looked up one by one, outside the runs. Where buckets do not follow the collation, every string is looked up.
    func buckets(of batch: UTF8Batch, sorted: [Int32]) -> [Int32] {
        guard bucketsFollowCollation else { return buckets(of: batch) }
        var result = [Int32](repeating: 0, count: batch.count)
        batch.bytes.withUnsafeBufferPointer { bytes in
            batch.starts.withUnsafeBufferPointer { starts in
                batch.lengths.withUnsafeBufferPointer { lengths in
                    let runs = sorted.filter { lengths[Int($0)] <= 256 }
                    let bucket = { (k: Int) in self.bucket(ofItem: Int(runs[k]), in: bytes, starts, lengths) }
                    var first = 0
                    while first < runs.count {
                        let b = bucket(first)
                        // The last position of the run of `b`: gallop past it, then bisect (`low` in it, `high` not).
                        var low = first, step = 1, high = first + 1
                        while high < runs.count, bucket(high) == b {
                            low = high
                            step *= 2
                            high = min(runs.count, first + step)
                        }
                        while high - low > 1 {
                            let middle = (low + high) / 2
                            if bucket(middle) == b { low = middle } else { high = middle }
                        }
                        for k in first ... low { result[Int(runs[k])] = b }
                        first = low + 1
                    }
                    for item in sorted where lengths[Int(item)] > 256 {
                        result[Int(item)] = self.bucket(ofItem: Int(item), in: bytes, starts, lengths)
                    }
                }
            }
        }
        return result
    }

    /// The first code point of every string of `batch` that collates between that code point alone and it followed
    /// by two U+FFFF, -1 for the others (see `ti_index_leading_code_points`); nil where the index cannot tell.
    func leadingCodePoints(of batch: UTF8Batch) -> [Int32]? {
        // Whether the index can tell is the index's own: asked once, with no strings.
        guard ti_index_leading_code_points(handle, nil, nil, nil, 0, nil) != 0 else { return nil }
        if batch.count == 0 { return [] }
        let slices = Cores.slices(count: batch.count, enabled: true, minimumSlice: Thresholds.leadingCodePointsSlice)
        let result = [Int32](unsafeUninitializedCapacity: batch.count) { out, initialized in
            batch.forEachSlice(slices) { _, range, bytes, starts, lengths in
                _ = ti_index_leading_code_points(handle, bytes, starts, lengths, Int64(range.count), out.baseAddress! + range.lowerBound)
            }
            initialized = batch.count
        }
        return result
    }

    /// Buckets of every string in `batch`, on every core.
    func buckets(of batch: UTF8Batch, parallel: Bool = true) -> [Int32] {
        var result = [Int32](repeating: 0, count: batch.count)
        if batch.count == 0 { return result }
        let slices = Cores.slices(count: batch.count, enabled: parallel)
        result.withUnsafeMutableBufferPointer { out in
            batch.forEachSlice(slices) { _, range, bytes, starts, lengths in
                ti_index_buckets_utf8(handle, bytes, starts, lengths, Int64(range.count), out.baseAddress! + range.lowerBound)
            }
        }
        return result
    }
}
