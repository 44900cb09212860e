import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

/// A client that writes but does not read: the server's memory stays bounded (backpressure), and `exit` or EOF still
/// end it promptly. Also: a large document's memory comes back after `didClose`.
final class UnreadRepliesTests: XCTestCase {
    /// The server binary with raw pipes: nothing reads its stdout unless a test does.
    final class RawServer: @unchecked Sendable {
        let process = Process()
        let input = Pipe()
        let output = Pipe()

        init() throws {
            process.executableURL = Binary.url
            process.arguments = ["serve", "--jsonl"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        deinit { if process.isRunning { process.terminate() } }

        func line(_ json: JSON) -> Data { Data(json.serialized() + [0x0A]) }

        private let writes = DispatchQueue(label: "raw-server-writes")

        /// Writes off the caller's thread, in order: the server may stop reading (that is the point), so a write may
        /// block.
        func write(_ data: Data, then: @escaping @Sendable () -> Void = {}) {
            let handle = input.fileHandleForWriting
            writes.async {
                try? handle.write(contentsOf: data)
                then()
            }
        }

        func request(_ id: Int, _ method: String, _ params: JSON) -> Data {
            line(["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params])
        }

        func notification(_ method: String, _ params: JSON) -> Data {
            line(["jsonrpc": "2.0", "method": .string(method), "params": params])
        }

        var initialize: Data {
            request(0, "initialize", ["capabilities": [:], "locale": "sv_SE"]) + notification("initialized", [:])
        }

        /// Resident memory in MiB, from /proc.
        var residentMiB: Int { status("VmRSS:") }

        /// The high-water mark of resident memory in MiB (VmHWM).
        var peakResidentMiB: Int { status("VmHWM:") }

        private func status(_ key: String) -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix(key) } ?? ""
            return (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) / 1024
        }

        func waitForExit(within seconds: Double) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            return !process.isRunning
        }
    }

    /// Requests whose replies are large and unread: far more than a pipe and the outbox hold.
    private func pileOfUnreadReplies(_ server: RawServer) -> Data {
        let text = (0 ..< 3_000).map { "Namn \($0)" }.joined(separator: "\n")
        var data = server.initialize
        data += server.notification("textDocument/didOpen", ["textDocument": ["uri": "file:///a.txt", "languageId": "plaintext", "version": 1, "text": .string(text)]])
        for id in 1 ... 100 { data += server.request(id, "textDocument/documentSymbol", ["textDocument": ["uri": "file:///a.txt"]]) }
        return data
    }

    func testExitWithUnreadRepliesEndsTheProcessWithinTwoSeconds() throws {
        let server = try RawServer()
        server.write(pileOfUnreadReplies(server))
        Thread.sleep(forTimeInterval: 3)  // the replies pile up; the server stops reading
        let sent = Date()
        server.write(server.notification("exit", [:]))
        XCTAssertTrue(server.waitForExit(within: 10))
        XCTAssertLessThan(Date().timeIntervalSince(sent), 2)
        XCTAssertEqual(server.process.terminationStatus, 1, "exit without shutdown")
    }

    func testEOFWithUnreadRepliesEndsTheProcessWithinTwoSeconds() throws {
        let server = try RawServer()
        server.write(pileOfUnreadReplies(server))
        Thread.sleep(forTimeInterval: 3)
        let sent = Date()
        try server.input.fileHandleForWriting.close()
        XCTAssertTrue(server.waitForExit(within: 10))
        XCTAssertLessThan(Date().timeIntervalSince(sent), 2)
    }

    func testAFloodOfRequestsWithoutReadingKeepsMemoryBounded() throws {
        let server = try RawServer()
        var flood = server.initialize
        for id in 1 ... 100_000 { flood += server.request(id, "thumbindex/indexTitles", ["locale": "sv_SE"]) }
        let written = Atomic()
        server.write(flood) { written.set() }
        // Wait until the server has filled its outbox and stopped reading (memory stops growing; slower machines take
        // longer to get there), then memory must stay where it is.
        Thread.sleep(forTimeInterval: 2)
        var first = server.residentMiB
        for _ in 0 ..< 20 {
            Thread.sleep(forTimeInterval: 1)
            let now = server.residentMiB
            if now <= first { break }
            first = now
        }
        Thread.sleep(forTimeInterval: 2)
        let second = server.residentMiB
        XCTAssertFalse(written.isSet, "the server stopped reading, so the client's write blocks")
        // 100k replies of about 0.6 kB would be 60 MB and more; the outbox holds 4 MiB, the backlog 4 MiB.
        XCTAssertLessThan(second, 64, "resident memory \(second) MiB")
        XCTAssertLessThanOrEqual(second, first + 2, "memory must stay flat while the client does not read")
        // Now read: every request is answered, once.
        let reader = LineReader(server.output.fileHandleForReading)
        var ids = Set<Int>()
        while ids.count < 100_001, let message = reader.next() {
            guard let id = message["id"]?.intValue else { continue }
            XCTAssertTrue(ids.insert(id).inserted, "request \(id) answered twice")
        }
        XCTAssertEqual(ids.count, 100_001)
    }

    func testALargeDocumentsMemoryComesBackAfterClose() throws {
        let server = try RawServer()
        server.write(server.initialize)
        let text = (0 ..< 300_000).map { "Namn \($0 % 977) \($0)" }.joined(separator: "\n")  // about 5 MB
        let reader = LineReader(server.output.fileHandleForReading)
        XCTAssertNotNil(reader.response(to: 0))
        let baseline = server.residentMiB
        var afterClose: [Int] = []
        for round in 1 ... 5 {
            server.write(server.notification("textDocument/didOpen", ["textDocument": ["uri": "file:///big.txt", "languageId": "plaintext", "version": 1, "text": .string(text)]])
                         + server.request(round * 10, "thumbindex/sections", ["textDocument": ["uri": "file:///big.txt"]])
                         + server.request(round * 10 + 1, "workspace/symbol", ["query": "namn 9"])
                         + server.notification("textDocument/didClose", ["textDocument": ["uri": "file:///big.txt"]])
                         + server.request(round * 10 + 2, "thumbindex/indexTitles", [:]))
            for id in [round * 10, round * 10 + 1, round * 10 + 2] { XCTAssertNotNil(reader.response(to: id), "round \(round)") }
            afterClose.append(server.residentMiB)
        }
        // Back near the baseline after each close, and flat from round to round. The allocator's own keep varies by
        // about 6 MiB between rounds (seen here: 39 to 44), and the first round may come out lower than the rest (a CI
        // run saw 32, 38, 43): a leak of a few MiB a round grows past the lowest later round by more than that noise.
        XCTAssertLessThan(afterClose.max() ?? 0, baseline + 40, "baseline \(baseline) MiB, after close \(afterClose)")
        XCTAssertLessThanOrEqual(afterClose[4], afterClose[1 ... 3].min()! + 12, "after close \(afterClose)")
    }
}

extension UnreadRepliesTests {
    /// A 200 MB `didOpen`: the peak stays within 4× the text, and the memory comes back after `didClose`.
    func testA200MegabyteDocumentPeaksWithinFourTimesItsSizeAndIsFreedOnClose() throws {
        let server = try RawServer()
        server.write(server.initialize)
        let reader = LineReader(server.output.fileHandleForReading)
        XCTAssertNotNil(reader.response(to: 0))
        let baseline = server.residentMiB
        // The frame is made as bytes: building a 200 MB JSON value in a debug build would take longer than the test.
        var frame = Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///huge.txt","languageId":"plaintext","version":1,"text":""#.utf8)
        // 40,000 lines of 25 characters and a newline (escaped in JSON: 27 bytes), 200 times: 8M lines, 198 MiB of text.
        let chunk = Array(String(repeating: #"Namn Efternamn 0123456789\n"#, count: 40_000).utf8)
        frame.reserveCapacity(chunk.count * 200 + 100)
        for _ in 0 ..< 200 { frame += chunk }
        frame += Array(#""}}}"#.utf8) + [0x0A]
        let textMiB = (200 * 40_000 * 26) >> 20
        server.write(Data(frame) + server.request(1, "thumbindex/indexTitles", [:]))
        frame = []
        XCTAssertNotNil(reader.response(to: 1))
        let peak = server.peakResidentMiB
        server.write(server.notification("textDocument/didClose", ["textDocument": ["uri": "file:///huge.txt"]]) + server.request(2, "thumbindex/indexTitles", [:]))
        XCTAssertNotNil(reader.response(to: 2))
        let afterClose = server.residentMiB
        XCTAssertLessThanOrEqual(peak - baseline, 4 * textMiB, "peak \(peak) MiB for \(textMiB) MiB of text (baseline \(baseline) MiB)")
        XCTAssertLessThan(afterClose, baseline + 40, "after close \(afterClose) MiB, baseline \(baseline) MiB")
    }
}

/// A flag set from another thread.
final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Reads newline-delimited messages.
final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next message; nil at the end of the output.
    func next() -> JSON? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start ..< newline])
                start = newline + 1
                if let message = try? JSONParser().parse(line) { return message }
                continue
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }

    /// Responses read while waiting for another one (requests run concurrently, so they may come in any order).
    private var stash: [Int: JSON] = [:]

    /// The response with `id`, reading as far as needed.
    func response(to id: Int) -> JSON? {
        if let stashed = stash.removeValue(forKey: id) { return stashed }
        while let message = next() {
            guard let other = message["id"]?.intValue else { continue }
            if other == id { return message }
            stash[other] = message
        }
        return nil
    }
}
