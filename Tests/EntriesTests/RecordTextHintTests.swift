import XCTest
@testable import Entries

/// A line looked up from a hint (readers going forward) is the line a search of every line finds, whether the hint is
/// a step behind, far behind, or past the offset (then it is not used).
final class RecordTextHintTests: XCTestCase {
    func testHintedLookupsEqualSearches() {
        let seed: UInt64 = 0x11_4E5
        var random = SplitMix64(seed: seed)
        for round in 0 ..< 200 {
            var text = ""
            // Some texts long enough that a hint far behind is left in strides (hundreds of lines).
            for _ in 0 ..< random.below(round % 4 == 0 ? 3000 : 60) { text += random.pick(["a", "bc", "\n", "\r\n", "\r", "é", "\n\n"]) }
            let map = RecordText(Array(text.utf8))
            for _ in 0 ..< 20 {
                let offset = random.below(text.utf8.count + 1), hint = random.below(map.lineStarts.count)
                XCTAssertEqual(map.line(ofOffset: offset, from: hint), map.line(ofOffset: offset), "seed \(seed), round \(round)")
                let end = offset + random.below(text.utf8.count - offset + 1)
                XCTAssertEqual(map.range(from: offset, to: end, hint: hint), map.range(from: offset, to: end), "seed \(seed), round \(round)")
            }
        }
    }
}
