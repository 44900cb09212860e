/// A YAML document whose top-level value is a block mapping with its keys at the start of their lines, kept to follow
/// its edits key by key: each top-level key's line, its entries' places, and its name.
///
/// A key at the start of a line of the top-level mapping reads the same whatever came before it (the text before it
/// is unchanged, and YAML reads left to right). So an edit is followed by reading again, as a YAML text of its own, the
/// lines from the last top-level key before the edited lines up to the first top-level key after them, where one
/// started before: when that text is one block mapping with its keys at the start of their lines, its keys are the
/// ones the whole text has there, since what ends it (a key at the start of a line) ends any value in the whole text
/// too, and anything left open (a quote, a bracket) fails it. Not followed, and read whole: an edit before the first
/// key; text with anchors or aliases (an alias may name an anchor in another key), document markers (`---`, `...`)
/// but a `---` that starts the document, or directives; a window whose keys repeat a key outside it (the whole read reports the duplicate).
public struct YAMLTree: Sendable {
    /// Each top-level key's line, the place of its entry (its children follow it), and its name's hash; how many keys
    /// have each hash. Hashes, not names: a million keys' names and their counts by name took 120 MB. Two names with
    /// one hash look like a repeated key, which only sends an edit to the whole read (which tells them apart).
    var lines: [Int] = []
    var places: [Int] = []
    var keys: [Int] = []
    var counts: [Int: Int32] = [:]
    /// The number of entries.
    public private(set) var entryCount = 0

    static func read(_ text: RecordText) -> (YAMLTree, [Entry])? {
        // A `---` that starts the one document (before anything but blank and comment lines) is read past: the
        // document is the same without it, and no window reaches back before the first key.
        var first = 0
        for line in 0 ..< text.lineCount {
            let bytes = text.bytes[text.map.lineStarts[line] ..< text.map.lineEnds[line]]
            let content = bytes.drop { $0 == 0x20 || $0 == 0x09 }
            if content.isEmpty || content.first == UInt8(ascii: "#") { continue }
            if bytes.starts(with: "---".utf8), bytes.dropFirst(3).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { first = line + 1 }
            break
        }
        let start = first < text.lineCount ? text.map.lineStarts[first] : text.bytes.count
        guard let (items, entries) = items(text.bytes[start...], firstLine: first) else { return nil }
        var tree = YAMLTree()
        tree.counts.reserveCapacity(items.count)
        for item in items {
            tree.lines.append(item.line)
            tree.places.append(item.place)
            tree.keys.append(item.name.hashValue)
            tree.counts[item.name.hashValue, default: 0] += 1
        }
        tree.entryCount = entries.count
        return (tree, entries)
    }

    /// The top-level keys of `bytes` (whole lines, the first being line `firstLine` of the document) read as a YAML
    /// text of its own, and its entries flattened, lines counted in the document; nil when it is not one block
    /// mapping with its keys at the start of their lines, or holds what cannot be followed.
    private static func items(_ bytes: ArraySlice<UInt8>, firstLine: Int) -> ([(line: Int, place: Int, name: String)], [Entry])? {
        guard !holdsUnfollowable(bytes) else { return nil }
        let outline = YAMLOutline(bytes: Array(bytes))
        guard let roots = try? YAMLNode.documents(in: outline), roots.count == 1, let root = roots.first,
              case .mapping(let pairs, _, false) = root else { return nil }
        guard pairs.allSatisfy({ $0.keyStart.map { outline.map.position(ofOffset: $0).column == 0 } ?? false }) else { return nil }
        let nested = outline.children(of: root, limit: outline.bytes.count)
        guard nested.count == pairs.count else { return nil }
        func size(_ entry: Entry) -> Int { entry.children.reduce(1) { $0 + size($1) } }
        var items: [(line: Int, place: Int, name: String)] = [], place = 0, line = 0
        items.reserveCapacity(pairs.count)
        for (pair, entry) in zip(pairs, nested) {
            line = outline.map.line(ofOffset: pair.keyStart!, from: line)
            items.append((line + firstLine, place, entry.name))
            place += size(entry)
        }
        var entries = Entry.depthFirst(nested)
        if firstLine != 0 {
            for k in entries.indices { entries[k] = entries[k].movedDown(firstLine) }
        }
        return (items, entries)
    }

    /// Anchors and aliases (`&a`, `*a` where a node may start), document markers and directives: followed key by key
    /// they could read otherwise than in the whole text.
    private static func holdsUnfollowable(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0x0A
        for b in bytes {
            if b == UInt8(ascii: "%"), previous == 0x0A || previous == 0x0D { return true }  // `%YAML`, `%TAG`
            if b == UInt8(ascii: "&") || b == UInt8(ascii: "*"),
               [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-")].contains(previous) {
                return true
            }
            previous = b
        }
        return documentMarker(bytes)
    }

    private static func documentMarker(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex, atLineStart = true
        while i < bytes.endIndex {
            if atLineStart, bytes.endIndex - i >= 3,
               (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: ".")), bytes[i + 1] == bytes[i], bytes[i + 2] == bytes[i],
               i + 3 == bytes.endIndex || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i + 3]) {
                return true
            }
            atLineStart = bytes[i] == 0x0A || bytes[i] == 0x0D
            i += 1
        }
        return false
    }

    /// Follows an edit that replaced lines `start ..< oldEnd` of the text the tree was made from by lines
    /// `start ..< newEnd` of `text`; nil when it cannot (see the type's comment), and then the tree is unchanged.
    mutating func follow(_ text: RecordText, start: Int, oldEnd: Int, newEnd: Int) -> TreeChange? {
        let delta = newEnd - oldEnd
        // From the last key before the edited lines to the first key after them.
        guard let first = lines.lastIndex(where: { $0 < start }) else { return nil }
        var next = first + 1
        while next < lines.count, lines[next] < oldEnd { next += 1 }
        let from = lines[first], to = next < lines.count ? lines[next] + delta : text.lineCount
        let map = text.map
        let bytes = text.bytes[map.lineStarts[from] ..< (to < map.lineCount ? map.lineStarts[to] : text.bytes.count)]
        guard let (items, entries) = Self.items(bytes, firstLine: from), items.first?.line == from else { return nil }
        // A key the window repeats from outside it: the whole read says so (the counts are put back).
        let newKeys = items.map(\.name.hashValue)
        for key in keys[first ..< next] { counts[key]! -= 1 }
        for (k, key) in newKeys.enumerated() {
            counts[key, default: 0] += 1
            guard counts[key]! == 1 else {
                for key in newKeys[...k] { counts[key]! -= 1 }
                for key in keys[first ..< next] { counts[key]! += 1 }
                return nil
            }
        }
        for key in keys[first ..< next] where counts[key] == 0 { counts[key] = nil }
        let old = places[first] ..< (next < places.count ? places[next] : entryCount)
        let moved = entries.count - old.count
        for k in next ..< lines.count {
            lines[k] += delta
            places[k] += moved
        }
        lines.replaceSubrange(first ..< next, with: items.map(\.line))
        places.replaceSubrange(first ..< next, with: items.map { old.lowerBound + $0.place })
        keys.replaceSubrange(first ..< next, with: newKeys)
        entryCount += moved
        return TreeChange(old: old, entries: entries, ancestors: [])
    }
}
