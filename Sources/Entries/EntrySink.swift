import LowLevel

/// Where a reader hands a document's entries, one at a time, each without children (they follow it, depth-first).
///
/// An entry may come as its strings' UTF-8 instead of an `Entry` — the text's own bytes, for a JSON key without
/// escapes — so that a sink keeping entries in a form of its own makes no string for them (a million JSON members).
public protocol EntrySink {
    mutating func append(_ entry: Entry)
    /// An entry without a collation string, its name and detail given as UTF-8.
    mutating func append(utf8Name name: UnsafeBufferPointer<UInt8>, kind: SymbolKind, detail: UnsafeBufferPointer<UInt8>?,
                         range: TextRange, selectionRange: TextRange)
    /// Drops the entries handed out so far: they are handed out again from the first.
    mutating func restart()
    /// Room for about `entries` more entries whose strings take about `utf8` bytes: a hint, before they are handed out.
    mutating func reserveCapacity(entries: Int, utf8: Int)
    /// An empty sink of the same kind for entries read apart, on another core, and appended after this one's by
    /// `append(part:)`; nil when this sink's entries are to be read in one go (the default).
    func part() -> Self?
    /// Appends the entries `part` was handed, after those this sink holds.
    mutating func append(part: consuming Self)
}

extension EntrySink {
    public mutating func reserveCapacity(entries: Int, utf8: Int) {}
    public func part() -> Self? { nil }
    public mutating func append(part: consuming Self) { preconditionFailure("a sink without parts was handed one") }

    public mutating func append(utf8Name name: UnsafeBufferPointer<UInt8>, kind: SymbolKind,
                                detail: UnsafeBufferPointer<UInt8>?, range: TextRange, selectionRange: TextRange) {
        append(Entry(utf8Name: name, kind: kind, detail: detail, range: range, selectionRange: selectionRange))
    }
}

extension EntrySink {
    /// `first` and `second` run at once, a core each, each into a part of this sink of its own (`part()`): the parts
    /// are appended after this sink's entries, in that order, when `keep` accepts what the two returned. Nil, nothing
    /// run, for a sink without parts.
    mutating func inTwoParts<A, B>(_ first: (inout Self) -> A, _ second: (inout Self) -> B,
                                   keep: (A, B) -> Bool = { _, _ in true }) -> (A, B)? {
        guard var one = part(), var two = part() else { return nil }
        var a: A?, b: B?
        Cores.run({ a = first(&one) }, { b = second(&two) })
        guard let a, let b else { return nil }
        if keep(a, b) {
            append(part: one)
            append(part: two)
        }
        return (a, b)
    }
}

extension Entry {
    /// An entry whose name and detail are given as UTF-8 (bad UTF-8 repaired).
    public init(utf8Name name: UnsafeBufferPointer<UInt8>, kind: SymbolKind, detail: UnsafeBufferPointer<UInt8>?,
                range: TextRange, selectionRange: TextRange) {
        self.init(name: String(decoding: name, as: UTF8.self), kind: kind,
                  detail: detail.map { String(decoding: $0, as: UTF8.self) }, range: range, selectionRange: selectionRange)
    }
}

/// Entries collected as they are handed out.
extension Array: EntrySink where Element == Entry {
    public mutating func restart() { removeAll() }
    public func part() -> [Entry]? { [] }
    public mutating func append(part: consuming [Entry]) { append(contentsOf: part) }
}
