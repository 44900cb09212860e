import Foundation
import XCTest

/// Text that is not plain UTF-8 is never garbled silently: byte-order marks are taken as such, UTF-16 is decoded,
/// and any other byte that is not UTF-8 is refused by line with the iconv to run (or `--encoding latin1`).
final class CommandLineEncodingTests: XCTestCase {
    private func write(_ bytes: [UInt8], _ name: String = "names.txt") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAUTF8ByteOrderMarkIsDropped() throws {
        let path = try write([0xEF, 0xBB, 0xBF] + Array("Zeta\nAlpha\n".utf8))
        let (code, out, err) = try Binary.run(["sort", "-l", "en", path])
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "Alpha\nZeta\n")
        let (_, outline, _) = try Binary.run(["outline", "-l", "en", "--grouping", "sorted", "-"], stdin: "\u{FEFF}Zeta\nAlpha\n")
        XCTAssertEqual(outline, "     2  Alpha\n     1  Zeta\n")
    }

    func testUTF16WithAByteOrderMarkIsDecoded() throws {
        let text = "Östen\nAnna\nÅsa\n"
        let little = try write([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let big = try write([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        for path in [little, big] {
            let (code, out, err) = try Binary.run(["sort", "-l", "sv", path])
            XCTAssertEqual(code, 0, err)
            XCTAssertEqual(out, "Anna\nÅsa\nÖsten\n")
            let (outlined, outline, _) = try Binary.run(["outline", "-l", "sv", "--grouping", "sorted", path])
            XCTAssertEqual(outlined, 0)
            XCTAssertEqual(outline, "     2  Anna\n     3  Åsa\n     1  Östen\n")
        }
    }

    /// One bad byte is refused as surely as a thousand, by the line of the first.
    func testLatin1IsRefusedByLineWithTheIconvToRun() throws {
        let latin1: [UInt8] = Array("Anna\nBj".utf8) + [0xF6] + Array("rn\n".utf8) + [0xC5] + Array("sa\n".utf8)
        for lines in [1, 3, 50] {
            let bytes = Array((0 ..< lines).map { _ in latin1 }.joined())
            let path = try write(bytes)
            for command in [["sort"], ["sort", "--sections"], ["outline"]] {
                let (code, out, err) = try Binary.run(command + ["-l", "sv", path])
                XCTAssertEqual(code, 1, "\(command) \(lines)")
                XCTAssertEqual(out, "", "nothing garbled on stdout")
                let name = (path as NSString).lastPathComponent
                XCTAssertEqual(err, "thumbindex: \(path):2: not UTF-8 text (byte 0xF6); if it is Latin-1, convert it with 'iconv -f latin1 -t utf-8 \(path) > \(name).utf8', or give --encoding latin1\n")
            }
        }
        // Binary.run takes a String (always UTF-8): standard input's bytes go through a pipe of their own.
        let piped = Process()
        piped.executableURL = Binary.url
        piped.arguments = ["sort"]
        let input = Pipe(), errors = Pipe()
        piped.standardInput = input
        piped.standardOutput = FileHandle.nullDevice
        piped.standardError = errors
        try piped.run()
        input.fileHandleForWriting.write(Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
        try input.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        piped.waitUntilExit()
        XCTAssertEqual(piped.terminationStatus, 1)
        XCTAssertEqual(said, "thumbindex: standard input:1: not UTF-8 text (byte 0xE9); if it is Latin-1, pipe it through 'iconv -f latin1 -t utf-8', or give --encoding latin1\n")
    }

    func testEncodingLatin1Decodes() throws {
        let path = try write(Array("Bj".utf8) + [0xF6] + Array("rn\n".utf8) + [0xC5] + Array("sa\nAnna\n".utf8))
        for spelling in ["latin1", "ISO-8859-1"] {
            let (code, out, err) = try Binary.run(["sort", "-l", "sv", "--encoding", spelling, path])
            XCTAssertEqual(code, 0, err)
            XCTAssertEqual(out, "Anna\nBjörn\nÅsa\n")
        }
        let (outlined, outline, _) = try Binary.run(["outline", "-l", "sv", "--encoding", "latin1", "--grouping", "sorted", path])
        XCTAssertEqual(outlined, 0)
        XCTAssertEqual(outline, "     3  Anna\n     1  Björn\n     2  Åsa\n")
        let (bad, _, badErr) = try Binary.run(["sort", "--encoding", "ebcdic", path])
        XCTAssertEqual(bad, 64)
        XCTAssertTrue(badErr.hasPrefix("thumbindex: "), badErr)
    }
}
