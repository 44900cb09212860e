import Collation
import Foundation

/// Primary-strength sort keys of every word start of every entry, cut to `WordIndex.window` bytes, made
/// once per text generation and locale: a query is then a byte-prefix test per word, not an ICU call.
public struct WordIndex: Sendable {
    /// Bytes of text kept from each word start; queries longer than `window - 16` are checked in full.
    static let window = 64

    private let keys: SortKeys
    /// The outline item of each key.
    private let owners: [Int32]
    private let itemCount: Int

    /// Builds the keys of every word start of every item of `outline`, with `collator` (one at primary strength, as
    /// `PrefixMatcher` makes).
    public init(outline: DocumentOutline, collator: Collator) {
        self.init(names: outline.items.lazy.map(\.entry.name), collator: collator)
    }

    /// Builds the keys of every word start of every name; `candidates` then gives positions in `names`.
    public init(names: some Collection<String>, collator: Collator) {
        var batch = UTF8Batch([String]())
        var owners: [Int32] = []
        var kinds: [UInt32: PrefixMatcher.Kind] = [:]
        for (i, name) in names.enumerated() {
            for start in PrefixMatcher.wordStarts(name, kinds: &kinds) {
                var end = name.utf8.index(start, offsetBy: Self.window, limitedBy: name.utf8.endIndex) ?? name.utf8.endIndex
                while end < name.utf8.endIndex && !name.unicodeScalars.indices.contains(end) { end = name.utf8.index(before: end) }
                batch.append(String(name[start ..< end]))
                owners.append(Int32(i))
            }
        }
        self.keys = SortKeys(batch, collator: collator)
        self.owners = owners
        self.itemCount = names.count
    }

    /// Items (ascending, each once) one of whose words starts with the query's key.
    public func candidates(for matcher: PrefixMatcher) -> [Int] {
        let query = matcher.filterKey
        if query.isEmpty { return Array(0 ..< itemCount) }
        var items: [Int] = []
        for k in 0 ..< keys.count {
            let item = Int(owners[k])
            if items.last == item { continue }
            let key = keys.key(k)
            if key.count > query.count && memcmp(key.baseAddress!, query, query.count) == 0 {
                items.append(item)
            }
        }
        return items
    }
}

/// Collation-aware prefix matching at primary strength: case and accents that the locale does not
/// treat as letters of their own are ignored.
public struct PrefixMatcher: Sendable {
    /// The primary-strength collator of the query's locale.
    public let collator: Collator
    private let queryKey: [UInt8]
    /// The key of the query's first bytes, for filtering through a `WordIndex`.
    public let filterKey: [UInt8]
    /// Whether the query fits the index window, so that a filter match is a match.
    public let isShort: Bool

    /// A matcher for `query` under `locale`.
    ///
    /// - Throws: `CollationError` when ICU cannot open a collator for `locale`.
    public init(query: String, locale: CollationLocale) throws(CollationError) {
        collator = try Collator(locale: locale, options: CollationOptions(strength: .primary))
        queryKey = Array(collator.sortKey(query).dropLast())  // without the terminating 0x00
        isShort = query.utf8.count <= WordIndex.window - 16
        if isShort {
            filterKey = queryKey
        } else {
            // Only a prefix of the query can be compared with the index's cut words.
            let prefix = String(decoding: Array(query.utf8.prefix(WordIndex.window - 16)), as: UTF8.self)
            filterKey = Array(collator.sortKey(prefix.filter { $0 != "\u{FFFD}" }).dropLast())
        }
    }

    /// Whether a word of `name` starts with the query, by the collation; an empty query matches everything.
    public func matches(_ name: String) -> Bool {
        if queryKey.isEmpty { return true }
        for word in Self.wordStarts(name) where collator.sortKey(String(name[word...])).starts(with: queryKey) {
            return true
        }
        return false
    }

    /// Where words start: the beginning, after spaces and punctuation, and at camelCase humps.
    public static func wordStarts(_ name: String) -> [String.Index] {
        var kinds: [UInt32: Kind] = [:]
        return wordStarts(name, kinds: &kinds)
    }

    /// `wordStarts(name)`, with what is known of each one-scalar character kept in `kinds` across names (a Unicode
    /// property lookup per character of a million names costs seconds).
    static func wordStarts(_ name: String, kinds: inout [UInt32: Kind]) -> [String.Index] {
        var starts: [String.Index] = []
        var previous: Kind?
        for index in name.indices {
            let character = name[index]
            let c: Kind
            if character.asciiValue == nil, character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first {
                if let known = kinds[scalar.value] { c = known } else { c = Kind(character); kinds[scalar.value] = c }
            } else {
                c = Kind(character)
            }
            if let p = previous {
                let boundary = (!p.alphanumeric && c.alphanumeric) || (p.lowercase && c.uppercase)
                if boundary { starts.append(index) }
            } else {
                starts.append(index)
            }
            previous = c
        }
        return starts
    }

    /// What `wordStarts` asks of a character; ASCII without a Unicode property lookup.
    struct Kind {
        let alphanumeric: Bool, lowercase: Bool, uppercase: Bool
        init(_ c: Character) {
            if let a = c.asciiValue {
                lowercase = a >= 0x61 && a <= 0x7A
                uppercase = a >= 0x41 && a <= 0x5A
                alphanumeric = lowercase || uppercase || (a >= 0x30 && a <= 0x39)
            } else {
                alphanumeric = c.isLetter || c.isNumber
                lowercase = c.isLowercase
                uppercase = c.isUppercase
            }
        }
    }
}
