#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Process-wide set-up for speaking the protocol on stdin/stdout.
public enum StandardStreams {
    /// Moves the protocol off fds 0 and 1, so nothing else can corrupt it; returns the descriptors to use instead.
    ///
    /// A stray `print` (ours or a library's) would otherwise land in the middle of a frame and break the stream for
    /// good. So fd 1 is duplicated for the protocol and then pointed at stderr, where such output does no harm.
    /// Likewise fd 0 is duplicated and replaced by /dev/null, so a child process that inherits stdin (a tool we run)
    /// cannot swallow protocol bytes. The returned descriptors are close-on-exec. Also ignores SIGPIPE.
    /// Call it once, at launch, before any other thread starts.
    ///
    ///     let (input, output) = try StandardStreams.protectStdout()
    ///     let connection = Connection(input: input, output: output)
    public static func protectStdout() throws(ConnectionError) -> (input: Int32, output: Int32) {
        fflush(nil)  // all C streams; naming `stdout` is not concurrency-safe in Swift 6
        let output = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard output >= 0 else { throw failure("duplicating stdout") }
        let input = fcntl(0, F_DUPFD_CLOEXEC, 3)
        guard input >= 0 else { throw failure("duplicating stdin") }
        guard dup2(2, 1) >= 0 else { throw failure("redirecting stdout to stderr") }
        let devNull = open("/dev/null", O_RDONLY)
        if devNull >= 0 {
            _ = dup2(devNull, 0)
            if devNull != 0 { FileDescriptors.close(devNull) }
        }
        ignoreSIGPIPE()
        FileDescriptors.widenPipe(input)
        FileDescriptors.widenPipe(output)
        return (input, output)
    }

    /// Makes a write to a closed pipe fail with EPIPE instead of killing the process (the default for SIGPIPE),
    /// so a client that goes away cannot take the server down with it. Idempotent.
    public static func ignoreSIGPIPE() {
        _ = sigpipeIgnored
    }

    private static let sigpipeIgnored: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    private static func failure(_ action: String) -> ConnectionError {
        let code = errno
        return ConnectionError("\(action) failed: \(FileDescriptors.describe(code))", errno: code)
    }
}
