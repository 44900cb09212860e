@testable import Entries
import LowLevel
import XCTest

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

    /// A catalog's tree read (its strings found in the spans, no node tree) hands out the extractor's entries, for
    /// every shape a string's value may have and every language asked.
    func testTheTreeReadHandsOutTheExtractorsEntries() throws {
        func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": \#(value)}}"# }
        let long = "\"" + String(repeating: "a value longer than a detail ", count: 4) + "\""
        let strings = [
            #""plain": {"localizations": {"sv": \#(unit("\"Hej\"")), "en": \#(unit("\"Hi\""))}}"#,
            #""esc\"aped key": {"localizations": {"sv": \#(unit("\"tab\\there\""))}}"#,
            #""lines": {"localizations": {"sv": \#(unit("\"one\\ntwo\""))}}"#,
            #""long": {"localizations": {"sv": \#(unit(long))}}"#,
            #""regional": {"localizations": {"sv-SE": \#(unit("\"Regional\"")), "SV": \#(unit("\"upper\""))}}"#,
            #""twice": {"localizations": {"sv": \#(unit("\"first\"")), "sv": \#(unit("\"second\""))}}"#,
            #""source only": {"localizations": {"en": \#(unit("\"English\""))}}"#,
            #""nothing": {}"#, #""empty": {"localizations": {}}"#, #""not an object": "x""#,
            #""plural": {"localizations": {"sv": {"variations": {"plural": {"one": \#(unit("\"en\"")), "other": \#(unit("\"flera\""))}}}}}"#,
            #""unit not an object": {"localizations": {"sv": {"stringUnit": 3}}}"#,
            #""value not a string": {"localizations": {"sv": {"stringUnit": {"value": 7}}}}"#,
            #""escaped tag": {"localizations": {"s\u0076": \#(unit("\"via escape\""))}}"#,
            #""Öberg, 東京 \u00e9": {"localizations": {"sv": \#(unit("\"ö\""))}}"#,
            #""": {"localizations": {"sv": \#(unit("\"\""))}}"#,
        ]
        let text = "{\"sourceLanguage\": \"en\", \"strings\": {\n" + strings.joined(separator: ",\n") + "\n}}"
        for language in ["sv", "sv-SE", "en", "fr", nil] {
            let options = ExtractionOptions(language: language)
            let format = try XCTUnwrap(TreeFormat(languageId: "xcstrings", options: options))
            var handed = HandedEntries()
            XCTAssertNotNil(format.read(RecordText(text), into: &handed), language ?? "none")
            let extracted = try extract("xcstrings", text, options).entries
            XCTAssertEqual(handed.entries, Entry.depthFirst(extracted), language ?? "none")
            // The details the node tree's reading gave (the spans' reading replaced it; an escaped key, a variation
            // and an escaped tag were read from nodes).
            XCTAssertEqual(extracted.map(\.detail), language?.hasPrefix("sv") == true ? [
                "Hej", "tab\there", "one two", String(long.dropFirst().prefix(79)) + "…",
                language == "sv" ? "upper" : "Regional", "second", "English", "nothing", "empty", "not an object", "flera",
                "unit not an object", "value not a string", "via escape", "ö", "",
            ] : [
                "Hi", "esc\"aped key", "lines", "long", "regional", "twice", "English", "nothing", "empty", "not an object",
                "plural", "unit not an object", "value not a string", "escaped tag", "Öberg, 東京 é", "",
            ], language ?? "none")
            XCTAssertEqual(extracted.map(\.selectionRange.end.column), [7, 15, 7, 6, 10, 7, 13, 9, 7, 15, 8, 20, 20, 13, 23, 2])
        }
        // Enough strings to be read on two cores (`Thresholds.stringsReadOnTwoCores`): the halves' parts appended.
        let many = (0 ..< 300).flatMap { n in strings.map { "\"\(n) " + $0.dropFirst() } }
        XCTAssertGreaterThan(many.count, Thresholds.stringsReadOnTwoCores)
        let large = "{\"sourceLanguage\": \"en\", \"strings\": {\n" + many.joined(separator: ",\n") + "\n}}"
        let options = ExtractionOptions(language: "sv")
        var handed = HandedEntries()
        XCTAssertNotNil(try XCTUnwrap(TreeFormat(languageId: "xcstrings", options: options)).read(RecordText(large), into: &handed))
        XCTAssertEqual(handed.parts, 2)
        XCTAssertEqual(handed.entries, Entry.depthFirst(try extract("xcstrings", large, options).entries))
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
