import Foundation
import XCTest
@testable import Entries

/// The table of scalars NFC leaves alone, against Foundation's normalization; and names hashed from their bytes as
/// their strings hash.
final class NFCStableScalarsTests: XCTestCase {
    func testEveryScalarInTheTableIsLeftAloneByNFC() {
        var composedWithTheOneBefore = Set<UInt32>(), inTable = 0
        for v in UInt32(0) ..< 0x10000 {
            guard let scalar = Unicode.Scalar(v) else { continue }
            // A primary composite's canonical decomposition, two scalars: its second composes with the one before it.
            let decomposed = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars
            if decomposed.count == 2, decomposed.first!.value != v,
               String(String.UnicodeScalarView(decomposed)).precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar]) {
                composedWithTheOneBefore.insert(decomposed.last!.value)
            }
        }
        for v in UInt32(0) ..< 0x10000 {
            guard let scalar = Unicode.Scalar(v), NFCStableScalars.contains(scalar) else { continue }
            inTable += 1
            let alone = String(Character(scalar))
            XCTAssertEqual(scalar.properties.canonicalCombiningClass, .notReordered, "U+\(String(v, radix: 16))")
            XCTAssertEqual(Array(alone.precomposedStringWithCanonicalMapping.unicodeScalars), [scalar], "U+\(String(v, radix: 16))")
            XCTAssertFalse(composedWithTheOneBefore.contains(v), "U+\(String(v, radix: 16)) composes with the scalar before it")
        }
        // Letters of the scripts of most names are in it; marks that compose or reorder are not.
        XCTAssertGreaterThan(inTable, 40_000)
        for c in "AzÅöé日本語한국Ελληνικάحامدगुल" where c != "\u{941}" { XCTAssertTrue(c.unicodeScalars.allSatisfy(NFCStableScalars.contains), "\(c)") }
        for v: UInt32 in [0x301, 0x308, 0x651, 0x93C, 0x94D, 0x3099, 0x1161, 0x11A8, 0x212A, 0x2126, 0x37E, 0xF900] {
            XCTAssertFalse(NFCStableScalars.contains(Unicode.Scalar(v)!), "U+\(String(v, radix: 16))")
        }
    }

    func testANameHashesAsItsString() {
        XCTAssertTrue(YAMLLinePair.bytesHashAsStrings)
        let names = ["", "a", "Zoë", "Zoe\u{308}", "\u{E9}", "e\u{301}", "K", "\u{212A}", "日本 語", "한 국", "\u{1100}\u{1161}",
                     "عبد الجبّار", "गुलज़ार शर्मा", "Ελληνικά", "a name longer than fifteen bytes", "\u{1F600} emoji", "x\u{0}y"]
        for name in names {
            var utf8 = name
            let hash = utf8.withUTF8 { YAMLLinePair.hash(ofName: $0) }
            XCTAssertEqual(hash, name.hashValue, name.debugDescription)
        }
        XCTAssertFalse(Array("e\u{301}".utf8).withUnsafeBufferPointer(NFCStableScalars.spellNFC))
        XCTAssertTrue(Array("Zoë 日本".utf8).withUnsafeBufferPointer(NFCStableScalars.spellNFC))
    }
}
