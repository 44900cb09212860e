import XCTest
@testable import Entries

/// A `.strings` pair's sort string read without its entry (`RecordReader.readSortStrings`, what an index sorts by)
/// equals its entry's from a whole read: escaped and unquoted keys, keys alone, comments, from any pair's line on.
final class StringsSortStringTests: XCTestCase {
    static let seed: UInt64 = 0x5EED_57A1

    static let pairs = [
        #""Anna" = "Hej Anna";"#, #""Öberg" = "x";"#, #"plain_key = "v";"#, #""alone";"#, #""Esc\"aped" = "q";"#,
        #""tab\tkey" = "t";"#, #""\U00e9t\u00e9" = "summer";"#, #""東京" = "Tokyo";"#, #""multi" = "line\nvalue";"#,
        #""spaced"   =   "x"   ;"#, #""" = "empty key";"#,
        #""a longer key with an \"escape\" well past eight bytes\\" = "and a value \"quoted\" too";"#,
        #""Ünïcödé wörds, then more words" = "värde";"#,
    ]
    static let between = ["", "\n", "/* a comment */\n", "// a line comment\n", "\r\n", "  \n",
                          "/* a * star, ** stars and / slashes **/\n", "/* over\n two lines */\n", "// with /* inside\n"]

    func testSortStringsWithoutEntriesEqualAWholeRead() throws {
        var random = SplitMix64(seed: Self.seed)
        for round in 0 ..< 300 {
            var text = ""
            for _ in 0 ..< 1 + random.below(8) { text += random.pick(Self.between) + random.pick(Self.pairs) + "\n" }
            let records = RecordText(text)
            let reader = try XCTUnwrap(try RecordFormat(languageId: "strings", options: ExtractionOptions())?.reader(for: records))
            let starts = (0 ..< records.lineStarts.count).filter { StringsReader.likelyStart(records, line: $0) }
            let from = starts.isEmpty || random.chance(50) ? 0 : random.pick(starts)
            var whole: [String] = [], fast: [String] = []
            try reader.read(records, from: from, record: { _ in true }, entry: { whole.append("\($0.range.start.line) \(records.bytes(of: $0.range)): \($0.sortString)") },
                            warn: { _ in })
            try reader.readSortStrings(records, from: from, record: { _ in true },
                                       sortString: { fast.append("\($0) \($1): \(String(decoding: $2, as: UTF8.self))") }, warn: { _ in })
            XCTAssertEqual(fast, whole, "seed \(Self.seed), round \(round), from line \(from):\n\(text)")
            XCTAssertFalse(whole.isEmpty, "seed \(Self.seed), round \(round)")
            if fast != whole { return }
        }
    }
}
