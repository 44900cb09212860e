import Foundation
import XCTest

/// What the CLI reads: pipes, FIFOs, process substitution and standard input like files; binary input refused with a
/// message that names it.
final class CommandLineInputTests: XCTestCase {
    private let names = "Östen\nAnna\nÅsa\n"

    func testProcessSubstitutionAndDevStdinAreRead() throws {
        // `<(…)` is a /dev/fd path to a pipe: FileManager could not read it ("cannot read").
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "\"$0\" sort --locale sv_SE <(printf 'Östen\\nAnna\\nÅsa\\n')", Binary.url.path]
        let out = Pipe()
        bash.standardOutput = out
        try bash.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bash.waitUntilExit()
        XCTAssertEqual(bash.terminationStatus, 0)
        XCTAssertEqual(printed, "Anna\nÅsa\nÖsten\n")

        let (code, sorted, _) = try Binary.run(["sort", "--locale", "sv_SE", "/dev/stdin"], stdin: names)
        XCTAssertEqual(code, 0)
        XCTAssertEqual(sorted, "Anna\nÅsa\nÖsten\n")
    }

    func testANamedFIFOIsReadAsPlainText() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID()).fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let names = self.names
        let writer = Thread { try? names.write(toFile: fifo, atomically: false, encoding: .utf8) }
        writer.start()
        let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", fifo])
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "A  1 entry\n     2    Anna\nÅ  1 entry\n     3    Åsa\nÖ  1 entry\n     1    Östen\n")
    }

    func testOutlineOfStandardInputNeedsNoFlags() throws {
        let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", "-"], stdin: names)
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "A  1 entry\n     2    Anna\nÅ  1 entry\n     3    Åsa\nÖ  1 entry\n     1    Östen\n")
    }

    func testBinaryInputIsRefusedByName() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID()).txt")
        try Data([0x41, 0x6E, 0x6E, 0x61, 0x0A, 0x00, 0x01, 0x02, 0x0A, 0x7F, 0x45, 0x4C, 0x46]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for command in [["sort"], ["sort", "--sections"], ["outline"]] {
            let (code, out, err) = try Binary.run(command + [file.path])
            XCTAssertEqual(code, 1, "\(command)")
            XCTAssertEqual(out, "", "\(command): no garbage on stdout")
            XCTAssertEqual(err, "thumbindex: \(file.path): a binary file (it holds NUL bytes), not text\n", "\(command)")
        }
        // Latin-1 text is not UTF-8: refused, many bad bytes as one (CommandLineEncodingTests: a single one too).
        let latin1 = Data((0 ..< 20).flatMap { _ in [0x63, 0x61, 0x66, 0xE9, 0x0A] as [UInt8] })
        try latin1.write(to: file)
        let (code, _, err) = try Binary.run(["sort", file.path])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(err.contains("not UTF-8 text"), err)
    }

    func testADirectoryAndAMissingFileSaySo() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let (code, _, err) = try Binary.run(["sort", directory])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err, "thumbindex: \(directory): Is a directory\n")
        let (missing, _, gone) = try Binary.run(["outline", "/nonexistent/names.txt"])
        XCTAssertEqual(missing, 1)
        XCTAssertEqual(gone, "thumbindex: /nonexistent/names.txt: No such file or directory\n")
    }

    func testSortJSONWithoutSectionsPrintsTheSortedItems() throws {
        let (code, out, err) = try Binary.run(["sort", "--locale", "sv_SE", "--json"], stdin: names)
        XCTAssertEqual(code, 0, err)
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        XCTAssertEqual(object?["items"] as? [String], ["Anna", "Åsa", "Östen"])
    }
}
