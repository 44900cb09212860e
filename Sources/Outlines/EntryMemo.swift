import Foundation

/// Bytes made from the entries of an index (each entry's symbol as a client's JSON), kept with the index and made
/// again only for entries that changed since: a generic client asks for the whole outline after every edit, and an
/// edit changes a few entries, or moves those below it. Read outside the store's lock, from views; its own lock keeps
/// it whole.
public final class EntryMemo: @unchecked Sendable {
    private let lock = NSLock()
    /// By id: the stamp a value was made at (0: none), what else it depends on, and the value.
    private var stamps: [UInt64] = [], variants: [Int] = [], values: [[UInt8]] = []

    init() {}

    /// The values of entries `ids` at `stamps` (`OutlineIndexView.stamp(at:)`, from 1) in `variant` (what else a
    /// value depends on: a position encoding); `make(k)` makes the value of `ids[k]` where none is kept for that stamp.
    public func values(ids: [Int32], stamps wanted: [UInt64], variant: Int, make: (Int) -> [UInt8]) -> [[UInt8]] {
        var out = lock.withLock {
            ids.indices.map { k -> [UInt8]? in
                let id = Int(ids[k])
                guard id < stamps.count, stamps[id] == wanted[k], variants[id] == variant else { return nil }
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
                        stamps += repeatElement(0, count: grow)
                        variants += repeatElement(0, count: grow)
                        values += repeatElement([], count: grow)
                    }
                    // A later stamp made meanwhile (by a request for a newer view) stays.
                    guard stamps[id] <= wanted[k] else { continue }
                    (stamps[id], variants[id], values[id]) = (wanted[k], variant, out[k]!)
                }
            }
        }
        return out.map { $0! }
    }
}
