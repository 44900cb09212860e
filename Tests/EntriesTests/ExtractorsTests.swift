import XCTest
@testable import Entries

final class ExtractorsTests: XCTestCase {
    func testLanguageIdForPath() {
        let expected: [String: String?] = [
            "/home/a/Contacts.VCF": "vcard", "notes.md": "markdown", "README.markdown": "markdown",
            "words.txt": "plaintext", "cities.csv": "csv", "table.tsv": "tsv",
            "en.lproj/Localizable.strings": "strings", "Localizable.xcstrings": "xcstrings",
            "package.json": "json", "ci.yaml": "yaml", ".github/workflows/ci.yml": "yaml",
            "Sources/App/main.swift": "swift", "lib.c": "c", "lib.h": "c", "lib.cpp": "cpp", "lib.hpp": "cpp",
            "tool.py": "python", "main.go": "go", "lib.rs": "rust", "app.js": "javascript", "app.ts": "typescript",
            "Main.java": "java", "Rakefile.rb": "ruby", "init.lua": "lua", "build.sh": "sh",
            "Makefile": nil, ".bashrc": nil, "archive.tar.gz": nil, "noextension": nil, "trailingdot.": nil,
        ]
        for (path, id) in expected {
            XCTAssertEqual(Extractors.languageId(forPath: path), id, path)
        }
    }

    func testExtractorForLanguageId() {
        XCTAssertTrue(Extractors.extractor(forLanguageId: "markdown") is MarkdownExtractor)
        XCTAssertTrue(Extractors.extractor(forLanguageId: "Markdown") is MarkdownExtractor)
        XCTAssertTrue(Extractors.extractor(forLanguageId: "vcard") is VCardExtractor)
        XCTAssertTrue(Extractors.extractor(forLanguageId: "tsv") is TSVExtractor)
        let python = Extractors.extractor(forLanguageId: "python") as? CtagsExtractor
        XCTAssertEqual(python?.languageId, "python")
        XCTAssertNil(Extractors.extractor(forLanguageId: "klingon"))
    }

    func testUnknownLanguageIdThrowsReadableError() {
        let error = extractionError { try extract("klingon", "text") }
        XCTAssertEqual(error?.message, "no entries for languageId klingon")
        XCTAssertEqual(error.map { "\($0)" }, "no entries for languageId klingon")
        XCTAssertEqual(error?.localizedDescription, "no entries for languageId klingon")
    }

    func testEveryExtensionMapsToALanguageItsExtractorServes() {
        var seen = Set<String>()
        for type in Extractors.all {
            for id in type.languageIds {
                XCTAssertTrue(seen.insert(id).inserted, "languageId \(id) is served twice")
            }
            for ext in type.fileExtensions {
                let id = Extractors.languageId(forPath: "file." + ext)
                XCTAssertTrue(id.map(type.languageIds.contains) ?? false, "\(ext) → \(id ?? "nil")")
            }
        }
    }

    func testErrorMessagesNameFileAndLine() {
        XCTAssertEqual(ExtractionError(file: "a.strings", line: 3, "boom").message, "a.strings:3: boom")
        XCTAssertEqual(ExtractionError(file: nil, line: 3, "boom").message, "line 3: boom")
        XCTAssertEqual(ExtractionError(file: "a.strings", line: nil, "boom").message, "a.strings: boom")
        XCTAssertEqual(ExtractionError(file: nil, line: nil, "boom").message, "boom")
        XCTAssertEqual(ExtractionError(file: "a", line: 3, "boom").line, 3)
    }
}

/// What every extractor promises the server, checked on every example file.
final class ExampleInvariantTests: XCTestCase {
    func testSelectionInsideRangeAndChildrenInsideParents() throws {
        let files = ["contacts.vcf", "glossary.md", "svenska-ord.txt", "cities.csv", "Sample.swift",
                     "Localizable/en.lproj/Localizable.strings", "Localizable/sv.lproj/Localizable.strings"]
        for file in files {
            let id = try XCTUnwrap(Extractors.languageId(forPath: file), file)
            if id == "swift", CtagsRunner.locate(nil) == nil { continue }
            let entries = try extract(id, try example(file)).entries
            XCTAssertFalse(entries.isEmpty, file)
            func check(_ e: Entry, in parent: TextRange?) {
                XCTAssertTrue(e.range.start <= e.range.end, "\(file): \(e.name)")
                XCTAssertTrue(e.range.contains(e.selectionRange), "\(file): \(e.name) selection outside range")
                if let parent { XCTAssertTrue(parent.contains(e.range), "\(file): \(e.name) outside its parent") }
                XCTAssertFalse(e.name.isEmpty, file)
                for child in e.children { check(child, in: e.range) }
            }
            for e in entries { check(e, in: nil) }
        }
    }
}
