import Foundation
import JSONRPC
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class StandardStreamsTests: XCTestCase {
    /// Swaps fds 0, 1 and 2 for pipes, protects stdout, checks where bytes go, and puts everything back.
    func testProtectStdoutMovesTheProtocolOffFdsZeroAndOne() throws {
        fflush(nil)
        let saved = (dup(0), dup(1), dup(2))
        let stdinPipe = makeRawPipe(), stdoutPipe = makeRawPipe(), stderrPipe = makeRawPipe()
        dup2(stdinPipe.read, 0)
        dup2(stdoutPipe.write, 1)
        dup2(stderrPipe.write, 2)
        defer {
            dup2(saved.0, 0)
            dup2(saved.1, 1)
            dup2(saved.2, 2)
            for fd in [saved.0, saved.1, saved.2, stdinPipe.read, stdinPipe.write, stdoutPipe.read, stdoutPipe.write,
                       stderrPipe.read, stderrPipe.write] {
                closeRaw(fd)
            }
        }

        let result = Result { try StandardStreams.protectStdout() }

        writeRaw(1, "stray print")
        guard case .success(let (input, output)) = result else { return XCTFail("\(result)") }
        writeRaw(output, "protocol bytes")
        writeRaw(stdinPipe.write, "request bytes")
        let readFromInput = readRaw(input)
        let readFromFdZero = readRaw(0)
        let onStdout = readRaw(stdoutPipe.read)
        let onStderr = readRaw(stderrPipe.read)
        let inputIsCloseOnExec = fcntl(input, F_GETFD) & FD_CLOEXEC != 0
        let outputIsCloseOnExec = fcntl(output, F_GETFD) & FD_CLOEXEC != 0
        closeRaw(input)
        closeRaw(output)

        XCTAssertEqual(onStdout, "protocol bytes", "the protocol keeps the original stdout")
        XCTAssertEqual(onStderr, "stray print", "fd 1 now goes to stderr")
        XCTAssertEqual(readFromInput, "request bytes", "the protocol keeps the original stdin")
        XCTAssertEqual(readFromFdZero, "", "fd 0 is /dev/null, so children cannot steal input")
        XCTAssertTrue(inputIsCloseOnExec)
        XCTAssertTrue(outputIsCloseOnExec)
    }

    func testSIGPIPEIsIgnored() {
        StandardStreams.ignoreSIGPIPE()
        let pipe = makeRawPipe()
        closeRaw(pipe.read)
        var byte: UInt8 = 0
        XCTAssertEqual(write(pipe.write, &byte, 1), -1, "the process survives")
        XCTAssertEqual(errno, EPIPE)
        closeRaw(pipe.write)
    }
}
