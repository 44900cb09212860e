import XCTest
@testable import Entries

final class PlainTextTests: XCTestCase {
    func testLinesWithAllThreeTerminatorsAndNoFinalNewline() throws {
        let entries = try extract("plaintext", "  apple \n\nbanana\r\ncherry\rdate").entries
        XCTAssertEqual(entries.names, ["apple", "banana", "cherry", "date"])
        XCTAssertEqual(entries.map(\.range), [r(0, 0, 0, 8), r(2, 0, 2, 6), r(3, 0, 3, 6), r(4, 0, 4, 4)])
        XCTAssertEqual(entries[0].selectionRange, r(0, 2, 0, 7))
        XCTAssertTrue(entries.allSatisfy { $0.kind == .string && $0.children.isEmpty && $0.collationString == nil })
    }

    func testBlankTextGivesNothing() throws {
        XCTAssertEqual(try extract("plaintext", "").entries.count, 0)
        XCTAssertEqual(try extract("plaintext", "\n \t\n\r\n\u{3000}\r").entries.count, 0)
    }

    func testConsecutiveCarriageReturnsAreSeparateLines() throws {
        let entries = try extract("plaintext", "a\r\rb\r\n\r\nc\n").entries
        XCTAssertEqual(entries.map(\.range.start.line), [0, 2, 4])
    }

    func testUnicodeSpacesAreTrimmedAndColumnsAreUTF8Bytes() throws {
        let entries = try extract("plaintext", "\u{3000}東京\u{00A0}\n\u{FEFF}word\n\t ö \n").entries
        XCTAssertEqual(entries.names, ["東京", "word", "ö"])
        XCTAssertEqual(entries[0].selectionRange, r(0, 3, 0, 9))
        XCTAssertEqual(entries[0].range, r(0, 0, 0, 11))
        XCTAssertEqual(entries[1].selectionRange, r(1, 3, 1, 7))
        XCTAssertEqual(entries[2].selectionRange, r(2, 2, 2, 4))
    }

    func testReplacementCharactersFromInvalidUTF8() throws {
        let text = textWithInvalidUTF8([0xFF, 0x61, 0xFE, 0x0A, 0xC3, 0x0A, 0x62])
        let entries = try extract("plaintext", text).entries
        XCTAssertEqual(entries.names, ["\u{FFFD}a\u{FFFD}", "\u{FFFD}", "b"])
        XCTAssertEqual(entries[0].range, r(0, 0, 0, 7))
    }

    func testOneMegabyteLine() throws {
        let line = String(repeating: "abcdefgh", count: 131_072)
        let entries = try extract("plaintext", "first\n" + line + "\nlast").entries
        XCTAssertEqual(entries.count, 3)
        XCTAssertEqual(entries[1].range, r(1, 0, 1, 1_048_576))
        XCTAssertEqual(entries[1].name.utf8.count, 1_048_576)
        XCTAssertEqual(entries[2].range, r(2, 0, 2, 4))
    }

    /// 50 MB of word-list lines. Debug builds are slow, so the check is that it finishes and counts right.
    func testFiftyMegabytes() throws {
        let lineCount = 5_000_000  // "w0000000\n" is 9 bytes, "ö0000000\r\n" 11: 50 MB in all
        var text = ""
        text.reserveCapacity(50_000_000)
        for i in 0..<lineCount {
            let digits = String(i)
            text += (i % 2 == 0 ? "w" : "ö") + String(repeating: "0", count: 7 - digits.count) + digits
            text += i % 2 == 0 ? "\n" : "\r\n"
        }
        XCTAssertEqual(text.utf8.count, 50_000_000)
        let start = Date()
        let entries = try extract("plaintext", text).entries
        print("plaintext: \(text.utf8.count) bytes, \(entries.count) lines in \(Date().timeIntervalSince(start)) s")
        XCTAssertEqual(entries.count, lineCount)
        XCTAssertEqual(entries.last?.name, "ö4999999")
        XCTAssertEqual(entries.last?.range, r(lineCount - 1, 0, lineCount - 1, 9))
    }

    func testSwedishWordList() throws {
        let entries = try extract("plaintext", try example("svenska-ord.txt")).entries
        XCTAssertEqual(entries.count, 60)
        XCTAssertEqual(entries.first?.name, "abborre")
        XCTAssertEqual(entries.last?.name, "Ödmjukhet")
        for word in ["våffla", "wienerbröd", "whisky", "åker", "ärta", "öken", "ö"] {
            XCTAssertNotNil(entries.named(word), word)
        }
        XCTAssertEqual(entries.map(\.range.start.line), Array(0..<60))
    }
}
