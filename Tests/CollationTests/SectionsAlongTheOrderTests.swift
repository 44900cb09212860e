import Collation
import Foundation
import SeededRandom
import XCTest

/// `sectioned` finds each section as a run of the sorted order (a few lookups a section, not one a string): the
/// sections it gives must be those of every string looked up on its own, in every kind of index — scripts after
/// Latin, contractions, ignorable and very long strings, numeric collation, ICU's own buckets, and Chinese, whose
/// pinyin buckets do not follow the collation (looked up one by one). Seeded: `THUMBINDEX_SEED=<n>` replays a run.
final class SectionsAlongTheOrderTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x5EC7_1045

    static let pieces = [
        "Anna", "Åsa", "Östen", "Zoë", "émile", "Łukasz", "Ødegaard", "İsmail", "Straße", "ch", "Chaim", "Čech", "llama",
        "Ñandú", "Þór", "Đorđe", "東京", "山田", "李", "王", "김", "박", "ㄱ", "あいう", "アイ", "ヴ", "Ελένη", "Иван", "Їжак",
        "עברית", "محمد", "أحمد", "हिन्दी", "ไทย", "😀", "#tag", "123", "9", " spaced", "-dash", "\u{200B}Zero", "", "Ǆ",
        "Ŋ", "ʻokina", "Ａ", "ﾊﾟ", "ㄅ", "한글", "Œuvre", "ÿ", String(repeating: "x", count: 300),
        String(repeating: "\u{200B}", count: 100) + "Zeta",
    ]

    func testEachSectionOfTheSortedOrderIsTheSectionOfEachString() throws {
        var random = SplitMix64(seed: Self.seed)
        let cases: [(String, IndexedCollation.Style, CollationOptions)] = [
            ("sv_SE", .apple, CollationOptions()), ("de", .icu, CollationOptions()), ("ja", .apple, CollationOptions()),
            ("ko", .apple, CollationOptions()), ("ar", .icu, CollationOptions()), ("cs", .apple, CollationOptions()),
            ("zh", .apple, CollationOptions()), ("zh@collation=stroke", .icu, CollationOptions()),
            ("en", .apple, CollationOptions(numeric: true)), ("th", .icu, CollationOptions()), ("el", .apple, CollationOptions()),
        ]
        for (locale, style, options) in cases {
            let collation = try IndexedCollation(locale: locale, style: style, options: options)
            let strings = (0 ..< 3_000).map { _ -> String in
                var string = Self.pieces.randomElement(using: &random)!
                if Bool.random(using: &random) { string += String(Self.pieces.randomElement(using: &random)!.prefix(3)) }
                return string
            }
            let order = try collation.sectioned(UTF8Batch(strings))
            let alone = strings.map { collation.section(for: $0) }
            let context = "seed \(Self.seed) (THUMBINDEX_SEED), \(locale) \(style)"
            XCTAssertEqual(order.sectionOfItem.map(Int.init), alone, context)
            // And the ranges hold each string in its own section, in collation order within it.
            for range in order.ranges {
                for position in range.range { XCTAssertEqual(alone[Int(order.order[position])], range.section, context) }
            }
        }
    }

    /// Under a pinyin index Han names come before Latin ones, each in the section of its reading's Latin letter: Han
    /// names read with L, one with W, then Latin names under L. Found as runs, the W name would be taken for L.
    func testChineseNamesAreLookedUpOneByOne() throws {
        let collation = try IndexedCollation(locale: "zh")
        let han = ["李", "刘", "林", "梁", "吕", "罗", "陆", "龙"]
        let strings = (0 ..< 2_000).map { han[$0 % han.count] + "\($0)" } + ["王"] + (0 ..< 1_000).map { "Li \($0)" }
        let order = try collation.sectioned(UTF8Batch(strings))
        XCTAssertEqual(order.sectionOfItem.map(Int.init), strings.map { collation.section(for: $0) })
        XCTAssertEqual(collation.sectionTitles[Int(order.sectionOfItem[2_000])], "W")
    }
}
