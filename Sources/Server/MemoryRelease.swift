import Foundation

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)`, from <malloc.h>, which the Glibc module does not export.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32

/// glibc's `int mallopt(int param, int value)`.
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// Fixed thresholds instead of glibc's moving ones. glibc raises both each time a large mapped block is freed, up to
/// 32 MiB for mapping and 64 MiB for trimming, after which the arenas keep up to 64 MiB of freed memory that
/// `malloc_trim` does not get back (measured: a closed 5 MB document left 88 MiB, baseline 25). Mapping above 32 MiB
/// (as glibc ends up doing anyway) and trimming an arena whose free top passes 16 MiB keeps the speed of reusing
/// memory for the common sizes and brings a closed document's memory back (27 MiB).
private let fixedThresholds: Void = {
    _ = mallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD
    _ = mallopt(-1, 16 << 20)  // M_TRIM_THRESHOLD
}()
#endif

/// Gives memory freed by a closed document back to the system.
///
/// glibc's allocator keeps freed memory in its per-thread arenas for reuse, so after a large document is closed the
/// process would keep its peak size for good, and grow a little with every open/close cycle as the arenas fragment.
/// `malloc_trim` returns the free pages. It runs when a document closes, and again once the requests that were still
/// using the document's data have finished.
final class MemoryRelease: @unchecked Sendable {
    private let lock = NSLock()
    private var owed = false

    init() {
        #if os(Linux)
        fixedThresholds
        #endif
    }

    /// A document was closed: trim now, and once more when the requests in flight are done.
    func documentClosed() {
        lock.withLock { owed = true }
        trim()
    }

    /// Called when a request has finished; trims if a close is owed and nothing is running any more.
    func requestFinished(stillRunning: Int) {
        guard stillRunning == 0, lock.withLock({ defer { owed = false }; return owed }) else { return }
        trim()
    }

    private func trim() {
        #if os(Linux)
        _ = mallocTrim(0)
        #endif
    }
}
