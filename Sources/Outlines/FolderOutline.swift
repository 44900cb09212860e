import Collation
import Dispatch
import Entries
import Foundation

/// The lettered index of a folder: every entry of every file `FolderScan` finds, sectioned and sorted under one
/// collation, each with the file it is in (a folder of vCards as one address book, a notes vault, a book's chapters).
/// Each file's entries are read as its own document would be (`EntrySource`, names read as names where the format
/// says so).
public struct FolderOutline: Sendable {
    /// An entry and the position of its file in `files`.
    public struct Item: Sendable {
        public let entry: Entry
        public let file: Int
    }

    /// The files read, in path order.
    public let files: [String]
    /// Every entry, file after file, depth-first within a file.
    public let items: [Item]
    /// The items in sectioned order.
    public let sectioned: SectionedOrder
    /// What a person should hear about: files skipped (binary, not UTF-8, over the size limit, unreadable), a file
    /// that could not be outlined, a scan stopped at its limit.
    public let notes: [String]

    /// Reads the files of `root` that `scan` finds and indexes their entries under `collation`.
    public init(root: String, scan: FolderScan = FolderScan(), collation: IndexedCollation, settings: ExtractionSettings) throws(CollationError) {
        let (found, scanNotes) = scan.files(in: root)
        // One source for every file: localization tables are loaded once, not once per file.
        let source = EntrySource()
        var perFile = [(entries: [Entry], notes: [String])](repeating: ([], []), count: found.count)
        perFile.withUnsafeMutableBufferPointer { out in
            let out = UncheckedSendableBuffer(out)
            // Files are read and extracted on every core; each writes only its own slot.
            DispatchQueue.concurrentPerform(iterations: found.count) { k in
                out.buffer[k] = found[k].entries(source: source, settings: settings, collation: collation)
            }
        }
        var items: [Item] = []
        for (k, file) in perFile.enumerated() {
            items += Entry.depthFirst(file.entries).map { Item(entry: $0, file: k) }
        }
        files = found.map(\.path)
        self.items = items
        sectioned = try collation.sectioned(UTF8Batch(items.lazy.map(\.entry.sortString)))
        notes = scanNotes + perFile.flatMap(\.notes)
    }
}

struct UncheckedSendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
}
