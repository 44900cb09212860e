import Foundation
import ICUShim
import LowLevel

/// An ICU collator for one locale and set of options.
///
/// Single comparisons go through one collator under a lock; bulk work (`SortKeys`) runs on clones,
/// one per core, so nothing is shared between threads.
public final class Collator: @unchecked Sendable {
    /// The locale the collator was opened for.
    public let locale: CollationLocale
    /// The options as asked for (`nil` = locale default).
    public let options: CollationOptions
    /// Every option as ICU resolved it.
    public let resolvedOptions: CollationOptions

    let handle: OpaquePointer
    private let lock = NSLock()

    /// Opens ICU's collator for `locale` with `options`.
    ///
    /// - Throws: `CollationError` of kind `.icu` when ICU cannot open it (missing data, out of memory).
    public init(locale: CollationLocale, options: CollationOptions = CollationOptions()) throws(CollationError) {
        var shim = options.shim
        var error = [CChar](repeating: 0, count: Int(TI_ERROR_CAPACITY))
        guard let handle = ti_collator_open(locale.icuIdentifier, &shim, &error, TI_ERROR_CAPACITY) else {
            throw CollationError(.icu, String(nulTerminated: error))
        }
        var resolved = TICollatorOptions()
        ti_collator_resolved_options(handle, &resolved)
        self.locale = locale
        self.options = options
        self.resolvedOptions = CollationOptions(resolved: resolved)
        self.handle = handle
    }

    deinit { ti_collator_close(handle) }

    /// Orders two strings under this collation.
    public func compare(_ a: String, _ b: String) -> ComparisonResult {
        var a = a, b = b
        let result = a.withUTF8 { a in b.withUTF8 { b in compare(utf8: a, b) } }
        return result < 0 ? .orderedAscending : result > 0 ? .orderedDescending : .orderedSame
    }

    /// Orders two UTF-8 strings under this collation (the order their sort keys give), with no copy.
    public func compare(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        lock.withLock {
            ti_collator_compare_utf8(
                handle, UnsafeRawPointer(a.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(a.count),
                UnsafeRawPointer(b.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(b.count))
        }
    }

    /// The ICU sort key of one string: comparing keys bytewise orders strings as `compare` does.
    ///
    /// - Throws: `CollationError` of kind `.icu` when the key cannot be allocated.
    public func sortKey(_ string: String) throws(CollationError) -> [UInt8] {
        let batch = UTF8Batch([string])
        let keys = try SortKeys(batch, collator: self, parallel: false)
        return Array(keys.key(0))
    }

    /// A clone for use on another thread, or nil when ICU cannot make one (out of memory): then work through
    /// `withHandle`, one thread at a time.
    func cloneHandle() -> OpaquePointer? {
        lock.withLock { ti_collator_clone(handle) }
    }

    /// Runs `body` on every core once per slice of `batch` (`s`, its strings' positions), with `call`, which calls
    /// the shim for the slice. A slice of its own gets a clone; without one (a single slice, or ICU out of memory) the
    /// collator's own handle is used under its lock.
    func forEachSlice(of batch: UTF8Batch, _ slices: [Range<Int>], _ body: (_ s: Int, _ range: Range<Int>, _ call: SliceCall) -> Void) {
        batch.forEachSlice(slices) { s, range, bytes, starts, lengths in
            let clone = slices.count == 1 ? nil : cloneHandle()
            defer { if let clone { ti_collator_close(clone) } }
            body(s, range, SliceCall(clone: clone, collator: self, bytes: bytes, starts: starts, lengths: lengths))
        }
    }

    /// Runs `body` with this collator's own handle, which no other thread uses meanwhile.
    func withHandle<T>(_ body: (OpaquePointer) -> T) -> T {
        lock.withLock { body(handle) }
    }
}

/// The shim called on one slice of a batch (see `Collator.forEachSlice`): with the slice's collator handle, and the
/// bytes, starts and lengths from its first string.
struct SliceCall {
    let clone: OpaquePointer?
    let collator: Collator
    let bytes: UnsafePointer<UInt8>?
    let starts: UnsafePointer<Int64>
    let lengths: UnsafePointer<Int32>

    func callAsFunction<T>(_ body: (OpaquePointer, UnsafePointer<UInt8>?, UnsafePointer<Int64>, UnsafePointer<Int32>) -> T) -> T {
        if let clone { return body(clone, bytes, starts, lengths) }
        return collator.withHandle { body($0, bytes, starts, lengths) }
    }
}
