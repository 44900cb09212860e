import Collation
import Entries
import Foundation
import SeededRandom
import XCTest
@testable import Outlines

/// A workspace's files kept current by file events (in any order, twice, a folder's one event for all its files) or by
/// polls equal a fresh scan of the folder after every step of a seeded run of creations, edits, renames and deletions
/// of files and folders. `THUMBINDEX_SEED=<n>` replays a run; a failure names its seed and step.
final class WorkspaceFileEventsTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0xF11E_5EED
    static let names = ["Åsa", "Anna", "Östen", "Zoë", "Bo", "東京", "Émile", "Olle", "Ölund", "Berit", "Carl", "Ärla"]
    /// Files the run writes: read ones, and some a scan skips (hidden, a build folder, an extension no format has).
    static let paths = ["a.md", "b.md", "notes/c.md", "notes/deep/d.md", "people/x.vcf", "people/y.vcf", "people/z.vcf",
                        "t.csv", "z.txt", "archive/old.md", ".hidden/h.md", "node_modules/n.md", "notes/picture.png"]
    static let folders = ["notes", "people", "archive", "notes/deep"]

    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func testEventsInAnyOrderKeepTheFilesAsAFreshScanFindsThem() throws { try run(polling: false, steps: 120) }

    func testPollsKeepTheFilesAsAFreshScanFindsThem() throws { try run(polling: true, steps: 80) }

    /// A file changed right after it was read, to the same size within the same tick of the file clock, looks as it
    /// did; such a file (modified within a second or two of its reading) is read again at the next poll, and one
    /// modified long before is not.
    func testAPollReadsAgainAFileReadTooSoonAfterItsChange() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        let (recent, old) = (root.appendingPathComponent("recent.txt"), root.appendingPathComponent("old.txt"))
        let now = time(nil)
        func write(_ url: URL, _ text: String, modified: Int) throws {
            try Data(text.utf8).write(to: url)
            var times = [timespec(tv_sec: modified, tv_nsec: 0), timespec(tv_sec: modified, tv_nsec: 0)]
            XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
        }
        try write(recent, "Anna\n", modified: now + 10)  // in the future: recent whatever the test's pace
        try write(old, "Bo\n", modified: now - 100)
        let files = WorkspaceFiles(roots: [root.path], scan: FolderScan(), settings: ExtractionSettings(), collation: collation, encoding: .utf16)
        _ = files.scanAll()
        try write(recent, "Olle\n", modified: now + 10)  // the same size and time
        XCTAssertEqual(files.poll(), 1, "the recent file is read again, the old one is not")
        XCTAssertEqual(files.all.map { $0.name(0) }, ["Bo", "Olle"])
    }

    /// Open documents count with the editor's text, saved or not, whatever happens on disk meanwhile (events or polls),
    /// and with the disk's again once closed: after every step of a seeded run of opens, edits, closes and disk
    /// changes, the files equal a fresh scan of a copy of the folder with the open documents saved into it.
    func testOpenDocumentsCountWithTheEditorsTextThroughEventsAndPolls() throws {
        var random = SplitMix64(seed: Self.seed &+ 2)
        let collation = try IndexedCollation(locale: "sv_SE")
        for path in Self.paths { try write(path, &random) }
        let files = WorkspaceFiles(roots: [root.path], scan: FolderScan(), settings: ExtractionSettings(), collation: collation, encoding: .utf16)
        _ = files.scanAll()
        let store = DocumentStore()
        // Paths an editor opens: the files above (some a scan skips) and one never saved.
        let openable = Self.paths + ["unsaved/new.md"]
        var open: [String: String] = [:]
        for step in 0 ..< 100 {
            var what: String
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0 ..< 3:  // open, or edit an open document (a new generation)
                let path = openable.randomElement(using: &random)!
                let text = text(path, &random), language = Bool.random(using: &random) ? "plaintext" : "markdown"
                _ = store.open(TextDocument(uri: uri(path), languageId: language, version: step, text: text))
                open[path] = text
                what = "open \(path)"
            case 3, 4:  // close
                guard let path = open.keys.sorted().randomElement(using: &random) else { continue }
                XCTAssertTrue(store.close(uri(path)))
                files.closed(uri: uri(path))
                open[path] = nil
                what = "close \(path)"
            default:  // the disk changes, open files too
                let events = try change(&random)
                if Bool.random(using: &random) {
                    files.poll()
                } else {
                    for path in events { files.update(path: root.appendingPathComponent(path).path) }
                }
                what = "disk \(events)"
            }
            files.follow(openDocuments: store.allDocuments, isOpen: store.isOpen)
            let context = "seed \(Self.seed) (THUMBINDEX_SEED), step \(step): \(what)"
            let expected = try snapshotSaved(open, collation: collation)
            XCTAssertEqual(snapshot(files), expected, context)
            if snapshot(files) != expected { return }
        }
        XCTAssertFalse(open.isEmpty, "the run ends with documents open")
    }

    /// A snapshot of a document closed, or edited, since it was taken is not kept; nor is an older one after a newer.
    func testOnlyTheNewestSnapshotOfAnOpenDocumentCounts() throws {
        let collation = try IndexedCollation(locale: "sv_SE")
        try Data("Anna\n".utf8).write(to: root.appendingPathComponent("a.txt"))
        let files = WorkspaceFiles(roots: [root.path], scan: FolderScan(), settings: ExtractionSettings(), collation: collation, encoding: .utf16)
        _ = files.scanAll()
        let store = DocumentStore()
        let names = { files.all.flatMap { file in (0 ..< file.count).map(file.name) } }
        _ = store.open(TextDocument(uri: uri("a.txt"), languageId: "plaintext", version: 1, text: "Bo\n"))
        let first = store.allDocuments
        _ = store.open(TextDocument(uri: uri("a.txt"), languageId: "plaintext", version: 2, text: "Carl\n"))
        files.follow(openDocuments: store.allDocuments, isOpen: store.isOpen)
        XCTAssertEqual(names(), ["Carl"])
        files.follow(openDocuments: first, isOpen: { _ in true })
        XCTAssertEqual(names(), ["Carl"], "an older snapshot does not replace a newer")
        let last = store.allDocuments
        XCTAssertTrue(store.close(uri("a.txt")))
        files.closed(uri: uri("a.txt"))
        files.follow(openDocuments: last, isOpen: store.isOpen)
        XCTAssertEqual(names(), ["Anna"], "a snapshot of a document closed meanwhile is not kept; the disk counts again")
    }

    private func uri(_ path: String) -> String { root.appendingPathComponent(path).absoluteString }

    /// `snapshot` of a fresh scan of a copy of the folder with the texts of `open` (by path) saved into it, under the
    /// folder's own uris.
    private func snapshotSaved(_ open: [String: String], collation: IndexedCollation) throws -> [String] {
        let copy = root.deletingLastPathComponent().appendingPathComponent(root.lastPathComponent + "-saved")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: root, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        for (path, text) in open {
            let url = copy.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let fresh = WorkspaceFiles(roots: [copy.path], scan: FolderScan(), settings: ExtractionSettings(), collation: collation, encoding: .utf16)
        _ = fresh.scanAll()
        let (from, to) = (URL(fileURLWithPath: copy.path + "/").absoluteString, URL(fileURLWithPath: root.path + "/").absoluteString)
        return snapshot(fresh).map { $0.replacingOccurrences(of: from, with: to) }
    }

    private func run(polling: Bool, steps: Int) throws {
        var random = SplitMix64(seed: Self.seed &+ (polling ? 1 : 0))
        let collation = try IndexedCollation(locale: "sv_SE")
        for path in Self.paths { try write(path, &random) }
        let files = WorkspaceFiles(roots: [root.path], scan: FolderScan(), settings: ExtractionSettings(), collation: collation, encoding: .utf16)
        _ = files.scanAll()
        for step in 0 ..< steps {
            var events = try change(&random)
            if polling {
                files.poll()
            } else {
                events.shuffle(using: &random)
                if let again = events.randomElement(using: &random), Int.random(in: 0 ..< 3, using: &random) == 0 { events.append(again) }
                for path in events { files.update(path: root.appendingPathComponent(path).path) }
            }
            let fresh = WorkspaceFiles(roots: [root.path], scan: FolderScan(), settings: ExtractionSettings(), collation: collation, encoding: .utf16)
            _ = fresh.scanAll()
            let context = "seed \(Self.seed) (THUMBINDEX_SEED), \(polling ? "polls" : "events \(events)"), step \(step)"
            XCTAssertEqual(snapshot(files), snapshot(fresh), context)
            if snapshot(files) != snapshot(fresh) { return }
        }
        XCTAssertGreaterThan(files.count, 0, "the run ends with files to compare")
    }

    /// Changes the folder one way; returns the paths a client reports (relative), the folder's alone for a folder.
    private func change(_ random: inout SplitMix64) throws -> [String] {
        let fm = FileManager.default
        let existing = Self.paths.filter { fm.fileExists(atPath: root.appendingPathComponent($0).path) }
        switch Int.random(in: 0 ..< 12, using: &random) {
        case 0 ..< 5:  // create or edit
            let path = Self.paths.randomElement(using: &random)!
            try write(path, &random)
            return [path]
        case 5:  // delete a file
            guard let path = existing.randomElement(using: &random) else { return [] }
            try fm.removeItem(at: root.appendingPathComponent(path))
            return [path]
        case 6, 7:  // rename a file: a deletion and a creation
            guard let from = existing.randomElement(using: &random) else { return [] }
            let to = Self.paths.randomElement(using: &random)!
            guard from != to, (from as NSString).pathExtension == (to as NSString).pathExtension else { return [] }
            try fm.createDirectory(at: root.appendingPathComponent(to).deletingLastPathComponent(), withIntermediateDirectories: true)
            try? fm.removeItem(at: root.appendingPathComponent(to))
            try fm.moveItem(at: root.appendingPathComponent(from), to: root.appendingPathComponent(to))
            return [from, to]
        case 8:  // delete a folder: one event for it
            let folder = Self.folders.randomElement(using: &random)!
            guard fm.fileExists(atPath: root.appendingPathComponent(folder).path) else { return [] }
            try fm.removeItem(at: root.appendingPathComponent(folder))
            return [folder]
        default:  // move a folder onto another name: one event for each name
            let (from, to) = (Self.folders.randomElement(using: &random)!, Self.folders.randomElement(using: &random)!)
            guard from != to, !to.hasPrefix(from + "/"), !from.hasPrefix(to + "/"),
                  fm.fileExists(atPath: root.appendingPathComponent(from).path) else { return [] }
            try? fm.removeItem(at: root.appendingPathComponent(to))
            try fm.createDirectory(at: root.appendingPathComponent(to).deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.moveItem(at: root.appendingPathComponent(from), to: root.appendingPathComponent(to))
            return [from, to]
        }
    }

    private func write(_ path: String, _ random: inout SplitMix64) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text(path, &random).utf8).write(to: url)
    }

    /// A few names in the format of `path`'s extension.
    private func text(_ path: String, _ random: inout SplitMix64) -> String {
        let names = (0 ..< Int.random(in: 0 ... 4, using: &random)).map { _ in Self.names.randomElement(using: &random)! }
        switch (path as NSString).pathExtension {
        case "md": return names.map { "# \($0)\n\ntext\n" }.joined()
        case "vcf": return names.map { "BEGIN:VCARD\nVERSION:3.0\nN:\($0);Per;;;\nFN:Per \($0)\nEND:VCARD\n" }.joined()
        case "csv": return "name,city\n" + names.map { "\($0),Lund\n" }.joined()
        default: return names.map { "\($0)\n" }.joined()
        }
    }

    /// Every file's names, and the thumb index in order (file, entry, section) with its sections.
    private func snapshot(_ files: WorkspaceFiles) -> [String] {
        let kept = files.all.map { file in "\(file.uri): " + (0 ..< file.count).map(file.name).joined(separator: "|") }
        return kept + files.withIndex { index, _ in
            index.items(0 ..< index.count).map { "\(index.file(of: $0.item).uri)#\($0.item.entry)@\($0.section)" }
                + index.sections.map { "\($0.titleIndex):\($0.count)@\($0.offset)" }
        }
    }
}
