import Foundation
import XCTest

/// What the CLI says to a person: usage for an unknown command, flags named in errors, a hint in a terminal.
final class CommandLineMessageTests: XCTestCase {
    func testAnUnknownCommandShowsTheToolsUsage() throws {
        let (code, out, err) = try Binary.run(["frobnicate"])
        XCTAssertEqual(code, 64)
        XCTAssertEqual(out, "")
        XCTAssertTrue(err.hasPrefix("thumbindex: unknown command 'frobnicate' (commands: serve, titles, sort, outline, check)\n"), err)
        XCTAssertTrue(err.contains("USAGE: thumbindex <subcommand>"), err)
        XCTAssertFalse(err.contains("thumbindex serve [--stdio]"), "not the default subcommand's usage")
    }

    func testMaxTitlesBelowOneIsRefusedNamingTheFlag() throws {
        for value in [["--max-titles", "-3"], ["--max-titles=0"]] {
            let (code, _, err) = try Binary.run(["titles", "--locale", "sv"] + value)
            XCTAssertEqual(code, 64, "\(value)")
            XCTAssertTrue(err.hasPrefix("thumbindex: --max-titles must be at least 1, got "), err)
            XCTAssertFalse(err.contains("maxIndexTitles"), "CLI words, not protocol ones: \(err)")
        }
    }

    /// Each failure names what the user typed (a flag, a path) once, in CLI words: no `languageId`, `params`, `uri`.
    func testErrorsNameTheFlagOrPathTheUserGaveInCLIWords() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("people.csv").path, json = dir.appendingPathComponent("broken.json").path
        try "name,city\nAnna,Lund\n".write(toFile: csv, atomically: true, encoding: .utf8)
        try "{\"a\": 1".write(toFile: json, atomically: true, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (["outline", "--language", "klingon", csv], 64, "thumbindex: --language klingon is not a format thumbindex reads (one of: plaintext, "),
            (["outline", "--locale", "sv", "--column", "town", csv], 1, "thumbindex: \(csv):1: no column named \"town\"; the header row has: name, city\n"),
            (["outline", "--locale", "sv", json], 1, "thumbindex: \(json):1:1: "),
            (["sort", "--locale", "xx_YY_zz"], 1, "thumbindex: --locale xx_YY_zz: malformed locale identifier"),
        ]
        for (arguments, status, start) in cases {
            let (code, out, err) = try Binary.run(arguments, stdin: "")
            XCTAssertEqual(code, status, "\(arguments): \(err)")
            XCTAssertEqual(out, "", "\(arguments)")
            XCTAssertTrue(err.hasPrefix(start), "\(arguments): \(err)")
            for word in ["languageId", "params", "textDocument", "uri", "file://", "-326"] {
                XCTAssertFalse(err.contains(word), "\(arguments): protocol word \(word) in \(err)")
            }
        }
    }

    func testInATerminalTheServerSaysWhatItIsOnStderrOnly() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("no script(1) for a pty") }
        // script(1) gives the server a terminal for stdin; Ctrl-D there is the end of input, and the server exits.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfc", Binary.url.path, "/dev/null"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Ctrl-D once the server has said what it is (it reads its terminal from then on): no wait on the clock.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("serve --jsonl") {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }  // the end: the checks below say what is missing
            seen += more
        }
        input.fileHandleForWriting.write(Data([0x04]))
        let shown = String(decoding: seen + output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue(shown.contains("thumbindex: a language server, speaking LSP (JSON-RPC) on stdin/stdout"), shown)
        XCTAssertTrue(shown.contains("`thumbindex --help` lists the commands"), shown)
        XCTAssertTrue(shown.contains("`thumbindex serve --jsonl` reads one JSON-RPC message per line"), "names the flag that reads typed JSON: \(shown)")

        // From a pipe (an editor): nothing but protocol, and no hint on stderr either.
        let (_, out, err) = try Binary.run([], stdin: "")
        XCTAssertEqual(out, "")
        XCTAssertFalse(err.contains("a language server, speaking LSP"), err)
    }

    func testAnUnknownRegionIsWarnedAboutByName() throws {
        let (code, out, err) = try Binary.run(["titles", "--locale", "sv_XX"])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(err, "thumbindex: warning: sv_XX: XX is not a known region; collating as sv\n")
        let (_, swedish, quiet) = try Binary.run(["titles", "--locale", "sv_SE"])
        XCTAssertEqual(quiet, "", "a real region is not warned about")
        XCTAssertEqual(out.split(separator: "\n").dropFirst(), swedish.split(separator: "\n").dropFirst(), "same sections as sv_SE")
        let (_, _, seed) = try Binary.run(["titles", "--locale", "ko_KO"])
        XCTAssertTrue(seed.contains("KO is not a known region"), "the seeds' ko_KO is accepted, with a word: \(seed)")
    }
}
