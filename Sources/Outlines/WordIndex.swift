import Collation
import Foundation
import LowLevel

/// The first eight bytes of the primary-strength sort key of every word start of every entry, made once per text
/// generation and locale: a query is then an integer compare per word, not an ICU call. A query whose key is longer
/// than eight bytes finds candidates that `PrefixMatcher.matches` confirms (`isShort` is false then).
public struct WordIndex: Sendable {
    /// Bytes of text kept from each word start: more than the eight key bytes need.
    static let window = 64

    private let prefixes: [UInt64]
    /// The outline item of each prefix.
    private let owners: [Int32]
    private let itemCount: Int

    /// Builds the keys of every word start of every name of `names` with `collator` (one at primary strength, as
    /// `PrefixMatcher` makes); `candidates` then gives positions in `names`. A slice of them on each core; an ASCII
    /// name's words found by its bytes, with no `String` made.
    public init(names: UTF8Batch, collator: Collator) throws(CollationError) {
        let count = min(8, max(1, names.count / Thresholds.wordIndexSlice))
        var words = [(batch: UTF8Batch, owners: [Int32])](repeating: (UTF8Batch([String]()), []), count: count)
        words.withUnsafeMutableBufferPointer { words in
            Cores.run(count) { part in
                var batch = UTF8Batch([String]()), owners: [Int32] = [], kinds: [UInt32: PrefixMatcher.Kind] = [:]
                for i in names.count * part / count ..< names.count * (part + 1) / count {
                    names.withUTF8(at: i) { Self.appendWords(of: $0, owner: Int32(i), to: &batch, owners: &owners, kinds: &kinds) }
                }
                words[part] = (batch, owners)
            }
        }
        var batch = words[0].batch, owners: [Int32] = []
        owners.reserveCapacity(words.reduce(0) { $0 + $1.owners.count })  // kept: no growth slack
        owners += words[0].owners
        for part in words.dropFirst() {
            batch.append(contentsOf: part.batch)
            owners += part.owners
        }
        self.prefixes = try SortKeys.prefixes(batch, collator: collator)
        self.owners = owners
        self.itemCount = names.count
    }

    /// Appends the text from each word start of `name` (at most `window` bytes of it, cut at a scalar's start) to
    /// `batch`.
    private static func appendWords(of name: UnsafeBufferPointer<UInt8>, owner: Int32, to batch: inout UTF8Batch,
                                     owners: inout [Int32], kinds: inout [UInt32: PrefixMatcher.Kind]) {
        for start in PrefixMatcher.wordStarts(utf8: name, kinds: &kinds) {
            var end = min(name.count, start + window)
            while end < name.count && name[end] & 0xC0 == 0x80 { end -= 1 }
            batch.append(utf8: UnsafeBufferPointer(rebasing: name[start ..< end]))
            owners.append(owner)
        }
    }

    /// Items (ascending, each once) one of whose words starts with the query's first eight key bytes: all of them
    /// match when the matcher `isShort`.
    public func candidates(for matcher: PrefixMatcher) -> [Int] {
        let query = matcher.queryKey.prefix(8)
        if query.isEmpty { return Array(0 ..< itemCount) }
        // The query's bytes hold no 0x00, so a word whose key is shorter (padded with 0x00) never matches.
        let value = query.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } << (8 * UInt64(8 - query.count))
        let mask = UInt64.max << (8 * UInt64(8 - query.count))
        var items: [Int] = []
        prefixes.withUnsafeBufferPointer { prefixes in
            for k in 0 ..< prefixes.count where prefixes[k] & mask == value {
                let item = Int(owners[k])
                if items.last != item { items.append(item) }
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
    /// The query's primary-strength key, without its terminating 0x00.
    let queryKey: [UInt8]
    /// Whether the query's key fits a `WordIndex` prefix, so that a candidate is a match.
    public let isShort: Bool

    /// A matcher for `query` under `locale`.
    ///
    /// - Throws: `CollationError` when ICU cannot open a collator for `locale`.
    public init(query: String, locale: CollationLocale) throws(CollationError) {
        collator = try Collator(locale: locale, options: CollationOptions(strength: .primary))
        queryKey = Array(try collator.sortKey(query).dropLast())  // without the terminating 0x00
        isShort = queryKey.count <= 8
    }

    /// Whether a word of `name` starts with the query, by the collation; an empty query matches everything.
    public func matches(_ name: String) -> Bool {
        if queryKey.isEmpty { return true }
        // One word's key: an allocation too small to fail where the process could go on; a key not made is no match.
        for word in Self.wordStarts(name) where (try? collator.sortKey(String(name[word...])))?.starts(with: queryKey) == true {
            return true
        }
        return false
    }

    /// Where words start: the beginning, after spaces and punctuation, and at camelCase humps.
    public static func wordStarts(_ name: String) -> [String.Index] {
        var kinds: [UInt32: Kind] = [:], name = name
        let offsets = name.withUTF8 { utf8 in wordStarts(utf8: utf8, kinds: &kinds) }
        return offsets.map { name.utf8.index(name.startIndex, offsetBy: $0) }
    }

    /// `wordStarts` as byte offsets into `utf8`, read scalar by scalar: a letter or digit after anything else starts a
    /// word, and an upper case letter after a lower case one. A scalar that extends the character before it (a
    /// combining mark, a joiner) is part of that character, so the rule sees characters as `Character` has them; what
    /// is known of each non-ASCII scalar is kept in `kinds` across names (a Unicode property lookup per character of a
    /// million names costs seconds).
    static func wordStarts(utf8 name: UnsafeBufferPointer<UInt8>, kinds: inout [UInt32: Kind]) -> [Int] {
        var starts: [Int] = []
        var previous: Kind?
        var i = 0
        while i < name.count {
            let (scalar, length) = Self.scalar(name, at: i)
            let c: Kind
            if scalar < 0x80 {
                c = Kind(ascii: UInt8(scalar))
            } else if let known = kinds[scalar] {
                c = known
            } else {
                c = Kind(Unicode.Scalar(scalar) ?? "\u{FFFD}")
                kinds[scalar] = c
            }
            if let p = previous {
                if !c.extends {
                    if (!p.alphanumeric && c.alphanumeric) || (p.lowercase && c.uppercase) { starts.append(i) }
                    previous = c
                }
            } else {
                starts.append(i)
                previous = c
            }
            i += length
        }
        return starts
    }

    /// The scalar whose UTF-8 starts at `i`, and its length; a malformed byte reads as U+FFFD, one byte long.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let lead = bytes[i]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, i + length <= bytes.count else { return (0xFFFD, 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1 ..< length {
            let byte = bytes[i + k]
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// What `wordStarts` asks of a scalar: as `Character` answers for the character the scalar starts, and whether
    /// the scalar extends the character before it instead.
    struct Kind {
        var alphanumeric = false, lowercase = false, uppercase = false, extends = false

        init(ascii a: UInt8) {
            lowercase = a >= 0x61 && a <= 0x7A
            uppercase = a >= 0x41 && a <= 0x5A
            alphanumeric = lowercase || uppercase || (a >= 0x30 && a <= 0x39)
        }

        init(_ scalar: Unicode.Scalar) {
            let c = Character(scalar)
            alphanumeric = c.isLetter || c.isNumber
            lowercase = c.isLowercase
            uppercase = c.isUppercase
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: extends = true
            default: extends = scalar.properties.isGraphemeExtend || scalar.value == 0x200D || scalar.properties.isEmojiModifier
            }
        }
    }
}
