import ThumbIndexJSON

/// The shape of a JSON document, kept to follow its edits: every value in document order with its span, its
/// parent, how many values it holds, and where its entry is in the outline's depth-first order.
///
/// Between two members of a container, JSON reads the same whatever comes before: so an edit is followed by reading
/// again the members of the innermost container whose brackets are outside the edited lines, from the member before
/// the edit until a member starts, after the edit, where one started before (or the container closes where it closed
/// before). Anything else (a bracket edited, a read that does not settle, text that is no longer JSON) is not
/// followed, and the document is read whole.
public struct JSONTree: Sendable {
    let format: TreeFormat
    /// Every value with its span, in document order, each parent an index in this list (32-bit offsets: a tree is
    /// followed only for a text under 2 GiB).
    var spans: [JSONSpan] = []
    /// The number of entries before each value in document order: its entry's place when it is one.
    var ranks: [Int32] = []
    var byteCount: Int
    /// The number of entries.
    public internal(set) var entryCount = 0
    /// A catalog's `strings` object, and the languages its entries' details are looked up in.
    var strings = -1
    var languages: [String] = []

    /// The largest text whose tree is kept (its offsets are 32-bit); a larger one is read whole.
    static let largestText = Int(Int32.max)

    init(format: TreeFormat, byteCount: Int) {
        self.format = format
        self.byteCount = byteCount
    }

    /// `spans` (the values held by value `outside`, the document's when -1, and what they hold, in document order)
    /// placed in the tree from place `base` on, with the entries before each, counted on from `rank`.
    func placed(_ spans: [JSONSpan], base: Int, outside: Int32, rank: inout Int32) -> (spans: [JSONSpan], ranks: [Int32]) {
        var placed = spans, ranks: [Int32] = []
        ranks.reserveCapacity(spans.count)
        for i in placed.indices {
            let parentIsObject = spans[i].parent.map { spans[$0].kind == .object } ?? (outside >= 0 && self.spans[Int(outside)].kind == .object)
            placed[i].adopt(base: Int32(base), container: outside)
            ranks.append(rank)
            if placed[i].parent32 >= 0 && hasEntry(in: Int(placed[i].parent32), isObject: parentIsObject, spans[i].kind) { rank += 1 }
        }
        return (placed, ranks)
    }

    /// Whether a value in the container `parent` has an entry: in JSON every member and every element that is a
    /// container (as `JSONExtractor` makes them); in a catalog the members of `strings`.
    private func hasEntry(in parent: Int, isObject: Bool, _ kind: JSONSpan.Kind) -> Bool {
        switch format.kind {
        case .json, .yaml: isObject || kind == .object || kind == .array
        case .catalog: parent == strings
        }
    }

    private func rank(at i: Int) -> Int { i < ranks.count ? Int(ranks[i]) : entryCount }

    private func depth(of i: Int) -> Int {
        var depth = 1, i = i
        while let parent = spans[i].parent { depth += 1; i = parent }
        return depth
    }

    /// Follows an edit that replaced lines `start ..< oldEnd` of the text the tree was made from by lines
    /// `start ..< newEnd` of `text`; nil when it cannot (see the type's comment), and then the tree is unchanged.
    public mutating func follow(_ text: RecordText, start: Int, oldEnd: Int, newEnd: Int) -> TreeChange? {
        let map = text, delta = text.bytes.count - byteCount
        guard !spans.isEmpty, start < map.lineCount, text.bytes.count <= Self.largestText else { return nil }
        let editStart = map.lineStarts[start]
        let oldEditEnd = (newEnd < map.lineCount ? map.lineStarts[newEnd] : text.bytes.count) - delta
        // The innermost container with both brackets outside the edited lines: it holds the last value starting before them.
        var low = 0, high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].start < editStart { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        var c = low - 1
        while !(spans[c].kind == .object || spans[c].kind == .array) || spans[c].end - 1 < oldEditEnd {
            guard let parent = spans[c].parent else { return nil }
            c = parent
        }
        switch format.kind {
        case .json, .yaml:
            // An object in an array may be named by one of its fields: the element is read again whole.
            while spans[c].kind == .object, let parent = spans[c].parent, spans[parent].kind == .array { c = parent }
        case .catalog:
            guard strings >= 0, c >= strings, c <= strings + spans[strings].size else { return nil }
            c = strings
        }
        let isObject = spans[c].kind == .object, childrenEnd = c + 1 + spans[c].size
        // The window starts at the last member starting before the edited lines (the edit may end it elsewhere).
        var first: Int?, ordinal = 0, child = c + 1
        while child < childrenEnd, spans[child].memberStart < editStart {
            first = child
            ordinal += 1
            child += spans[child].size + 1
        }
        let w0 = first ?? c + 1
        var read: [JSONSpan] = [], w1 = childrenEnd
        func readMembers(settling: Bool) -> Bool {
            var cursor = child
            let from = first.map { spans[$0].memberStart } ?? spans[c].start + 1
            guard let (members, end) = try? text.bytes.withUnsafeBufferPointer({ p in
                try JSONParser.text.parseMemberSpans(p, isObject: isObject, from: from, afterBracket: first == nil, depth: depth(of: c)) { at in
                    guard settling else { return false }
                    while cursor < childrenEnd, spans[cursor].memberStart + delta < at { cursor += spans[cursor].size + 1 }
                    return cursor < childrenEnd && spans[cursor].memberStart >= oldEditEnd && spans[cursor].memberStart + delta == at
                }
            }) else { return false }
            switch end {
            case .settled: w1 = cursor
            case .closed(let end):
                guard end == spans[c].end + delta else { return false }
                w1 = childrenEnd
            }
            read = members
            return true
        }
        guard readMembers(settling: true) else { return nil }
        func children(_ range: Range<Int>) -> Int {
            var n = 0, i = range.lowerBound
            while i < range.upperBound { n += 1; i += spans[i].size + 1 }
            return n
        }
        var oldChildren = children(w0 ..< w1)
        var newChildren = ChildIndices(spans: read, range: read.indices).count
        if !isObject, newChildren != oldChildren, w1 < childrenEnd {
            // The elements after the window are named by their place, which moved: read them all.
            guard readMembers(settling: false) else { return nil }
            oldChildren = children(w0 ..< w1)
            newChildren = ChildIndices(spans: read, range: read.indices).count
        }

        let s0 = rank(at: w0), s1 = rank(at: w1)
        var rank = Int32(s0)
        let added = placed(read, base: w0, outside: Int32(c), rank: &rank)
        var entries: [Entry] = []
        text.bytes.withUnsafeBufferPointer { bytes in
            let values = JSONValues(spans: read, bytes: bytes, map: map), top = ChildIndices(spans: read, range: read.indices)
            switch format.kind {
            case .json, .yaml:
                values.visit(top, isObject: isObject, firstIndex: first == nil ? 0 : ordinal - 1, into: &entries)
            case .catalog:
                var line = 0
                for member in top { line = values.catalogEntry(member, languages: languages, hint: line, into: &entries) ?? line }
            }
        }
        guard entries.count == Int(rank) - s0 else { assertionFailure("a window's entries do not match its values"); return nil }

        let nodeDelta = added.spans.count - (w1 - w0), entryDelta = Int32(entries.count - (s1 - s0))
        spans.replaceSubrange(w0 ..< w1, with: added.spans)
        ranks.replaceSubrange(w0 ..< w1, with: added.ranks)
        let oldW1 = Int32(w1), after = w0 + added.spans.count
        spans.withUnsafeMutableBufferPointer { p in
            for i in after ..< p.count {
                p[i].move(by: Int32(delta))
                if p[i].parent32 >= oldW1 { p[i].parent32 += Int32(nodeDelta) }
            }
        }
        ranks.withUnsafeMutableBufferPointer { p in for i in after ..< p.count { p[i] += entryDelta } }
        entryCount += Int(entryDelta)
        var ancestors: [(place: Int, end: TextPosition, detail: String?)] = []
        var a = c
        while a >= 0 {
            spans[a].end32 += Int32(delta)
            spans[a].size32 += Int32(nodeDelta)
            if self.rank(at: a + 1) > Int(ranks[a]) {  // an entry
                let count = a == c && newChildren != oldChildren ? children(c + 1 ..< c + 1 + spans[c].size) : nil
                ancestors.append((Int(ranks[a]), map.position(ofOffset: spans[a].end),
                                  count.map { JSONExtractor.sizeDetail($0, isObject: spans[a].kind == .object) }))
            }
            a = Int(spans[a].parent32)
        }
        byteCount = text.bytes.count
        return TreeChange(old: s0 ..< s1, entries: entries, ancestors: ancestors)
    }
}
