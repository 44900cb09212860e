import Collation
import Entries
import Outlines
import XCTest

/// The edits a nested format's index must not follow key by key (the whole read decides them), each checked against
/// a fresh open of the same text.
final class TreeIndexTests: XCTestCase {
    private func check(_ languageId: String, _ text: String, edit line: Int, to new: String, followed: Bool,
                       file: StaticString = #filePath, lineNumber: UInt = #line) throws -> [String] {
        let collation = try IndexedCollation(locale: "en_US")
        let extract: @Sendable (TextDocument) -> [Entry] = { EntrySource().entries(of: $0, settings: ExtractionSettings(), collation: collation).entries }
        var document = TextDocument(uri: "file:///t", languageId: languageId, version: 1, text: text)
        let tree = TreeFormat(languageId: languageId, options: ExtractionOptions(language: "en", fileName: "t"))
        let index = try OutlineIndex.make(document, collation: collation, format: .tree, tree: tree, extract: extract)
        XCTAssertEqual(index.format, .tree, file: file, line: lineNumber)
        let old = document.lineRange(line)
        let range = EncodedRange(start: EncodedPosition(line: line, character: 0), end: EncodedPosition(line: line, character: old.count))
        let edit = try document.apply([ContentChange(range: range, text: new)], version: 2, encoding: .utf8)
        XCTAssertEqual(index.update(to: document, edit: edit), followed, "followed", file: file, line: lineNumber)
        let fresh = try SectionedOutline(outline: DocumentOutline(version: 2, roots: extract(document)), collation: collation)
        let current = followed ? index : try OutlineIndex.make(document, collation: collation, format: .tree, tree: tree, extract: extract)
        let names = current.page(offset: 0, limit: 100, in: document).map(\.entry.name)
        XCTAssertEqual(names, fresh.page(offset: 0, limit: 100).map(\.entry.name), file: file, line: lineNumber)
        return names
    }

    /// The index keeps a JSON member's key and detail as the text's bytes where they are its strings, and decoded
    /// where they are not: every entry as the extractor makes it (name, detail, kind, ranges), in every section.
    func testTheIndexKeepsTheExtractorsJSONEntries() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let extract: @Sendable (TextDocument) -> [Entry] = { EntrySource().entries(of: $0, settings: ExtractionSettings(), collation: collation).entries }
        let long = String(repeating: "ö", count: 81)
        let text = #"""
            {
              "Åsa": "Hello, Åsa", "a\"b": "c\nd", "long": "\#(long)", "n": -12.5e3,
              "\u00e9": "p\#u{2028}q", "t": true, "z": null, "x": {"y": [1, {"k": "v"}]}
            }
            """#
        let document = TextDocument(uri: "file:///t.json", languageId: "json", version: 1, text: text)
        let tree = TreeFormat(languageId: "json", options: ExtractionOptions(language: "sv", fileName: "t.json"))
        let index = try OutlineIndex.make(document, collation: collation, format: .tree, tree: tree, extract: extract)
        let fresh = try SectionedOutline(outline: DocumentOutline(version: 1, roots: extract(document)), collation: collation)
        func flat(_ entry: Entry) -> Entry { var entry = entry; entry.children = []; return entry }
        let kept = index.page(offset: 0, limit: 100, in: document).map { flat($0.entry) }
        XCTAssertEqual(kept.count, 11)
        XCTAssertEqual(kept, fresh.page(offset: 0, limit: 100).map { flat($0.entry) })
        XCTAssertEqual(kept.first { $0.name == "a\"b" }?.detail, "c d")
        XCTAssertEqual(kept.first { $0.name == "é" }?.detail, "p q")
        XCTAssertEqual(kept.first { $0.name == "long" }?.detail, String(repeating: "ö", count: 79) + "…")
    }

    /// A document read on two cores (its later half packed apart, then appended) is indexed as one read on one.
    func testALargeJSONDocumentIsIndexedAsTheExtractorReadsIt() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let extract: @Sendable (TextDocument) -> [Entry] = { EntrySource().entries(of: $0, settings: ExtractionSettings(), collation: collation).entries }
        let items = (0 ..< 20_000).map { #"{"Ö\#($0 % 11)": \#($0), "list": [{"x": "\#($0)"}]}"# }
        let document = TextDocument(uri: "file:///t.json", languageId: "json", version: 1, text: "[" + items.joined(separator: ",\n") + "]")
        let tree = TreeFormat(languageId: "json", options: ExtractionOptions(language: "sv", fileName: "t.json"))
        let index = try OutlineIndex.make(document, collation: collation, format: .tree, tree: tree, extract: extract)
        let fresh = try SectionedOutline(outline: DocumentOutline(version: 1, roots: extract(document)), collation: collation)
        func flat(_ entry: Entry) -> Entry { var entry = entry; entry.children = []; return entry }
        XCTAssertEqual(index.count, 100_000)
        for offset in [0, 33_333, 99_950] {
            XCTAssertEqual(index.page(offset: offset, limit: 50, in: document).map { flat($0.entry) },
                           fresh.page(offset: offset, limit: 50).map { flat($0.entry) }, "offset \(offset)")
        }
    }

    func testAYAMLKeyFollowsItsEdit() throws {
        XCTAssertEqual(try check("yaml", "a: 1\nb:\n  c: 2\nd: 3\n", edit: 2, to: "  e: 2", followed: true), ["a", "b", "d", "e"])
    }

    func testAYAMLDocumentOpenedByItsMarkerIsFollowed() throws {
        XCTAssertEqual(try check("yaml", "# settings\n---\na: 1\nb:\n  c: 2\nd: 3\n", edit: 4, to: "  e: 2", followed: true), ["a", "b", "d", "e"])
        // A second document is not.
        XCTAssertEqual(try check("yaml", "---\na: 1\nb: 2\nc: 3\n", edit: 3, to: "---", followed: false), ["a", "b"])
    }

    func testAYAMLKeyRepeatingOneOutsideTheWindowIsReadWhole() throws {
        // A repeated key is an error for the whole read: no entries.
        XCTAssertEqual(try check("yaml", "a: 1\nb: 2\nc: 3\nd: 4\n", edit: 3, to: "a: 4", followed: false), [])
    }

    func testAnchorsAliasesAndDocumentMarkersAreReadWhole() throws {
        XCTAssertEqual(try check("yaml", "a: 1\nb: 2\nc: 3\n", edit: 2, to: "c: *x", followed: false), [])
        XCTAssertEqual(try check("yaml", "a: 1\nb: 2\nc: 3\n", edit: 1, to: "---", followed: false), ["a", "c"])
        XCTAssertEqual(try check("yaml", "a: 1\nb: 2\nc: 3\n", edit: 1, to: "b: \"open", followed: false), [])
    }

    func testJSONBracketsAreFollowedInsideTheContainerAroundThem() throws {
        // The closing bracket of "a" edited: read again inside the top-level object, whose brackets are untouched.
        XCTAssertEqual(try check("json", "{\n  \"a\": {\n    \"b\": 1\n  },\n  \"c\": 2\n}\n", edit: 3, to: "  }, \"d\": 0,", followed: true),
                       ["a", "b", "c", "d"])
        // The top-level object's own bracket: read whole.
        XCTAssertEqual(try check("json", "{\n  \"a\": 1\n}\n", edit: 0, to: "{\"x\": 0,", followed: false), ["a", "x"])
        XCTAssertEqual(try check("json", "{\n  \"a\": {\n    \"b\": 1\n  },\n  \"c\": 2\n}\n", edit: 2, to: "    \"z\": 1", followed: true),
                       ["a", "c", "z"])
    }
}
