import Collation
import XCTest

/// The shim answers NULL when the sort keys of a batch cannot be allocated: that is a `CollationError`, not the end of
/// the process. The NULL is injected (`SortKeys.failingAllocation`, by the batch's size) rather than made by running
/// out of memory.
final class SortKeysFailureTests: XCTestCase {
    override func tearDown() {
        SortKeys.failingAllocation.withLock { $0 = nil }
    }

    func testAKeysBufferNotAllocatedIsAnError() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let names = (0 ..< 777).map { "Namn \($0)" }
        SortKeys.failingAllocation.withLock { $0 = { $0 == 777 } }
        XCTAssertThrowsError(try SortKeys(UTF8Batch(names), collator: collation.collator)) { error in
            XCTAssertEqual((error as? CollationError)?.kind, .icu)
            XCTAssertEqual((error as? CollationError)?.message, "out of memory for the sort keys of 777 strings")
        }
        XCTAssertThrowsError(try collation.sorted(names))
        XCTAssertThrowsError(try collation.partition(names) { $0 })
        XCTAssertThrowsError(try SortKeys(UTF8Batch(names), collator: collation.collator, parallel: false), "on one thread too")
        XCTAssertEqual(try collation.sorted(["Östen", "Anna"]), ["Anna", "Östen"], "other batches are sorted")
        SortKeys.failingAllocation.withLock { $0 = nil }
        XCTAssertEqual(try collation.sorted(names).count, 777)
    }
}
