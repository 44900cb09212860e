import Collation
import Entries

/// What fluent pagination reads of an index: the non-empty sections, pages by offset, jumps. Positions come from the
/// document the index is current with, when the page is served.
extension OutlineIndex: SortedSections {
    /// The non-empty sections in order, with counts and offsets (O(sections)).
    public var sections: [SectionSummary] { SectionSummary.nonEmpty(counts: runs.lazy.map(\.count), titles: collation.sectionTitles) }

    /// The sections as a layout, as `thumbindex/sections` reports them.
    public var layout: SectionLayout {
        SectionLayout(version: version, generation: generation, collation: collation, totalCount: count, sections: sections,
                      sectionOfEntries: nil, names: nil)
    }

    /// The entry with id `id`, its positions in `document` (the text the index is current with).
    func entry(_ id: Int32, in document: TextDocument) -> Entry {
        Self.entry(id, format: format, stored: stored, places: places, readings: readings, records: recordReader, in: document)
    }

    /// The entry with id `id` of an index of `format` (or a view of it) current with `document`: stored, or read
    /// from the text at its place (a plain line; a record, when the index keeps none).
    static func entry(
        _ id: Int32, format: Format, stored: StoredEntries, places: EntryPlaces, readings: (any CollationReading)?, records: RecordReader?,
        in document: TextDocument
    ) -> Entry {
        switch format {
        case .lines: document.plainTextEntry(onLine: Int(places.place(of: id)), readings: readings)!
        case .records where stored.isEmpty: recordEntry(onLine: Int(places.place(of: id)), in: document, reader: records!, readings: readings)
        case .headings, .records: served(stored[Int(id)], at: places.place(of: id))
        case .startLines, .tree, .entries: stored[Int(id)]
        }
    }

    /// Up to `limit` entries from `offset` of the sectioned order (none past the end).
    public func page(offset: Int, limit: Int, in document: TextDocument) -> [PageEntry] {
        var entries: [PageEntry] = []
        entries.reserveCapacity(max(0, min(limit, count - offset)))
        var start = 0, section = 0
        for run in runs where !run.isEmpty {
            defer { start += run.count; section += 1 }
            guard entries.count < limit else { break }
            guard start + run.count > offset else { continue }
            let from = max(offset, start) - start
            for i in from ..< min(run.count, from + limit - entries.count) {
                entries.append(.init(entry: entry(run[i], in: document), section: section))
            }
        }
        return entries
    }
}

/// Plain collation order (`documentSymbol` grouped `sorted`: digits and other scripts where the collation puts them,
/// not gathered in `#`), from the same index.
extension OutlineIndex {
    /// The ids of the entries in plain collation order, then document order: the section runs merged, each in that
    /// order already. A run is taken a block at a time, as far as it stays before the next run's head (found by
    /// galloping), and the runs' heads are kept sorted, so runs that follow each other in the collation (the sections
    /// of an alphabet, each a range of it) cost a few comparisons each.
    public func collationOrder(in document: TextDocument) -> [Int32] {
        var order: [Int32] = []
        order.reserveCapacity(count)
        // (run, place of its head), by head.
        var heads: [(run: Int, at: Int)] = []
        for run in runs.indices where !runs[run].isEmpty { insert((run, 0), into: &heads, in: document) }
        while let (run, at) = heads.first {
            guard heads.count > 1 else {
                order += runs[run][at...]
                break
            }
            let ids = runs[run], bound = runs[heads[1].run][heads[1].at]
            // ids[at] comes before bound; find the first id from at + 1 that does not.
            var low = at + 1, high = low, step = 1
            while high < ids.count && less(ids[high], bound, in: document) {
                low = high + 1
                high = low + step
                step *= 2
            }
            low = ids[..<min(high, ids.count)].partitionPoint(from: low) { less($0, bound, in: document) }
            order += ids[at ..< low]
            heads.removeFirst()
            if low < ids.count { insert((run, low), into: &heads, in: document) }
        }
        return order
    }

    /// Inserts a run's head into the heads sorted by head.
    private func insert(_ head: (run: Int, at: Int), into heads: inout [(run: Int, at: Int)], in document: TextDocument) {
        let id = runs[head.run][head.at]
        heads.insert(head, at: heads.partitionPoint { less(runs[$0.run][$0.at], id, in: document) })
    }
}
