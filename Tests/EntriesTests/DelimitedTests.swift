import XCTest
@testable import Entries

final class DelimitedTests: XCTestCase {
    /// An unquoted field's end found eight bytes at a time is the first separator, LF or CR a byte-by-byte look
    /// finds, wherever it stands (in the first word, a later one, the last bytes that fill no word, nowhere).
    func testAnUnquotedFieldEndsWhereTheFirstEndingByteIs() {
        var random = SplitMix64(seed: 0x5EED_C5F)
        for round in 0 ..< 20_000 {
            let separator = random.chance(50) ? UInt8(ascii: ",") : UInt8(ascii: "\t")
            let bytes = (0 ..< random.below(40)).map { _ -> UInt8 in
                random.chance(6) ? random.pick([separator, 0x0A, 0x0D]) : random.pick([0x41, 0x00, 0x2B, 0x2D, 0x8C, 0xFF, 0x09, 0x2C, 0x0B])
            }
            let start = bytes.isEmpty ? 0 : random.below(bytes.count)
            let expected = bytes[start...].firstIndex { $0 == separator || $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            bytes.withUnsafeBufferPointer { p in
                XCTAssertEqual(DelimitedParser(p: p, separator: separator).unquotedFieldEnd(from: start), expected, "round \(round): \(bytes), from \(start)")
            }
        }
    }

    func testQuotedFieldsEscapesAndMultiLineRows() throws {
        let text = "name,note\nAda,\"says \"\"hi\"\", twice\"\nBob,\"multi\nline\"\n"
        let entries = try extract("csv", text, ExtractionOptions(column: .name("name"))).entries
        XCTAssertEqual(entries.names, ["Ada", "Bob"])
        XCTAssertEqual(entries[0].detail, "\"says \"\"hi\"\", twice\"", "a cell with a comma or a quote is written quoted")
        XCTAssertEqual(entries[0].range, r(1, 0, 1, 24))
        XCTAssertEqual(entries[0].selectionRange, r(1, 0, 1, 3))
        XCTAssertEqual(entries[1].detail, "multi line")
        XCTAssertEqual(entries[1].range, r(2, 0, 3, 5))
        XCTAssertTrue(entries.allSatisfy { $0.kind == .string })
    }

    /// A row's detail joins its other cells with ", ", each written as a CSV line writes it: one that holds a comma
    /// or a quote is quoted, so that a reader can tell the cells apart.
    func testADetailsCellsStayApartWhenOneHoldsAComma() throws {
        let csv = try extract("csv", "Anna,\"Stockholm, Sweden\",hi\n").entries
        XCTAssertEqual(csv.first?.detail, "\"Stockholm, Sweden\", hi")
        let tsv = try extract("tsv", "Anna\tStockholm, Sweden\tsays \"hi\"\tplain\n").entries
        XCTAssertEqual(tsv.first?.detail, "\"Stockholm, Sweden\", \"says \"\"hi\"\"\", plain")
    }

    func testQuotedNameSelectsInsideTheQuotes() throws {
        let entries = try extract("csv", "\"Washington, D.C.\",US\n").entries
        XCTAssertEqual(entries.first?.name, "Washington, D.C.")
        XCTAssertEqual(entries.first?.selectionRange, r(0, 1, 0, 17))
        XCTAssertEqual(entries.first?.range, r(0, 0, 0, 21))
    }

    func testHeaderHeuristic() throws {
        // A numeric column under a text header: header.
        XCTAssertEqual(try extract("csv", "city,country,population\nTokyo,Japan,14094034\n").entries.names, ["Tokyo"])
        // A first row with a number is data.
        XCTAssertEqual(try extract("csv", "Stockholm,Sweden,975904\nOslo,Norway,709037").entries.names, ["Stockholm", "Oslo"])
        // Text only: a header only when the name column's title is a usual column title.
        XCTAssertEqual(try extract("csv", "apple,a fruit\nbanana,a fruit").entries.names, ["apple", "banana"])
        XCTAssertEqual(try extract("csv", "Word,Definition\napple,a fruit").entries.names, ["apple"])
        // Repeated or empty cells are never a header.
        XCTAssertEqual(try extract("csv", "name,name\nAda,Lovelace").entries.names, ["name", "Ada"])
        XCTAssertEqual(try extract("csv", "name,\nAda,1").entries.names, ["name", "Ada"])
        // Chosen by name: the first row is the header whatever it looks like.
        XCTAssertEqual(try extract("csv", "x,y\n1,2", ExtractionOptions(column: .name("y"))).entries.names, ["2"])
    }

    func testColumnByIndexAndByNameIgnoringCase() throws {
        let text = "city,country,population\nTokyo,Japan,14094034\n"
        let byIndex = try extract("csv", text, ExtractionOptions(column: .index(1))).entries
        XCTAssertEqual(byIndex.names, ["Japan"])
        XCTAssertEqual(byIndex[0].detail, "Tokyo, 14094034")
        XCTAssertEqual(byIndex[0].selectionRange, r(1, 6, 1, 11))
        XCTAssertEqual(try extract("csv", text, ExtractionOptions(column: .name("Country"))).entries.names, ["Japan"])
    }

    func testUnknownColumnNameListsTheHeader() {
        let error = extractionError {
            try extract("csv", "city,country,population\nTokyo,Japan,1\n", ExtractionOptions(column: .name("mayor"), fileName: "cities.csv"))
        }
        XCTAssertEqual(error?.message, "cities.csv:1: no column named \"mayor\"; the header row has: city, country, population")
    }

    func testIndexPastTheLastColumnIsAnError() throws {
        // Like a header name that does not exist: an error naming the columns there are (0-based, as given).
        XCTAssertThrowsError(try extract("csv", "a,b\nc,d\n", ExtractionOptions(column: .index(5)))) { error in
            XCTAssertEqual("\(error)", "column 5 is past the last column: rows have 2 columns (0–1)")
        }
        XCTAssertEqual(try extract("csv", "", ExtractionOptions(column: .index(5))).entries.count, 0, "an empty file is no error")
    }

    func testEmptyNamesBlankLinesCRLFAndNoFinalNewline() throws {
        let entries = try extract("csv", ",x\r\n\r\nb,y\r\n  c  ,z").entries
        XCTAssertEqual(entries.names, ["b", "c"])
        XCTAssertEqual(entries.map(\.range), [r(2, 0, 2, 3), r(3, 0, 3, 7)])
        XCTAssertEqual(try extract("csv", "").entries.count, 0)
        XCTAssertEqual(try extract("csv", "\n\n").entries.count, 0)
    }

    func testLenientQuotesAndUnterminatedQuoteError() throws {
        let entries = try extract("csv", "ab\"c,1\n\"q\"x,2\n").entries
        XCTAssertEqual(entries.names, ["ab\"c", "qx"])
        let error = extractionError { try extract("csv", "a\nb,\"open\nc\n", ExtractionOptions(fileName: "t.csv")) }
        XCTAssertEqual(error?.message, "t.csv:2: quoted field is never closed")
        XCTAssertEqual(error?.line, 2)
    }

    func testByteOrderMarkSemicolonsAndTabs() throws {
        XCTAssertEqual(try extract("csv", "\u{FEFF}city,pop\nX,1", ExtractionOptions(column: .name("city"))).entries.names, ["X"])
        let semicolons = try extract("csv", "stad;land;invånare\nLund;Sverige;94 393\n").entries
        XCTAssertEqual(semicolons.names, ["Lund"])
        XCTAssertEqual(semicolons[0].detail, "Sverige, 94 393")
        let tsv = try extract("tsv", "word\tgloss\nå\triver, stream\n\"a\tb\"\tquoted tab\n", ExtractionOptions(column: .name("word"))).entries
        XCTAssertEqual(tsv.names, ["å", "a\tb"])
        XCTAssertEqual(tsv[0].selectionRange, r(1, 0, 1, 2))
        XCTAssertEqual(tsv[0].detail, "\"river, stream\"", "one cell holding a comma")
    }

    func testLongDetailIsTruncated() throws {
        let long = String(repeating: "ä", count: 500)
        let entries = try extract("csv", "n,\(long)\n").entries
        XCTAssertEqual(entries[0].detail?.count, 120)
        XCTAssertEqual(entries[0].detail?.last, "…")
    }

    func testInvalidUTF8AndAMegabyteField() throws {
        let entries = try extract("csv", textWithInvalidUTF8([0xFF, 0x2C, 0x61, 0x0A, 0x62, 0x2C, 0xFE])).entries
        XCTAssertEqual(entries.names, ["\u{FFFD}", "b"])
        let big = String(repeating: "z", count: 1_048_576)
        XCTAssertEqual(try extract("csv", "\"\(big)\",1\n").entries.first?.selectionRange, r(0, 1, 0, 1_048_577))
    }

    func testCitiesExample() throws {
        let entries = try extract("csv", try example("cities.csv")).entries
        XCTAssertEqual(entries.count, 41)
        XCTAssertEqual(entries.first?.name, "Tokyo")
        XCTAssertEqual(entries.first?.detail, "Japan, 14094034")
        XCTAssertEqual(entries.first?.range.start.line, 1)
        let washington = try XCTUnwrap(entries.named("Washington, D.C."))
        XCTAssertEqual(washington.detail, "United States, 689545")
        for city in ["東京都新宿区", "القاهرة", "Москва", "서울", "กรุงเทพมหานคร", "Αθήνα", "Åre", "Örebro"] {
            XCTAssertNotNil(entries.named(city), city)
        }
    }
}
