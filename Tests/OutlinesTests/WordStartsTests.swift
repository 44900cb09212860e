import XCTest
@testable import Outlines

/// Word starts are found with ASCII classified by its bytes: the same starts as by the characters' Unicode properties.
final class WordStartsTests: XCTestCase {
    static let seed: UInt64 = 0x00D5_7A27

    /// The rule of `PrefixMatcher.wordStarts` on the characters' properties alone.
    private func reference(_ name: String) -> [String.Index] {
        var starts: [String.Index] = [], previous: Character?
        for index in name.indices {
            let c = name[index]
            if let p = previous {
                if (!p.isLetter && !p.isNumber && (c.isLetter || c.isNumber)) || (p.isLowercase && c.isUppercase) { starts.append(index) }
            } else {
                starts.append(index)
            }
            previous = c
        }
        return starts
    }

    func testTheSameStartsAsByUnicodeProperties() {
        let pieces = ["a", "Z", "q", "7", " ", "-", "_", ".", "é", "É", "ß", "Ö", "東", "ア", "ㄱ", "١", "Ω", "ω", "\r\n", "😀", "\u{301}", "x\u{308}", "ǅ", "Ⅻ", "\t"]
        var state = Self.seed
        for round in 0 ..< 3000 {
            var name = ""
            for _ in 0 ..< Int(state % 9) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                name += pieces[Int(state >> 33) % pieces.count]
            }
            state = state &* 6364136223846793005 &+ 1442695040888963407
            XCTAssertEqual(PrefixMatcher.wordStarts(name), reference(name), "seed \(Self.seed), round \(round): \(name.debugDescription)")
        }
    }
}
