import Foundation
import MallocShim

/// Gives memory freed by a closed document back to the system, without slowing down the work in between.
///
/// glibc keeps freed memory in its arenas for reuse, which is what makes rebuilding an outline or writing a reply
/// fast: their buffers come back already mapped. Blocks of a megabyte or more are mapped on their own and given back
/// when freed (the mmap threshold): the large temporaries of an index build (sort keys, 70 bytes a name) and of a
/// received text then leave nothing behind, where with glibc's 32 MB they stayed mapped beside the index (1M names:
/// 7.5× the text steady, 8.3× at the peak; 4.2× and 7.5× now). What is written again and again (a reply) is written
/// in smaller pieces, which the arenas reuse. But `malloc_trim` does not shrink the free top of the
/// per-thread arenas, so after a large document is closed the process would keep most of its peak (measured: 88 MiB
/// after closing a 5 MB document, baseline 25). An arena's top is given back only as memory is freed, when it passes
/// the trim threshold. So the threshold is high while documents are worked on (64 MiB, where glibc's own moving
/// threshold ends up) and low from a `didClose` until the requests that still used the document are done; the
/// thresholds are fixed so that glibc does not move them.
final class MemoryRelease: @unchecked Sendable {
    static let workingTrimThreshold: Int32 = 64 << 20
    static let closingTrimThreshold: Int32 = 128 << 10

    private let lock = NSLock()
    private var owed = false

    init() {
        // One arena a core, not glibc's eight: the workers' freed temporaries (a workspace's files read on every core)
        // otherwise stay behind in arenas of their own, between the small blocks kept (a 1M-entry workspace: 9.1×
        // its names steady, 7.4× with this; no slower to build).
        _ = thumbindex_set_arena_max(Int32(max(2, ProcessInfo.processInfo.activeProcessorCount)))
        _ = thumbindex_set_mmap_threshold(1 << 20)
        _ = thumbindex_set_trim_threshold(Self.workingTrimThreshold)
    }

    /// Work that allocated much and freed most of it again (an index build): trim when the requests running now are done.
    func largeWorkDone() {
        lock.withLock { owed = true }
    }

    /// A document is about to be dropped: from now on, freed memory goes back at once.
    func documentClosing() {
        lock.withLock { owed = true }
        setTrimThreshold(Self.closingTrimThreshold)
    }

    /// The document was dropped: trim now; if no request is using it, the close is done.
    func documentClosed(stillRunning: Int) {
        _ = trim()
        requestFinished(stillRunning: stillRunning)
    }

    /// Called when a request has finished; once a close is owed and nothing runs any more, trims and goes back to
    /// the working threshold.
    func requestFinished(stillRunning: Int) {
        guard stillRunning == 0, lock.withLock({ defer { owed = false }; return owed }) else { return }
        _ = trim()
        setTrimThreshold(Self.workingTrimThreshold)
    }

    /// `malloc_trim` gives back free pages everywhere and the main arena's top; the calling thread's arena gives back
    /// its top when a large block is freed under the low threshold, so one is allocated and freed here.
    private func trim() -> Int32 {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 256 << 10, alignment: 16)
        block.storeBytes(of: 0, as: UInt8.self)
        block.deallocate()
        return thumbindex_malloc_trim()
    }

    private func setTrimThreshold(_ bytes: Int32) {
        _ = thumbindex_set_trim_threshold(bytes)
    }
}
