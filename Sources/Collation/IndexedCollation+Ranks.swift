extension IndexedCollation {
    /// The positions in `batch` of the strings at places `ranks` of its collation order (ties: input order), in that
    /// order, as `SortKeys.positions(atRanks:of:collator:)` finds them, but first narrowed by the strings' first code
    /// points: every string whose first code point decides where it starts (see `AlphabeticIndex.leadingCodePoints`)
    /// collates between that code point alone and it followed by two U+FFFF, so the key prefixes of those two order all
    /// the strings that start with it against the others. Code points whose spans overlap (the same first letter in
    /// another case or with an accent, Hangul syllables of one initial and vowel) are taken together, and the other
    /// strings each as a span of its own prefix. Only the strings of the spans that hold the ranks get key prefixes: a
    /// page inside half a million names in many scripts costs some ten thousand prefixes, not half a million.
    public func positions(atRanks ranks: Range<Int>, of batch: UTF8Batch) throws(CollationError) -> [Int32] {
        let ranks = ranks.clamped(to: 0 ..< batch.count)
        guard !ranks.isEmpty else { return [] }
        guard ranks.count * 2 <= batch.count, let spans = try LeadingSpans(batch, collation: self) else {
            return try SortKeys.positions(atRanks: ranks, of: batch, collator: collator)
        }
        let (holding, below) = spans.holding(ranks)
        var candidates: [Int32] = []
        for i in 0 ..< batch.count where holding.contains(spans.span(of: i)) { candidates.append(Int32(i)) }
        let ranked = try SortKeys.positions(atRanks: (ranks.lowerBound - below) ..< (ranks.upperBound - below),
                                            of: batch.strings(at: candidates), collator: collator)
        return ranked.map { candidates[Int($0)] }
    }
}

/// The strings of a batch in spans of the collation order: each span a run of that order, every string of an earlier
/// span before every string of a later one (see `IndexedCollation.positions(atRanks:of:)`).
struct LeadingSpans {
    /// The first code point of each string (-1: none that decides), the span of each code point, and of each string
    /// without one.
    private let leading: [Int32], spanOfCodePoint: [Int32], spanOfString: [Int: Int32]
    /// How many strings each span holds, in order.
    let sizes: [Int]

    /// Nil when the index cannot tell first code points, or when more than `maximumOthers` strings (an eighth) have
    /// none: each of those needs its own prefix here.
    init?(_ batch: UTF8Batch, collation: IndexedCollation, maximumOthers: Int? = nil) throws(CollationError) {
        guard let leading = collation.index.leadingCodePoints(of: batch) else { return nil }
        var counts = [Int](repeating: 0, count: 0x10000), others: [Int] = []
        counts.withUnsafeMutableBufferPointer { counts in
            leading.withUnsafeBufferPointer { leading in
                for i in leading.indices {
                    if leading[i] >= 0 { counts[Int(leading[i])] += 1 } else { others.append(i) }
                }
            }
        }
        guard others.count <= maximumOthers ?? batch.count / 8 else { return nil }
        // A code point's span runs from the key prefix of it alone to that of it followed by two U+FFFF; another
        // string's is its own prefix. Prefixes order as the strings do (a string before another never has the greater
        // prefix), so spans apart as prefixes are apart as strings.
        let codePoints = counts.indices.filter { counts[$0] > 0 }
        var bounds = UTF8Batch([String]())
        for codePoint in codePoints {
            let alone = String(Character(Unicode.Scalar(UInt16(codePoint))!))
            bounds.append(alone)
            bounds.append(alone + "\u{FFFF}\u{FFFF}")
        }
        for i in others { batch.withUTF8(at: i) { bounds.append(utf8: $0) } }
        let prefixes = try SortKeys.prefixes(bounds, collator: collation.collator)
        let items = codePoints.count + others.count
        let low = { (item: Int) in prefixes[item < codePoints.count ? 2 * item : codePoints.count + item] }
        let high = { (item: Int) in prefixes[item < codePoints.count ? 2 * item + 1 : codePoints.count + item] }
        // Items by their spans' starts; a span that starts after every span before it has ended begins a new one.
        let order = (0 ..< items).sorted { low($0) < low($1) }
        var spanOfItem = [Int32](repeating: 0, count: items), sizes: [Int] = []
        var end: UInt64 = 0
        for item in order {
            if sizes.isEmpty || low(item) > end {
                sizes.append(0)
                end = high(item)
            } else {
                end = max(end, high(item))
            }
            spanOfItem[item] = Int32(sizes.count - 1)
            sizes[sizes.count - 1] += item < codePoints.count ? counts[codePoints[item]] : 1
        }
        var spanOfCodePoint = [Int32](repeating: -1, count: 0x10000), spanOfString: [Int: Int32] = [:]
        for (k, codePoint) in codePoints.enumerated() { spanOfCodePoint[codePoint] = spanOfItem[k] }
        for (k, i) in others.enumerated() { spanOfString[i] = spanOfItem[codePoints.count + k] }
        self.leading = leading
        self.spanOfCodePoint = spanOfCodePoint
        self.spanOfString = spanOfString
        self.sizes = sizes
    }

    /// The span of string `i`.
    func span(of i: Int) -> Int32 {
        leading[i] >= 0 ? spanOfCodePoint[Int(leading[i])] : spanOfString[i]!
    }

    /// The spans holding the strings at `ranks` (within the strings' count, not empty), and how many strings come
    /// before them.
    func holding(_ ranks: Range<Int>) -> (spans: ClosedRange<Int32>, below: Int) {
        var start = 0, first = -1, below = 0
        for (span, size) in sizes.enumerated() {
            if first < 0 && start + size > ranks.lowerBound {
                first = span
                below = start
            }
            if start + size >= ranks.upperBound { return (Int32(first) ... Int32(span), below) }
            start += size
        }
        preconditionFailure("ranks \(ranks) past the \(start) strings")
    }
}
