import Foundation
import ICUShim
import LowLevel
import Synchronization

/// ICU sort keys for a batch of strings, computed once, and the collation order they give.
///
/// Keys are built on every core (one cloned collator per slice). Sorting compares the first eight key
/// bytes as one integer and touches the rest of a key only on ties, then breaks full ties by input
/// position, so equal strings keep their order.
public final class SortKeys: @unchecked Sendable {
    /// The number of strings, and of keys.
    public let count: Int
    private var arenas: [UnsafeMutablePointer<UInt8>] = []
    private let keyStart: UnsafeMutablePointer<UnsafePointer<UInt8>>
    private let keyLength: UnsafeMutablePointer<Int32>

    /// For tests: batches (by their size) for which the shim's answer is taken to be NULL, as when memory runs out,
    /// so that the way from that NULL to the client's error is tested without exhausting memory.
    public static let failingAllocation = Mutex<(@Sendable (_ count: Int) -> Bool)?>(nil)

    /// Builds the sort key of every string of `batch`.
    ///
    /// - Parameters:
    ///   - batch: the strings.
    ///   - collator: the collation the keys follow.
    ///   - parallel: `false` builds every key on this thread with `collator` itself, with no clones.
    /// - Throws: `CollationError` of kind `.icu` when the keys cannot be allocated (the shim's NULL).
    public init(_ batch: UTF8Batch, collator: Collator, parallel: Bool = true) throws(CollationError) {
        count = batch.count
        keyStart = .allocate(capacity: max(count, 1))
        keyLength = .allocate(capacity: max(count, 1))
        if count == 0 { return }
        let slices = Cores.slices(count: count, enabled: parallel)
        let results = UnsafeMutableBufferPointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: slices.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let keyStart = self.keyStart, keyLength = self.keyLength
        let fails = Self.failingAllocation.withLock { $0 }?(count) ?? false
        collator.forEachSlice(of: batch, slices) { s, range, call in
            let offsets = UnsafeMutablePointer<Int64>.allocate(capacity: range.count + 1)
            defer { offsets.deallocate() }
            var size: Int64 = 0
            // NULL: the shim could not allocate the keys (each slice writes only its own result).
            guard !fails, let arena = call({ ti_collator_sort_keys_utf8($0, $1, $2, $3, Int64(range.count), offsets, &size) }) else { return }
            for (j, i) in range.enumerated() {
                keyStart[i] = UnsafePointer(arena + Int(offsets[j]))
                keyLength[i] = Int32(offsets[j + 1] - offsets[j])
            }
            results[s] = arena
        }
        arenas = results.compactMap { $0 }  // freed by `deinit`, also when this throws
        guard arenas.count == slices.count else {
            throw CollationError(.icu, "out of memory for the sort keys of \(count) strings")
        }
    }

    deinit {
        for arena in arenas { ti_free(arena) }
        keyStart.deallocate()
        keyLength.deallocate()
    }

    /// The sort key of string `i` (ends in 0x00).
    public func key(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: keyStart[i], count: Int(keyLength[i]))
    }

    /// Whether string `a` sorts before string `b` (ties: input order).
    @inline(__always)
    public func less(_ a: Int, _ b: Int) -> Bool {
        let la = Int(keyLength[a]), lb = Int(keyLength[b])
        let c = memcmp(keyStart[a], keyStart[b], min(la, lb))
        if c != 0 { return c < 0 }
        return la != lb ? la < lb : a < b
    }

    /// Positions of the strings in collation order.
    public func sortedOrder(parallel: Bool = true) -> [Int32] {
        if count == 0 { return [] }
        var items = [SortItem](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0 ..< count { buffer[i] = SortItem(prefix: prefix(i, from: 0), next: prefix(i, from: 8), index: UInt32(i)) }
            initialized = count
        }
        let slices = Cores.slices(count: count, enabled: parallel, minimumSlice: Thresholds.sortSlice)
        items.withUnsafeMutableBufferPointer { all in
            Cores.run(slices.count) { s in
                var slice = UnsafeMutableBufferPointer(rebasing: all[slices[s]])
                slice.sort(by: itemLess)
            }
        }
        if slices.count == 1 { return items.map { Int32(bitPattern: $0.index) } }
        return merge(items, slices)
    }

    /// Bytes `from ..< from + 8` of key `i` as a big-endian number, zeros past its end (from 0: as `prefixes` gives it).
    public func prefix(_ i: Int, from: Int) -> UInt64 {
        let length = Int(keyLength[i])
        let start = keyStart[i]
        var value: UInt64 = 0
        for j in from ..< from + 8 { value = value << 8 | UInt64(j < length ? start[j] : 0) }
        return value
    }

    @inline(__always)
    private func itemLess(_ x: SortItem, _ y: SortItem) -> Bool {
        if x.prefix != y.prefix { return x.prefix < y.prefix }
        // Names often share their first eight bytes of key (four letters or so): the next eight, kept in the item,
        // spare most of those comparisons a look at the keys themselves, scattered through memory.
        if x.next != y.next { return x.next < y.next }
        let a = Int(x.index), b = Int(y.index)
        let la = Int(keyLength[a]), lb = Int(keyLength[b])
        // Equal prefixes that include a key's final 0x00 mean equal keys.
        if la > 16 && lb > 16 {
            let c = memcmp(keyStart[a] + 16, keyStart[b] + 16, min(la, lb) - 16)
            if c != 0 { return c < 0 }
            if la != lb { return la < lb }
        } else if la != lb {
            return la < lb
        }
        return a < b
    }

    private func merge(_ items: [SortItem], _ slices: [Range<Int>]) -> [Int32] {
        // Slices are sorted; merge them pairwise until two are left (there are two on two cores).
        var runs = slices
        var source = items
        while runs.count > 2 {
            var next: [Range<Int>] = []
            var target = source
            var r = 0
            while r < runs.count {
                if r + 1 == runs.count {
                    next.append(runs[r])
                    break
                }
                let a = runs[r], b = runs[r + 1]
                source.withUnsafeBufferPointer { from in
                    target.withUnsafeMutableBufferPointer { to in mergeRuns(from, a, b) { to[$0] = $1 } }
                }
                next.append(a.lowerBound ..< b.upperBound)
                r += 2
            }
            runs = next
            source = target
        }
        // The last merge writes the order itself, not another copy of the items: at a million strings that copy was
        // 24 MB more at the peak of an index build, beside the keys.
        return [Int32](unsafeUninitializedCapacity: count) { order, initialized in
            source.withUnsafeBufferPointer { from in
                mergeRuns(from, runs[0], runs[1]) { order[$0] = Int32(bitPattern: $1.index) }
            }
            initialized = count
        }
    }

    /// Merges the sorted runs `a` and `b` (adjacent, `a` first) of `source`, handing each item to `put` with its
    /// place in the merged run.
    @inline(__always)
    private func mergeRuns(_ source: UnsafeBufferPointer<SortItem>, _ a: Range<Int>, _ b: Range<Int>, _ put: (Int, SortItem) -> Void) {
        var i = a.lowerBound, j = b.lowerBound, k = a.lowerBound
        while i < a.upperBound && j < b.upperBound {
            if itemLess(source[j], source[i]) { put(k, source[j]); j += 1 } else { put(k, source[i]); i += 1 }
            k += 1
        }
        while i < a.upperBound { put(k, source[i]); i += 1; k += 1 }
        while j < b.upperBound { put(k, source[j]); j += 1; k += 1 }
    }
}

struct SortItem {
    var prefix: UInt64
    var next: UInt64
    var index: UInt32
}

extension Cores {
    /// The cores a batch is split over: the machine's, at most eight (counted by Foundation, which `LowLevel` does
    /// not import).
    static let available = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))

    /// `0 ..< count` in slices of `minimumSlice` or more over the available cores; one when not `enabled`.
    static func slices(count: Int, enabled: Bool, minimumSlice: Int = Thresholds.collationSlice) -> [Range<Int>] {
        slices(count, atMost: enabled ? available : 1, minimumSlice: minimumSlice)
    }
}

extension String {
    /// Decodes a NUL-terminated C buffer as UTF-8.
    init(nulTerminated buffer: [CChar]) {
        let end = buffer.firstIndex(of: 0) ?? buffer.count
        self = String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
