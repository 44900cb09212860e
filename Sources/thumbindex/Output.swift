import Foundation

/// Buffered writes to stdout in large chunks (one `write` per megabyte, not per line).
///
/// A failed write is an error, as in coreutils: output lost without a word is data lost (`> /dev/full`, a full disk).
/// Only a reader that went away (`| head`) ends the command quietly, since nobody is left to read more.
struct StandardOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 20) }

    mutating func write<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func write(_ string: String) {
        write(string.utf8)
    }

    mutating func flush() {
        if let code = buffer.withUnsafeBytes({ Self.writeAll($0, to: 1) }) { Self.fail(code) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to `fd` (again after an interruption or a short write); the `errno` of a failed write.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return errno }
            offset += n
        }
        return nil
    }

    /// Exits: quietly (status 0, as before) when the reader is gone, else `thumbindex: write error: REASON`, status 1.
    private static func fail(_ code: Int32) -> Never {
        if code == EPIPE { exit(0) }
        Messages.say("write error: \(String(cString: strerror(code)))")
        exit(1)
    }
}
