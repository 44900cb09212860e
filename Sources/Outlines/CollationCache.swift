import Collation
import Foundation

/// Collations by (locale, style, options): opening a collator and building ICU's index costs about a
/// millisecond, so each is made once per session and shared by every request.
public final class CollationCache: @unchecked Sendable {
    private struct Key: Hashable {
        var locale: String
        var style: IndexedCollation.Style
        var options: CollationOptions
    }

    private var collations: [Key: IndexedCollation] = [:]
    private let lock = NSLock()

    /// An empty cache.
    public init() {}

    /// The collation for a locale identifier, style and options, made on first use.
    ///
    /// - Throws: `CollationError` when the locale is not one ICU can use, or ICU fails; nothing is cached then.
    public func collation(locale: String, style: IndexedCollation.Style, options: CollationOptions) throws(CollationError)
        -> IndexedCollation
    {
        let key = Key(locale: locale, style: style, options: options)
        if let cached = lock.withLock({ collations[key] }) { return cached }
        let collation = try IndexedCollation(locale: locale, style: style, options: options)
        lock.withLock { collations[key] = collation }
        return collation
    }
}
