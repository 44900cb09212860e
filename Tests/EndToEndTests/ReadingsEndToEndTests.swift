import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

/// Japanese names in kanji through the binary: with MeCab under their kana rows, the CLI and the server agreeing;
/// with readings off, or MeCab missing (a library that cannot be loaded), in `#`, and then a message says why.
final class ReadingsEndToEndTests: XCTestCase {
    static let names = "近藤 英樹\n佐藤 健\n青木 拓真\n渡辺 謙\nAnna\n山田 花子\n中島 みゆき\n伊藤 博文\n斎藤 茂\n"
    static let missing = ["THUMBINDEX_MECAB_LIBRARY": "/nonexistent/libmecab.so.2", "PATH": "/usr/bin:/bin"]

    func requireMeCab() throws {
        let (_, out, err) = try Binary.run(["sort", "--locale", "ja_JP"], stdin: "近藤\n")
        try XCTSkipIf(err.contains("MeCab"), "MeCab is not installed: \(err)")
        XCTAssertEqual(out, "近藤\n")
    }

    func testTheCLIFilesKanjiNamesUnderTheirKanaRows() throws {
        try requireMeCab()
        let (code, out, err) = try Binary.run(["sort", "--locale", "ja_JP", "--sections"], stdin: Self.names)
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(err, "")
        XCTAssertEqual(out, """
        == A ==
        Anna
        == あ ==
        青木 拓真
        伊藤 博文
        == か ==
        近藤 英樹
        == さ ==
        斎藤 茂
        佐藤 健
        == な ==
        中島 みゆき
        == や ==
        山田 花子
        == わ ==
        渡辺 謙

        """)
        let (_, off, _) = try Binary.run(["sort", "--locale", "ja_JP", "--sections", "--readings", "off"], stdin: Self.names)
        XCTAssertTrue(off.hasPrefix("== A ==\nAnna\n== # ==\n"), off)
        XCTAssertEqual(off.split(separator: "\n").count, 11, "the eight names in kanji all in #: \(off)")
    }

    /// A vCard's N in kanji is read; its phonetic name is a reading of its own and wins (東海林 is read しょうじ by
    /// MeCab, but this card says とうかいりん).
    func testAVCardsPhoneticNameIsItsOwnReadingAndItsNIsReadOtherwise() throws {
        try requireMeCab()
        let cards = """
        BEGIN:VCARD\nVERSION:3.0\nFN:近藤 英樹\nN:近藤;英樹;;;\nEND:VCARD
        BEGIN:VCARD\nVERSION:3.0\nFN:東海林 さだお\nN:東海林;さだお;;;\nX-PHONETIC-LAST-NAME:とうかいりん\nEND:VCARD
        BEGIN:VCARD\nVERSION:3.0\nFN:東海林 太郎\nN:東海林;太郎;;;\nEND:VCARD

        """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID()).vcf")
        try cards.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (code, out, err) = try Binary.run(["outline", "--locale", "ja_JP", file.path])
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "か  1 entry\n     3    近藤 英樹\nさ  1 entry\n    14    東海林 太郎\nた  1 entry\n     8    東海林 さだお\n")
    }

    func testTheServersSectionsAndOutlineAgreeWithTheCLI() throws {
        try requireMeCab()
        let server = try ServerProcess()
        try server.initialize(locale: "ja_JP")
        try server.open("file:///names.txt", Self.names)
        let doc: JSON = ["textDocument": ["uri": "file:///names.txt"]]
        let sections = try server.result("thumbindex/sections", doc)
        XCTAssertEqual(sections["sections"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["A", "あ", "か", "さ", "な", "や", "わ"])
        let (_, cli, _) = try Binary.run(["sort", "--locale", "ja_JP"], stdin: Self.names)
        let cliOrder = cli.split(separator: "\n").map(String.init)
        XCTAssertEqual(try server.entryNames("file:///names.txt"), cliOrder)
        let symbols = try server.result("textDocument/documentSymbol", doc)
        XCTAssertEqual(symbols.arrayValue?.compactMap { $0["name"]?.stringValue }, ["A", "あ", "か", "さ", "な", "や", "わ"])
        XCTAssertEqual(symbols.arrayValue?.flatMap { $0["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? [] }, cliOrder)
        // The stateless requests read kanji the same way; an item's own sortText is its reading.
        let sorted = try server.result("thumbindex/sort", ["locale": "ja_JP", "items": ["渡辺 謙", ["label": "佐藤 健", "sortText": "ん"], "近藤 英樹", "Anna"]])
        XCTAssertEqual(sorted["order"]?.arrayValue?.compactMap(\.intValue), [3, 2, 0, 1], "Anna, こんどう, わたなべ, then ん")
        let section = try server.result("thumbindex/sectionFor", ["locale": "ja_JP", "strings": ["近藤 英樹"]])
        let titles = try server.result("thumbindex/indexTitles", ["locale": "ja_JP"])["sectionTitles"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertEqual(section["sections"]?.arrayValue?.compactMap(\.intValue).map { titles[Int($0)] }, ["か"])
        // Readings off: everything in kanji is in #, and nothing asks to install MeCab.
        try server.notify("workspace/didChangeConfiguration", ["settings": ["thumbindex.readings": "off"]])
        let off = try server.result("thumbindex/sections", doc)
        XCTAssertEqual(off["sections"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["A", "#"])
        XCTAssertFalse(server.notifications.contains { ($0.params?["message"]?.stringValue ?? "").contains("MeCab") })
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testWithoutMeCabKanjiGoToHashAndTheMessageSaysWhatToInstall() throws {
        let (code, out, err) = try Binary.run(["sort", "--locale", "ja_JP", "--sections"], stdin: Self.names, environment: Self.missing)
        XCTAssertEqual(code, 0)
        XCTAssertTrue(out.hasPrefix("== A ==\nAnna\n== # ==\n"), out)
        XCTAssertTrue(err.hasPrefix("thumbindex: warning: MeCab could not be loaded"), err)
        XCTAssertTrue(err.contains("install libmecab2 and mecab-ipadic-utf8"), err)
        XCTAssertTrue(err.contains("from THUMBINDEX_MECAB_LIBRARY=/nonexistent/libmecab.so.2 ("), "the variable that failed: \(err)")
        XCTAssertEqual(err.split(separator: "\n").count, 1, "one warning")

        let server = try ServerProcess(environment: Self.missing)
        try server.initialize(locale: "ja_JP")
        try server.open("file:///names.txt", Self.names)
        let sections = try server.result("thumbindex/sections", ["textDocument": ["uri": "file:///names.txt"]])
        XCTAssertEqual(sections["sections"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["A", "#"])
        let message = try server.logMessage(containing: "MeCab")
        XCTAssertTrue(message.contains("install libmecab2 and mecab-ipadic-utf8"), message)
        try server.open("file:///more.txt", "鈴木 一郎\n")
        _ = try server.result("thumbindex/sections", ["textDocument": ["uri": "file:///more.txt"]])
        XCTAssertEqual(server.notifications.filter { ($0.params?["message"]?.stringValue ?? "").contains("MeCab") }.count, 1, "once per session")
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
