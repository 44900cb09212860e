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

    func testJSONNamesEachEntrysFileAndLine() throws {
        let (code, out, err) = try Binary.run(["outline", "--locale", "sv_SE", "--json", "--language", "vcard", root.path])
        XCTAssertEqual(code, 0, err)
        let json = try JSON(parsing: out)
        let sections = try XCTUnwrap(json["sections"]?.arrayValue)
        XCTAssertEqual(sections.compactMap { $0["title"]?.stringValue }, ["B", "E"], "--language vcard: the contacts only")
        let first = try XCTUnwrap(sections.first?["entries"]?.arrayValue?.first)
        XCTAssertEqual(first, ["name": "Östen Berg", "file": "contacts/osten.vcf", "line": 3])
    }
}
