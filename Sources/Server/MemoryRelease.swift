import Foundation

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)`, from <malloc.h>, which the Glibc module does not export.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
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
