import Foundation

/// Values made from the entries of an index (each entry's symbol as a client's JSON), kept with the index and made
/// again only for entries that changed since: a generic client asks for the whole outline after every edit, and an
/// edit changes a few entries, unless it adds or removes lines (which moves every range below it). Read outside the
/// store's lock, from views; its own lock keeps it whole.
public final class EntryMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var stores: [ObjectIdentifier: AnyObject] = [:]

    init() {}

    /// The values of entries `ids` at `stamps` (`OutlineIndexView.stamp(at:)`) in `variant` (what else a value
    /// depends on: a position encoding); `make(k)` makes the value of `ids[k]` where none is kept for that stamp.
    public func values<Value>(ids: [Int32], stamps: [UInt64], variant: Int, make: (Int) -> Value) -> [Value] {
        let store = lock.withLock { () -> Store<Value> in
            if let store = stores[ObjectIdentifier(Value.self)] as? Store<Value> { return store }
            let store = Store<Value>()
            stores[ObjectIdentifier(Value.self)] = store
            return store
        }
        return store.values(ids: ids, stamps: stamps, variant: variant, make: make)
    }

    private final class Store<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [(stamp: UInt64, variant: Int, value: Value)?] = []

        func values(ids: [Int32], stamps: [UInt64], variant: Int, make: (Int) -> Value) -> [Value] {
            let kept = lock.withLock {
                ids.indices.map { k -> Value? in
                    let id = Int(ids[k])
                    guard id < slots.count, let slot = slots[id], slot.stamp == stamps[k], slot.variant == variant else { return nil }
                    return slot.value
                }
            }
            var made: [(Int, Value)] = []
            let values = kept.indices.map { k -> Value in
                if let value = kept[k] { return value }
                let value = make(k)
                made.append((k, value))
                return value
            }
            guard !made.isEmpty else { return values }
            lock.withLock {
                for (k, value) in made {
                    let id = Int(ids[k])
                    if id >= slots.count { slots += repeatElement(nil, count: id + 1 - slots.count) }
                    // A later stamp made meanwhile (by a request for a newer view) stays.
                    if let slot = slots[id], slot.stamp > stamps[k] { continue }
                    slots[id] = (stamps[k], variant, value)
                }
            }
            return values
        }
    }
}
