import Foundation
import JSONRPC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects a connection's events and lets a test wait for them.
final class Received: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: [Incoming] = []

    func append(_ event: Incoming) {
        condition.lock()
        stored.append(event)
        condition.broadcast()
        condition.unlock()
    }

    var events: [Incoming] {
        condition.lock()
        defer { condition.unlock() }
        return stored
    }

    /// Waits until at least `count` events have arrived; false on timeout.
    func wait(for count: Int, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while stored.count < count {
            if !condition.wait(until: deadline) { return stored.count >= count }
        }
        return true
    }
}

/// A plain pipe for tests that write raw bytes.
func makeRawPipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0)
    return (ends[0], ends[1])
}

func writeRaw(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    precondition(written == bytes.count)
}

func closeRaw(_ fd: Int32) {
    _ = close(fd)
}

func readRaw(_ fd: Int32, upTo count: Int = 4096) -> String {
    var buffer = [UInt8](repeating: 0, count: count)
    let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return String(decoding: buffer[..<max(0, got)], as: UTF8.self)
}
