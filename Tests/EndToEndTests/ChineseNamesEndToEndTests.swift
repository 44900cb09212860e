import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

/// Chinese names through the binary: the CLI (`--names`) and the server (`thumbindex.names`, the `names` option of the
/// stateless requests) file 曾国藩 under Z (the surname Zēng) where ICU's reading puts him under C, and agree.
final class ChineseNamesEndToEndTests: XCTestCase {
    static let names = "曾国藩\n单雄信\n解缙\n张三\n查良镛\n欧阳修\nZhao Si\n"

    func testTheCLIReadsLinesAsNamesOnlyWhenAsked() throws {
        let (code, out, err) = try Binary.run(["sort", "--locale", "zh", "--sections", "--names", "on"], stdin: Self.names)
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "== O ==\n欧阳修\n== S ==\n单雄信\n== X ==\n解缙\n== Z ==\n曾国藩\n查良镛\n张三\nZhao Si\n")
        let (_, plain, _) = try Binary.run(["sort", "--locale", "zh", "--sections"], stdin: Self.names)
        XCTAssertTrue(plain.hasPrefix("== C ==\n曾国藩\n查良镛\n== D ==\n单雄信\n== J ==\n解缙\n"), plain)
    }

    func testTheServerAgreesWithTheCLI() throws {
        let server = try ServerProcess()
        _ = try server.initialize(locale: "zh", options: ["thumbindex": ["names": "on"]])
        try server.open("file:///names.txt", Self.names)
        let (_, cli, _) = try Binary.run(["sort", "--locale", "zh", "--names", "on"], stdin: Self.names)
        let order = cli.split(separator: "\n").map(String.init)
        XCTAssertEqual(try server.entryNames("file:///names.txt"), order)
        // The stateless requests take names per request; without it, ICU's reading.
        let sorted = try server.result("thumbindex/sort", ["items": .array(Self.names.split(separator: "\n").map { .string(String($0)) }), "names": true])
        XCTAssertEqual(sorted["items"]?.arrayValue?.compactMap(\.stringValue), order)
        let sections = try server.result("thumbindex/sectionFor", ["strings": ["曾国藩", "曾经"], "names": true])
        let titles = try server.result("thumbindex/indexTitles", [:])["sectionTitles"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertEqual(sections["sections"]?.arrayValue?.compactMap { $0.intValue.map { titles[$0] } }, ["Z", "Z"])
        let words = try server.result("thumbindex/sectionFor", ["strings": ["曾国藩", "曾经"]])
        XCTAssertEqual(words["sections"]?.arrayValue?.compactMap { $0.intValue.map { titles[$0] } }, ["C", "C"])
        let partition = try server.result("thumbindex/partition", ["items": ["曾国藩", "曾经"], "names": true])
        XCTAssertEqual(partition["sections"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["Z"])
    }

    func testAContactsTableIsReadAsNamesByDefault() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-\(UUID()).csv")
        try "姓名,电话\n曾国藩,1\n曾经,2\n解缙,3\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (code, out, err) = try Binary.run(["outline", "--locale", "zh", file.path])
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0.prefix(1)) }, ["X", "Z"], out)
        let (_, off, _) = try Binary.run(["outline", "--locale", "zh", "--names", "off", file.path])
        XCTAssertEqual(off.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0.prefix(1)) }, ["C", "J"], off)
    }
}
