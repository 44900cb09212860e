import Foundation
import XCTest

/// The checked-in man page is what `scripts/manual` writes from the binary: no character of the help lost (`•`, `…`),
/// and the sections a man page reader looks for beyond the flags.
final class ManualPageContentTests: XCTestCase {
    static let root = ManualPageTests.root

    func page() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("Documentation/thumbindex.1"), encoding: .utf8)
    }

    func testThePageIsWhatTheGeneratorWritesFromTheBinary() throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "--version"]
        python.standardOutput = FileHandle.nullDevice
        python.standardError = FileHandle.nullDevice
        try python.run()
        python.waitUntilExit()
        guard python.terminationStatus == 0 else { throw XCTSkip("no python3 for scripts/manual") }
        let process = Process()
        process.executableURL = Self.root.appendingPathComponent("scripts/manual")
        process.arguments = ["--binary", Binary.url.path, "--date", "kept", "--output", "-"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let written = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(written, try page(), "Documentation/thumbindex.1 is stale: run scripts/manual")
    }

    func testNonASCIICharactersAreKept() throws {
        let page = try page()
        XCTAssertTrue(page.contains("at most N entries (\\[u2022] for elided runs)"), "the • of --max-titles")
        XCTAssertTrue(page.contains("swift, python, \\[u2026]"), "the … of --language")
        XCTAssertFalse(page.unicodeScalars.contains { $0.value > 0x7E }, "escaped, so any man renders them")
    }

    func testThePageHasTheSectionsBeyondTheFlags() throws {
        let page = try page()
        for section in [".Sh FORMATS", ".Sh EXIT STATUS", ".Sh ENVIRONMENT", ".Sh EXAMPLES"] {
            XCTAssertTrue(page.contains("\n\(section)\n"), section)
        }
        for variable in ["LC_ALL", "LC_COLLATE", "LANG", "NO_COLOR", "THUMBINDEX_MECAB_LIBRARY"] {
            XCTAssertTrue(page.contains("Ev \(variable)"), variable)
        }
        XCTAssertTrue(page.contains(".It 64\n"), "the usage status")
    }

    func testManRendersTheBullet() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { throw XCTSkip("no man") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/man")
        process.arguments = ["-l", Self.root.appendingPathComponent("Documentation/thumbindex.1").path]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANPAGER": "cat", "MANWIDTH": "100"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let shown = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue(shown.contains("(• for elided runs)"), shown)
        XCTAssertTrue(shown.contains("EXIT STATUS"), shown)
    }
}
