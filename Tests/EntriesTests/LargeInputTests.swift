import Entries
import Foundation
import XCTest

/// About 50 MB of each line-oriented and structured format: extraction finishes, counts right and keeps
/// the last entry's position (debug builds are slow, so nothing here is timed).
final class LargeInputTests: XCTestCase {
    /// Repeats `record(i)` until the text reaches `bytes`; returns the text and the number of records.
    func generate(bytes: Int, _ record: (Int) -> String) -> (String, Int) {
        var text = ""
        text.reserveCapacity(bytes + 1024)
        var count = 0
        while text.utf8.count < bytes {
            text += record(count)
            count += 1
        }
        return (text, count)
    }

    func testMarkdown() throws {
        let (text, count) = generate(bytes: 50_000_000) { i in "## Östen \(i)\n\nSome text about entry \(i), long enough to be a paragraph of a glossary.\n\n" }
        let entries = try Extractors.extract(text, languageId: "markdown").entries
        XCTAssertEqual(entries.count, count)
        XCTAssertEqual(entries.last?.name, "Östen \(count - 1)")
        XCTAssertEqual(entries.last?.range.start.line, (count - 1) * 4)
    }

    func testCSV() throws {
        let (text, count) = generate(bytes: 50_000_000) { i in "\"Åsa, \(i)\",Sverige,\(i * 7)\n" }
        let entries = try Extractors.extract("name,country,population\n" + text, languageId: "csv").entries
        XCTAssertEqual(entries.count, count)
        XCTAssertEqual(entries.last?.name, "Åsa, \(count - 1)")
    }

    func testVCard() throws {
        let (text, count) = generate(bytes: 50_000_000) { i in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:佐藤 \(i)\r\nN:佐藤;\(i);;;\r\nX-PHONETIC-LAST-NAME:サトウ\r\nEND:VCARD\r\n"
        }
        let entries = try Extractors.extract(text, languageId: "vcard").entries
        XCTAssertEqual(entries.count, count)
        XCTAssertEqual(entries.last?.name, "佐藤 \(count - 1)")
        XCTAssertEqual(entries.last?.collationString?.hasPrefix("サトウ"), true)
    }

    func testJSON() throws {
        let (body, count) = generate(bytes: 50_000_000) { i in "\(i == 0 ? "" : ",")\n  \"key\(i)\": {\"name\": \"Öl \(i)\", \"n\": \(i)}" }
        let entries = try Extractors.extract("{" + body + "\n}\n", languageId: "json").entries
        XCTAssertEqual(entries.count, count)
        XCTAssertEqual(entries.last?.name, "key\(count - 1)")
        XCTAssertEqual(entries.last?.children.count, 2)
    }

    func testStrings() throws {
        let (text, count) = generate(bytes: 50_000_000) { i in "/* entry \(i) */\n\"key.\(i)\" = \"Värde \(i)\";\n" }
        let entries = try Extractors.extract(text, languageId: "strings").entries
        XCTAssertEqual(entries.count, count)
        XCTAssertEqual(entries.last?.name, "key.\(count - 1)")
    }
}
