import Foundation
import XCTest
@testable import Entries

final class LocalizationTableTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Writes `text` (or raw bytes) under the test folder and returns its path.
    @discardableResult
    func write(_ relative: String, _ text: String? = nil, data: Data? = nil) throws -> String {
        let url = dir.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (data ?? Data((text ?? "").utf8)).write(to: url)
        return url.path
    }

    func testExampleFolderPicksTheLanguagesLproj() throws {
        let folder = examplesURL.appendingPathComponent("Localizable").path
        let sv = try LocalizationTable.load(path: folder, language: "sv")
        XCTAssertEqual(sv.count, 16)
        XCTAssertEqual(sv["fruit.apple"], "Äpple")
        XCTAssertEqual(sv["colour.blue"], "Blå")
        XCTAssertNil(sv["fruit.mango"])
        XCTAssertEqual(sv.language, "sv")
        XCTAssertEqual(sv.sources.map { URL(fileURLWithPath: $0).pathComponents.suffix(2) }, [["sv.lproj", "Localizable.strings"]])
        for tag in ["sv-SE", "sv_SE", "SV", "sv-FI"] {
            XCTAssertEqual(try LocalizationTable.load(path: folder, language: tag)["fruit.cherry"], "Körsbär", tag)
        }
        XCTAssertEqual(try LocalizationTable.load(path: folder, language: "en-GB")["fruit.apple"], "Apple")
    }

    func testNoFallbackToBaseOrEnglish() throws {
        let folder = examplesURL.appendingPathComponent("Localizable").path
        let error = extractionError { try LocalizationTable.load(path: folder, language: "de") }
        XCTAssertEqual(error?.message, "\(folder): no de.lproj folder for language de (found en.lproj, sv.lproj)")

        try write("App/Base.lproj/Localizable.strings", "\"k\" = \"base\";")
        try write("App/en.lproj/Localizable.strings", "\"k\" = \"english\";")
        XCTAssertNotNil(extractionError { try LocalizationTable.load(path: self.dir.appendingPathComponent("App").path, language: "fr") })
        XCTAssertNotNil(extractionError { try LocalizationTable.load(path: self.dir.appendingPathComponent("App").path, language: "base") })
    }

    func testRegionAndScriptVariants() throws {
        try write("R/sv_FI.lproj/Localizable.strings", "\"k\" = \"finland\";")
        try write("R/sv_AX.lproj/Localizable.strings", "\"k\" = \"åland\";")
        try write("R/sv_SE.lproj/Localizable.strings", "\"k\" = \"sverige\";")
        try write("R/zh-Hans.lproj/Localizable.strings", "\"k\" = \"简体\";")
        let root = dir.appendingPathComponent("R").path
        XCTAssertEqual(try LocalizationTable.load(path: root, language: "sv")["k"], "sverige")  // the likely region first
        XCTAssertEqual(try LocalizationTable.load(path: root, language: "sv-FI")["k"], "finland")
        XCTAssertEqual(try LocalizationTable.load(path: root, language: "zh-Hans-CN")["k"], "简体")
        XCTAssertNotNil(extractionError { try LocalizationTable.load(path: root, language: "zh-Hant") })
    }

    func testSeveralTablesInOneLprojAndAnLprojPath() throws {
        try write("M/sv.lproj/Localizable.strings", "\"a\" = \"från Localizable\";")
        try write("M/sv.lproj/InfoPlist.strings", "\"a\" = \"från InfoPlist\";\n\"CFBundleName\" = \"Ordbok\";")
        let table = try LocalizationTable.load(path: dir.appendingPathComponent("M").path, language: "sv")
        XCTAssertEqual(table["a"], "från Localizable")
        XCTAssertEqual(table["CFBundleName"], "Ordbok")
        XCTAssertEqual(table.count, 2)
        let direct = try LocalizationTable.load(path: dir.appendingPathComponent("M/sv.lproj").path, language: "xx")
        XCTAssertEqual(direct.count, 2)
        XCTAssertEqual(direct.language, "sv")
    }

    func testSingleStringsFileInUTF16AndAsAPropertyList() throws {
        let text = "/* UTF-16 */\n\"k\" = \"värde\";\n"
        let utf16 = try write("u16.strings", data: Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        XCTAssertEqual(try LocalizationTable.load(path: utf16, language: "sv")["k"], "värde")
        let plist = try PropertyListSerialization.data(fromPropertyList: ["k": "binär"], format: .binary, options: 0)
        let binary = try write("bin.strings", data: plist)
        XCTAssertEqual(try LocalizationTable.load(path: binary, language: "sv")["k"], "binär")
    }

    func testStringCatalog() throws {
        let path = try write("Localizable.xcstrings", XCStringsTests.catalog)
        let sv = try LocalizationTable.load(path: path, language: "sv")
        XCTAssertEqual(sv.values, ["apple": "Äpple", "%lld berries": "%lld bär (flera)"])
        let en = try LocalizationTable.load(path: path, language: "en")
        XCTAssertEqual(en.values, ["apple": "Apple", "%lld berries": "%lld berries", "Cloudberry": "Cloudberry", "pear": "Pear"])
        // A folder holding only a catalog is read through it.
        XCTAssertEqual(try LocalizationTable.load(path: dir.path, language: "sv")["apple"], "Äpple")
    }

    func testErrorsNameTheFileAndLine() throws {
        let missing = dir.appendingPathComponent("nope.strings").path
        XCTAssertEqual(extractionError { try LocalizationTable.load(path: missing, language: "sv") }?.message, "\(missing): no such file or folder")
        let broken = try write("B/sv.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";\n")
        let error = extractionError { try LocalizationTable.load(path: self.dir.appendingPathComponent("B").path, language: "sv") }
        XCTAssertEqual(error?.message, "\(broken):2: expected ';' after the value of \"c\", found \"\"e\" = \"f\";\"")
        XCTAssertEqual(error?.line, 2)
        let latin1 = try write("l1.strings", data: Data(Array("\"k\" = \"".utf8) + [0xF6] + Array("\";".utf8)))
        XCTAssertTrue(extractionError { try LocalizationTable.load(path: latin1, language: "sv") }?.message.hasPrefix("\(latin1):1: not UTF-8") ?? false)
        let catalog = try write("bad.xcstrings", "{\n\"strings\": {\n\"a\": }\n}")
        XCTAssertEqual(extractionError { try LocalizationTable.load(path: catalog, language: "sv") }?.message, "\(catalog):3:6: expected a value, found '}'")
        let other = try write("table.txt", "x")
        XCTAssertNotNil(extractionError { try LocalizationTable.load(path: other, language: "sv") })
    }
}

final class LanguageMatchTests: XCTestCase {
    func testOrder() {
        XCTAssertEqual(LanguageMatch.best("sv", among: ["sv-FI", "sv_SE", "sv", "en"]), "sv")
        XCTAssertEqual(LanguageMatch.best("sv", among: ["sv-FI", "sv_SE", "en"]), "sv_SE")
        XCTAssertEqual(LanguageMatch.best("sv", among: ["sv-FI", "sv-AX"]), "sv-AX")
        XCTAssertEqual(LanguageMatch.best("sv-SE", among: ["sv", "sv-FI"]), "sv")
        XCTAssertEqual(LanguageMatch.best("pt", among: ["pt-PT", "pt-BR"]), "pt-BR")
        XCTAssertEqual(LanguageMatch.best("zh-Hant-TW", among: ["zh-Hans", "zh-Hant"]), "zh-Hant")
        XCTAssertNil(LanguageMatch.best("zh-Hant", among: ["zh-Hans"]))
        XCTAssertNil(LanguageMatch.best("de", among: ["Base", "en"]))
        XCTAssertNil(LanguageMatch.best("", among: ["en"]))
    }
}
