import Collation
import Entries
import Synchronization

/// An index frozen at one text: copied out under the store's lock (the ids in sectioned order and their positions,
/// a few bytes per entry), read outside it, so writing a million-entry outline never holds up an edit.
public struct OutlineIndexView: Sendable {
    /// The collation of the index.
    public let collation: IndexedCollation
    /// The client's version of the text.
    public let version: Int
    /// The text the view is current with.
    public let document: TextDocument
    /// The non-empty sections, with counts and offsets into the sectioned order.
    public let sections: [SectionSummary]
    private let format: OutlineIndex.Format
    /// The ids of the entries in sectioned order (what `id(at:)` reads).
    public let order: [Int32]
    private let sectionOf: [UInt16]
    private let stored: StoredEntries
    private let places: EntryPlaces
    private let readings: (any CollationReading)?
    private let records: RecordReader?
    /// What a client keeps of the index while it lives (see `stamp(at:)`).
    public let cache: IndexCache
    private let entryChanged: [UInt64]
    private let allChanged: UInt64
    private let changes: UInt64
    private let sectionChanged: [UInt64]
    private let moved: UInt64

    init(_ index: OutlineIndex, document: TextDocument) {
        collation = index.collation
        version = index.version
        self.document = document
        sections = index.sections
        format = index.format
        order = index.runs.flatMap { $0 }
        sectionOf = index.sectionOf
        stored = index.stored
        places = index.places
        readings = index.readings
        records = index.recordReader
        cache = index.cache
        entryChanged = index.entryChanged
        allChanged = index.allChanged
        changes = index.changes
        sectionChanged = index.sectionChanged
        moved = index.moved
    }

    /// What a section's values are made from: this view's count of changes, that count when one of the section's
    /// entries last changed or moved, and when entries last moved.
    public func changes(ofSection title: Int) -> SectionChanges {
        SectionChanges(now: changes, last: max(sectionChanged[title], moved, allChanged), moved: moved)
    }

    /// The count of changes when entry `id` last changed in place (not when it only moved).
    public func lastChange(of id: Int32) -> UInt64 { max(entryChanged[Int(id)], allChanged) }

    /// The id of the entry at a position of the sectioned order (ids are reused once their entry is gone).
    public func id(at offset: Int) -> Int32 { order[offset] }

    /// When the entry at a position of the sectioned order last changed, and where it is: a value made from it at the
    /// same stamp is still its value.
    public func stamp(at offset: Int) -> EntryStamp {
        let id = Int(order[offset])
        return EntryStamp(made: max(entryChanged[id], allChanged) + 1, position: places.place(of: Int32(id)))
    }

    /// The entry at a position of the sectioned order.
    public func entry(at offset: Int) -> Entry { entry(order[offset]) }

    /// The position in the collation's section titles of entry `id`'s section.
    public func titleIndex(of id: Int32) -> Int { Int(sectionOf[Int(id)]) }

    /// The entry with id `id` (as `OutlineIndex.collationOrder(in:)` names them).
    public func entry(_ id: Int32) -> Entry {
        OutlineIndex.entry(id, format: format, stored: stored, places: places, readings: readings, records: records, in: document)
    }

    /// The entry before (`step` -1) or after (+1) entry `id` in document order.
    private func neighbour(of id: Int32, _ step: Int) -> Int32? {
        if format == .entries {
            let next = Int(id) + step
            return stored.indices.contains(next) ? Int32(next) : nil
        }
        var line = Int(places.place(of: id)) + step
        while places.indices.contains(line) {
            if places[line] >= 0 { return places[line] }
            line += step
        }
        return nil
    }

    /// The range of section `sections[position]` as a symbol: the run of its entries next to each other in the
    /// document around its first entry (see `Protocol/`, "Section ranges"), as `SectionedOutline` draws it.
    public func sectionRange(ofSectionAt position: Int) -> TextRange {
        let first = order[sections[position].offset]
        let section = sectionOf[Int(first)]
        return SectionSummary.symbolRange(around: first, neighbour: neighbour, inSection: { sectionOf[Int($0)] == section }, entry: entry)
    }
}

extension OutlineIndex {
    /// The index frozen at `document` (the text it is current with).
    public func view(document: TextDocument) -> OutlineIndexView { OutlineIndexView(self, document: document) }
}

/// When an entry last changed and where it is (`OutlineIndexView.stamp(at:)`): what a value made from it depends on.
/// The position is apart because an edit above an entry moves it without changing it, and is not written into every
/// entry it moves.
public struct EntryStamp: Hashable, Sendable {
    /// 1 + the index's count of changes when the entry last changed (0: no value).
    public var made: UInt64
    /// Its position in document order.
    public var position: Int32
}

/// What a section's values depend on, as of a view (`OutlineIndexView.changes(ofSection:)`): the view's count of
/// changes (`now`), that count when an entry of the section last changed or moved (`last`), and when entries last
/// moved (`moved`).
public struct SectionChanges: Sendable {
    public var now: UInt64, last: UInt64, moved: UInt64
}

/// What a client of an index makes from it and keeps while the index lives (the server's symbols as JSON, its
/// `EntryMemo`): made once per index, dropped with it.
public final class IndexCache: Sendable {
    private let slot = Mutex<(any Sendable)?>(nil)

    init() {}

    /// The value kept, made by `make` the first time.
    public func value<T: Sendable>(_ make: () -> T) -> T {
        slot.withLock { slot in
            if let value = slot as? T { return value }
            let value = make()
            slot = value
            return value
        }
    }
}
