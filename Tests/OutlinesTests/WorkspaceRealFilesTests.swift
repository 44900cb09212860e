import Collation
import Entries
import Foundation
import XCTest
@testable import Outlines

/// A workspace of files written by others (`Fixtures/workspace`: the Rust Edition Guide's chapters and real vCard
/// exports of phones, mail programs and RFCs; see `Fixtures/SOURCES.md`), read as one index and changed on disk.
final class WorkspaceRealFilesTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/workspace")

    private func read(_ root: URL) throws -> (WorkspaceFiles, [String]) {
        let files = WorkspaceFiles(roots: [root.path], scan: FolderScan(), settings: ExtractionSettings(),
                                   collation: try IndexedCollation(locale: "sv_SE"), encoding: .utf16)
        return (files, files.scanAll())
    }

    func testTheBookAndTheContactsAreReadAsOneIndexInCollationOrder() throws {
        let (files, notes) = try read(Self.fixtures)
        XCTAssertEqual(notes, [], "every fixture is read")
        let all = files.all
        let book = all.filter { $0.uri.hasSuffix(".md") }, contacts = all.filter { $0.uri.hasSuffix(".vcf") }
        XCTAssertEqual(book.count, 24)
        XCTAssertEqual(contacts.count, 18)
        // 115 ATX headings, counted by hand outside the code fences (whose `# Cargo.toml` lines are no headings).
        XCTAssertEqual(book.reduce(0) { $0 + $1.count }, 115)
        let headings = book.flatMap { file in (0 ..< file.count).map(file.name) }
        XCTAssertFalse(headings.contains { $0.contains("Cargo.toml") || $0.contains("unimplemented!") })
        XCTAssertTrue(headings.contains("Disjoint capture in closures"))
        // 29 cards: UTF-16 with a BOM reads as its UTF-8 twin, a UTF-8 BOM before BEGIN:VCARD is no problem.
        XCTAssertEqual(contacts.reduce(0) { $0 + $1.count }, 29)
        let names = { (file: String) in contacts.first { $0.uri.hasSuffix("/" + file) }.map { f in (0 ..< f.count).map(f.name) } }
        XCTAssertEqual(names("v3Utf16Bom.vcf"), names("v3.vcf"))
        XCTAssertEqual(names("Greek.vcf")?.count, 1)
        XCTAssertTrue(names("Greek.vcf")?.first?.contains("Βαγγέλης") ?? false, "\(names("Greek.vcf") ?? [])")

        // The index holds every entry once, sections in order, and each section's entries in collation order.
        files.withIndex { index, complete in
            XCTAssertTrue(complete)
            XCTAssertEqual(index.count, 144)
            let items = index.items(0 ..< index.count)
            for (a, b) in zip(items, items.dropFirst()) {
                XCTAssertLessThanOrEqual(a.section, b.section)
                guard a.section == b.section else { continue }
                let (first, second) = (index.file(of: a.item), index.file(of: b.item))
                let order = files.collation.collator.compare(first.sortString(Int(a.item.entry)), second.sortString(Int(b.item.entry)))
                XCTAssertNotEqual(order, .orderedDescending, "\(first.name(Int(a.item.entry))) before \(second.name(Int(b.item.entry)))")
            }
        }
    }

    func testAChapterFolderRemovedAndAContactEditedEqualAFreshRead() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-real-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let (files, _) = try read(copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("book/rust-2018"))
        files.update(path: copy.appendingPathComponent("book/rust-2018").path)
        let card = copy.appendingPathComponent("contacts/rfc6350-example.vcf")
        let text = try String(contentsOf: card, encoding: .utf8)
        try text.replacingOccurrences(of: "FN:", with: "FN:Östen ").write(to: card, atomically: true, encoding: .utf8)
        files.update(path: card.path)
        let (fresh, _) = try read(copy)
        let snapshot = { (files: WorkspaceFiles) in
            files.withIndex { index, _ in index.items(0 ..< index.count).map { "\(index.file(of: $0.item).uri)#\($0.item.entry)@\($0.section)" } }
        }
        XCTAssertEqual(snapshot(files), snapshot(fresh))
        XCTAssertLessThan(snapshot(files).count, 144, "the folder's chapters are gone")
        XCTAssertTrue(files.all.contains { f in (0 ..< f.count).contains { f.name($0).hasPrefix("Östen") } })
    }
}
