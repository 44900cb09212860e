import XCTest
@testable import Entries

/// A card's sort string read off the bytes (`RecordReader.readSortStrings`, what an index sorts by) equals the one
/// of its entry made by a whole read, for cards named plainly and for every card that is not.
final class VCardSortStringTests: XCTestCase {
    static let seed: UInt64 = 0x5EED_0C4D

    /// Property lines, each likely to sit on one side of the plain-card rule or the other.
    static let lines = [
        "N:Lindqvist;Anna;;;", "N:Öberg;Selma", "N: Ng ;\u{3000}Bo;Li", "N:佐藤;充;;;", "N:유;명자", "N:\u{00A0};x",
        "N:;;", "N:", "N:a,b;c", "N:Smith;John;Q;Dr.;Jr.", "N:Esc\\;aped;x", "N:O'Neil;\t", "N:x", "N:;Given;Add",
        "N:Family;;Add;;", "N;SORT-AS=\"Zed,A\":Ng;Bo", "N;CHARSET=UTF-8:Åkesson;Per", "item1.N:Grupp;Gun",
        "N:Åberg;Anna;;;", "N:Long;Na", " me", "n:lower;case", "N :Blank;Name", "N:Tail\u{2003};\u{2003}Lead",
        "N:Ünal;Ömer,Ali", "N:范;;桂芳", "N:Li;さくら",
        "FN:Anna Lindqvist", "FN;SORT-AS=\"Beta\":Al Beta", "FN:  ", "FN:Zoë", "FN:Line\\nBreak",
        "X-PHONETIC-LAST-NAME:さとう", "X-PHONETIC-FIRST-NAME:はな", "X-PHONETIC-FIRST-NAME: \u{3000}",
        "X-PHONETIC-MIDDLE-NAME:\u{2028}", "X-PHONETIC-FIRST-NAME;CHARSET=UTF-8:はなこ", "X-PHONETIC-LAST-NAME:Esc\\,x",
        "X-PHONETIC-ORG:あくめ", ":No name", "grp.:x", "x-phonetic-last-name:すずき", "Fn:lower Case", "EMAIL2:c@d.org",
        "ORG:Acme;Sales", "EMAIL:a@b.org", "EMAIL;TYPE=pref:z@y.org", "KIND:org", "KIND:individual", "X-ABSHOWAS:COMPANY",
        "TEL;TYPE=cell:+46 70 1", "VERSION:3.0", "NOTE:x", "N;ENCODING=QUOTED-PRINTABLE:=C3=85s;Bo",
    ]

    func testSortStringsReadOffTheBytesEqualAWholeRead() throws {
        for (k, familyNameFirst) in [true, false].enumerated() {
            var random = SplitMix64(seed: Self.seed &+ UInt64(k))
            for round in 0 ..< 300 {
                var text = ""
                for _ in 0 ..< 1 + random.below(6) {
                    text += "BEGIN:VCARD\n"
                    for _ in 0 ..< random.below(6) { text += random.pick(Self.lines) + (random.chance(10) ? "\r\n" : "\n") }
                    text += "END:VCARD\n"
                }
                let options = ExtractionOptions(familyNameFirst: familyNameFirst)
                let records = RecordText(text)
                let reader = try XCTUnwrap(try RecordFormat(languageId: "vcard", options: options)?.reader(for: records))
                var whole: [String] = [], fast: [String] = []
                try reader.read(records, from: 0, record: { _ in true }, entry: { whole.append("\($0.range.start.line) \(records.bytes(of: $0.range)): \($0.sortString)") },
                                warn: { _ in })
                try reader.readSortStrings(records, from: 0, record: { _ in true },
                                           sortString: { fast.append("\($0) \($1): \(String(decoding: $2, as: UTF8.self))") }, warn: { _ in })
                XCTAssertEqual(fast, whole, "seed \(Self.seed &+ UInt64(k)), round \(round), familyNameFirst \(familyNameFirst):\n\(text)")
                if fast != whole { return }
            }
        }
    }
}
