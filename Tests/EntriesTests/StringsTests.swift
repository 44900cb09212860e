import Foundation
import XCTest
@testable import Entries

final class StringsTests: XCTestCase {
    func testPairsEscapesCommentsAndRanges() throws {
        let text = """
        /* A comment with "quotes" = ; */
        "a" = "b";
        key_2.x = "v\\n\\"q\\"\\t\\\\";   // trailing comment
        "only";
        "u" = "\\U00E5\\UD83D\\UDE00\\101";
        "ö" =
            "multi
        line";
        """
        let pairs = try StringsFile.parse(text)
        XCTAssertEqual(pairs.map(\.key), ["a", "key_2.x", "only", "u", "ö"])
        XCTAssertEqual(pairs.map(\.value), ["b", "v\n\"q\"\t\\", "only", "å😀A", "multi\nline"])
        XCTAssertEqual(pairs[0].keyRange, r(1, 0, 1, 3))
        XCTAssertEqual(pairs[0].range, r(1, 0, 1, 10))
        XCTAssertEqual(pairs[1].keyRange, r(2, 0, 2, 7))
        XCTAssertEqual(pairs[4].keyRange, r(5, 0, 5, 4))
        XCTAssertEqual(pairs[4].range, r(5, 0, 7, 6))
    }

    func testExtractorEntries() throws {
        let entries = try extract("strings", "\u{FEFF}\"hello\" = \"Hej\";\r\n\"bye\" = \"Hej då\nvi ses\";").entries
        XCTAssertEqual(entries.names, ["hello", "bye"])
        XCTAssertEqual(entries.map(\.detail), ["Hej", "Hej då vi ses"])
        XCTAssertEqual(entries.map(\.kind), [.key, .key])
        XCTAssertEqual(entries[0].selectionRange, r(0, 3, 0, 10))
        XCTAssertEqual(entries[1].range, r(1, 0, 2, 8))
        XCTAssertEqual(try extract("strings", "").entries.count, 0)
        XCTAssertEqual(try extract("strings", "/* nothing */\n// here\n").entries.count, 0)
        // Comments with stars and slashes of their own, quotes with escapes far into them (looked for eight bytes at a time).
        let starred = try extract("strings", "/** a * star, ** two, a / and **/ \"k\" = \"v\"; // \"x\" = \"y\";\n/**/\"a long key, \\\"quoted\\\" in it\" = \"é\\\\\";\n").entries
        XCTAssertEqual(starred.map(\.name), ["k", "a long key, \"quoted\" in it"])
        XCTAssertEqual(starred.map(\.detail), ["v", "é\\"])
    }

    func testMalformedTablesNameTheLine() {
        let cases: [(String, String)] = [
            ("\"a\" = \"b\"\n\"c\" = \"d\";", "L.strings:1: expected ';' after the value of \"a\", found \"\"c\" = \"d\";\""),
            ("\"a\" = \"b\";\n\"c\" \"d\";", "L.strings:2: expected '=' or ';' after the key \"c\", found \"\"d\";\""),
            ("\"a\" = \"b\";\n\n\"c\" = \"never closed;\n", "L.strings:3: string is never closed (a '\"' is missing)"),
            ("\"a\" = \"b\";\n/* open", "L.strings:2: comment is never closed (\"*/\" missing)"),
            ("\"a\" = \"b\";\n/* open and long, a * star and ** two *", "L.strings:2: comment is never closed (\"*/\" missing)"),
            ("\"a\" = \"b\";\n\"an escaped quote \\\" then the end\\\"", "L.strings:2: string is never closed (a '\"' is missing)"),
            ("\"a\" = \"b\";\n\"c\" = \"trailing backslash\\", "L.strings:2: string is never closed (a '\"' is missing)"),
            ("\"a\" = ;", "L.strings:1: expected the value of \"a\", found \";\""),
            ("\"a\" = \"b\";\n= \"c\";", "L.strings:2: expected a key, found \"= \"c\";\""),
            ("\"a\" = \"b\"", "L.strings:1: expected ';' after the value of \"a\", found the end of the file"),
        ]
        for (text, message) in cases {
            let error = extractionError { try extract("strings", text, ExtractionOptions(fileName: "L.strings")) }
            XCTAssertEqual(error?.message, message, text)
        }
    }

    func testDecodeRecognisesEncodings() throws {
        let text = "\"å\" = \"ö\";\n"
        let le = Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let be = Data([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let leNoBOM = Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        XCTAssertEqual(try StringsFile.decode(data: le), text)
        XCTAssertEqual(try StringsFile.decode(data: be), text)
        XCTAssertEqual(try StringsFile.decode(data: leNoBOM), text)
        XCTAssertEqual(try StringsFile.decode(data: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))), text)
        XCTAssertEqual(try StringsFile.decode(data: Data(text.utf8)), text)
        XCTAssertEqual(try StringsFile.decode(data: Data()), "")
    }

    func testDecodeRefusesUndecodableBytes() {
        let latin1 = Data(Array("\"a\" = \"b\";\n\"k\" = \"".utf8) + [0xE5] + Array("\";".utf8))
        let error = extractionError { try StringsFile.decode(data: latin1, fileName: "sv.strings") }
        XCTAssertEqual(error?.message, "sv.strings:2: not UTF-8 or UTF-16 text: byte 0xE5 at offset 18 is not valid UTF-8, and there is no UTF-16 byte-order mark")
        let unpaired = Data([0xFF, 0xFE, 0x61, 0x00, 0x00, 0xD8, 0x62, 0x00])
        XCTAssertEqual(extractionError { try StringsFile.decode(data: unpaired) }?.message, "line 1: invalid UTF-16: an unpaired surrogate")
        let odd = Data([0xFF, 0xFE, 0x61])
        XCTAssertEqual(extractionError { try StringsFile.decode(data: odd) }?.message, "UTF-16 text with an odd number of bytes (1) is cut short")
    }

    func testExampleTables() throws {
        let en = try extract("strings", try example("Localizable/en.lproj/Localizable.strings")).entries
        let sv = try extract("strings", try example("Localizable/sv.lproj/Localizable.strings")).entries
        XCTAssertEqual(en.count, 16)
        XCTAssertEqual(en.names, sv.names)
        XCTAssertEqual(en.named("fruit.apple")?.detail, "Apple")
        XCTAssertEqual(sv.named("fruit.apple")?.detail, "Äpple")
        XCTAssertEqual(sv.named("section.title")?.detail, "Ord som börjar på ”%@”")
        XCTAssertEqual(sv.named("fruit.apple")?.selectionRange, r(6, 0, 6, 13))
    }

    func testInvalidUTF8DerivedTextDoesNotCrash() throws {
        let entries = try extract("strings", textWithInvalidUTF8(Array("\"k\u{1}".utf8) + [0xFF] + Array("\" = \"v\";".utf8))).entries
        XCTAssertEqual(entries.names, ["k\u{1}\u{FFFD}"])
    }
}
