import Collation
import Entries
import XCTest
@testable import Outlines

/// A workspace index changed file by file equals one made fresh from the same files, after every change.
final class WorkspaceIndexTests: XCTestCase {
    static let seed: UInt64 = 0x0A11_F11E5
    static let names = ["Åsa", "Anna", "anna", "Östen", "Zoë", "Ärla", "Bo", "東京", "Ωmega", "123", "Émile", "Olle", "Ölund", "", "Z"]

    private func file(_ uri: String, _ count: Int, _ next: () -> Int) -> WorkspaceIndex.File {
        let entries = (0 ..< count).map { k -> Entry in
            let name = Self.names[next() % Self.names.count] + (next() % 3 == 0 ? " \(k)" : "")
            let range = TextRange(start: TextPosition(line: k, column: 0), end: TextPosition(line: k, column: 1))
            return Entry(name: name.isEmpty ? "x" : name, kind: .string, range: range)
        }
        let selection = EncodedRange(start: EncodedPosition(line: 0, character: 0), end: EncodedPosition(line: 0, character: 1))
        return WorkspaceIndex.File(uri: uri, entries: entries, ranges: Array(repeating: selection, count: count), selections: Array(repeating: selection, count: count))
    }

    /// The index as (uri, entry, section title) in sectioned order, and its sections.
    private func snapshot(_ index: WorkspaceIndex) -> (items: [String], sections: [String]) {
        let items = index.items(0 ..< index.count).map { "\(index.file(of: $0.item).uri)#\($0.item.entry)@\($0.section)" }
        return (items, index.sections.map { "\($0.titleIndex):\($0.count)@\($0.offset)" })
    }

    func testChangesFileByFileEqualAFreshIndex() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        var state = Self.seed
        let next = { () -> Int in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var index = WorkspaceIndex(collation: collation)
        var files: [String: WorkspaceIndex.File] = [:]
        for step in 0 ..< 300 {
            let uri = "file:///w/\(next() % 12).md"
            if next() % 4 == 0 {
                index.remove(uri: uri)
                files[uri] = nil
            } else {
                let made = file(uri, next() % 6, next)
                try index.set(made)
                files[uri] = made.count == 0 ? nil : made
            }
            let fresh = try WorkspaceIndex(collation: collation, files: Array(files.values))
            let (got, want) = (snapshot(index), snapshot(fresh))
            XCTAssertEqual(got.items, want.items, "seed \(Self.seed), step \(step)")
            XCTAssertEqual(got.sections, want.sections, "seed \(Self.seed), step \(step)")
            if got.items != want.items { return }
        }
        XCTAssertGreaterThan(index.count, 0)
    }

    func testPagesCrossSectionsInOrder() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let entry = { (name: String) in Entry(name: name, kind: .string, range: TextRange(start: TextPosition(line: 0, column: 0), end: TextPosition(line: 0, column: 1))) }
        let none = EncodedRange(start: EncodedPosition(line: 0, character: 0), end: EncodedPosition(line: 0, character: 0))
        let index = try WorkspaceIndex(collation: collation, files: [
            .init(uri: "file:///b.md", entries: ["Östen", "Anna"].map(entry), ranges: [none, none], selections: [none, none]),
            .init(uri: "file:///a.md", entries: ["Åsa", "Bo", "anna"].map(entry), ranges: [none, none, none], selections: [none, none, none]),
        ])
        let names = index.items(0 ..< 10).map { index.file(of: $0.item).name(Int($0.item.entry)) }
        XCTAssertEqual(names, ["anna", "Anna", "Bo", "Åsa", "Östen"])
        XCTAssertEqual(index.items(2 ..< 4).map { index.file(of: $0.item).name(Int($0.item.entry)) }, ["Bo", "Åsa"])
        XCTAssertEqual(index.sections.map { collation.sectionTitles[$0.titleIndex] }, ["A", "B", "Å", "Ö"])
    }

    /// A file keeps its entries' names and positions in small numbers; every position reads back as given, those that
    /// do not fit (a character past 65,535, a selection before its range, a line past 2^31) too.
    func testAFileGivesBackItsNamesAndPositions() {
        let at = { (line: Int, character: Int) in EncodedPosition(line: line, character: character) }
        let ranges = [EncodedRange(start: at(0, 0), end: at(3, 9)), EncodedRange(start: at(70_000, 2), end: at(70_000, 80_000)),
                      EncodedRange(start: at(5, 0), end: at(9, 0)), EncodedRange(start: at(1 << 20, 1), end: at((1 << 20) + 65_535, 7))]
        let selections = [EncodedRange(start: at(1, 4), end: at(1, 9)), EncodedRange(start: at(70_000, 2), end: at(70_000, 5)),
                          EncodedRange(start: at(4, 0), end: at(4, 3)), EncodedRange(start: at((1 << 20) + 2, 0), end: at((1 << 20) + 2, 65_535))]
        let names = ["Åsa", "", "東京 Tower", "x"]
        let entries = names.enumerated().map { Entry(name: $1, kind: .string, range: TextRange(start: TextPosition(line: $0, column: 0), end: TextPosition(line: $0, column: 1))) }
        let file = WorkspaceIndex.File(uri: "file:///w/a.md", entries: entries, ranges: ranges, selections: selections)
        XCTAssertEqual((0 ..< file.count).map(file.name), names)
        XCTAssertEqual((0 ..< file.count).map(file.range), ranges)
        XCTAssertEqual((0 ..< file.count).map(file.selection), selections)
        XCTAssertEqual((0 ..< file.names.count).map(file.names.string(at:)), names)
    }
}
