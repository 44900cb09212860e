import Collation
import Foundation
import SeededRandom
import XCTest

final class SortingTests: XCTestCase {
    func testNumericOption() throws {
        let items = ["item10", "item2", "item1"]
        XCTAssertEqual(try IndexedCollation(locale: "en").sorted(items), ["item1", "item10", "item2"])
        let numeric = try IndexedCollation(locale: "en", options: CollationOptions(numeric: true))
        XCTAssertEqual(try numeric.sorted(items), ["item1", "item2", "item10"])
        XCTAssertEqual(numeric.collator.resolvedOptions.numeric, true)
        XCTAssertEqual(try IndexedCollation(locale: "en").collator.resolvedOptions.numeric, false)
        XCTAssertEqual(try IndexedCollation(locale: "en-u-kn").collator.resolvedOptions.numeric, true)
    }

    func testCaseFirstOption() throws {
        let upper = try IndexedCollation(locale: "en", options: CollationOptions(caseFirst: .upper))
        XCTAssertEqual(try upper.sorted(["a", "A", "b", "B"]), ["A", "a", "B", "b"])
        XCTAssertEqual(upper.collator.resolvedOptions.caseFirst, .upper)
        let lower = try IndexedCollation(locale: "en", options: CollationOptions(caseFirst: .lower))
        XCTAssertEqual(try lower.sorted(["A", "a", "B", "b"]), ["a", "A", "b", "B"])
        XCTAssertEqual(try IndexedCollation(locale: "en").collator.resolvedOptions.caseFirst, .off)
        XCTAssertEqual(try IndexedCollation(locale: "da").collator.resolvedOptions.caseFirst, .upper, "Danish sorts upper case first")
    }

    func testEqualStringsKeepInputOrder() throws {
        struct Person: Equatable { var name: String; var id: Int }
        let people = (0 ..< 200).map { Person(name: ["Anna", "anna", "ÅSA", "Bo"][$0 % 4] == "Bo" ? "Bo" : "Anna", id: $0) }
        let sorted = try IndexedCollation(locale: "sv").sorted(people, by: \.name)
        let annas = sorted.filter { $0.name == "Anna" }.map(\.id)
        XCTAssertEqual(annas, annas.sorted())
        XCTAssertEqual(sorted.last?.name, "Bo")
    }

    func testAgreesWithICUPairwiseComparison() throws {
        // Seeded: THUMBINDEX_SEED=<n> replays a run; a failure names the seed.
        let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x5027_1CE5
        var generator = SplitMix64(seed: seed)
        let alphabet = Array("aAbBåäöÖzZ éè-_1 2ㄱ가あア漢Ωж") + ["e\u{301}"]
        for locale in ["sv_SE", "en", "ja", "ko", "de"] {
            let collation = try IndexedCollation(locale: locale)
            let strings = (0 ..< 3000).map { _ in
                String((0 ..< Int.random(in: 0 ... 6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            let sorted = try collation.sorted(strings)
            XCTAssertEqual(sorted.count, strings.count)
            // Compare bytes: Swift's String equality would call "é" and "e\u{301}" the same.
            XCTAssertEqual(sorted.map { Array($0.utf8) }.sorted(by: { $0.lexicographicallyPrecedes($1) }),
                           strings.map { Array($0.utf8) }.sorted(by: { $0.lexicographicallyPrecedes($1) }), "a permutation (seed \(seed))")
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                XCTAssertNotEqual(collation.collator.compare(a, b), .orderedDescending, "\(locale), seed \(seed): \(a) > \(b)")
            }
        }
    }

    func testLargeBatchSortsOnAllCoresTheSameAsOnOne() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let strings = (0 ..< 120_000).map { i in "\(["Ö", "a", "Z", "å", "B"][i % 5])\(i * 7919 % 100_003)" }
        let batch = UTF8Batch(strings)
        let keys = try SortKeys(batch, collator: collation.collator)
        let parallel = keys.sortedOrder()
        let single = try SortKeys(batch, collator: collation.collator, parallel: false).sortedOrder(parallel: false)
        XCTAssertEqual(parallel, single)
        for (a, b) in zip(parallel, parallel.dropFirst()) { XCTAssertTrue(keys.less(Int(a), Int(b))) }
    }

    func testPartitionSortsWithinSectionsInTitleOrder() throws {
        let collation = try IndexedCollation(locale: "ko")
        let sections = try collation.partition(["한지우", "Kim", "김민준", "Adams", "42", "박서연", "Bae"], by: { $0 })
        XCTAssertEqual(sections.map(\.title), ["A", "B", "K", "ㄱ", "ㅂ", "ㅎ", "#"])
        XCTAssertEqual(sections.map(\.titleIndex), sections.map { collation.sectionTitles.firstIndex(of: $0.title)! })
        XCTAssertEqual(sections.flatMap(\.items).count, 7)
    }

    func testLinesOfAFile() {
        let batch = UTF8Batch(lines: Array("b\r\na\n\nc".utf8))
        XCTAssertEqual((0 ..< batch.count).map { batch.string(at: $0) }, ["b", "a", "", "c"])
    }
}
