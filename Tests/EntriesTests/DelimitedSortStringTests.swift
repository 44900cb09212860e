import XCTest
@testable import Entries

/// A row's name read without its entry (`RecordReader.readSortStrings`, what an index sorts by) and its bytes equal
/// its entry's from a whole read: quoted fields with separators, quotes and line breaks, CRLF, blank lines, empty
/// names, reading columns, with and without a header.
final class DelimitedSortStringTests: XCTestCase {
    static let seed: UInt64 = 0x5EED_C5F0

    static let names = ["Anna", "\"Öberg, Eva\"", "\"Line\nbreak\"", "\"say \"\"hi\"\"\"", "", "東京", "  spaced  ", "Zoë"]
    static let others = ["x", "\"a, b\"", "", "\"two\r\nlines\"", "42"]
    static let readings = ["", "とうきょう", "anna"]

    func testNamesWithoutEntriesEqualAWholeRead() throws {
        var random = SplitMix64(seed: Self.seed)
        for round in 0 ..< 300 {
            let header = random.chance(50), withReading = random.chance(30)
            var text = header ? (withReading ? "Name,Furigana,Note\n" : "Name,Note\n") : ""
            for _ in 0 ..< 1 + random.below(8) {
                var row = [random.pick(Self.names)]
                if withReading { row.append(random.pick(Self.readings)) }
                row.append(random.pick(Self.others))
                text += row.joined(separator: ",") + random.pick(["\n", "\r\n", "\n\n"])
            }
            if random.chance(20) { text.removeLast() }
            let records = RecordText(text)
            guard let reader = try RecordFormat(languageId: "csv", options: ExtractionOptions())?.reader(for: records) else { continue }
            var whole: [String] = [], fast: [String] = []
            try reader.read(records, from: 0, record: { _ in true }, entry: { whole.append("\($0.range.start.line) \(records.bytes(of: $0.range)): \($0.sortString)") },
                            warn: { _ in })
            try reader.readSortStrings(records, from: 0, record: { _ in true },
                                       sortString: { fast.append("\($0) \($1): \(String(decoding: $2, as: UTF8.self))") }, warn: { _ in })
            XCTAssertEqual(fast, whole, "seed \(Self.seed), round \(round):\n\(text)")
            if fast != whole { return }
        }
    }
}
