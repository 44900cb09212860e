#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of the transport itself: the connection is closed or a system call failed.
public struct ConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed, for a person.
    public var message: String
    /// The `errno` of the failed call, if any (`EPIPE` when the peer has gone away).
    public var errno: Int32?

    /// An error with a message and, for a failed system call, its `errno`.
    public init(_ message: String, errno: Int32? = nil) {
        self.message = message
        self.errno = errno
    }

    /// The message.
    public var description: String { message }
}

/// Thin, EINTR-safe wrappers over the system calls the transport needs.
enum FileDescriptors {
    /// Writes every byte, retrying after signals and partial writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(ConnectionError) {
        let failure: ConnectionError? = bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result >= 0 {
                    written += result
                    continue
                }
                let code = errno
                switch code {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    // A non-blocking descriptor that is full: wait until it can take more.
                    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&entry, 1, -1)
                default:
                    return ConnectionError("writing to file descriptor \(fd) failed: \(describe(code))", errno: code)
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// A pipe whose ends are closed on exec, so child processes (ctags …) do not inherit them.
    static func makePipe() throws(ConnectionError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            throw ConnectionError("pipe() failed: \(describe(code))", errno: code)
        }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// The buffer a pipe is widened to (`widenPipe`), and the most `InputReader` reads at once.
    static let pipeCapacity = 1 << 20

    /// Widens the pipe `fd` is an end of to `pipeCapacity` (Linux's default is 64 KiB, the most an unprivileged
    /// process may ask is 1 MiB): a document's text or a whole outline of tens of megabytes then crosses in a sixteenth
    /// of the wake-ups of both processes (20 MiB between two processes took 25 ms through 64 KiB and 9 ms through
    /// 1 MiB). Nothing when `fd` is not a pipe, or the system refuses.
    static func widenPipe(_ fd: Int32) {
        #if os(Linux)
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's Swift module does not export
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        _ = fcntl(fd, setPipeSize, Int32(pipeCapacity))
        #endif
    }

    /// Writes one byte, ignoring failure (used to wake a thread blocked in `poll`).
    static func writeByte(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #elseif canImport(Musl)
        _ = Musl.close(fd)
        #elseif canImport(Darwin)
        _ = Darwin.close(fd)
        #endif
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)) + " (errno \(code))"
    }
}
