import ThumbIndexJSON
import XCTest

/// Strings with escapes are copied a run at a time: wherever a piece falls, every quote, backslash, control character
/// and non-ASCII byte must still be seen.
final class JSONStringScanTests: XCTestCase {
    static let seed: UInt64 = 0x15_0A5C

    /// Pieces of a string's content and how JSON writes each.
    static let pieces: [(text: String, json: String)] = [
        ("a", "a"), ("Zeta ", "Zeta "), ("é", "é"), ("中", "中"), ("😀", "😀"), ("\"", "\\\""), ("\\", "\\\\"),
        ("\n", "\\n"), ("\t", "\\t"), ("/", "\\/"), ("é", "\\u00e9"), ("😀", "\\ud83d\\ude00"), ("~", "~"), ("\u{7F}", "\u{7F}"),
    ]

    func testStringsOfRandomPiecesParse() throws {
        var state = Self.seed
        func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for round in 0 ..< 2000 {
            var text = "", json = "", boundaries = [0]
            for _ in 0 ..< below(40) {
                let piece = Self.pieces[below(Self.pieces.count)]
                text += piece.text
                json += piece.json
                boundaries.append(json.utf8.count)
            }
            let padding = String(repeating: " ", count: below(9))
            XCTAssertEqual(try JSONParser().parse(padding + "\"" + json + "\""), .string(text), "seed \(Self.seed), round \(round)")
            // A raw control character or an unescaped quote between any two pieces is refused.
            var bytes = Array(json.utf8)
            let at = boundaries[below(boundaries.count)]
            bytes.insert(below(2) == 0 ? UInt8(below(0x20)) : UInt8(ascii: "\""), at: at)
            let document = Array(padding.utf8) + [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
            XCTAssertThrowsError(try JSONParser().parse(document), "seed \(Self.seed), round \(round): \(document)")
        }
    }
}
