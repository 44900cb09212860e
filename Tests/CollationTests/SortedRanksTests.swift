@testable import Collation
import Foundation
import SeededRandom
import XCTest

/// `SortKeys.positions(atRanks:of:collator:)` finds a range of the collation order without sorting: it must give
/// exactly the slice of the whole sort, ties in input order, whatever the ranges and however many strings share their
/// first eight key bytes.
final class SortedRanksTests: XCTestCase {
    func testRangesEqualTheSlicesOfTheWholeSort() throws {
        // Seeded: THUMBINDEX_SEED=<n> replays a run; a failure names the seed.
        let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x5A4C_0E55
        var random = SplitMix64(seed: seed)
        let collator = try IndexedCollation(locale: "sv_SE").collator
        // Long shared beginnings (past eight key bytes), case and accent ties, exact repeats, other scripts, empty strings.
        let pieces = ["Andersson", "andersson", "Andersén", "Anders", "Östen", "Åsa", "東京", "東", "1", "", " ", "Zoë", "zoe"]
        for round in 0 ..< 40 {
            let count = Int.random(in: 1 ... 3_000, using: &random)
            let strings = (0 ..< count).map { _ in
                (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            let batch = UTF8Batch(strings)
            let whole = try SortKeys(batch, collator: collator).sortedOrder()
            for _ in 0 ..< 6 {
                let lower = Int.random(in: 0 ... count + 2, using: &random), length = Int.random(in: 0 ... max(1, count / 3), using: &random)
                let ranks = lower ..< lower + length
                let found = try SortKeys.positions(atRanks: ranks, of: batch, collator: collator)
                XCTAssertEqual(found, Array(whole[ranks.clamped(to: 0 ..< count)]), "seed \(seed), round \(round), ranks \(ranks) of \(count)")
            }
        }
    }

    func testTheSelectionLeavesItsValueInPlace() {
        let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x5E1E_C7
        var random = SplitMix64(seed: seed)
        for round in 0 ..< 200 {
            // Few distinct values (many equal ones) in some rounds, all distinct in others.
            let spread = UInt64([2, 10, 1 << 40][round % 3])
            var values = (0 ..< Int.random(in: 1 ... 500, using: &random)).map { _ in UInt64.random(in: 0 ..< spread, using: &random) }
            let sorted = values.sorted()
            let first = Int.random(in: 0 ..< values.count, using: &random), second = Int.random(in: first ..< values.count, using: &random)
            let (a, b) = values.withUnsafeMutableBufferPointer { buffer in
                (SortKeys.select(first, in: buffer, from: 0), SortKeys.select(second, in: buffer, from: first))
            }
            XCTAssertEqual([a, b], [sorted[first], sorted[second]], "seed \(seed), round \(round)")
            XCTAssertTrue(values[..<first].allSatisfy { $0 <= a } && values[(first + 1)...].allSatisfy { $0 >= a }, "seed \(seed), round \(round)")
        }
    }
}

/// `IndexedCollation.positions(atRanks:of:)` orders most strings by their first code point alone; wherever that could
/// be wrong (contractions, combining marks, decompositions, numeric digits, U+FFFF, backwards accents, malformed UTF-8)
/// it must give way to the strings' keys, and its answers must be the whole sort's slices in every locale.
final class LeadingSpansTests: XCTestCase {
    /// First code points: mostly ordinary letters of many scripts, some that start contractions or decompose.
    private let starters = ["A", "a", "Å", "Ä", "ä", "Ö", "c", "C", "ch", "Ch", "z", "ž", "王", "李", "東", "가", "각", "김", "ᄀ",
                            "あ", "カ", "ア", "ا", "أ", "م", "ก", "เ", "แ", "क", "अ", "Ж", "Я", "Ω", "1", "9", " ", "-", "\u{1}"]
    /// What follows: mostly letters; now and then combining marks, conjoining jamo, Thai and Devanagari signs, the
    /// prolonged sound mark, digits, ignorables, U+FFFF and U+FFFE, a letter beyond the BMP.
    private let letters = ["a", "b", "h", "H", " ", "王", "ん", "ø", "ß", "ก", "ᅡ", "2", "\u{1}"]
    private let pieces = ["\u{301}", "\u{308}", "\u{30A}", "ᅡ", "ᆨ", "ก", "ิ", "่", "्", "़", "ー", "2", "10", "\u{1}", "\u{200B}",
                          "\u{FFFF}", "\u{FFFE}", "𠀋"]

    func testFirstCodePointSpansGiveTheWholeSortsSlicesInEveryLocale() throws {
        let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x1EAD_5BA5
        var random = SplitMix64(seed: seed)
        var spanned = 0, rounds = 0
        for locale in ["sv_SE", "en", "cs", "th", "hi", "ko", "ja", "ar", "de@collation=phonebook", "en-u-kn", "fr_CA", "zh", "da"] {
            let collation = try IndexedCollation(locale: locale)
            for round in 0 ..< 6 {
                let count = Int.random(in: 40 ... 1_500, using: &random)
                var bytes: [UInt8] = [], starts: [Int64] = [], lengths: [Int32] = []
                for _ in 0 ..< count {
                    var string = Array(starters.randomElement(using: &random)!.utf8)
                    // One string in ten with anything first; a few with malformed bytes.
                    if Int.random(in: 0 ..< 25, using: &random) == 0 { string = Array(pieces.randomElement(using: &random)!.utf8) }
                    for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) {
                        let piece = Int.random(in: 0 ..< 25, using: &random) == 0 ? pieces.randomElement(using: &random)! : letters.randomElement(using: &random)!
                        string += Array(piece.utf8)
                    }
                    if Int.random(in: 0 ..< 50, using: &random) == 0 { string.insert(0xC3, at: Int.random(in: 0 ... string.count, using: &random)) }
                    starts.append(Int64(bytes.count))
                    lengths.append(Int32(string.count))
                    bytes += string
                }
                let batch = UTF8Batch(bytes: bytes, starts: starts, lengths: lengths)
                if try LeadingSpans(batch, collation: collation) != nil { spanned += 1 }
                rounds += 1
                let whole = try SortKeys(batch, collator: collation.collator).sortedOrder()
                for _ in 0 ..< 8 {
                    let lower = Int.random(in: 0 ..< count, using: &random), ranks = lower ..< lower + Int.random(in: 1 ... max(1, count / 4), using: &random)
                    XCTAssertEqual(try collation.positions(atRanks: ranks, of: batch), Array(whole[ranks.clamped(to: 0 ..< count)]),
                                   "seed \(seed), \(locale), round \(round), ranks \(ranks) of \(count)")
                }
            }
        }
        // The spans were used in many rounds, not only the fallback (never under French in Canada and Chinese, and not
        // where more than an eighth of the strings start with a contraction, a digit under numeric collation or a mark).
        XCTAssertGreaterThan(spanned, rounds / 3, "seed \(seed)")
    }

    func testTheIndexTellsFirstCodePointsOnlyWhereTheyKeepTheirOwnCollationElements() throws {
        let leading = { (locale: String, strings: [String]) in try IndexedCollation(locale: locale).index.leadingCodePoints(of: UTF8Batch(strings)) }
        // A mark after a letter that starts no contraction keeps the letter's own elements; a mark first does not.
        XCTAssertEqual(try leading("en", ["Anna", "a\u{301}", "Ωx", "王", "", "a\u{FFFF}b", "𠀋a", "\u{301}a"]),
                       [0x41, 0x61, 0x3A9, 0x738B, -1, -1, -1, -1])
        // Swedish å is a contraction of a and the ring above; a mark after é (which ends in a mark) may go before that.
        XCTAssertEqual(try leading("sv_SE", ["a\u{30A}", "a\u{301}", "ab"]), [-1, -1, 0x61])
        XCTAssertEqual(try leading("en", ["\u{E9}\u{323}", "\u{E9}\u{301}"]), [-1, -1])
        // A contraction's first pair (Czech "ch"), a Thai prevowel, digits under numeric collation.
        XCTAssertEqual(try leading("cs", ["chata", "cena"]), [-1, 0x63])
        XCTAssertEqual(try leading("th", ["เก", "กา"]), [-1, 0xE01])
        XCTAssertEqual(try leading("en-u-kn", ["12", "a1"]), [-1, 0x61])
        // Secondary weights compared from the end, and Chinese sections that are not runs of the order: no answer.
        XCTAssertNil(try leading("fr_CA", ["a"]))
        XCTAssertNil(try leading("zh", ["a"]))
    }
}

/// Unicode's own collation conformance strings (`Fixtures/SOURCES.md`): every combining mark, contraction, ignorable,
/// noncharacter and script the root collation orders, in pairs and triples, with lone surrogates as malformed UTF-8.
final class ConformanceStringsTests: XCTestCase {
    private func strings() throws -> UTF8Batch {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/CollationTest_CLDR_NON_IGNORABLE_SHORT.sample.txt")
        var bytes: [UInt8] = [], starts: [Int64] = [], lengths: [Int32] = []
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        var random = SplitMix64(seed: 0xC0_11A7E)
        lines.shuffle(using: &random)  // not in collation order already
        for line in lines {
            starts.append(Int64(bytes.count))
            for hex in line.split(separator: " ") {
                let value = UInt32(hex, radix: 16)!
                if let scalar = Unicode.Scalar(value) {
                    bytes += Array(String(Character(scalar)).utf8)
                } else {
                    // A lone surrogate, as the three bytes UTF-8 would give it (malformed).
                    bytes += [0xED, UInt8(0x80 | (value >> 6) & 0x3F), UInt8(0x80 | value & 0x3F)]
                }
            }
            lengths.append(Int32(Int64(bytes.count) - starts.last!))
        }
        return UTF8Batch(bytes: bytes, starts: starts, lengths: lengths)
    }

    /// Every span of first code points is a run of the whole sort, in every locale tried, however many strings have
    /// to be spans of their own.
    func testSpansAreRunsOfTheWholeSort() throws {
        let batch = try strings()
        XCTAssertGreaterThan(batch.count, 29_000)
        for locale in ["en", "sv_SE", "th", "ja", "ko", "hi", "ar", "cs", "en-u-kn"] {
            let collation = try IndexedCollation(locale: locale)
            let spans = try XCTUnwrap(LeadingSpans(batch, collation: collation, maximumOthers: batch.count), locale)
            let order = try SortKeys(batch, collator: collation.collator).sortedOrder()
            var last: Int32 = -1, size = 0
            for i in order {
                let span = spans.span(of: Int(i))
                XCTAssertGreaterThanOrEqual(span, last, "\(locale): \(batch.string(at: Int(i)).unicodeScalars.map { String($0.value, radix: 16) })")
                if span != last {
                    if last >= 0 { XCTAssertEqual(size, spans.sizes[Int(last)], locale) }
                    size = 0
                }
                size += 1
                last = span
            }
            XCTAssertEqual(spans.sizes.count, Int(last) + 1, locale)
        }
    }

    func testRangesEqualTheSlicesOfTheWholeSort() throws {
        let batch = try strings()
        var random = SplitMix64(seed: 0x5_11CE5)
        for locale in ["en", "th", "ko"] {
            let collation = try IndexedCollation(locale: locale)
            let whole = try SortKeys(batch, collator: collation.collator).sortedOrder()
            for _ in 0 ..< 20 {
                let lower = Int.random(in: 0 ..< batch.count, using: &random), ranks = lower ..< lower + Int.random(in: 1 ... 300, using: &random)
                XCTAssertEqual(try collation.positions(atRanks: ranks, of: batch), Array(whole[ranks.clamped(to: 0 ..< batch.count)]), "\(locale), \(ranks)")
            }
        }
    }
}
