@testable import Collation
import Foundation
import SeededRandom
import XCTest

/// The index answers most strings from what it learned of their first code point (a letter followed by a letter);
/// those answers must be ICU's for the whole string, in every kind of index: contractions (Czech ch, Danish aa,
/// Hungarian dzs, Spanish ll), combining marks and what normalization composes, kana with the length mark, Hangul
/// syllables and jamo, Thai prevowels, ignorables, digits under numeric collation, supplementary code points, U+FFFF.
/// Seeded: `THUMBINDEX_SEED=<n>` replays a run.
final class LeadingBucketTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x1EAD_B0C7

    static let firsts: [String] = [
        "a", "A", "b", "c", "C", "d", "D", "h", "l", "L", "n", "o", "s", "t", "z", "Z", "å", "Å", "ä", "ö", "ø", "æ", "é",
        "ł", "ß", "ñ", "ç", "č", "ş", "ı", "İ", "þ", "ð", "ŋ", "ǆ", "ʻ", "Ａ", "ｱ", "あ", "が", "ア", "ヴ", "ー", "ゝ", "漢",
        "山", "김", "가", "ᄀ", "ㄱ", "α", "Ω", "ά", "и", "Ё", "ї", "א", "ש", "م", "ا", "ي", "क", "ज", "ก", "เ", "ແ", "ẞ",
        "1", "9", "#", "-", " ", "\u{00AD}", "\u{200B}", "\u{200D}", "\u{0301}", "\u{0308}", "\u{093C}", "\u{09BE}",
        "\u{1161}", "\u{11A8}", "\u{212A}", "\u{F900}", "\u{FFFF}", "😀", "𠀋", "ǅ",
    ]

    /// Pairs that contract, compose or reorder in some language, each checked in every index.
    static let pairs: [String] = [
        "ch", "Ch", "CH", "cH", "aa", "Aa", "AA", "dz", "dzs", "Dzs", "cs", "ny", "gy", "sz", "ly", "ty", "zs", "ll", "Ll",
        "rr", "th", "dd", "ng", "ij", "IJ", "ae", "oe", "ss", "l·l", "a\u{0308}", "a\u{030A}", "o\u{0308}", "u\u{0308}",
        "i\u{0307}", "e\u{0301}\u{0323}", "カー", "かー", "か\u{3099}", "ゝ", "เก", "ແກ", "가\u{11A8}", "ᄀ\u{1161}",
        "क\u{093C}", "ক\u{09BE}", "ে\u{09BE}", "x\u{0345}", "\u{0F71}\u{0F72}", "10", "19", "99", "1a", "٣٤",
    ]

    func testLearnedBucketsAreICUsForTheWholeString() throws {
        var random = SplitMix64(seed: Self.seed)
        let locales = [
            "en", "sv", "da", "nb", "fi", "de", "de@collation=phonebook", "cs", "sk", "pl", "hu", "es", "es@collation=traditional",
            "ca", "fr", "lt", "lv", "et", "is", "hr", "sl", "tr", "az", "ro", "vi", "el", "ru", "uk", "sr", "he", "ar", "fa",
            "hi", "bn", "ta", "th", "lo", "km", "my", "si", "ja", "ja@collation=unihan", "ko", "ko@collation=searchjl", "zh",
            "zh@collation=stroke", "cy", "ln", "to", "haw",
        ]
        let variants: [CollationOptions] = [CollationOptions(), CollationOptions(numeric: true)]
        for locale in locales {
            for options in variants {
                let index = try AlphabeticIndex(collator: Collator(locale: CollationLocale(locale), options: options))
                let strings = Self.pairs + Self.pairs.map { $0 + "b" } + (0 ..< 600).map { _ -> String in
                    (0 ..< Int.random(in: 1 ... 3, using: &random)).map { _ in Self.firsts.randomElement(using: &random)! }.joined()
                }
                let batch = index.buckets(of: UTF8Batch(strings))
                for (k, string) in strings.enumerated() {
                    let whole = index.bucketOfWholeString(string)
                    let context = "seed \(Self.seed) (THUMBINDEX_SEED), \(locale) \(options): \(string.unicodeScalars.map { String($0.value, radix: 16) })"
                    XCTAssertEqual(index.bucket(of: string), whole, context)
                    XCTAssertEqual(Int(batch[k]), whole, context)
                }
            }
        }
    }
}
