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
