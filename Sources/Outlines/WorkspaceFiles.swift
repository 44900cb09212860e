import Collation
import Dispatch
import Entries
import Foundation
import Synchronization

/// The entries of every file the workspace folders hold that `FolderScan` reads (a folder of vCards, a notes vault, a
/// book's chapters), read once by `scan` and then kept current file by file as files are created, changed and
/// deleted: what `workspace/symbol` searches beside the open documents.
///
/// Each file's entries are read as its own document would be, under the collation of the scan (names read as names
/// where the format says so), with their ranges in `encoding`, since the file's text is not kept.
public final class WorkspaceFiles: Sendable {
    /// One file's entries.
    public struct File: Sendable {
        public let uri: String
        /// Depth-first, without their children.
        public let entries: [Entry]
        /// Each entry's selection range in the session's position encoding.
        public let selections: [EncodedRange]
    }

    public let roots: [String]
    let scan: FolderScan
    let settings: ExtractionSettings
    let collation: IndexedCollation
    let encoding: PositionEncoding
    private let source = EntrySource()
    private let files = Mutex<[String: File]>([:])

    /// Files of `roots` as `scan` finds them; nothing is read until `scanAll`.
    public init(roots: [String], scan: FolderScan, settings: ExtractionSettings, collation: IndexedCollation, encoding: PositionEncoding) {
        self.roots = roots
        self.scan = scan
        self.settings = settings
        self.collation = collation
        self.encoding = encoding
    }

    /// Reads every file of every root on every core, each one searchable as soon as it is read; returns what a person
    /// should hear about (files skipped, a scan stopped at its limit). `isCancelled` is asked between files.
    public func scanAll(isCancelled: @Sendable () -> Bool = { false }) -> [String] {
        var notes: [String] = []
        for root in roots {
            let (found, scanNotes) = scan.files(in: root)
            notes += scanNotes
            let perFile = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: found.count) { k in
                guard !isCancelled() else { return }
                if let note = read(found[k]) { perFile.withLock { $0.append(note) } }
            }
            notes += perFile.withLock { $0.sorted() }
        }
        return notes
    }

    /// Reads a file created or changed on disk again (or drops it when a scan would not read it); returns a note when
    /// it cannot be read.
    @discardableResult
    public func update(path: String) -> String? {
        guard let root = roots.first(where: { scan.file(at: path, in: $0) != nil }), let file = scan.file(at: path, in: root) else {
            remove(path: path)
            return nil
        }
        return read(file)
    }

    /// Forgets a file deleted on disk, or every file under a folder deleted.
    public func remove(path: String) {
        let path = URL(fileURLWithPath: path).standardizedFileURL.path
        files.withLock { files in
            files[path] = nil
            let folder = path.hasSuffix("/") ? path : path + "/"
            for key in files.keys where key.hasPrefix(folder) { files[key] = nil }
        }
    }

    /// Every file read, in path order.
    public var all: [File] {
        files.withLock { files in files.keys.sorted().map { files[$0]! } }
    }

    /// The number of files read.
    public var count: Int { files.withLock { $0.count } }

    private func read(_ file: FolderScan.File) -> String? {
        guard let document = file.document() else {
            files.withLock { $0[file.path] = nil }
            return "\(file.path): cannot be read, or not UTF-8 or UTF-16 text; skipped"
        }
        let (entries, problems) = source.entries(of: document, settings: settings, collation: collation)
        let flat = Entry.depthFirst(entries).map { entry in
            var entry = entry
            entry.children = []
            return entry
        }
        let selections = flat.map { document.encodedRange($0.selectionRange, encoding: encoding) }
        files.withLock { $0[file.path] = File(uri: document.uri, entries: flat, selections: selections) }
        return problems.first.map { "\(file.path): \($0.message)" }
    }
}
