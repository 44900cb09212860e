import Foundation

/// Values made from one section of an index (its symbols as a client's JSON), kept with the index and made again only
/// when the section changed since: a generic client asks for the whole outline after every edit, and an edit changes
/// one or two sections. Read outside the store's lock, from views; its own lock keeps it whole.
public final class SectionMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: (stamp: UInt64, variant: Int, value: Any)] = [:]

    init() {}

    /// The value of section title position `section` at `stamp` (`OutlineIndexView.stamp(ofSectionAt:)`) in
    /// `variant` (what else the value depends on: a position encoding), made by `make` when the memo has none.
    public func value<T>(section: Int, stamp: UInt64, variant: Int, make: () -> T) -> T {
        if let kept = lock.withLock({ values[section] }), kept.stamp == stamp, kept.variant == variant, let value = kept.value as? T {
            return value
        }
        let value = make()
        lock.withLock {
            // A later stamp made meanwhile (by a request for a newer view) stays.
            if let kept = values[section], kept.stamp > stamp { return }
            values[section] = (stamp, variant, value)
        }
        return value
    }
}
