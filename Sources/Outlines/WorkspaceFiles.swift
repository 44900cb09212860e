import Collation
import Dispatch
import Entries
import Foundation
import LowLevel
import Synchronization

/// The entries of every file the workspace folders hold that `FolderScan` reads (a folder of vCards, a notes vault, a
/// book's chapters), read once by `scanAll` and then kept current file by file as files are created, changed and
/// deleted, with their thumb index (`WorkspaceIndex`) under the collation of the scan: what `workspace/symbol` and the
/// `thumbindex/workspace*` requests answer from beside the open documents.
///
/// Each file's entries are read as its own document would be (names read as names where the format says so), with
/// their ranges in `encoding`, since the file's text is not kept. A file open in the editor counts with the editor's
/// text, saved or not (`follow(openDocuments:isOpen:)`), until its document is closed.
public final class WorkspaceFiles: Sendable {
    public let roots: [String]
    public let collation: IndexedCollation
    let scan: FolderScan
    let settings: ExtractionSettings
    let encoding: PositionEncoding
    private let source = EntrySource()

    private struct State: ~Copyable {
        var files: [String: WorkspaceIndex.File] = [:]
        /// Each file's size and modification time when it was read (or found unreadable), for `poll`.
        var stamps: [String: FolderScan.Stamp] = [:]
        /// Made once the first scan is done; until then the files read so far are searched, and the index is empty.
        var index: WorkspaceIndex?
        /// Whether the files the index is made of were taken: a file read or forgotten after that is a change to
        /// apply to the index once it is there (`changedMeanwhile`).
        var taken = false
        var changedMeanwhile: Set<String> = []
        /// The files of open documents (by path), with the generation of the text their entries were read from: the
        /// disk is not read for them until the document is closed.
        var open: [String: UInt64] = [:]
        /// Files whose documents were closed, to read from disk again at the next request (`readClosed`).
        var closed: Set<String> = []

        /// The paths kept as the disk has them (read, or found unreadable): all but those of open documents.
        var diskPaths: Set<String> { Set(stamps.keys).union(files.keys).subtracting(open.keys) }
    }
    private let state = Mutex(State())

    /// Word starts of every entry's name, per query collation (`PrefixMatcher`): one index of all files as they were
    /// when it was made, and one per file changed since (its entries in the big one no longer count).
    private struct Words: Sendable {
        var all: WordIndex
        /// The files of `all`.
        var paths: [String]
        /// Where each file's names start among all names (the file of a name is found by binary search).
        var starts: [Int32]
        var changed: Set<String> = []
        var perFile: [String: WordIndex] = [:]

        /// The position in `paths` of the file whose names hold name `item` of `all`: the last start at or before it.
        func file(of item: Int) -> Int { starts.partitionPoint { Int($0) <= item } - 1 }
    }
    private let words = Mutex<[String: Words]>([:])

    /// Files of `roots` as `scan` finds them; nothing is read until `scanAll`.
    public init(roots: [String], scan: FolderScan, settings: ExtractionSettings, collation: IndexedCollation, encoding: PositionEncoding) {
        self.roots = roots
        self.scan = scan
        self.settings = settings
        self.collation = collation
        self.encoding = encoding
    }

    /// Reads every file of every root on every core, each one searchable as soon as it is read, then makes the thumb
    /// index of them all; returns what a person should hear about (files skipped, a scan stopped at its limit).
    /// `isCancelled` is asked between files.
    public func scanAll(isCancelled: @Sendable () -> Bool = { false }) -> [String] {
        var notes: [String] = []
        for root in roots {
            let (found, scanNotes) = scan.files(in: root)
            notes += scanNotes + read(found, isCancelled: isCancelled)
        }
        let files = state.withLock { state in
            state.taken = true
            return Array(state.files.values)
        }
        var index: WorkspaceIndex
        do {
            index = try WorkspaceIndex(collation: collation, files: files)
        } catch {
            notes.append("the workspace's thumb index could not be made: \(error.message)")
            index = WorkspaceIndex(collation: collation)
        }
        state.withLock { state in
            for path in state.changedMeanwhile {
                if let file = state.files[path] {
                    do throws(CollationError) { try index.set(file) } catch { notes.append("\(path): left out of the workspace's thumb index: \(error.message)") }
                } else {
                    index.remove(uri: Self.uri(path))
                }
            }
            state.changedMeanwhile = []
            state.index = index
        }
        return notes
    }

    /// Brings what is kept of `path` up to what is on disk now, whatever happened to it: a file created or changed is
    /// read again, a folder created (or moved in) has its files read and those no longer in it forgotten, and a file or
    /// folder gone, or one a scan would not read, is forgotten. Since each event is answered by looking at the disk,
    /// events may come in any order, twice, or for a rename as one deletion and one creation. Returns a note when a
    /// file cannot be read.
    @discardableResult
    public func update(path: String) -> String? {
        let path = URL(fileURLWithPath: path).standardizedFileURL.path
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
           let root = roots.first(where: { scan.readsFolder(at: path, in: $0) }) {
            return read(folder: path, in: root).first
        }
        // The first root a scan would read it under (one look at the disk per root, not a second for the one found).
        guard let file = roots.lazy.compactMap({ self.scan.file(at: path, in: $0) }).first else {
            remove(path: path)
            return nil
        }
        return read(file)
    }

    /// Looks for files created, changed or deleted since they were read, by their size and modification time, and
    /// brings them up to date: for a client that does not watch files. Returns how many files changed.
    @discardableResult
    public func poll() -> Int {
        var found: [String: FolderScan.File] = [:]
        for root in roots {
            for file in scan.files(in: root).files where found[file.path] == nil { found[file.path] = file }
        }
        let (changed, gone) = state.withLock { state in
            (found.values.filter { state.stamps[$0.path] != $0.stamp && state.open[$0.path] == nil }.sorted { $0.path < $1.path },
             state.diskPaths.filter { found[$0] == nil })
        }
        _ = read(changed)
        state.withLock { state in
            for path in gone { store(nil, at: path, in: &state) }
        }
        return changed.count + gone.count
    }

    /// Reads the files of `folder` (inside `root`) and forgets those kept under it that it no longer holds.
    private func read(folder: String, in root: String) -> [String] {
        let (found, notes) = scan.files(in: folder, within: root)
        let paths = Set(found.map(\.path))
        let inside = folder.hasSuffix("/") ? folder : folder + "/"
        state.withLock { state in
            for key in state.diskPaths where key.hasPrefix(inside) && !paths.contains(key) { store(nil, at: key, in: &state) }
        }
        return notes + read(found)
    }

    /// Reads `files` on every core (`isCancelled` is asked between them); what a person should hear about them, sorted.
    private func read(_ files: [FolderScan.File], isCancelled: @Sendable () -> Bool = { false }) -> [String] {
        let notes = Mutex<[String]>([])
        Cores.run(files.count) { k in
            guard !isCancelled() else { return }
            if let note = read(files[k]) { notes.withLock { $0.append(note) } }
        }
        return notes.withLock { $0.sorted() }
    }

    /// Forgets a file deleted on disk, or every file under a folder deleted.
    public func remove(path: String) {
        let path = URL(fileURLWithPath: path).standardizedFileURL.path
        let folder = path.hasSuffix("/") ? path : path + "/"
        state.withLock { state in
            for key in state.diskPaths where key == path || key.hasPrefix(folder) { store(nil, at: key, in: &state) }
        }
    }

    /// Brings the files of the open documents among `documents` up to the editor's text, saved or not (a document
    /// inside a root, of a name a scan reads, whether or not it is on disk yet), and reads from disk again the files
    /// of documents closed since (`readClosed`). Each document's entries are read once per generation, in the format
    /// its file's name says (as a scan of the saved file would); they are kept only while `isOpen` says the snapshot
    /// is still open, so that a close meanwhile wins. Returns notes on the documents' entries.
    @discardableResult
    public func follow(openDocuments documents: [TextDocument], isOpen: (TextDocument) -> Bool) -> [String] {
        var notes = readClosed()
        var inside: [(path: String, languageId: String, document: TextDocument)] = []
        for document in documents {
            guard let url = URL(string: document.uri), url.isFileURL else { continue }
            let path = url.standardizedFileURL.path
            guard let languageId = roots.lazy.compactMap({ self.scan.languageId(ofFileAt: path, in: $0) }).first else { continue }
            inside.append((path, languageId, document))
        }
        let stale = state.withLock { state in inside.filter { (state.open[$0.path] ?? 0) < $0.document.generation } }
        for (path, languageId, document) in stale {
            // Under the uri its file has in the index (the client may spell it otherwise), in its file's format.
            let uri = Self.uri(path)
            let source = document.languageId == languageId && document.uri == uri
                ? document : TextDocument(uri: uri, languageId: languageId, version: document.version, text: document.text)
            let (file, problems) = entries(of: source, name: document.uri)
            let note = state.withLock { state -> String? in
                guard isOpen(document), (state.open[path] ?? 0) < document.generation else { return nil }
                state.open[path] = document.generation
                state.closed.remove(path)
                return store(file, at: path, in: &state)
            }
            if let note = note ?? problems.first { notes.append(note) }
        }
        return notes
    }

    /// The document of a file was closed: the file counts with what is on disk again from the next request on
    /// (`readClosed`; reading it is left to a request's thread, not the caller's).
    public func closed(uri: String) {
        guard let url = URL(string: uri), url.isFileURL else { return }
        let path = url.standardizedFileURL.path
        state.withLock { state in
            if state.open.removeValue(forKey: path) != nil { state.closed.insert(path) }
        }
    }

    /// Reads from disk again the files whose documents were closed (or forgets those no longer there): for a request
    /// about to answer from the files. Returns notes on files that cannot be read.
    @discardableResult
    public func readClosed() -> [String] {
        let paths = state.withLock { state in
            defer { state.closed = [] }
            return state.closed.sorted()
        }
        return paths.compactMap { update(path: $0) }
    }

    /// Every file read, in path order.
    public var all: [WorkspaceIndex.File] {
        state.withLock { state in state.files.keys.sorted().map { state.files[$0]! } }
    }

    /// The entries whose name, or a word of it, starts with `matcher`'s query (see `PrefixMatcher`), of every file but
    /// those at `skipping` (paths). The word index of `matcher`'s collation is made at the first search and then
    /// kept, a changed file's words made again on their own; `key` names the collation.
    ///
    /// - Throws: `CollationError` when the word index's keys cannot be allocated.
    public func search(
        _ matcher: PrefixMatcher, key: String, skipping: Set<String>, isCancelled: () -> Bool = { false }
    ) throws(CollationError) -> [(file: WorkspaceIndex.File, entry: Int)] {
        let files = state.withLock { $0.files }
        return try words.withLock { cache throws(CollationError) in
            try makeWords(&cache, files, matcher.collator, key: key)
            var found: [(WorkspaceIndex.File, Int)] = []
            let words = cache[key]!
            for item in words.all.candidates(for: matcher) {
                let at = words.file(of: item), entry = item - Int(words.starts[at])
                let path = words.paths[Int(at)]
                guard !words.changed.contains(path), !skipping.contains(path), let file = files[path] else { continue }
                if matcher.isShort || matcher.matches(file.name(Int(entry))) { found.append((file, Int(entry))) }
            }
            for path in words.changed.sorted() where !skipping.contains(path) {
                guard !isCancelled(), let file = files[path] else { continue }
                let index: WordIndex
                if let kept = words.perFile[path] { index = kept } else { index = try WordIndex(names: file.names, collator: matcher.collator) }
                cache[key]!.perFile[path] = index
                for entry in index.candidates(for: matcher) where matcher.isShort || matcher.matches(file.name(entry)) {
                    found.append((file, entry))
                }
            }
            return found
        }
    }

    /// Makes the word index `search` uses for `collator` (a `PrefixMatcher`'s) now rather than at the first search.
    /// A failure is left for that search to report.
    public func prepareSearch(collator: Collator, key: String) {
        let files = state.withLock { $0.files }
        words.withLock { try? makeWords(&$0, files, collator, key: key) }
    }

    private func makeWords(
        _ cache: inout [String: Words], _ files: [String: WorkspaceIndex.File], _ collator: Collator, key: String
    ) throws(CollationError) {
        guard cache[key] == nil || cache[key]!.changed.count > max(64, files.count / 4) else { return }
        let paths = files.keys.sorted()
        var starts: [Int32] = [], names = UTF8Batch([String]())
        for path in paths {
            let file = files[path]!
            starts.append(Int32(names.count))
            names.append(contentsOf: file.names)
        }
        cache[key] = Words(all: try WordIndex(names: names, collator: collator), paths: paths, starts: starts)
    }

    /// The number of files read.
    public var count: Int { state.withLock { $0.files.count } }

    /// Runs `body` with the thumb index under the scan's collation, and whether the first scan is done (before it the
    /// index is empty).
    public func withIndex<T>(_ body: (WorkspaceIndex, _ complete: Bool) throws -> T) rethrows -> T {
        try state.withLock { state in
            if let index = state.index { return try body(index, true) }
            return try body(WorkspaceIndex(collation: collation), false)
        }
    }

    private static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// Keeps `file` (nil: forgets the file at `path`); returns why it is left out of the thumb index, if it is.
    @discardableResult
    private func store(_ file: WorkspaceIndex.File?, at path: String, stamp: FolderScan.Stamp? = nil, in state: inout State) -> String? {
        state.stamps[path] = stamp
        words.withLock { cache in
            for key in cache.keys {
                cache[key]!.changed.insert(path)
                cache[key]!.perFile[path] = nil
            }
        }
        state.files[path] = file
        if state.index != nil {
            if let file {
                do throws(CollationError) { try state.index!.set(file) } catch { return "\(path): left out of the workspace's thumb index: \(error.message)" }
            } else {
                state.index!.remove(uri: Self.uri(path))
            }
        } else if state.taken {
            state.changedMeanwhile.insert(path)
        }
        return nil
    }

    /// Reads `file` from disk and keeps its entries, unless its document is open.
    private func read(_ file: FolderScan.File) -> String? {
        let read = file.document(decode: scan.decode).map { entries(of: $0, name: file.path) }
        return state.withLock { state -> String? in
            guard state.open[file.path] == nil else { return nil }  // the editor's text counts
            let left = store(read?.file, at: file.path, stamp: file.stamp.settled, in: &state)
            guard let read else { return "\(file.path): cannot be read, or not UTF-8 or UTF-16 text; skipped" }
            return left ?? read.problems.first
        }
    }

    /// A document's entries as the workspace keeps them, and the problems of its format, each naming the file
    /// `name` (its path, or the uri of an open document) once.
    private func entries(of document: TextDocument, name: String) -> (file: WorkspaceIndex.File, problems: [String]) {
        let (entries, problems) = source.entries(of: document, name: name, settings: settings, collation: collation)
        let flat = Entry.depthFirst(entries)
        let file = WorkspaceIndex.File(uri: document.uri, entries: flat,
                                       ranges: flat.map { document.encodedRange($0.range, encoding: encoding) },
                                       selections: flat.map { document.encodedRange($0.selectionRange, encoding: encoding) })
        return (file, problems.map { $0.message.hasPrefix(name) ? $0.message : "\(name): \($0.message)" })
    }
}
