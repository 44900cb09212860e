import Foundation
import ThumbIndexJSON
import XCTest

/// `thumbindex outline DIR`: the lettered index of a folder (a vdir of contacts, notes, a table), each entry with its
/// file and line; hidden folders, build outputs, links out of the folder, link loops and binary files left out.
final class CommandLineFolderTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        let fm = FileManager.default
        root = fm.temporaryDirectory.appendingPathComponent("thumbindex-folder-\(UUID().uuidString)")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("contacts/osten.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Östen Berg\nN:Berg;Östen;;;\nEND:VCARD\n")
        try write("contacts/anna.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Anna Ek\nN:Ek;Anna;;;\nEND:VCARD\n")
        try write("notes/fruit.md", "# Äpplen\n\ntext\n\n## Bananer\n")
        try write("cities.csv", "city,country\nZürich,CH\nÅre,SE\n")
        try write(".obsidian/cache.md", "# Hidden\n")
        try write("node_modules/pkg/README.md", "# Dependency\n")
        try write("notes/binary.txt", "Wrong\u{0}\u{1}\n")
        try write("config.json", "{\"Key\": 1}\n")
        // A link out of the folder, and a link back up into it (a loop).
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("outside").path, withDestinationPath: "/etc")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("notes/loop").path, withDestinationPath: root.path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func testAFolderIsOneLetteredIndex() throws {
        let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", root.path], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, """
            B  2 entries
              notes/fruit.md:5      Bananer
              contacts/osten.vcf:3  Östen Berg
            E  1 entry
              contacts/anna.vcf:3   Anna Ek
            Z  1 entry
              cities.csv:2          Zürich  CH
            Å  1 entry
              cities.csv:3          Åre  SE
            Ä  1 entry
              notes/fruit.md:1      Äpplen

            """)
        XCTAssertFalse(out.contains("Hidden") || out.contains("Dependency") || out.contains("Key") || out.contains("Wrong"), out)
        XCTAssertTrue(err.contains("outside: a link out of"), err)
        XCTAssertTrue(err.contains("binary.txt"), "a binary file is skipped with a note: \(err)")
    }

    /// Every note names its file as the folder was typed (not a uri, not an absolute path), and each folder left out
    /// is named.
    func testNotesNameFilesAsTheFolderWasTyped() throws {
        let typed = root.lastPathComponent
        let (code, _, err) = try Binary.run(["outline", "-l", "sv", typed + "/"], currentDirectory: root.deletingLastPathComponent())
        XCTAssertEqual(code, 0, err)
        let notes = err.split(separator: "\n").map(String.init)
        for expected in ["\(typed)/.obsidian: a hidden folder, skipped", "\(typed)/node_modules: a build or package folder, skipped",
                         "\(typed)/notes/binary.txt: a binary file"] {
            XCTAssertTrue(notes.contains { $0.hasPrefix("thumbindex: note: " + expected) }, "\(expected) in\n\(err)")
        }
        XCTAssertFalse(err.contains("file://") || err.contains(root.path), err)
    }

    /// `--encoding` reads a folder's files too; without it a Latin-1 file is skipped with a note that names the flag.
    func testEncodingReadsAFoldersFiles() throws {
        try Data([0x5A, 0x6F, 0xEB, 0x0A, 0xC5, 0x73, 0x61, 0x0A]).write(to: root.appendingPathComponent("latin1.txt"))  // Zoë, Åsa
        try Data("Bo\n".utf8).write(to: root.appendingPathComponent("ascii.txt"))  // the same in both
        var (code, out, err) = try Binary.run(["outline", "-l", "sv", "--language", "plaintext", root.path], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(code, 0, err)
        XCTAssertFalse(out.contains("Zoë"), out)
        XCTAssertTrue(err.contains("latin1.txt: cannot be read, or not UTF-8 or UTF-16 text; skipped (--encoding latin1 reads Latin-1)"), err)
        (code, out, err) = try Binary.run(["outline", "-l", "sv", "--language", "plaintext", "--encoding", "latin1", root.path],
                                          environment: ["NO_COLOR": "1"])
        XCTAssertEqual(code, 0, err)
        XCTAssertTrue(out.contains("latin1.txt:1  Zoë") && out.contains("latin1.txt:2  Åsa"), out)
    }

    /// A folder with nothing to read (empty, hidden files only, a binary file) is said to be so (status 1), not shown
    /// as an empty outline.
    func testAFolderWithNothingToReadSaysSo() throws {
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data("# Hidden\n".utf8).write(to: empty.appendingPathComponent(".draft.md"))
        let binary = root.appendingPathComponent("binary")
        try FileManager.default.createDirectory(at: binary, withIntermediateDirectories: true)
        try Data("Wrong\u{0}\n".utf8).write(to: binary.appendingPathComponent("names.txt"))
        for folder in [empty.path, binary.path] {
            let (code, out, err) = try Binary.run(["outline", "-l", "sv", folder])
            XCTAssertEqual(code, 1, err)
            XCTAssertEqual(out, "")
            XCTAssertTrue(err.contains("\(folder): nothing to outline: no entries in its files of the formats read (csv, markdown,"), err)
        }
    }

    func testJSONNamesEachEntrysFileAndLine() throws {
        let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", "--json", "--language", "vcard", root.path])
        XCTAssertEqual(code, 0, err)
        let json = try JSONParser().parse(out)
        let sections = try XCTUnwrap(json["sections"]?.arrayValue)
        XCTAssertEqual(sections.compactMap { $0["title"]?.stringValue }, ["B", "E"], "--language vcard: the contacts only")
        let first = try XCTUnwrap(sections.first?["entries"]?.arrayValue?.first)
        XCTAssertEqual(first, ["name": "Östen Berg", "file": "contacts/osten.vcf", "line": 3])
    }

    /// The command line and the server's workspace index are one index: the same entries in the same order, ties
    /// included (equal names in files whose paths and uris sort differently: `ä` and `a!b` before `z` and `a b` as
    /// uris, after them as paths).
    func testTheCommandLineAndTheServerOrderAFolderAlike() throws {
        for name in ["z.txt", "ä.txt", "a b.txt", "a!b.txt"] {
            try "Anna\nBo\nÖsten\n".write(to: root.appendingPathComponent("notes/\(name)"), atomically: true, encoding: .utf8)
        }
        let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", "--json", root.path])
        XCTAssertEqual(code, 0, err)
        let cli = try XCTUnwrap(JSONParser().parse(out)["sections"]?.arrayValue).flatMap { section in
            (section["entries"]?.arrayValue ?? []).map { "\($0["file"]?.stringValue ?? "?"):\($0["line"]?.intValue ?? -1) \($0["name"]?.stringValue ?? "?")" }
        }

        let server = try ServerProcess()
        let folder = URL(fileURLWithPath: root.path).absoluteString
        _ = try server.result("initialize", ["processId": .null, "rootUri": .string(folder), "capabilities": [:],
                                             "workspaceFolders": [["uri": .string(folder), "name": "folder"]],
                                             "initializationOptions": ["locale": "sv_SE"]])
        try server.notify("initialized", [:])
        // Asked until the first read is done (a deadline only turns a hang into a failure).
        let deadline = Date(timeIntervalSinceNow: 120)
        while try server.result("thumbindex/workspaceSections", [:])["complete"] != true {
            guard Date() < deadline else { return XCTFail("the server never finished reading the folder") }
            usleep(10_000)
        }
        let page = try server.result("thumbindex/workspaceEntries", ["offset": 0, "limit": 10_000])
        let prefix = root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let served = (page["entries"]?.arrayValue ?? []).map { entry in
            let path = URL(string: entry["uri"]?.stringValue ?? "")?.path ?? "?"
            let line = (entry["selectionRange"]?["start"]?["line"]?.intValue ?? -2) + 1
            return "\(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path):\(line) \(entry["name"]?.stringValue ?? "?")"
        }
        XCTAssertEqual(served, cli)
        XCTAssertEqual(cli.filter { $0.hasSuffix(" Anna") }.count, 4, "the ties are there: \(cli)")
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
