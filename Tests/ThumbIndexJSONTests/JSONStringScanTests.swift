import ThumbIndexJSON
import XCTest

/// Strings are scanned eight plain ASCII bytes at a time and those with escapes copied a word at a time into storage
/// sized by the raw text: wherever a piece falls, every quote, backslash, control character and non-ASCII byte must
/// still be seen, and the string is never longer than its storage. A CR escape before an LF escape is read as one
/// (a lone CR, a CR before an escaped backslash and an `n`, are not). A string with escapes has its UTF-8 checked by
/// the string made of it: a U+FFFD written as such, or by an escape, is no repair.
final class JSONStringScanTests: XCTestCase {
    static let seed: UInt64 = 0x15_0A5C

    /// Pieces of a string's content and how JSON writes each.
    static let pieces: [(text: String, json: String)] = [
        ("a", "a"), ("Zeta ", "Zeta "), ("é", "é"), ("中", "中"), ("😀", "😀"), ("\"", "\\\""), ("\\", "\\\\"),
        ("\n", "\\n"), ("\t", "\\t"), ("/", "\\/"), ("é", "\\u00e9"), ("😀", "\\ud83d\\ude00"), ("~", "~"), ("\u{7F}", "\u{7F}"),
        ("\u{1F}", "\\u001f"), ("\u{FFFD}", "\\ud800"), ("\u{FFFD}", "\u{FFFD}"), ("\r\n", "\\r\\n"), ("\r", "\\r"), ("n", "n"), ("\\n", "\\\\n"),
        ("abcdefghijklmnopqrstuvwxyz 0123456", "abcdefghijklmnopqrstuvwxyz 0123456"),
        (" !#$%&'()*+,-.0123456789:;<=>?@[]^_`{|}", " !#$%&'()*+,-.0123456789:;<=>?@[]^_`{|}"),
    ]
    /// Bytes that are no UTF-8 where they stand: a continuation byte alone, a lead byte without its continuation,
    /// an overlong form, a surrogate, a byte that never occurs.
    static let invalidUTF8: [[UInt8]] = [[0x80], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0xFF]]

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
            // So is a byte sequence that is no UTF-8, and a string whose closing quote is missing.
            var broken = Array(json.utf8)
            broken.insert(contentsOf: Self.invalidUTF8[below(Self.invalidUTF8.count)], at: boundaries[below(boundaries.count)])
            let invalid = Array(padding.utf8) + [UInt8(ascii: "\"")] + broken + [UInt8(ascii: "\"")]
            XCTAssertThrowsError(try JSONParser().parse(invalid), "seed \(Self.seed), round \(round): \(invalid)")
            XCTAssertThrowsError(try JSONParser().parse(padding + "\"" + json), "seed \(Self.seed), round \(round): unterminated")
        }
    }
}
