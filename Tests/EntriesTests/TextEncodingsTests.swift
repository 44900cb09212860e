import Entries
import XCTest

/// The UTF-8 and UTF-16 checks the command line and `.strings` tables share.
final class TextEncodingsTests: XCTestCase {
    func testUTF16IsDecodedInEitherOrderAndItsFaultsAreNamed() {
        let le: [UInt8] = [0x41, 0x00, 0xC5, 0x00, 0x0A, 0x00, 0x3D, 0xD8, 0x00, 0xDE]  // "AÅ\n😀"
        XCTAssertEqual(try TextEncodings.utf8(fromUTF16: le[...], bigEndian: false).get(), Array("AÅ\n😀".utf8))
        let be = stride(from: 0, to: le.count, by: 2).flatMap { [le[$0 + 1], le[$0]] }
        XCTAssertEqual(try TextEncodings.utf8(fromUTF16: be[...], bigEndian: true).get(), Array("AÅ\n😀".utf8))
        XCTAssertEqual(TextEncodings.utf8(fromUTF16: le.dropLast(), bigEndian: false), .failure(.oddLength(9)))
        // The emoji's high surrogate alone, on line 2.
        XCTAssertEqual(TextEncodings.utf8(fromUTF16: le.dropLast(2), bigEndian: false), .failure(.loneSurrogate(line: 2)))
    }

    func testUnmarkedUTF16IsRecognisedOnlyWhenItsZerosAreAllOnOneSide() {
        XCTAssertEqual(TextEncodings.unmarkedUTF16(Array("Anna\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }[...]), false)
        XCTAssertEqual(TextEncodings.unmarkedUTF16(Array("Anna\n".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }[...]), true)
        XCTAssertNil(TextEncodings.unmarkedUTF16(Array("Anna".utf8)[...]), "no zero bytes")
        XCTAssertNil(TextEncodings.unmarkedUTF16([0x41, 0x00, 0x00, 0x42][...]), "zeros on both sides: binary, not a guess")
    }

    func testTheFirstInvalidUTF8ByteIsAnIndexOfTheSlice() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0x41, 0xC3, 0xA5, 0xE9, 0x42]  // BOM, "Aå", a Latin-1 é
        XCTAssertEqual(TextEncodings.firstInvalidUTF8(bytes.dropFirst(3)), 6)
        XCTAssertNil(TextEncodings.firstInvalidUTF8(bytes.prefix(6)))
        XCTAssertEqual(TextEncodings.firstInvalidUTF8([0xED, 0xA0, 0x80][...]), 0, "an encoded surrogate")
        XCTAssertEqual(TextEncodings.firstInvalidUTF8([0xC0, 0x80][...]), 0, "an overlong")
    }
}
