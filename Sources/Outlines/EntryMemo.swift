import Foundation

/// Bytes made from the entries of an index (each entry's symbol as a client's JSON), kept with the index and made
/// again only for entries that changed since: a generic client asks for the whole outline after every edit, and an
/// edit changes a few entries, or moves those below it. Read outside the store's lock, from views; its own lock keeps
/// it whole.
public final class EntryMemo: @unchecked Sendable {
    private let lock = NSLock()
    /// By id: the stamp a value was made at (`made` 0: none), what else it depends on, and the value.
    private var stamps: [Stamp] = [], variants: [Int] = [], values: [[UInt8]] = []

    /// What an entry's value is made from: the index's count of changes when the entry itself last changed, and its
    /// position (an edit above it moves it without changing it, and is not written into every entry it moves).
    public struct Stamp: Hashable, Sendable {
        /// 1 + the index's count of changes when the entry last changed (0: no value).
        public var made: UInt64
        /// Its position in document order.
        public var position: Int32
        /// The index's count of changes when the stamp was taken: of two values, the later one is kept.
        public var asOf: UInt64

        static let none = Stamp(made: 0, position: -1, asOf: 0)

        /// The same value: made from the same entry at the same place.
        func sameValue(as other: Stamp) -> Bool { made == other.made && position == other.position }
    }

    init() {}

    /// The values of entries `ids` at `stamps` (`OutlineIndexView.stamp(at:)`) in `variant` (what else a value
    /// depends on: a position encoding); `make(k)` makes the value of `ids[k]` where none is kept for that stamp.
    public func values(ids: [Int32], stamps wanted: [Stamp], variant: Int, make: (Int) -> [UInt8]) -> [[UInt8]] {
        var out = lock.withLock {
            ids.indices.map { k -> [UInt8]? in
                let id = Int(ids[k])
                guard id < stamps.count, stamps[id].sameValue(as: wanted[k]), variants[id] == variant else { return nil }
                return values[id]
            }
        }
        var made: [Int] = []
        for k in out.indices where out[k] == nil {
            out[k] = make(k)
            made.append(k)
        }
        if !made.isEmpty {
            lock.withLock {
                for k in made {
                    let id = Int(ids[k])
                    if id >= stamps.count {
                        let grow = id + 1 - stamps.count
                        stamps += repeatElement(.none, count: grow)
                        variants += repeatElement(0, count: grow)
                        values += repeatElement([], count: grow)
                    }
                    // A later stamp made meanwhile (by a request for a newer view) stays.
                    guard stamps[id].asOf <= wanted[k].asOf else { continue }
                    (stamps[id], variants[id], values[id]) = (wanted[k], variant, out[k]!)
                }
            }
        }
        return out.map { $0! }
    }
}
