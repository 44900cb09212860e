import Collation
import ICUShim
import XCTest

/// The shim's failure paths, called directly: each reports its documented failure value and message,
/// writes nothing past the buffers it is given, and leaves its outputs alone when it fails.
final class ShimFailureTests: XCTestCase {
    private let sentinel = CChar(0x7E)  // '~', never part of a locale id or a message

    private func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls ti_locale_resolve with buffers of the given capacities inside larger ones filled with the
    /// sentinel, so that a write past a capacity shows.
    private func resolve(_ identifier: String?, bcp47 bcp47Capacity: Int32 = 160, icu icuCapacity: Int32 = 160,
                         error errorCapacity: Int32 = TI_ERROR_CAPACITY)
        -> (status: Int32, bcp47: [CChar], icu: [CChar], error: [CChar]) {
        var bcp47 = [CChar](repeating: sentinel, count: 200)
        var icu = [CChar](repeating: sentinel, count: 200)
        var error = [CChar](repeating: sentinel, count: Int(TI_ERROR_CAPACITY) + 16)
        let status = ti_locale_resolve(identifier, &bcp47, bcp47Capacity, &icu, icuCapacity, &error, errorCapacity)
        return (status, bcp47, icu, error)
    }

    func testOutputBuffersTooSmallAreAnErrorAndStayUntouched() {
        let ok = resolve("sv_SE")
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(text(ok.bcp47), "sv-SE")
        XCTAssertEqual(text(ok.icu), "sv_SE")

        // "sv-SE" needs 6 bytes with its NUL, "sv_SE" too.
        for (bcp47, icu) in [(Int32(5), Int32(160)), (160, 5), (0, 0)] {
            let r = resolve("sv_SE", bcp47: bcp47, icu: icu)
            XCTAssertEqual(r.status, -1, "capacities \(bcp47), \(icu)")
            XCTAssertEqual(text(r.error), "locale identifier too long")
            XCTAssertTrue(r.bcp47.allSatisfy { $0 == sentinel }, "bcp47 written on failure")
            XCTAssertTrue(r.icu.allSatisfy { $0 == sentinel }, "icu written on failure")
        }
        XCTAssertEqual(resolve("sv_SE", bcp47: 6, icu: 6).status, 0, "an exact fit is enough")
    }

    func testErrorMessageIsCutToItsBufferAndTerminated() {
        let r = resolve("xx", error: 10)
        XCTAssertEqual(r.status, -1)
        XCTAssertEqual(text(r.error), "unknown l")
        XCTAssertEqual(r.error[9], 0)
        XCTAssertTrue(r.error[10...].allSatisfy { $0 == sentinel }, "written past the error capacity")
    }

    func testMissingIdentifierAndMissingErrorBuffer() {
        let r = resolve(nil)
        XCTAssertEqual(r.status, -1)
        XCTAssertEqual(text(r.error), "empty locale identifier")
        XCTAssertEqual(ti_locale_resolve("xx", nil, 0, nil, 0, nil, 0), -1, "fails without an error buffer")
    }

    /// One identifier per step of the resolution, each failing there with its own message.
    func testEachStepReportsItsOwnMessage() {
        let expected = [
            " \t ": "empty locale identifier",
            "@collation=standard": "malformed locale identifier '@collation=standard'",
            "sv__SE": "malformed locale identifier 'sv__SE' (cannot read '__SE')",
            "sv@collation": "malformed locale identifier 'sv@collation' (bad keyword 'collation')",
            "en@;": "malformed locale identifier 'en@;' (bad keyword '')",
            "x-private": "locale identifier 'x-private' names no language",
            "qq_QQ": "unknown locale 'qq_QQ': ICU has no data for language 'qq'",
            "sv@collation=bogus": "unknown collation 'bogus' for locale 'sv@collation=bogus'",
            "en-u-kn-maybe": "locale 'en-u-kn-maybe': ICU rejects its collation options (kn=maybe)",
        ]
        for (identifier, message) in expected {
            let r = resolve(identifier)
            XCTAssertEqual(r.status, -1, identifier)
            XCTAssertEqual(text(r.error), message, identifier)
        }
        let root = resolve("root")
        XCTAssertEqual(root.status, 0, "root names no language and is still a locale")
        XCTAssertEqual(text(root.bcp47), "und")
    }

    func testCollatorAndIndexThatICUCannotOpenReportWhy() {
        var error = [CChar](repeating: 0, count: Int(TI_ERROR_CAPACITY))
        XCTAssertNil(ti_collator_open("en@colnumeric=maybe", nil, &error, TI_ERROR_CAPACITY))
        XCTAssertEqual(text(error), "cannot open a collator for 'en@colnumeric=maybe': U_ILLEGAL_ARGUMENT_ERROR")

        error = [CChar](repeating: 0, count: Int(TI_ERROR_CAPACITY))
        XCTAssertNil(ti_index_open("en@colnumeric=maybe", nil, &error, TI_ERROR_CAPACITY))
        XCTAssertTrue(text(error).hasPrefix("cannot build the alphabetic index for 'en@colnumeric=maybe': "),
                      text(error))
    }

    func testBucketLabelLongerThanItsBufferIsCutAndMeasured() throws {
        var error = [CChar](repeating: 0, count: Int(TI_ERROR_CAPACITY))
        let index = try XCTUnwrap(ti_index_open("en", nil, &error, TI_ERROR_CAPACITY), text(error))
        defer { ti_index_close(index) }
        XCTAssertEqual(ti_index_bucket_type(index, 0), Int32(TI_LABEL_UNDERFLOW))
        var label = [CChar](repeating: sentinel, count: 8)
        // The underflow label "…" is three UTF-8 bytes; two bytes of room hold one of them and the NUL.
        XCTAssertEqual(ti_index_bucket_label(index, 0, &label, 2), 3, "the full length, not what fitted")
        XCTAssertEqual(label[1], 0)
        XCTAssertTrue(label[2...].allSatisfy { $0 == sentinel }, "written past the label capacity")
    }
}
