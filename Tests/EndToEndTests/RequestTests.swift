import JSONRPC
import ThumbIndexJSON
import XCTest

/// Every custom request and the documentSymbol groupings, through the real binary.
final class RequestTests: XCTestCase {
    var server: ServerProcess!

    override func setUpWithError() throws {
        server = try ServerProcess()
        try server.initialize(locale: "en_US")
    }

    override func tearDownWithError() throws {
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }

    func testIndexTitles() throws {
        let korean = try server.result("thumbindex/indexTitles", ["locale": "ko_KO"])
        XCTAssertEqual(korean["locale"], "ko-KO")
        XCTAssertEqual(korean["sectionTitles"]?.arrayValue?.count, 41)
        XCTAssertEqual(korean["sectionTitles"]?[26], "ㄱ")
        let condensed = try server.result("thumbindex/indexTitles", ["locale": "sv", "includeSearch": true, "maxIndexTitles": 10])
        let titles = condensed["sectionIndexTitles"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertEqual(titles.first, "{search}")
        XCTAssertLessThanOrEqual(titles.count, 10)
        XCTAssertTrue(titles.contains("•"))
        XCTAssertEqual(try server.result("thumbindex/indexTitles", ["locale": "en", "style": "icu"])["sectionTitles"]?[0], "…")
        XCTAssertEqual(try server.errorCode("thumbindex/indexTitles", ["locale": "xx"]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/indexTitles", ["style": "fancy"]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/indexTitles", ["maxIndexTitles": 0]), -32602)
    }

    func testSectionFor() throws {
        let result = try server.result("thumbindex/sectionFor", ["strings": ["Östen", "Anna", "42", ""], "locale": "sv_SE"])
        XCTAssertEqual(result["sections"], [28, 0, 29, 29])
        XCTAssertEqual(try server.errorCode("thumbindex/sectionFor", ["strings": [1, 2]]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/sectionFor", [:]), -32602)
    }

    func testSort() throws {
        let result = try server.result("thumbindex/sort", [
            "items": ["Zorn", ["label": "Östen", "data": ["id": 7]], ["label": "Ärla", "sortText": "Arla"], "Åsa"], "locale": "sv",
        ])
        XCTAssertEqual(result["order"], [2, 0, 3, 1])
        XCTAssertEqual(result["items"]?[0], ["label": "Ärla", "sortText": "Arla"])
        XCTAssertEqual(result["items"]?[3], ["label": "Östen", "data": ["id": 7]], "items come back as given")
        XCTAssertEqual(try server.errorCode("thumbindex/sort", ["items": [["sortText": "x"]]]), -32602)
    }

    func testPartitionFollowsTheSeedJumpTable() throws {
        let result = try server.result("thumbindex/partition", ["items": ["Zappa, Frank", "Brown, James", "Dylan, Bob"], "includeSearch": true])
        XCTAssertEqual(result["sections"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["B", "D", "Z"])
        XCTAssertEqual(result["sections"]?[1]?["titleIndex"], 3)
        let targets = try XCTUnwrap(result["indexTargets"]?.arrayValue)
        let titles = try XCTUnwrap(result["sectionIndexTitles"]?.arrayValue?.compactMap(\.stringValue))
        let byTitle = Dictionary(uniqueKeysWithValues: zip(titles, targets))
        XCTAssertEqual(byTitle["{search}"], -1)
        XCTAssertEqual(byTitle["A"], 0)
        XCTAssertEqual(byTitle["C"], 0)
        XCTAssertEqual(byTitle["D"], 1)
        XCTAssertEqual(byTitle["Y"], 1)
        XCTAssertEqual(byTitle["Z"], 2)
        XCTAssertEqual(byTitle["#"], 2)
        let empty = try server.result("thumbindex/partition", ["items": []])
        XCTAssertEqual(empty["indexTargets"]?[0], .null)
    }

    func testSectionsEntriesAndJumpOnADocument() throws {
        let names = (0 ..< 500).map { i in ["Brown", "Dylan", "Zappa"][i % 3] + " \(i)" }
        try server.open("file:///people.txt", names.joined(separator: "\n"))
        let doc: JSON = ["uri": "file:///people.txt"]
        let meta = try server.result("thumbindex/sections", ["textDocument": doc])
        XCTAssertEqual(meta["totalCount"], 500)
        XCTAssertEqual(meta["version"], 1)
        let sections = try XCTUnwrap(meta["sections"]?.arrayValue)
        XCTAssertEqual(sections.compactMap { $0["title"]?.stringValue }, ["B", "D", "Z"])
        XCTAssertEqual(sections.compactMap { $0["count"]?.intValue }, [167, 167, 166])
        XCTAssertEqual(sections.compactMap { $0["offset"]?.intValue }, [0, 167, 334])
        // Pages of every awkward size cover the list exactly once, in order.
        for pageSize in [1, 2, 3, 7, 200] {
            var seen: [String] = []
            var offset = 0
            while offset < 500 {
                let page = try server.result("thumbindex/entries", ["textDocument": doc, "offset": .int(Int64(offset)), "limit": .int(Int64(pageSize))])
                let entries = try XCTUnwrap(page["entries"]?.arrayValue)
                XCTAssertEqual(page["offset"]?.intValue, offset)
                for (j, entry) in entries.enumerated() {
                    let section = try XCTUnwrap(entry["section"]?.intValue)
                    let start = sections[section]["offset"]!.intValue!, count = sections[section]["count"]!.intValue!
                    XCTAssertTrue((start ..< start + count).contains(offset + j), "entry \(offset + j) in section \(section)")
                }
                seen += entries.compactMap { $0["name"]?.stringValue }
                offset += pageSize
            }
            XCTAssertEqual(seen.count, 500)
            XCTAssertEqual(Set(seen).count, 500)
            XCTAssertEqual(seen.first, "Brown 0")
            XCTAssertEqual(seen.last, "Zappa 98")
        }
        let beyond = try server.result("thumbindex/entries", ["textDocument": doc, "offset": 10_000, "limit": 5])
        XCTAssertEqual(beyond["entries"], [])
        // Jumps: C → B's first entry, Q → D, # → Z, by title and by index.
        let c = try server.result("thumbindex/jump", ["textDocument": doc, "indexTitle": "C"])
        XCTAssertEqual(c["title"], "B")
        XCTAssertEqual(c["offset"], 0)
        XCTAssertEqual(c["location"]?["range"]?["start"]?["line"], 0)
        XCTAssertEqual(try server.result("thumbindex/jump", ["textDocument": doc, "indexTitle": "Q"])["title"], "D")
        let hash = try server.result("thumbindex/jump", ["textDocument": doc, "index": 26])
        XCTAssertEqual(hash["title"], "Z")
        XCTAssertEqual(hash["section"], 2)
        XCTAssertEqual(hash["offset"], 334)
        let search = try server.result("thumbindex/jump", ["textDocument": doc, "index": 0, "includeSearch": true])
        XCTAssertEqual(search, ["search": true])
        XCTAssertEqual(try server.errorCode("thumbindex/jump", ["textDocument": doc, "indexTitle": "Å"]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/jump", ["textDocument": doc, "index": 27]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/jump", ["textDocument": doc]), -32602)
        XCTAssertEqual(try server.errorCode("thumbindex/jump", ["textDocument": doc, "indexTitle": "•", "maxIndexTitles": 9]), -32602)
        XCTAssertEqual(try server.result("thumbindex/jump", ["textDocument": doc, "index": 3, "maxIndexTitles": 9])["title"], "D",
                       "the second bullet of A • G • N … stands for H–M (J), which jumps back to D")
        try server.open("file:///empty.txt", "\n\n")
        XCTAssertEqual(try server.result("thumbindex/jump", ["textDocument": ["uri": "file:///empty.txt"], "indexTitle": "A"]), .null)
    }

    func testPerRequestLocaleOverridesTheSession() throws {
        try server.open("file:///sv.txt", "Örjan\nOlle\n")
        let doc: JSON = ["uri": "file:///sv.txt"]
        let english = try server.result("thumbindex/sections", ["textDocument": doc])
        XCTAssertEqual(english["sections"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["O"])
        let swedish = try server.result("thumbindex/sections", ["textDocument": doc, "locale": "sv_SE"])
        XCTAssertEqual(swedish["sections"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["O", "Ö"])
    }

    func testDocumentSymbolGroupings() throws {
        try server.open("file:///notes.md", "# Zoo\n## Apes\n## Bears\n# Aquarium\n", language: "markdown")
        let doc: JSON = ["textDocument": ["uri": "file:///notes.md"]]
        let sections = try server.result("textDocument/documentSymbol", doc)
        XCTAssertEqual(sections.arrayValue?.compactMap { $0["name"]?.stringValue }, ["A", "B", "Z"])
        XCTAssertEqual(sections[0]?["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["Apes", "Aquarium"])
        for symbol in sections.arrayValue ?? [] { assertValidDocumentSymbol(symbol) }
        try server.notify("workspace/didChangeConfiguration", ["settings": ["thumbindex": ["outline": ["grouping": "sorted"]]]])
        let sorted = try server.result("textDocument/documentSymbol", doc)
        XCTAssertEqual(sorted.arrayValue?.compactMap { $0["name"]?.stringValue }, ["Apes", "Aquarium", "Bears", "Zoo"])
        try server.notify("workspace/didChangeConfiguration", ["settings": ["thumbindex.outline.grouping": "document"]])
        let nested = try server.result("textDocument/documentSymbol", doc)
        XCTAssertEqual(nested.arrayValue?.compactMap { $0["name"]?.stringValue }, ["Zoo", "Aquarium"])
        XCTAssertEqual(nested[0]?["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["Apes", "Bears"])
        for symbol in nested.arrayValue ?? [] { assertValidDocumentSymbol(symbol) }
        try server.notify("workspace/didChangeConfiguration", ["settings": ["thumbindex": ["outline": ["grouping": "alphabetical"]]]])
        XCTAssertTrue(try server.logMessage(containing: "grouping").contains("alphabetical"))
    }

    func testLargeOutlinesAreWrittenInPartsThatJoinUp() throws {
        // 30k entries: the server writes the sections on both cores; the halves must join seamlessly.
        let names = (0 ..< 30_000).map { i in ["Örjan", "Anna", "Zoltan", "Bo", "Åke", "Émile", "42nd", "Ödön"][i % 8] + " \(i)" }
        try server.open("file:///big.txt", names.joined(separator: "\n"))
        let doc: JSON = ["textDocument": ["uri": "file:///big.txt"]]
        let sections = try XCTUnwrap(try server.result("textDocument/documentSymbol", doc).arrayValue)
        XCTAssertEqual(sections.compactMap { $0["name"]?.stringValue }, ["A", "B", "E", "O", "Z", "#"])
        let children = sections.flatMap { $0["children"]?.arrayValue ?? [] }
        XCTAssertEqual(children.count, 30_000)
        XCTAssertEqual(Set(children.compactMap { $0["name"]?.stringValue }).count, 30_000)
        try server.notify("workspace/didChangeConfiguration", ["settings": ["thumbindex.outline.grouping": "sorted"]])
        let sorted = try XCTUnwrap(try server.result("textDocument/documentSymbol", doc).arrayValue)
        let sortedNames = sorted.compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(sortedNames.count, 30_000)
        // Plain collation order: digits first, where the sectioned order puts them last under #.
        XCTAssertTrue(sortedNames.prefix(3750).allSatisfy { $0.hasPrefix("42nd") })
        let stateless = try server.result("thumbindex/sort", ["items": .array(names.map(JSON.string))])
        XCTAssertEqual(sortedNames, stateless["items"]?.arrayValue?.compactMap(\.stringValue))
    }

    func testEditorLanguageIdsForPlainText() throws {
        try server.open("file:///n.txt", "b\na\n", language: "text")
        XCTAssertEqual(try server.entryNames("file:///n.txt"), ["a", "b"])
        try server.open("file:///u.xyz", "b\na\n", language: "klingon")
        XCTAssertEqual(try server.entryNames("file:///u.xyz"), [])
        XCTAssertTrue(try server.logMessage(containing: "no entries for languageId klingon").contains("file:///u.xyz"))
    }

    func testFormatSettings() throws {
        try server.open("file:///t.csv", "city,country\nOslo,Norway\nBern,Switzerland\n", language: "csv")
        XCTAssertEqual(try server.entryNames("file:///t.csv"), ["Bern", "Oslo"])
        try server.notify("workspace/didChangeConfiguration", ["settings": ["thumbindex": ["csv": ["column": "country"]]]])
        XCTAssertEqual(try server.entryNames("file:///t.csv"), ["Norway", "Switzerland"])
        let card = "BEGIN:VCARD\nVERSION:3.0\nFN:Zoe Adams\nN:Adams;Zoe;;;\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:Anna Young\nN:Young;Anna;;;\nEND:VCARD\n"
        try server.open("file:///c.vcf", card, language: "vcard")
        XCTAssertEqual(try server.entryNames("file:///c.vcf"), ["Zoe Adams", "Anna Young"], "family name first")
        try server.notify("workspace/didChangeConfiguration", ["settings": ["thumbindex.vcard.familyNameFirst": false]])
        XCTAssertEqual(try server.entryNames("file:///c.vcf"), ["Anna Young", "Zoe Adams"])
    }

    func testWorkspaceSymbolIsCollationAware() throws {
        try server.open("file:///a.txt", "Östen\nOscar\nÖrjan Svensson\nanna\n")
        try server.open("file:///b.md", "# Ostrich\n# getOstrichCount\n", language: "markdown")
        let german = try server.result("workspace/symbol", ["query": "ost", "locale": "de"])
        XCTAssertEqual(german.arrayValue?.compactMap { $0["name"]?.stringValue }, ["getOstrichCount", "Östen", "Ostrich"])
        let swedish = try server.result("workspace/symbol", ["query": "ost", "locale": "sv"])
        XCTAssertEqual(swedish.arrayValue?.compactMap { $0["name"]?.stringValue }, ["getOstrichCount", "Ostrich"])
        let surname = try server.result("workspace/symbol", ["query": "svens"])
        XCTAssertEqual(surname.arrayValue?.compactMap { $0["location"]?["uri"]?.stringValue }, ["file:///a.txt"])
        XCTAssertEqual(try server.result("workspace/symbol", ["query": ""]).arrayValue?.count, 6)
        // Queries longer than the index keeps of each word are checked in full.
        try server.open("file:///long.txt", "The International Organization for Standardization Technical Committee\n")
        let long = try server.result("workspace/symbol", ["query": "organisation for standardization technical committee"])
        XCTAssertEqual(long.arrayValue?.count, 0, "organisation ≠ organization")
        let exact = try server.result("workspace/symbol", ["query": "ORGANIZATION for Standardization Technical Committee"])
        XCTAssertEqual(exact.arrayValue?.count, 1)
        let wrongEnd = try server.result("workspace/symbol", ["query": "organization for standardization technical committeX"])
        XCTAssertEqual(wrongEnd.arrayValue?.count, 0)
    }

    func assertValidDocumentSymbol(_ symbol: JSON, file: StaticString = #filePath, line: UInt = #line) {
        func position(_ p: JSON?) -> (Int, Int) { (p?["line"]?.intValue ?? -1, p?["character"]?.intValue ?? -1) }
        let range = symbol["range"], selection = symbol["selectionRange"]
        XCTAssertTrue(position(range?["start"]) <= position(selection?["start"]), "selectionRange inside range", file: file, line: line)
        XCTAssertTrue(position(selection?["end"]) <= position(range?["end"]), "selectionRange inside range", file: file, line: line)
        XCTAssertNotNil(symbol["name"]?.stringValue, file: file, line: line)
        XCTAssertNotNil(symbol["kind"]?.intValue, file: file, line: line)
        for child in symbol["children"]?.arrayValue ?? [] { assertValidDocumentSymbol(child, file: file, line: line) }
    }
}
