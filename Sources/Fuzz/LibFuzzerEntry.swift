#if LIBFUZZER
#if canImport(Glibc)
import Glibc
#endif

// Built with `-sanitize=fuzzer -D LIBFUZZER` (scripts/fuzz), the target is a libFuzzer target. SwiftPM links an
// executable's `@main` as the process's `main`, so instead of leaving `main` to libFuzzer the `@main` of this target
// hands control to libFuzzer through `LLVMFuzzerRunDriver`; `LLVMFuzzerTestOneInput` is exported as well, as the
// libFuzzer runtime expects.

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One input from libFuzzer: a failure the harness finds is reported and turned into a crash (abort), which is how
/// libFuzzer learns of it and saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    switch LibFuzzerEntry.harness.run(input) {
    case .success(let stats):
        LibFuzzerEntry.frames += stats.frames
        LibFuzzerEntry.inputs += 1
    case .failure(let failure):
        let setup = FuzzSetup(for: input)
        Report.line("\nthumbindex-fuzz: FAILURE — \(failure)")
        Report.line("input (\(input.count) bytes; setup: \(setup.encoding) positions, hierarchical symbols \(setup.hierarchicalSymbols)):")
        Report.line(Report.escaped(input))
        abort()
    }
    return 0
}

enum LibFuzzerEntry {
    // libFuzzer calls the target from one thread at a time.
    nonisolated(unsafe) static var harness = FuzzHarness(replyTimeout: 5)
    nonisolated(unsafe) static var frames = 0
    nonisolated(unsafe) static var inputs = 0

    /// Runs libFuzzer with the process's arguments. Reports go to a private copy of stderr, so that
    /// `-close_fd_mask=2` can silence the server's log without silencing the fuzzer.
    static func run() -> Int32 {
        Report.fd = dup(2)
        atexit {
            Report.line("thumbindex-fuzz: \(LibFuzzerEntry.frames) messages in \(LibFuzzerEntry.inputs) inputs (libFuzzer)")
        }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput)
    }
}
#endif
