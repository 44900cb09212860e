import Foundation
import XCTest

/// The conventions a Unix user brings from coreutils: a failed write is an error, every message reads
/// `thumbindex: [PATH: ]message`, usage errors exit 64, a flag that does nothing says so.
final class CommandLineConventionsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-conventions-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func file(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs the binary with stdout on /dev/full: (status, stderr).
    private func runIntoFullDevice(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// Help paragraphs are wrapped to the terminal's width as wholes: no line of a paragraph but its last ends early
    /// (a line break written into the text would end one at the same word at every width).
    func testHelpWrapsWholeParagraphs() throws {
        for command in [["--help"], ["help", "outline"], ["help", "sort"], ["help", "titles"]] {
            for width in [60, 100, 140] {
                let (code, out, err) = try Binary.run(command, environment: ["COLUMNS": String(width)])
                XCTAssertEqual(code, 0, err)
                let head = out.components(separatedBy: "\nUSAGE:")[0].split(separator: "\n", omittingEmptySubsequences: false)
                for (line, next) in zip(head, head.dropFirst()) where !line.isEmpty && !next.isEmpty {
                    let room = width - 1 - line.count - 1  // what was left on the line (ArgumentParser leaves the last column), less a space
                    XCTAssertLessThan(room, next.split(separator: " ").first.map(\.count) ?? 0,
                                      "\(command) at \(width) columns: '\(line)' ends early, before '\(next)'")
                }
            }
        }
    }

    func testAFailedWriteIsAnError() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let names = try file("names.txt", "Östen\nAnna\nÅsa\n")
        for arguments in [["sort", "-l", "sv"], ["sort", "-l", "sv", "--json"], ["sort", "-l", "sv", "--sections"],
                          ["outline", "-l", "sv"], ["outline", "-l", "sv", "--json"], ["titles", "-l", "sv"],
                          ["--help"], ["--version"], ["help", "outline"], ["outline", "--help"]] {
            let helpOrTitles = arguments[0] == "titles" || arguments.contains { $0 == "--help" || $0 == "--version" || $0 == "help" }
            let (code, err) = try runIntoFullDevice(arguments + (helpOrTitles ? [] : [names]))
            XCTAssertEqual(code, 1, "\(arguments)")
            XCTAssertEqual(err, "thumbindex: write error: No space left on device\n", "\(arguments)")
        }
    }

    func testMessagesNameThePathFirstInOneStyle() throws {
        let (missing, _, gone) = try Binary.run(["sort", "/nonexistent/names.txt"])
        XCTAssertEqual(missing, 1)
        XCTAssertEqual(gone, "thumbindex: /nonexistent/names.txt: No such file or directory\n")
        let names = try file("names.md", "# Anna\n")
        let (table, _, tableErr) = try Binary.run(["outline", "-l", "sv", "--strings", "/nonexistent/sv.strings", names])
        XCTAssertEqual(table, 1)
        XCTAssertEqual(tableErr, "thumbindex: /nonexistent/sv.strings: No such file or directory (--strings)\n")
        let (_, _, warning) = try Binary.run(["titles", "--locale", "sv_XX"])
        XCTAssertTrue(warning.hasPrefix("thumbindex: warning: "), warning)
        // Nothing ArgumentParser prints keeps its own "Error: " prefix.
        let (usage, _, usageErr) = try Binary.run(["sort", "--frobnicate"])
        XCTAssertEqual(usage, 64)
        XCTAssertTrue(usageErr.hasPrefix("thumbindex: Unknown option '--frobnicate'"), usageErr)
        XCTAssertFalse(usageErr.contains("Error:"), usageErr)
    }

    func testHelpOfAnUnknownCommandIsAUsageError() throws {
        let (code, out, err) = try Binary.run(["help", "frob"])
        XCTAssertEqual(code, 64)
        XCTAssertEqual(out, "")
        XCTAssertTrue(err.hasPrefix("thumbindex: unknown command 'frob' (commands: serve, titles, sort, outline, check)\n"), err)
        let (known, help, _) = try Binary.run(["help", "sort"])
        XCTAssertEqual(known, 0)
        XCTAssertTrue(help.contains("USAGE: thumbindex sort"), help)
    }

    func testAFlagBeforeTheCommandSaysWhichCommandsTakeIt() throws {
        let (code, out, err) = try Binary.run(["--locale", "sv"])
        XCTAssertEqual(code, 64)
        XCTAssertEqual(out, "")
        XCTAssertTrue(err.hasPrefix("thumbindex: --locale is an option of titles, sort, outline and check"), err)
        let (column, _, columnErr) = try Binary.run(["--column=city"])
        XCTAssertEqual(column, 64)
        XCTAssertTrue(columnErr.hasPrefix("thumbindex: --column is an option of sort and outline,"), columnErr)
        // The server's own flags still start it.
        let (served, _, _) = try Binary.run(["--jsonl"], stdin: "")
        XCTAssertNotEqual(served, 64)
    }

    func testAMalformedLocaleIsQuotedAsTyped() throws {
        let (code, _, err) = try Binary.run(["sort", "--locale", "_zz"], stdin: "")
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err, "thumbindex: --locale _zz: malformed locale identifier '_zz' (cannot read '_zz')\n")
        let (_, _, tail) = try Binary.run(["sort", "--locale", "sv_SE_x_y_"], stdin: "")
        XCTAssertTrue(tail.hasSuffix("(cannot read '_')\n"), "underscores as typed: \(tail)")
    }

    func testAFileWithoutAKnownExtensionIsPlainTextWithANote() throws {
        for name in ["NAMES", "names.list"] {
            let path = try file(name, "Östen\nAnna\n")
            let (code, out, err) = try Binary.run(["outline", "-l", "sv", path])
            XCTAssertEqual(code, 0, err)
            XCTAssertEqual(out, "A  1 entry\n     2    Anna\nÖ  1 entry\n     1    Östen\n")
            XCTAssertEqual(err, "thumbindex: note: \(path): no format known by its extension; reading it as plain text (--language names another)\n")
        }
        let (piped, out, quiet) = try Binary.run(["outline", "-l", "sv", "-"], stdin: "Östen\nAnna\n")
        XCTAssertEqual(piped, 0)
        XCTAssertEqual(quiet, "", "standard input is plain text without a word")
        XCTAssertTrue(out.hasPrefix("A  1 entry\n"), out)
    }

    func testAFlagThatDoesNotApplySaysSo() throws {
        let notes = try file("notes.md", "# Zeta\n# Alpha\n")
        let (code, out, err) = try Binary.run(["outline", "-l", "en", "--column", "city", notes])
        XCTAssertEqual(code, 0, err)
        XCTAssertTrue(out.contains("Alpha"), out)
        XCTAssertEqual(err, "thumbindex: note: --column applies to csv and tsv only; \(notes) is read as markdown\n")
        let (_, _, vcard) = try Binary.run(["outline", "-l", "en", "--given-name-first", notes])
        XCTAssertTrue(vcard.contains("--given-name-first applies to vcard only"), vcard)
        let csv = try file("people.csv", "name,city\nAnna,Lund\n")
        let (_, _, quiet) = try Binary.run(["outline", "-l", "en", "--column", "city", csv])
        XCTAssertEqual(quiet, "")
    }

    func testLanguageTakesAnyCaseAndTheNamesPeopleType() throws {
        let notes = try file("notes.txt", "# Zeta\n\nbody\n# Alpha\n")
        for name in ["md", "Markdown", "MARKDOWN", "markdown"] {
            let (code, out, err) = try Binary.run(["outline", "-l", "en", "--grouping", "sorted", "--language", name, notes])
            XCTAssertEqual(code, 0, "\(name): \(err)")
            XCTAssertEqual(out, "     4  Alpha\n     1  Zeta\n", name)
        }
        let yaml = try file("data.txt", "zeta: 1\nalpha: 2\n")
        for name in ["yml", "YAML"] {
            let (code, out, err) = try Binary.run(["outline", "-l", "en", "--grouping", "sorted", "--language", name, yaml])
            XCTAssertEqual(code, 0, "\(name): \(err)")
            XCTAssertEqual(out, "     2  alpha  2\n     1  zeta  1\n", name)
        }
        let card = try file("card.txt", "BEGIN:VCARD\nVERSION:3.0\nN:Wallin;Märta;;;\nFN:Märta Wallin\nEND:VCARD\n")
        let (code, out, err) = try Binary.run(["outline", "-l", "sv", "--language", "vcf", card])
        XCTAssertEqual(code, 0, err)
        XCTAssertTrue(out.hasPrefix("W  1 entry\n"), out)
        let (unknown, _, unknownErr) = try Binary.run(["outline", "--language", "klingon", card])
        XCTAssertEqual(unknown, 64)
        XCTAssertTrue(unknownErr.hasPrefix("thumbindex: --language klingon is not a format"), unknownErr)
    }

    func testICUStyleTellsItsEllipsisSectionsApart() throws {
        let (code, out, err) = try Binary.run(["sort", "-l", "sv", "--style", "icu", "--sections"], stdin: "Ωmega\nAnna\n123\n")
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "== … (before A) ==\n123\n== A ==\nAnna\n== … (after Ö) ==\nΩmega\n")
        let (_, json, _) = try Binary.run(["sort", "-l", "sv", "--style", "icu", "--sections", "--json"], stdin: "Ωmega\nAnna\n123\n")
        XCTAssertTrue(json.contains("\"title\":\"…\""), "JSON keeps ICU's titles: \(json)")
        let names = try file("names.txt", "Ωmega\nAnna\n123\n")
        let (_, outline, _) = try Binary.run(["outline", "-l", "sv", "--style", "icu", names])
        XCTAssertEqual(outline, "… (before A)  1 entry\n     3    123\nA  1 entry\n     2    Anna\n… (after Ö)  1 entry\n     1    Ωmega\n")
    }
}
