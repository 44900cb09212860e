import Collation
import Foundation
import XCTest

final class ConcurrencyTests: XCTestCase {
    func testSameAnswersFromManyThreads() throws {
        let collation = try IndexedCollation(locale: "ja_JP")
        let words = ["さくら", "Tokyo", "東京", "カメラ", "わたし", "Apple", "42", "はな"]
        let expectedSections = words.map { collation.section(for: $0) }
        let expectedSorted = try collation.sorted(words)
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            for _ in 0 ..< 200 {
                if words.map({ collation.section(for: $0) }) != expectedSections { failures.withLock { $0 += 1 } }
                if (try? collation.sorted(words)) != expectedSorted { failures.withLock { $0 += 1 } }
                if collation.collator.compare("さくら", "はな") != .orderedAscending { failures.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
    }
}

/// A tiny lock-protected box for the test.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}
