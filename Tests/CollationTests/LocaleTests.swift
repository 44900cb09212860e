import Collation
import XCTest

final class LocaleTests: XCTestCase {
    func testIdentifiersAsPeopleWriteThem() throws {
        XCTAssertEqual(try CollationLocale("sv_SE").identifier, "sv-SE")
        XCTAssertEqual(try CollationLocale("sv-SE").identifier, "sv-SE")
        XCTAssertEqual(try CollationLocale("AR_sa").identifier, "ar-SA")
        XCTAssertEqual(try CollationLocale("ko_KO").identifier, "ko-KO")
        XCTAssertEqual(try CollationLocale("zh-TW-u-co-zhuyin").identifier, "zh-TW-u-co-zhuyin")
        XCTAssertEqual(try CollationLocale("ja_JP@collation=unihan").identifier, "ja-JP-u-co-unihan")
        XCTAssertEqual(try CollationLocale(" en ").identifier, "en")
        XCTAssertEqual(try CollationLocale("root").identifier, "und")
    }

    func testMalformedAndUnknownIdentifiersAreErrors() {
        for bad in ["", "12", "sv__SE", "en-US-!!", "xx", "qq_QQ", "not a locale", "sv@collation", "sv@collation=bogus"] {
            XCTAssertThrowsError(try CollationLocale(bad), bad) { error in
                let error = error as! CollationError
                XCTAssertEqual(error.kind, .invalidLocale)
                XCTAssertFalse(error.message.isEmpty)
            }
        }
        XCTAssertThrowsError(try CollationLocale("en-u-kn-maybe")) { error in
            XCTAssertTrue((error as! CollationError).message.contains("kn=maybe"), "\(error)")
        }
        XCTAssertThrowsError(try IndexedCollation(locale: "xx_YY")) { error in
            XCTAssertTrue((error as! CollationError).message.contains("xx"), "the message names the identifier")
        }
    }

    func testEnvironmentDefault() {
        XCTAssertEqual(CollationLocale.fromEnvironment(["LANG": "sv_SE.UTF-8"]), "sv_SE")
        XCTAssertEqual(CollationLocale.fromEnvironment(["LANG": "sv_SE.UTF-8", "LC_COLLATE": "de_DE"]), "de_DE")
        XCTAssertEqual(CollationLocale.fromEnvironment(["LC_ALL": "ja_JP.UTF-8", "LANG": "sv"]), "ja_JP")
        XCTAssertEqual(CollationLocale.fromEnvironment(["LANG": "C.UTF-8"]), "en")
        XCTAssertEqual(CollationLocale.fromEnvironment([:]), "en")
        XCTAssertEqual(CollationLocale.fromEnvironment(["LANG": "sr_RS.UTF-8@latin"]), "sr_Latn_RS")
        XCTAssertEqual(try CollationLocale(CollationLocale.fromEnvironment(["LANG": "sr_RS.UTF-8@latin"])).identifier, "sr-Latn-RS")
        XCTAssertEqual(CollationLocale.fromEnvironment(["LANG": "de_DE@euro"]), "de_DE")
        XCTAssertEqual(CollationLocale.environmentSource(["LC_COLLATE": "sv_SE.UTF-8", "LANG": "en"])?.variable, "LC_COLLATE")
    }
}
