import XCTest
@testable import Entries

final class XCStringsTests: XCTestCase {
    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "apple" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Apple" } },
            "sv-SE" : { "stringUnit" : { "state" : "translated", "value" : "Äpple" } }
          }
        },
        "%lld berries" : {
          "localizations" : {
            "sv" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld bär" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld bär (flera)" } }
            } } }
          }
        },
        "Cloudberry" : { },
        "pear" : { "localizations" : { "en" : { "stringUnit" : { "state" : "new", "value" : "Pear" } } } }
      },
      "version" : "1.0"
    }
    """

    func testDetailForLanguageThenSourceThenKey() throws {
        let sv = try extract("xcstrings", Self.catalog, ExtractionOptions(language: "sv")).entries
        XCTAssertEqual(sv.names, ["apple", "%lld berries", "Cloudberry", "pear"])
        XCTAssertEqual(sv.map(\.detail), ["Äpple", "%lld bär (flera)", "Cloudberry", "Pear"])
        XCTAssertEqual(sv.map(\.kind), [.key, .key, .key, .key])
        let source = try extract("xcstrings", Self.catalog).entries
        XCTAssertEqual(source.map(\.detail), ["Apple", "%lld berries", "Cloudberry", "Pear"])
    }

    func testRangesPointAtTheKey() throws {
        let entries = try extract("xcstrings", Self.catalog).entries
        XCTAssertEqual(entries[0].selectionRange, r(3, 4, 3, 11))
        XCTAssertEqual(entries[0].range, r(3, 4, 8, 5))
        XCTAssertEqual(entries[2].range, r(17, 4, 17, 22))
    }

    func testMalformedCatalogs() {
        let broken = "{\n  \"strings\" : {\n    \"a\" : { }\n    \"b\" : { }\n  }\n}"
        XCTAssertEqual(extractionError { try extract("xcstrings", broken, ExtractionOptions(fileName: "L.xcstrings")) }?.message,
                       "L.xcstrings:4:5: expected ',' or '}' after the value of \"a\", found '\"'")
        XCTAssertEqual(extractionError { try extract("xcstrings", "[1, 2]") }?.message,
                       "line 1, column 1: not a string catalog: no \"strings\" object at the top level")
        XCTAssertEqual(try extract("xcstrings", "  \n").entries.count, 0)
    }
}
