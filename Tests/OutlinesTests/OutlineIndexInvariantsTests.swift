import Collation
import Entries
import Foundation
import SeededRandom
@testable import Outlines
@testable import Server
import XCTest

/// `invariantViolations` finds each kind of broken bookkeeping (the equivalence test relies on it after every step).
final class OutlineIndexInvariantsTests: XCTestCase {
    private func index(_ text: String, languageId: String = "plaintext", format: OutlineIndex.Format = .lines) throws -> (OutlineIndex, TextDocument) {
        let document = TextDocument(uri: "file:///t", languageId: languageId, version: 1, text: text)
        let collation = try IndexedCollation(locale: "sv_SE")
        let index = try OutlineIndex.make(document, collation: collation, format: format) {
            EntrySource().entries(of: $0, settings: ExtractionSettings(), collation: collation).entries
        }
        return (index, document)
    }

    func testASoundIndexBreaksNothingAndAFollowedEditKeepsItSound() throws {
        var (index, document) = try index("Östen\nAnna\nZorn\nanna\nÅsa\n")
        XCTAssertEqual(index.invariantViolations(in: document), [])
        let edit = try document.apply([ContentChange(range: EncodedRange(start: EncodedPosition(line: 1, character: 0), end: EncodedPosition(line: 2, character: 0)),
                                                     text: "Bertil\nÄrla\n")], version: 2, encoding: .utf16)
        XCTAssertTrue(index.update(to: document, edit: edit))
        XCTAssertEqual(index.invariantViolations(in: document), [])
    }

    func testARunOutOfOrderIsFound() throws {
        let (index, document) = try index("Anna\nAlma\nAxel\n")
        let section = index.runs.firstIndex { $0.count == 3 }!
        index.runs[section].swapAt(0, 2)
        XCTAssertTrue(index.invariantViolations(in: document).contains { $0.contains("is not before") }, "\(index.invariantViolations(in: document))")
    }

    func testAnEntryInTheWrongSectionIsFound() throws {
        let (index, document) = try index("Anna\nZorn\n")
        let a = index.runs.firstIndex { !$0.isEmpty }!, z = index.runs.lastIndex { !$0.isEmpty }!
        let id = index.runs[z].removeFirst()
        index.runs[a].append(id)
        index.sectionOf[Int(id)] = UInt16(a)
        XCTAssertTrue(index.invariantViolations(in: document).contains { $0.contains("falls in") }, "\(index.invariantViolations(in: document))")
    }

    func testALineThatNamesTheWrongEntryIsFound() throws {
        let (index, document) = try index("Anna\nZorn\n")
        // Line 1 is said to hold the entry of line 0, whose own line still names it.
        let anna = index.places[0]
        index.places.put(anna, at: 1)
        XCTAssertTrue(index.invariantViolations(in: document).contains { $0.contains("names id") })
    }

    func testALostOrDoubledIdIsFound() throws {
        let (index, document) = try index("Anna\nZorn\nÅsa\n")
        let section = index.runs.firstIndex { !$0.isEmpty }!
        let id = index.runs[section].removeLast()
        XCTAssertTrue(index.invariantViolations(in: document).contains { $0.contains("in no run") })
        index.runs[section] += [id, id]
        XCTAssertFalse(index.invariantViolations(in: document).isEmpty)
        index.runs[section].removeLast()
        index.freeIDs.append(id)
        XCTAssertTrue(index.invariantViolations(in: document).contains { $0.contains("is live") })
    }
}

/// What is kept per entry (`EntryMemo`) is made again when the entry changes or moves, and only then.
final class EntryStampTests: XCTestCase {
    /// Each section's kept reply (`EntryMemo.joined`) as text, the values made (`value` of the entry) listed in `made`.
    private static func reply(
        _ index: OutlineIndex, _ document: TextDocument, _ made: inout [String], value: (Entry) -> String = \.name
    ) -> [String: String] {
        let view = index.view(document: document)
        var out: [String: String] = [:]
        for section in view.sections {
            let offsets = section.offset ..< section.offset + section.count
            let joined = view.memo.joined(section: section.titleIndex, changes: view.changes(ofSection: section.titleIndex),
                                          ids: { offsets.map(view.id(at:)) }, lastChange: view.lastChange(of:),
                                          stamp: { view.stamp(at: offsets.lowerBound + $0) }, variant: 0) { k in
                let name = value(view.entry(at: offsets.lowerBound + k))
                made.append(name)
                return Array(name.utf8)
            }
            out[section.title] = String(decoding: Array(joined.joined()), as: UTF8.self)
        }
        return out
    }

    private func index(_ text: String) throws -> (OutlineIndex, TextDocument) {
        let document = TextDocument(uri: "file:///t", languageId: "plaintext", version: 1, text: text)
        let index = try OutlineIndex.make(document, collation: try IndexedCollation(locale: "sv_SE"), format: .lines) { _ in [] }
        return (index, document)
    }

    /// Each entry's name and what its stamp says its value is made from (when it changed, where it is).
    private func stamps(_ index: OutlineIndex, _ document: TextDocument) -> [String: String] {
        let view = index.view(document: document)
        let offsets = 0 ..< index.count
        return Dictionary(uniqueKeysWithValues: offsets.map { offset in
            let stamp = view.stamp(at: offset)
            return (view.entry(at: offset).name, "made \(stamp.made) at \(stamp.position)")
        })
    }

    private func edit(_ document: inout TextDocument, line: Int, to text: String) throws -> LineEdit {
        let range = EncodedRange(start: EncodedPosition(line: line, character: 0), end: EncodedPosition(line: line + 1, character: 0))
        return try document.apply([ContentChange(range: range, text: text)], version: document.version + 1, encoding: .utf16)
    }

    // An edit reads the line before it and the line after it again too (`LineEdit`): blank lines keep the entries
    // around these edits out of their windows.

    func testAnEditChangesOnlyTheEntriesItReads() throws {
        var (index, document) = try index("Alma\n\nBo\n\nAnna\n")
        let before = stamps(index, document)
        let change = try edit(&document, line: 2, to: "Bertil\n")
        XCTAssertTrue(index.update(to: document, edit: change))
        let after = stamps(index, document)
        XCTAssertEqual(before["Alma"], after["Alma"])
        XCTAssertEqual(before["Anna"], after["Anna"])
        XCTAssertNotEqual(before["Bo"], after["Bertil"])
    }

    /// A section none of whose entries changed is handed out as it was kept; a changed section makes only its
    /// changed entries again and copies the others.
    func testAReplyMakesOnlyTheEntriesThatChanged() throws {
        var (index, document) = try index("Alma\n\nBo\n\nAnna\n\nBertil\n")
        func reply(_ made: inout [String]) -> [String: String] { Self.reply(index, document, &made) }
        var made: [String] = []
        let first = reply(&made)
        XCTAssertEqual(made.sorted(), ["Alma", "Anna", "Bertil", "Bo"])
        XCTAssertEqual(first, ["A": "Alma,Anna", "B": "Bertil,Bo"])
        made = []
        XCTAssertEqual(reply(&made), first)
        XCTAssertEqual(made, [], "nothing changed, nothing made")
        let change = try edit(&document, line: 2, to: "Bengt\n")
        XCTAssertTrue(index.update(to: document, edit: change))
        let second = reply(&made)
        XCTAssertEqual(made, ["Bengt"], "only the changed entry is made again")
        XCTAssertEqual(second, ["A": "Alma,Anna", "B": "Bengt,Bertil"])
    }

    /// An entry added between blank lines, and one whose line is emptied: no line moves and no entry is read again
    /// but those, yet the sections they are in are made again (the others are handed out as kept).
    func testASectionAnEntryJoinsOrLeavesIsMadeAgain() throws {
        var (index, document) = try index("Alma\n\n\n\nBo\n\n\n\nAnna\n")
        func reply(_ made: inout [String]) -> [String: String] { Self.reply(index, document, &made) }
        var made: [String] = []
        XCTAssertEqual(reply(&made), ["A": "Alma,Anna", "B": "Bo"])
        made = []
        let added = try edit(&document, line: 2, to: "Axel\n")
        XCTAssertTrue(index.update(to: document, edit: added))
        XCTAssertEqual(reply(&made), ["A": "Alma,Anna,Axel", "B": "Bo"])
        XCTAssertEqual(made, ["Axel"])
        made = []
        let emptied = try edit(&document, line: 8, to: "\n")
        XCTAssertTrue(index.update(to: document, edit: emptied))
        XCTAssertEqual(reply(&made), ["A": "Alma,Axel", "B": "Bo"])
        XCTAssertEqual(made, [])
    }

    /// A section of thousands of entries is kept in blocks: after each of many edits (entries changed, added,
    /// removed, lines added), the kept reply equals one made afresh, and an edit that moves nothing makes again only
    /// the entries it changed.
    func testKeptBlocksEqualAFreshReplyAfterEveryEdit() throws {
        let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0xB10C_5
        var random = SplitMix64(seed: seed)
        // About four blocks (a block ends after one entry in 8,192, by id).
        let names = (0 ..< 32_000).map { "Anna \(String($0 &* 7919 % 32_003, radix: 7))" }
        var (index, document) = try index(names.joined(separator: "\n") + "\n")
        func reply(_ made: inout Int) -> String {
            var names: [String] = []
            defer { made += names.count }
            return Self.reply(index, document, &names) { "\($0.name)@\($0.range.start.line)" }.sorted { $0.key < $1.key }.map(\.value).joined(separator: "|")
        }
        func fresh() -> String {
            let view = index.view(document: document)
            return view.sections.sorted { $0.title < $1.title }.map { section in
                (section.offset ..< section.offset + section.count).map {
                    let entry = view.entry(at: $0)
                    return "\(entry.name)@\(entry.range.start.line)"
                }.joined(separator: ",")
            }.joined(separator: "|")
        }
        var made = 0
        XCTAssertEqual(reply(&made), fresh())
        XCTAssertGreaterThan((0 ..< Int32(32_000)).filter(EntryMemo.endsBlock).count, 1)
        for step in 0 ..< 40 {
            let line = Int.random(in: 0 ..< document.lineCount - 1, using: &random)
            let text: String
            switch step % 4 {
            case 0: text = "Anna x\(step)\n"  // changed in place
            case 1: text = "\n"  // removed
            case 2: text = "Anna y\(step)\nAnna z\(step)\n"  // a line added: the entries below move
            default: text = "Anna \(String(line, radix: 7))\n"
            }
            let change = try edit(&document, line: line, to: text)
            XCTAssertTrue(index.update(to: document, edit: change))
            made = 0
            XCTAssertEqual(reply(&made), fresh(), "seed \(seed), step \(step)")
            // An edit within a line reads three lines again: a few entries made, not a section of 32,000.
            if step % 4 != 2 { XCTAssertLessThanOrEqual(made, 3, "seed \(seed), step \(step)") }
        }
    }

    /// What a reply joined again is counted (what the server gives back to the system after a large one): nothing
    /// when nothing changed, the changed section's block after an edit in place, every section's after a line added
    /// at the top (every entry moved); each count taken once.
    func testTheBytesJoinedAgainAreCounted() throws {
        let names = (0 ..< 3_000).map { "Anna \($0)\nBo \($0)\n" }.joined()
        var (index, document) = try index(names)
        var made: [String] = []
        // The commas between a section's blocks are not counted: a few.
        func aboutAll(_ reply: [String: String]) -> ClosedRange<Int> {
            let all = reply.values.reduce(0) { $0 + $1.utf8.count }
            return all - 16 ... all
        }
        let first = Self.reply(index, document, &made), total = first.values.reduce(0) { $0 + $1.utf8.count }
        XCTAssertTrue(aboutAll(first).contains(index.view(document: document).memo.takeBytesMade()))
        XCTAssertEqual(index.view(document: document).memo.takeBytesMade(), 0, "taken")
        _ = Self.reply(index, document, &made)
        XCTAssertEqual(index.view(document: document).memo.takeBytesMade(), 0, "nothing changed")
        // The edit first: an argument list reads `document` before the `edit(&document, …)` after it changes it.
        var change = try edit(&document, line: 10, to: "Bo x\n")
        XCTAssertTrue(index.update(to: document, edit: change))
        _ = Self.reply(index, document, &made)
        let inPlace = index.view(document: document).memo.takeBytesMade()
        XCTAssertGreaterThan(inPlace, 0)
        XCTAssertLessThan(inPlace, total, "one section's blocks")
        change = try edit(&document, line: 0, to: "Anna 0\nAnna y\n")
        XCTAssertTrue(index.update(to: document, edit: change))
        made = []
        let after = Self.reply(index, document, &made)
        XCTAssertTrue(aboutAll(after).contains(index.view(document: document).memo.takeBytesMade()), "every section made again")
        XCTAssertEqual(made.count, 6_001, "every entry moved: made again")
    }

    func testLinesAddedMoveTheEntriesBelowOnly() throws {
        var (index, document) = try index("Alma\n\nBo\n\nCe\n")
        let before = stamps(index, document)
        let change = try edit(&document, line: 2, to: "Bo\nBe\n")
        XCTAssertTrue(index.update(to: document, edit: change))
        let after = stamps(index, document)
        XCTAssertEqual(before["Alma"], after["Alma"], "above the edit")
        XCTAssertNotEqual(before["Ce"], after["Ce"], "moved a line down")
    }
}
