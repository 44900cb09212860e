import Dispatch
import ICUShim

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

    /// Buckets of every string in `batch`, on every core.
    func buckets(of batch: UTF8Batch, parallel: Bool = true) -> [Int32] {
        var result = [Int32](repeating: 0, count: batch.count)
        if batch.count == 0 { return result }
        let slices = Parallel.slices(count: batch.count, enabled: parallel)
        result.withUnsafeMutableBufferPointer { out in
            batch.bytes.withUnsafeBufferPointer { bytes in
                batch.starts.withUnsafeBufferPointer { starts in
                    batch.lengths.withUnsafeBufferPointer { lengths in
                        Parallel.run(slices.count) { s in
                            let range = slices[s]
                            ti_index_buckets_utf8(
                                handle, bytes.baseAddress, starts.baseAddress! + range.lowerBound,
                                lengths.baseAddress! + range.lowerBound, Int64(range.count),
                                out.baseAddress! + range.lowerBound)
                        }
                    }
                }
            }
        }
        return result
    }
}
