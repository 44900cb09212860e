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
    public init(root: String, scan: FolderScan = FolderScan(), collation: IndexedCollation, settings: ExtractionSettings) {
        let (found, scanNotes) = scan.files(in: root)
        // One source for every file: localization tables are loaded once, not once per file.
        let source = EntrySource()
        var perFile = [(entries: [Entry], notes: [String])](repeating: ([], []), count: found.count)
        perFile.withUnsafeMutableBufferPointer { out in
            let out = UncheckedSendableBuffer(out)
            // Files are read and extracted on every core; each writes only its own slot.
            DispatchQueue.concurrentPerform(iterations: found.count) { k in
                out.buffer[k] = Self.read(found[k], source: source, settings: settings, collation: collation)
            }
        }
        var items: [Item] = []
        for (k, file) in perFile.enumerated() {
            items += Entry.depthFirst(file.entries).map { Item(entry: $0, file: k) }
        }
        files = found.map(\.path)
        self.items = items
        sectioned = collation.sectioned(UTF8Batch(items.lazy.map(\.entry.sortString)))
        notes = scanNotes + perFile.flatMap(\.notes)
    }

    /// The entries of one file, and why there are none when there are none for a reason.
    private static func read(
        _ file: FolderScan.File, source: EntrySource, settings: ExtractionSettings, collation: IndexedCollation
    ) -> ([Entry], [String]) {
        guard let data = FileManager.default.contents(atPath: file.path) else { return ([], ["\(file.path): cannot be read, skipped"]) }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard case .success(let utf8) = TextEncodings.utf8(fromUTF16: bytes[2...], bigEndian: bytes[0] == 0xFE) else {
                return ([], ["\(file.path): not valid UTF-16, skipped"])
            }
            bytes = utf8
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        if TextEncodings.firstInvalidUTF8(bytes[...]) != nil { return ([], ["\(file.path): not UTF-8 text, skipped"]) }
        let document = TextDocument(uri: URL(fileURLWithPath: file.path).absoluteString, languageId: file.languageId, version: 0,
                                    text: String(decoding: bytes, as: UTF8.self))
        let (entries, problems) = source.entries(of: document, settings: settings, collation: collation)
        return (entries, problems.map(\.message))
    }
}

private struct UncheckedSendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
}
