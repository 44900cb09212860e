import Foundation

/// Apple's UILocalizedIndexedCollation rebuilt on ICU: the section titles a locale's readers expect,
/// the section of any string, sorting, and partitioning into sorted sections.
///
/// Style `.apple` (the default) gives Latin A–Z first, then the locale's own letters, then one `#`
/// section holding everything else; style `.icu` gives ICU's own buckets, with its `…` underflow,
/// inflow and overflow sections.
///
///     let collation = try IndexedCollation(locale: "sv_SE")
///     collation.sectionTitles            // ["A", …, "Z", "Å", "Ä", "Ö", "#"]
///     collation.section(for: "Örebro")   // 28
///     let sections = collation.partition(["Östen", "Anna", "Åke"], by: { $0 })
public struct IndexedCollation: Sendable {
    /// How the sections are laid out.
    public enum Style: String, Sendable, Hashable, CaseIterable, Codable {
        /// `apple`: Latin A–Z first, then the locale's own letters, then one `#` section for everything else;
        /// `icu`: ICU's own buckets, with its `…` underflow, inflow and overflow sections.
        case apple, icu
    }

    /// The section layout.
    public let style: Style
    /// The collator that orders strings within and across sections.
    public let collator: Collator
    /// Section headers, in section order.
    public let sectionTitles: [String]

    let index: AlphabeticIndex
    /// ICU bucket → section position.
    let sectionOfBucket: [Int32]

    /// The locale of the collator.
    public var locale: CollationLocale { collator.locale }

    /// A collation for a locale identifier written in any of the usual forms (`sv_SE`, `sv-SE`).
    ///
    /// - Throws: `CollationError` of kind `.invalidLocale` for an identifier ICU cannot use, `.icu` when ICU fails.
    public init(locale identifier: String, style: Style = .apple, options: CollationOptions = CollationOptions())
        throws(CollationError)
    {
        let locale = try CollationLocale(identifier)
        try self.init(collator: Collator(locale: locale, options: options), style: style)
    }

    /// A collation over an open collator.
    ///
    /// - Throws: `CollationError` of kind `.icu` when ICU cannot build the locale's index.
    public init(collator: Collator, style: Style = .apple) throws(CollationError) {
        self.collator = collator
        self.style = style
        index = try AlphabeticIndex(collator: collator)
        (sectionTitles, sectionOfBucket) = Self.sections(of: index.buckets, style: style, language: collator.locale.language)
    }

    /// Apple's layout: Latin letters first, then the locale's other letters, then `#` for the rest.
    private static func sections(of buckets: [AlphabeticIndex.Bucket], style: Style, language: String)
        -> ([String], [Int32])
    {
        if style == .icu {
            return (buckets.map(\.label), buckets.indices.map { Int32($0) })
        }
        let letters = buckets.indices.filter { buckets[$0].type == .normal }
        let ordered = letters.filter { buckets[$0].isLatin } + letters.filter { !buckets[$0].isLatin }
        var sectionOfBucket = [Int32](repeating: Int32(ordered.count), count: buckets.count)
        for (section, bucket) in ordered.enumerated() { sectionOfBucket[bucket] = Int32(section) }
        let titles = ordered.map { appleSpelling(buckets[$0].label, language: language) } + ["#"]
        return (titles, sectionOfBucket)
    }

    /// iOS titles the Arabic alef section with alef madda (آ) where CLDR's index uses bare alef (ا).
    private static func appleSpelling(_ label: String, language: String) -> String {
        language == "ar" && label == "\u{0627}" ? "\u{0622}" : label
    }

    // MARK: Sections

    /// The section of a string (Apple's `sectionForObject:collationStringSelector:`).
    public func section(for string: String) -> Int {
        Int(sectionOfBucket[index.bucket(of: string)])
    }

    /// The section of an item, by the string it is collated under.
    public func section<T>(for item: T, by collationString: (T) -> String) -> Int {
        section(for: collationString(item))
    }

    /// Sections of every string of a batch, computed on every core (`parallel: false`: on this thread).
    public func sections(of batch: UTF8Batch, parallel: Bool = true) -> [Int32] {
        sections(ofBuckets: index.buckets(of: batch, parallel: parallel))
    }

    /// Sections of every string of a batch whose collation order is `sorted` (its `SortKeys.sortedOrder()`): where the
    /// locale's sections follow the collation (all but the Chinese indexes), each section is found as a run of that
    /// order with a few lookups instead of one per string.
    public func sections(of batch: UTF8Batch, sorted: [Int32]) -> [Int32] {
        sections(ofBuckets: index.buckets(of: batch, sorted: sorted))
    }

    /// ICU buckets to section positions, in place.
    private func sections(ofBuckets buckets: [Int32]) -> [Int32] {
        var buckets = buckets
        sectionOfBucket.withUnsafeBufferPointer { map in
            for i in buckets.indices { buckets[i] = map[Int(buckets[i])] }
        }
        return buckets
    }

    // MARK: Sorting

    /// Items in collation order (Apple's `sortedArrayFromArray:collationStringSelector:`).
    /// Items with equal collation strings keep their input order.
    public func sorted<S: Sequence>(_ items: S, by collationString: (S.Element) -> String) throws(CollationError) -> [S.Element] {
        let items = Array(items)
        let keys = try SortKeys(UTF8Batch(items.lazy.map(collationString)), collator: collator)
        return keys.sortedOrder().map { items[Int($0)] }
    }

    /// Items in collation order of the string at `keyPath`; equal strings keep their input order.
    public func sorted<S: Sequence>(_ items: S, by keyPath: KeyPath<S.Element, String>) throws(CollationError) -> [S.Element] {
        try sorted(items) { $0[keyPath: keyPath] }
    }

    /// Strings in collation order; equal strings keep their input order.
    public func sorted(_ strings: [String]) throws(CollationError) -> [String] {
        try sorted(strings) { $0 }
    }

    // MARK: Partitioning

    /// Sorts and sections a batch in one pass: the order every seed writes by hand.
    public func sectioned(_ batch: UTF8Batch) throws(CollationError) -> SectionedOrder {
        let sorted = try SortKeys(batch, collator: collator).sortedOrder()
        return SectionedOrder(sortedOrder: sorted, sections: sections(of: batch, sorted: sorted), sectionCount: sectionTitles.count)
    }

    /// Items grouped into their sections, each sorted; only non-empty sections are returned.
    public func partition<S: Sequence>(_ items: S, by collationString: (S.Element) -> String) throws(CollationError) -> [Section<S.Element>] {
        let items = Array(items)
        let order = try sectioned(UTF8Batch(items.lazy.map(collationString)))
        return order.ranges.map { range in
            Section(
                titleIndex: range.section, title: sectionTitles[range.section],
                items: order.order[range.range].map { items[Int($0)] })
        }
    }

    /// Items grouped into their sections by the string at `keyPath`, each sorted; only non-empty sections are returned.
    public func partition<S: Sequence>(_ items: S, by keyPath: KeyPath<S.Element, String>) throws(CollationError) -> [Section<S.Element>] {
        try partition(items) { $0[keyPath: keyPath] }
    }
}

/// One non-empty section of a partition.
public struct Section<Element> {
    /// Position of `title` in `sectionTitles`.
    public var titleIndex: Int
    /// The section's header: `sectionTitles[titleIndex]`.
    public var title: String
    /// The section's items, sorted.
    public var items: [Element]
}

extension Section: Sendable where Element: Sendable {}
extension Section: Equatable where Element: Equatable {}

/// The sectioned order of a batch: all strings sorted within their sections, sections in title order.
public struct SectionedOrder: Sendable {
    /// One non-empty section of the order: its title and where its items are in `order`.
    public struct SectionRange: Sendable, Hashable {
        /// Position in `sectionTitles`.
        public var section: Int
        /// Positions in `order`.
        public var range: Range<Int>
    }

    /// Input positions, in sectioned order.
    public let order: [Int32]
    /// Input positions in plain collation order (differs from `order` where sections are not in
    /// collation order: `#` last, Latin before Hangul).
    public let collationOrder: [Int32]
    /// The section of each input string, by input position.
    public let sectionOfItem: [Int32]
    /// The non-empty sections, in order.
    public let ranges: [SectionRange]

    init(sortedOrder: [Int32], sections: [Int32], sectionCount: Int) {
        // A stable counting sort by section keeps the collation order inside each section.
        var counts = [Int](repeating: 0, count: sectionCount + 1)
        for s in sections { counts[Int(s) + 1] += 1 }
        for s in 0 ..< sectionCount { counts[s + 1] += counts[s] }
        var ranges: [SectionRange] = []
        for s in 0 ..< sectionCount where counts[s + 1] > counts[s] {
            ranges.append(SectionRange(section: s, range: counts[s] ..< counts[s + 1]))
        }
        var next = counts
        var order = [Int32](repeating: 0, count: sortedOrder.count)
        for i in sortedOrder {
            let s = Int(sections[Int(i)])
            order[next[s]] = i
            next[s] += 1
        }
        self.order = order
        self.collationOrder = sortedOrder
        self.sectionOfItem = sections
        self.ranges = ranges
    }

    /// Title positions of the non-empty sections, ascending.
    public var nonEmptySections: [Int] { ranges.map(\.section) }
}
