import Foundation

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)`, from <malloc.h>, which the Glibc module does not export.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32

/// glibc's `int mallopt(int param, int value)`.
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// `M_MMAP_THRESHOLD` of <malloc.h>.
private let mmapThreshold: Int32 = -3

/// Large blocks (a document's text, its line index, a sort order) are mapped on their own and unmapped when freed.
/// glibc raises its threshold for that each time such a block is freed, after which large blocks come from the
/// arenas instead, interleaved with small long-lived ones that keep those pages from ever going back; setting the
/// threshold once fixes it where it starts.
private let fixedMmapThreshold: Void = { _ = mallopt(mmapThreshold, 256 << 10) }()
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
        fixedMmapThreshold
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
