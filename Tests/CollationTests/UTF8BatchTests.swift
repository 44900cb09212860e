import XCTest
@testable import Collation

final class UTF8BatchTests: XCTestCase {
    /// Appending a batch keeps each string, whatever the layout of the other batch's bytes (gaps, shared bytes).
    func testAppendingABatchKeepsEveryString() {
        var batch = UTF8Batch(["Åsa", "", "Zoë"])
        let other = UTF8Batch(bytes: Array("xxÖstenyyAnna".utf8), starts: [2, 10, 2], lengths: [6, 4, 6])
        batch.append(contentsOf: other)
        batch.append(contentsOf: UTF8Batch([String]()))
        batch.append(contentsOf: UTF8Batch(["東京"]))
        XCTAssertEqual((0 ..< batch.count).map { batch.string(at: $0) }, ["Åsa", "", "Zoë", "Östen", "Anna", "Östen", "東京"])
    }
}
