import Foundation
import XCTest

/// `thumbindex sort --entries` and `thumbindex check`, as a user runs them: a document written back in its outline's
/// order, a check for pre-commit hooks, keep-sorted blocks reported like a compiler's errors.
final class CommandLineSortTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-sort-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testAWordListSortedAndCheckedInPlace() throws {
        let words = try file("ord.txt", "Östen\nÅsa\nÄrla\nZoë\nZoe\nAnna\n10\n9\n")
        let (code, out, err) = try Binary.run(["sort", "--entries", "--locale", "sv", "--numeric", words])
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "9\n10\nAnna\nZoe\nZoë\nÅsa\nÄrla\nÖsten\n")
        let (unsorted, _, why) = try Binary.run(["sort", "--entries", "--check", "--locale", "sv", words])
        XCTAssertEqual(unsorted, 1)
        XCTAssertEqual(why, "thumbindex: \(words):2: “Åsa” sorts before “Östen” (line 1) in lines 1–8\n")
        XCTAssertEqual(try Binary.run(["sort", "--entries", "--locale", "sv", "--numeric", "-o", words, words]).0, 0)
        XCTAssertEqual(try String(contentsOfFile: words, encoding: .utf8), out, "written in place")
        let (sorted, checkOut, checkErr) = try Binary.run(["sort", "--entries", "--check", "--locale", "sv", "--numeric", words])
        XCTAssertEqual(sorted, 0, checkErr)
        XCTAssertEqual(checkOut + checkErr, "")
    }

    func testAVCardExportAndABrokenCardThatSortsNothing() throws {
        let card = { (family: String, given: String) in "BEGIN:VCARD\r\nVERSION:3.0\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\nEND:VCARD\r\n" }
        let contacts = try file("contacts.vcf", card("Öberg", "Ann") + card("Åberg", "Bo") + card("Zorn", "Anders"))
        let (code, out, err) = try Binary.run(["sort", "--entries", "--locale", "sv", contacts])
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, card("Zorn", "Anders") + card("Åberg", "Bo") + card("Öberg", "Ann"))
        let broken = card("Öberg", "Ann") + "BEGIN:VCARD\r\nFN:Bo\r\n"
        let path = try file("broken.vcf", broken)
        let (failed, nothing, message) = try Binary.run(["sort", "--entries", "--locale", "sv", "-o", path, path])
        XCTAssertEqual(failed, 1)
        XCTAssertEqual(nothing, "")
        XCTAssertTrue(message.contains("broken.vcf:6: BEGIN:VCARD without END:VCARD"), message)
        XCTAssertTrue(message.hasSuffix("nothing was sorted\n"), message)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), broken, "the file untouched")
    }

    func testJSONAtALineAndSourceCodeRefused() throws {
        let json = try file("k.json", "{\n  \"b\": {\n    \"y\": 1,\n    \"x\": 2\n  },\n  \"a\": 0\n}\n")
        XCTAssertEqual(try Binary.run(["sort", "--entries", "--at", "3", json]).1, "{\n  \"b\": {\n    \"x\": 2,\n    \"y\": 1\n  },\n  \"a\": 0\n}\n",
                       "the entry at line 3 with the members alongside it")
        XCTAssertEqual(try Binary.run(["sort", "--entries", "--at", "2", json]).1, "{\n  \"a\": 0,\n  \"b\": {\n    \"y\": 1,\n    \"x\": 2\n  }\n}\n")
        XCTAssertEqual(try Binary.run(["sort", "--entries", json]).1, try Binary.run(["sort", "--entries", "--at", "2", json]).1)
        let (code, _, err) = try Binary.run(["sort", "--entries", try file("a.py", "def b(): pass\n")])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(err.contains("is source code"), err)
        XCTAssertEqual(try Binary.run(["sort", "--at", "2", json]).0, 64, "--at takes --entries")
    }

    func testCheckReportsBlocksLikeACompilerAndFixesThem() throws {
        let text = "deps = [\n    # keep-sorted start\n    \"zlib\",\n    \"attrs\",\n    # keep-sorted end\n]\n"
        let py = try file("deps.py", text), ok = try file("ok.txt", "no markers\n")
        let (code, out, _) = try Binary.run(["check", "--locale", "en", ok, py])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(out, "\(py):4: “\"attrs\",” sorts before “\"zlib\",” (line 3) in this keep-sorted block (en)\n")
        let (fixed, fixOut, _) = try Binary.run(["check", "--fix", "--locale", "en", py])
        XCTAssertEqual(fixed, 0)
        XCTAssertEqual(fixOut, "\(py):2: sorted this keep-sorted block (en)\n")
        XCTAssertEqual(try String(contentsOfFile: py, encoding: .utf8), text.replacingOccurrences(of: "\"zlib\",\n    \"attrs\",", with: "\"attrs\",\n    \"zlib\","))
        XCTAssertEqual(try Binary.run(["check", "--locale", "en", py]).0, 0)
        XCTAssertEqual(try Binary.run(["check", "--locale", "en", directory.appendingPathComponent("missing.txt").path]).0, 1)
        XCTAssertEqual(try Binary.run(["check"]).0, 64)
    }
}
