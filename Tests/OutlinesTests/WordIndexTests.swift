import Collation
import SeededRandom
import XCTest
@testable import Outlines

/// A word index finds exactly the names one of whose words starts with the query, as `PrefixMatcher.matches` says
/// name by name: short queries (whose key fits the index's eight bytes) from the index alone, long ones confirmed.
final class WordIndexTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x0000_3D1C
    static let pieces = ["An", "na", " ", "Lind", "qvist", "Ö", "ö", "berg", "É", "mile", "-", "Zoë", "東京", "ア", "x", "y",
                         "ß", "ss", "Mc", "Donald", "ǅ", "123", "1", "Å", "aa", "Olle", "\u{301}", "Ærø", "ij", "IJ"]

    private func text(_ random: inout SplitMix64, _ count: ClosedRange<Int>) -> String {
        (0 ..< Int.random(in: count, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }

    func testCandidatesAreTheMatchesForShortAndLongQueries() throws {
        for locale in ["sv_SE", "en", "da"] {
            var random = SplitMix64(seed: Self.seed)
            let names = (0 ..< 300).map { _ in text(&random, 1 ... 6) }
            let probe = try PrefixMatcher(query: "", locale: CollationLocale(locale))
            let index = try WordIndex(names: UTF8Batch(names), collator: probe.collator)
            var long = 0
            for round in 0 ..< 150 {
                // Queries: the start of a name's word (so that there are matches), or random text.
                var query = text(&random, 1 ... 4)
                if round % 2 == 0, let name = names.randomElement(using: &random), let start = PrefixMatcher.wordStarts(name).randomElement(using: &random) {
                    query = String(name[start...].prefix(Int.random(in: 1 ... 12, using: &random)))
                }
                let matcher = try PrefixMatcher(query: query, locale: CollationLocale(locale))
                if !matcher.isShort { long += 1 }
                let found = index.candidates(for: matcher).filter { matcher.isShort || matcher.matches(names[$0]) }
                let expected = names.indices.filter { matcher.matches(names[$0]) }
                XCTAssertEqual(found, expected, "seed \(Self.seed) (THUMBINDEX_SEED), \(locale), query \(query.debugDescription)")
                if found != expected { return }
            }
            XCTAssertGreaterThan(long, 10, "long queries were tried")
        }
    }

    /// Past 20,000 names the words are found on several cores: the candidates are the same, in the names' order.
    func testAnIndexMadeInPartsFindsWhatOneNameAtATimeFinds() throws {
        var random = SplitMix64(seed: Self.seed)
        let names = (0 ..< 45_000).map { _ in text(&random, 1 ... 4) }
        let matcher = try PrefixMatcher(query: "lind", locale: CollationLocale("sv_SE"))
        let index = try WordIndex(names: UTF8Batch(names), collator: matcher.collator)
        XCTAssertEqual(index.candidates(for: matcher), names.indices.filter { matcher.matches(names[$0]) })
    }
}
