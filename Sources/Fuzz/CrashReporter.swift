#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Reports the input that was running when the process crashed or hung, so that a trap deep in the server still
/// leaves a reproducible input behind.
///
/// The input is copied into memory owned here before each run; the signal handler only reads it and calls
/// async-signal-safe functions (open, write), then hands the signal on to the handler that was there before
/// (Swift's backtracer, when enabled), with stderr restored so its backtrace is seen.
enum CrashReporter {
    nonisolated(unsafe) private static var input: UnsafeMutableBufferPointer<UInt8> = .init(start: nil, count: 0)
    nonisolated(unsafe) private static var inputLength = 0
    nonisolated(unsafe) private static var artifactPath: [CChar] = []
    nonisolated(unsafe) private static var header: [UInt8] = []
    nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    /// Installs the handlers; `artifactPath` is where a crashing input is written.
    static func install(artifactPath path: String, description: String) {
        artifactPath = Array(path.utf8CString)
        header = Array("\nthumbindex-fuzz: CRASH (a signal) while running \(description); the input was saved to \(path)\n"
            .utf8) + Array("replay it with: swift run thumbindex-fuzz --replay \(path)\nhex of the input (first 4096 bytes): ".utf8)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { CrashReporter.handle($0) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
    }

    /// Keeps a copy of the input about to run (grows the buffer as needed, never frees it during a run).
    static func setCurrent(_ bytes: [UInt8]) {
        inputLength = 0
        if input.count < bytes.count || input.baseAddress == nil {
            input.deallocate()
            input = .allocate(capacity: max(bytes.count, 1 << 16))
        }
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { memcpy(input.baseAddress!, base, source.count) }
        }
        inputLength = bytes.count
    }

    private static func handle(_ signal: Int32) {
        let fd = Report.fd
        header.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        let file = artifactPath.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        if file >= 0, inputLength > 0 {
            _ = write(file, input.baseAddress, inputLength)
            close(file)
        }
        var line = [UInt8](repeating: 0, count: 128)
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var offset = 0
        while offset < min(inputLength, 4096) {
            let count = min(64, inputLength - offset)
            for i in 0..<count {
                line[2 * i] = digits[Int(input[offset + i] >> 4)]
                line[2 * i + 1] = digits[Int(input[offset + i] & 0xF)]
            }
            line.withUnsafeBytes { _ = write(fd, $0.baseAddress, 2 * count) }
            offset += count
        }
        _ = write(fd, "\n", 1)
        // Let the previous handler (Swift's backtracer) or the default action finish the process, on real stderr.
        dup2(fd, 2)
        if var old = previous[signal] {
            sigaction(signal, &old, nil)
        } else {
            Glibc.signal(signal, SIG_DFL)
        }
        // The signal is blocked while its handler runs: unblock it so that raise() runs the previous handler now,
        // and end the process if that handler returns (it may expect a fault to repeat, which a sent signal won't).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        _exit(128 + signal)
    }
}

/// Ends the process with a report when one input runs far longer than any input should: a hang inside
/// `LanguageServer.handle` itself, which the harness's reply timeout cannot see.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var started: Date?
    private var input: [UInt8] = []
    private var label = ""
    private let limit: Double
    private let onHang: @Sendable (_ input: [UInt8], _ label: String) -> Void

    init(limit: Double, onHang: @escaping @Sendable ([UInt8], String) -> Void) {
        self.limit = limit
        self.onHang = onHang
        let thread = Thread { [unowned self] in self.watch() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func begin(_ input: [UInt8], label: String) {
        lock.withLock {
            self.input = input
            self.label = label
            started = Date()
        }
    }

    func end() { lock.withLock { started = nil } }

    private func watch() {
        while true {
            Thread.sleep(forTimeInterval: 0.5)
            let hung: ([UInt8], String)? = lock.withLock {
                guard let started, Date().timeIntervalSince(started) > limit else { return nil }
                return (input, label)
            }
            if let (input, label) = hung {
                onHang(input, label)
                _exit(3)
            }
        }
    }
}
