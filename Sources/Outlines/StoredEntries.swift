import Collation
import Entries
import LowLevel

/// The entries an index keeps (the formats whose entries are not read off the text again: JSON and YAML, Markdown,
/// whatever is extracted whole), packed: their strings one after another in one UTF-8 buffer, their kind and
/// positions as 32-bit numbers. About 60 bytes an entry and its strings' bytes, where an `Entry` with its three
/// strings took about 270 (a million JSON members: 190 MB of the server's 290).
///
/// An entry set again with the same strings keeps them where they are (an edit moving every entry below it writes
/// no string); strings replaced are left behind until they are half the buffer, then the buffer is written anew.
struct StoredEntries: Sendable {
    /// Where a string is in `strings`; a count of -1 for none (an entry without a detail or a collation string).
    private struct Span: Sendable {
        var start: UInt32
        var count: Int32
        static let none = Span(start: 0, count: -1)
    }

    private struct Packed: Sendable {
        var name: Span
        var detail: Span
        var collation: Span
        var kind: Int32
        /// range start line, column, end line, column; then the selection's.
        var lines: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
    }

    private var strings: [UInt8] = []
    private var packed: [Packed] = []
    /// Bytes of `strings` no entry points at any more.
    private var unused = 0

    init() {}

    /// `entries` packed.
    init(_ entries: [Entry]) {
        packed.reserveCapacity(entries.count)
        strings.reserveCapacity(entries.reduce(0) { $0 + $1.name.utf8.count + ($1.detail?.utf8.count ?? 0) + ($1.collationString?.utf8.count ?? 0) })
        for entry in entries { append(entry) }
    }

    /// Every entry's sort string, as ranges of the strings kept (no copy).
    var sortStrings: UTF8Batch {
        var starts: [Int64] = [], lengths: [Int32] = []
        starts.reserveCapacity(packed.count)
        lengths.reserveCapacity(packed.count)
        for p in packed {
            let span = p.collation.count >= 0 ? p.collation : p.name
            starts.append(Int64(span.start))
            lengths.append(span.count)
        }
        return UTF8Batch(bytes: strings, starts: starts, lengths: lengths)
    }

    mutating func reserveCapacity(entries: Int, utf8: Int) {
        packed.reserveCapacity(packed.count + entries)
        strings.reserveCapacity(strings.count + utf8)
    }

    /// Appends `other`'s entries after these (their strings moved along). A large part (the second half of a text
    /// read on two cores) has its strings and its entries copied on two cores: the copy is mostly page faults of the
    /// room reserved for it, 26 ms for the second half of 700k YAML keys, all on one core while the other waited.
    mutating func append(contentsOf other: StoredEntries) {
        guard !packed.isEmpty || !strings.isEmpty else { return self = other }
        let offset = UInt32(strings.count)
        @Sendable func moved(_ span: Span) -> Span { span.count >= 0 ? Span(start: span.start + offset, count: span.count) : span }
        // Copied whole, then moved in place: a copy element by element (through a map) is slower than both.
        @Sendable func appendMoved(_ other: [Packed], to packed: inout [Packed]) {
            let first = packed.count
            packed.append(contentsOf: other)
            packed.withUnsafeMutableBufferPointer { packed in
                for i in first ..< packed.count {
                    packed[i].name = moved(packed[i].name)
                    packed[i].detail = moved(packed[i].detail)
                    packed[i].collation = moved(packed[i].collation)
                }
            }
        }
        if other.packed.count < Thresholds.entriesCopiedOnTwoCores {
            strings.append(contentsOf: other.strings)
            appendMoved(other.packed, to: &packed)
        } else {
            // Taken out of `self`, so that each core writes an array of its own, uniquely held (no copy on write).
            var (copiedStrings, copiedPacked) = (strings, packed)
            (strings, packed) = ([], [])
            Cores.run({ copiedStrings.append(contentsOf: other.strings) }, { appendMoved(other.packed, to: &copiedPacked) })
            (strings, packed) = (copiedStrings, copiedPacked)
        }
        unused += other.unused
    }


    var count: Int { packed.count }
    /// The bytes of the strings buffer, those no entry points at included.
    var stringBytes: Int { strings.count }
    var isEmpty: Bool { packed.isEmpty }
    var indices: Range<Int> { packed.indices }

    mutating func append(_ entry: Entry) {
        packed.append(pack(entry, reusing: nil))
    }

    /// An entry without a collation string, its name and detail given as UTF-8 (no string made for them).
    mutating func append(utf8Name name: UnsafeBufferPointer<UInt8>, kind: SymbolKind, detail: UnsafeBufferPointer<UInt8>?,
                         range r: TextRange, selectionRange s: TextRange) {
        packed.append(Packed(name: store(name), detail: detail.map { store($0) } ?? .none, collation: .none,
                             kind: Int32(truncatingIfNeeded: kind.rawValue),
                             lines: (Int32(r.start.line), Int32(r.start.column), Int32(r.end.line), Int32(r.end.column),
                                     Int32(s.start.line), Int32(s.start.column), Int32(s.end.line), Int32(s.end.column))))
    }

    /// Entry `id`, without children (an index keeps entries flattened).
    subscript(id: Int) -> Entry {
        get {
            let p = packed[id]
            let r = p.lines
            return Entry(name: string(p.name) ?? "", kind: SymbolKind(rawValue: Int(p.kind)), detail: string(p.detail),
                         range: TextRange(start: TextPosition(line: Int(r.0), column: Int(r.1)), end: TextPosition(line: Int(r.2), column: Int(r.3))),
                         selectionRange: TextRange(start: TextPosition(line: Int(r.4), column: Int(r.5)),
                                                   end: TextPosition(line: Int(r.6), column: Int(r.7))),
                         collationString: string(p.collation))
        }
        set {
            let old = packed[id]
            packed[id] = pack(newValue, reusing: old)
            if strings.count > 1 << 20 && unused > strings.count / 2 { compact() }
        }
    }

    /// Calls `body` with the UTF-8 of the string entry `id` collates by (its collation string, else its name).
    func withSortString<T>(_ id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let p = packed[id]
        let span = p.collation.count >= 0 ? p.collation : p.name
        return strings.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(span.start) ..< Int(span.start) + Int(span.count)])) }
    }

    /// Entry `id` moved `lines` lines down (up, for a negative count), its strings untouched.
    mutating func moveDown(_ id: Int, by lines: Int) {
        let d = Int32(lines)
        packed[id].lines.0 += d
        packed[id].lines.2 += d
        packed[id].lines.4 += d
        packed[id].lines.6 += d
    }

    private func string(_ span: Span) -> String? {
        guard span.count >= 0 else { return nil }
        return strings.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(span.start) ..< Int(span.start) + Int(span.count)]), as: UTF8.self) }
    }

    private mutating func pack(_ entry: Entry, reusing old: Packed?) -> Packed {
        let r = entry.range, s = entry.selectionRange
        return Packed(name: store(entry.name, reusing: old?.name), detail: store(entry.detail, reusing: old?.detail),
                      collation: store(entry.collationString, reusing: old?.collation), kind: Int32(truncatingIfNeeded: entry.kind.rawValue),
                      lines: (Int32(r.start.line), Int32(r.start.column), Int32(r.end.line), Int32(r.end.column),
                              Int32(s.start.line), Int32(s.start.column), Int32(s.end.line), Int32(s.end.column)))
    }

    /// Where `string` is kept: where it was when it is the same, else appended.
    private mutating func store(_ string: String?, reusing old: Span?) -> Span {
        guard var string else {
            if let old, old.count > 0 { unused += Int(old.count) }
            return .none
        }
        return string.withUTF8 { store($0, reusing: old) }
    }

    private mutating func store(_ utf8: UnsafeBufferPointer<UInt8>, reusing old: Span? = nil) -> Span {
        if let old, old.count == utf8.count,
           strings.withUnsafeBufferPointer({ UnsafeBufferPointer(rebasing: $0[Int(old.start) ..< Int(old.start) + utf8.count]).elementsEqual(utf8) }) {
            return old
        }
        if let old, old.count > 0 { unused += Int(old.count) }
        let span = Span(start: UInt32(strings.count), count: Int32(utf8.count))
        strings.append(contentsOf: utf8)
        return span
    }

    /// Writes the strings anew, only those an entry points at.
    private mutating func compact() {
        let old = strings
        strings = []
        strings.reserveCapacity(old.count - unused)
        func moved(_ span: Span) -> Span {
            guard span.count >= 0 else { return span }
            let start = UInt32(strings.count)
            strings.append(contentsOf: old[Int(span.start) ..< Int(span.start) + Int(span.count)])
            return Span(start: start, count: span.count)
        }
        for i in packed.indices {
            packed[i].name = moved(packed[i].name)
            packed[i].detail = moved(packed[i].detail)
            packed[i].collation = moved(packed[i].collation)
        }
        unused = 0
    }
}
