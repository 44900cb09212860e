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
    struct Node {
        /// The value's span, and where its member starts (its key, in an object): kept as 32-bit offsets, 28 bytes a
        /// node, not 40 (a tree is followed only for a text under 2 GiB).
        var start: Int { get { Int(start32) } set { start32 = Int32(newValue) } }
        var end: Int { get { Int(end32) } set { end32 = Int32(newValue) } }
        var memberStart: Int { get { Int(memberStart32) } set { memberStart32 = Int32(newValue) } }
        private var start32: Int32, end32: Int32, memberStart32: Int32
        var parent: Int32
        /// The number of values inside it (they follow it).
        var size: Int32 = 0
        /// The number of entries before it in document order: its entry's place when it is one.
        var rank: Int32
        var isObject: Bool, isArray: Bool
        var isEntry: Bool

        init(_ span: JSONSpan, parent: Int32, rank: Int32, isEntry: Bool) {
            start32 = Int32(span.start)
            end32 = Int32(span.end)
            memberStart32 = Int32(span.keyStart ?? span.start)
            self.parent = parent
            size = Int32(span.size)
            self.rank = rank
            isObject = span.kind == .object
            isArray = span.kind == .array
            self.isEntry = isEntry
        }
    }

    let format: TreeFormat
    var nodes: [Node] = []
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

    /// The nodes of `spans`, which are the values held by node `outside` (the document's value, when -1) and what they
    /// hold, in document order; node `base` is the first of them. `rank`: the entries before them, counted on.
    func nodes(of spans: [JSONSpan], base: Int, outside: Int32, rank: inout Int32) -> [Node] {
        var nodes: [Node] = []
        nodes.reserveCapacity(spans.count)
        for span in spans {
            let parent = span.parent.map { Int32(base + $0) } ?? outside
            let parentIsObject = span.parent.map { spans[$0].kind == .object } ?? (outside >= 0 && self.nodes[Int(outside)].isObject)
            let isEntry = parent >= 0 && hasEntry(in: Int(parent), isObject: parentIsObject, span.kind)
            nodes.append(Node(span, parent: parent, rank: rank, isEntry: isEntry))
            if isEntry { rank += 1 }
        }
        return nodes
    }

    /// Whether a value in the container `parent` has an entry: in JSON every member and every element that is a
    /// container (as `JSONExtractor` makes them); in a catalog the members of `strings`.
    private func hasEntry(in parent: Int, isObject: Bool, _ kind: JSONSpan.Kind) -> Bool {
        switch format.kind {
        case .json, .yaml: isObject || kind == .object || kind == .array
        case .catalog: parent == strings
        }
    }

    private func rank(at i: Int) -> Int { i < nodes.count ? Int(nodes[i].rank) : entryCount }

    private func depth(of i: Int) -> Int {
        var depth = 1, i = i
        while nodes[i].parent >= 0 { depth += 1; i = Int(nodes[i].parent) }
        return depth
    }

    /// Follows an edit that replaced lines `start ..< oldEnd` of the text the tree was made from by lines
    /// `start ..< newEnd` of `text`; nil when it cannot (see the type's comment), and then the tree is unchanged.
    public mutating func follow(_ text: RecordText, start: Int, oldEnd: Int, newEnd: Int) -> TreeChange? {
        let map = text, delta = text.bytes.count - byteCount
        guard !nodes.isEmpty, start < map.lineCount, text.bytes.count <= Self.largestText else { return nil }
        let editStart = map.lineStarts[start]
        let oldEditEnd = (newEnd < map.lineCount ? map.lineStarts[newEnd] : text.bytes.count) - delta
        // The innermost container with both brackets outside the edited lines: it holds the last value starting before them.
        var low = 0, high = nodes.count
        while low < high {
            let mid = (low + high) / 2
            if nodes[mid].start < editStart { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        var c = low - 1
        while !((nodes[c].isObject || nodes[c].isArray) && nodes[c].end - 1 >= oldEditEnd) {
            guard nodes[c].parent >= 0 else { return nil }
            c = Int(nodes[c].parent)
        }
        switch format.kind {
        case .json, .yaml:
            // An object in an array may be named by one of its fields: the element is read again whole.
            while nodes[c].isObject, nodes[c].parent >= 0, nodes[Int(nodes[c].parent)].isArray { c = Int(nodes[c].parent) }
        case .catalog:
            guard strings >= 0, c >= strings, c <= strings + Int(nodes[strings].size) else { return nil }
            c = strings
        }
        let isObject = nodes[c].isObject, childrenEnd = c + 1 + Int(nodes[c].size)
        // The window starts at the last member starting before the edited lines (the edit may end it elsewhere).
        var first: Int?, ordinal = 0, child = c + 1
        while child < childrenEnd, nodes[child].memberStart < editStart {
            first = child
            ordinal += 1
            child += Int(nodes[child].size) + 1
        }
        let w0 = first ?? c + 1
        var read: [JSONSpan] = [], w1 = childrenEnd
        func readMembers(settling: Bool) -> Bool {
            var cursor = child
            let from = first.map { nodes[$0].memberStart } ?? nodes[c].start + 1
            guard let (spans, end) = try? text.bytes.withUnsafeBufferPointer({ p in
                try JSONParser.text.parseMemberSpans(p, isObject: isObject, from: from, afterBracket: first == nil, depth: depth(of: c)) { at in
                    guard settling else { return false }
                    while cursor < childrenEnd, nodes[cursor].memberStart + delta < at { cursor += Int(nodes[cursor].size) + 1 }
                    return cursor < childrenEnd && nodes[cursor].memberStart >= oldEditEnd && nodes[cursor].memberStart + delta == at
                }
            }) else { return false }
            switch end {
            case .settled: w1 = cursor
            case .closed(let end):
                guard end == nodes[c].end + delta else { return false }
                w1 = childrenEnd
            }
            read = spans
            return true
        }
        guard readMembers(settling: true) else { return nil }
        func children(_ range: Range<Int>) -> Int {
            var n = 0, i = range.lowerBound
            while i < range.upperBound { n += 1; i += Int(nodes[i].size) + 1 }
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
        let added = nodes(of: read, base: w0, outside: Int32(c), rank: &rank)
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

        let nodeDelta = added.count - (w1 - w0), entryDelta = Int32(entries.count - (s1 - s0))
        nodes.replaceSubrange(w0 ..< w1, with: added)
        let oldW1 = Int32(w1)
        nodes.withUnsafeMutableBufferPointer { p in
            for i in (w0 + added.count) ..< p.count {
                p[i].start += delta
                p[i].end += delta
                p[i].memberStart += delta
                if p[i].parent >= oldW1 { p[i].parent += Int32(nodeDelta) }
                p[i].rank += entryDelta
            }
        }
        var ancestors: [(place: Int, end: TextPosition, detail: String?)] = []
        var a = c
        while a >= 0 {
            nodes[a].end += delta
            nodes[a].size += Int32(nodeDelta)
            if nodes[a].isEntry {
                let count = a == c && newChildren != oldChildren ? children(c + 1 ..< c + 1 + Int(nodes[c].size)) : nil
                ancestors.append((Int(nodes[a].rank), map.position(ofOffset: nodes[a].end),
                                  count.map { JSONExtractor.sizeDetail($0, isObject: nodes[a].isObject) }))
            }
            a = Int(nodes[a].parent)
        }
        byteCount = text.bytes.count
        entryCount += Int(entryDelta)
        return TreeChange(old: s0 ..< s1, entries: entries, ancestors: ancestors)
    }
}
