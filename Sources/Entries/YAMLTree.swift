#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
///
/// The top-level keys' repeats are found here, by their names' hashes, not by the block reader: the tree keeps them
/// anyway, and sorts them once (a hash table of a million is slower than the sort).
public struct YAMLTree: Sendable {
    /// Each top-level key's line, the place of its entry (its children follow it), and its name's hash; the hashes
    /// sorted. Numbers, and hashes, not names: a million keys' names and their counts by name took 120 MB, and these
    /// take 24 MB. Two names with one hash (64-bit: about three chances in a hundred million, in a million keys) are
    /// taken for a repeated key, and the document is read whole (which tells them apart).
    var lines: [Int32] = []
    var places: [Int32] = []
    var keys: [Int] = []
    var hashes = KeyHashes([])!
    /// The number of entries.
    public private(set) var entryCount = 0

    /// The document's tree, its entries handed to `sink` depth-first as `TreeFormat.read(_:into:)` hands them.
    static func read<Sink: EntrySink>(_ text: RecordText, into sink: inout Sink) -> YAMLTree? {
        // A `---` that starts the one document (before anything but blank and comment lines) is read past: the
        // document is the same without it, and no window reaches back before the first key.
        var first = 0
        for line in 0 ..< text.lineCount {
            let bytes = text.bytes[text.lineStarts[line] ..< text.lineEnd(line)]
            let content = bytes.drop { $0 == 0x20 || $0 == 0x09 }
            if content.isEmpty || content.first == UInt8(ascii: "#") { continue }
            if bytes.starts(with: "---".utf8), bytes.dropFirst(3).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { first = line + 1 }
            break
        }
        if let tree = readOnTwoCores(text, from: first, into: &sink) { return tree }
        // About an entry and a key a line: grown by doubling, a million keys' tables were copied again and again.
        sink.reserveCapacity(entries: text.lineCount - first, utf8: text.bytes.count)
        var keys = ReadKeys(reserving: text.lineCount - first)
        let read = visit(text, from: first, into: &sink, key: { keys.add($0, $1, $2) }, restart: { keys = ReadKeys() })
        return read.flatMap { YAMLTree(keys, entryCount: $0) }
    }

    /// A tree of no keys.
    init() {}

    /// The tree of keys read, nil when one repeats (the whole read reports it, from Yams).
    init?(_ read: ReadKeys, entryCount: Int) {
        guard let hashes = KeyHashes(read.keys) else { return nil }
        self.init(read, hashes: hashes, entryCount: entryCount)
    }

    /// The tree of keys read, whose hashes are `hashes`.
    init(_ read: ReadKeys, hashes: KeyHashes, entryCount: Int) {
        (lines, places, keys, self.hashes, self.entryCount) = (read.lines, read.places, read.keys, hashes, entryCount)
    }

    /// Reads the top-level keys of lines `firstLine ..< endLine` of `text` as a YAML text of its own: each key's line,
    /// its entry's place and its name's hash handed to `key`, and the entries, flattened and with lines counted in the
    /// document, to `sink`; returns how many. Nil when it is not one block mapping with its keys at the start of their
    /// lines, or holds what cannot be followed (then what was handed out is not the document's). `restart`: what was
    /// handed out is dropped (and the sink restarted), and handed out again from the first key (the block reader gave
    /// up after some keys: Yams reads it).
    static func visit<Sink: EntrySink>(_ text: RecordText, from firstLine: Int, to endLine: Int? = nil, into sink: inout Sink,
                                               key: (_ line: Int, _ place: Int, _ hash: Int) -> Void, restart: () -> Void) -> Int? {
        let map = text, endLine = endLine ?? map.lineCount
        let start = firstLine < map.lineCount ? map.lineStarts[firstLine] : text.bytes.count
        let bytes = text.bytes[start ..< (endLine < map.lineCount ? map.lineStarts[endLine] : text.bytes.count)]
        guard !holdsUnfollowable(bytes, lineStarts: map.lineStarts[firstLine ..< endLine]) else { return nil }
        // The whole text is read as it is (a million keys: no copy of it and its lines); a window's lines are the
        // text's (and the empty one after its last line break), not found again.
        let outline: YAMLOutline
        if bytes.count == text.bytes.count {
            outline = YAMLOutline(map: text)
        } else {
            let window = Array(bytes), starts = map.lineStarts[firstLine ..< min(endLine + 1, map.lineCount)].map { $0 - start }
            outline = YAMLOutline(map: RecordText(bytes: window, lineStarts: starts))
        }
        return outline.bytes.withUnsafeBufferPointer { utf8 in
            var handing = TopLevelHand(outline: outline, text: utf8, firstLine: firstLine)
            // Read by the block reader, each key handed out when the next starts (where its text ends): never held whole.
            switch YAMLBlockReader.visitTopLevel(outline, { read, hash in handing.read(read, hash: hash, into: &sink, key: key) }) {
            case true?:
                guard handing.finish(into: &sink, key: key) else { return nil }
                return handing.place
            case false?:
                return nil
            case nil:
                break
            }
            // Composed by Yams, whole.
            if handing.place > 0 {
                restart()
                sink.restart()
                handing = TopLevelHand(outline: outline, text: utf8, firstLine: firstLine)
            }
            guard let roots = try? YAMLNode.composed(String(decoding: outline.bytes, as: UTF8.self), in: outline), roots.count == 1,
                  case .mapping(let pairs, _, false) = roots[0], pairs.allSatisfy({ handing.startsItsLine($0.keyStart) }) else { return nil }
            for i in pairs.indices {
                handing.handOut(pairs[i], hash: (pairs[i].name ?? "?").hashValue,
                                next: i + 1 < pairs.count ? pairs[i + 1].keyStart! : outline.bytes.count, into: &sink, key: key)
            }
            return handing.place
        }
    }

    /// Anchors and aliases (`&a`, `*a` where a node may start), document markers and directives: followed key by key
    /// they could read otherwise than in the whole text. `lineStarts`: where the lines of `bytes` start. `&` and `*`
    /// are looked for by `memchr`, the rest at the lines' starts (a million keys: 37 MB, not read a byte at a time).
    private static func holdsUnfollowable(_ bytes: ArraySlice<UInt8>, lineStarts: ArraySlice<Int>) -> Bool {
        func endsToken(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        return bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return false }
            let offset = bytes.startIndex
            for start in lineStarts {
                let i = start - offset
                guard i < b.count else { break }
                let c = b[i]
                if c == UInt8(ascii: "%") { return true }  // `%YAML`, `%TAG`
                // `---` or `...` alone or before a blank.
                if c == UInt8(ascii: "-") || c == UInt8(ascii: "."), i + 2 < b.count, b[i + 1] == c, b[i + 2] == c,
                   i + 3 == b.count || endsToken(b[i + 3]) {
                    return true
                }
            }
            for sigil in [UInt8(ascii: "&"), UInt8(ascii: "*")] {
                var i = 0
                while i < b.count, let found = memchr(base + i, Int32(sigil), b.count - i) {
                    i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    let previous = i == 0 ? 0x0A : b[i - 1]
                    if endsToken(previous) || [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"),
                                               UInt8(ascii: "-")].contains(previous) {
                        return true
                    }
                    i += 1
                }
            }
            return false
        }
    }

    /// Follows an edit that replaced lines `start ..< oldEnd` of the text the tree was made from by lines
    /// `start ..< newEnd` of `text`; nil when it cannot (see the type's comment), and then the tree is unchanged.
    mutating func follow(_ text: RecordText, start: Int, oldEnd: Int, newEnd: Int) -> TreeChange? {
        let delta = newEnd - oldEnd
        // From the last key before the edited lines to the first key after them.
        guard let first = lines.lastIndex(where: { $0 < start }) else { return nil }
        var next = first + 1
        while next < lines.count, lines[next] < oldEnd { next += 1 }
        let from = Int(lines[first]), to = next < lines.count ? Int(lines[next]) + delta : text.lineCount
        var items: [(line: Int, place: Int, hash: Int)] = [], entries: [Entry] = []
        guard Self.visit(text, from: from, to: to, into: &entries, key: { items.append(($0, $1, $2)) }, restart: { items = [] }) != nil,
              items.first?.line == from else { return nil }
        // A key the window repeats (from outside it, or within): the whole read says so.
        let newKeys = items.map(\.hash)
        guard hashes.replace(keys[first ..< next], by: newKeys) else { return nil }
        let old = Int(places[first]) ..< (next < places.count ? Int(places[next]) : entryCount)
        let moved = entries.count - old.count
        for k in next ..< lines.count {
            lines[k] += Int32(delta)
            places[k] += Int32(moved)
        }
        lines.replaceSubrange(first ..< next, with: items.map { Int32($0.line) })
        places.replaceSubrange(first ..< next, with: items.map { Int32(old.lowerBound + $0.place) })
        keys.replaceSubrange(first ..< next, with: newKeys)
        entryCount += moved
        return TreeChange(old: old, entries: entries, ancestors: [])
    }
}

/// The top-level keys of a text handed to a sink as `YAMLTree.visit` reads them: each key's entries made when the next
/// key starts (where its text ends). A struct with its state and sink passed in, not closures capturing them: written
/// from a closure, the captured counts were checked for exclusivity at run time on every key (a twentieth of a read),
/// and the key kept for later, an enum of a line's offsets or a composed pair, was copied through generic witnesses.
private struct TopLevelHand {
    let outline: YAMLOutline
    let text: UnsafeBufferPointer<UInt8>
    let firstLine: Int
    /// Entries handed out; the line of the last key handed out (where the next one's line is looked for from).
    var place = 0, line = 0
    /// The key read last and not yet handed out (its text ends where the next starts): a line's, or a composed one.
    private var pendingLine: YAMLLinePair?, pendingPair: YAMLPair?, pendingHash = 0
    /// A key not at the start of its line was read: not a top-level block mapping this tree follows.
    private(set) var refused = false

    init(outline: YAMLOutline, text: UnsafeBufferPointer<UInt8>, firstLine: Int) {
        (self.outline, self.text, self.firstLine) = (outline, text, firstLine)
    }

    /// Whether a key starting at `keyStart` starts its line (a top-level block mapping's keys all have the first one's
    /// indentation, none).
    func startsItsLine(_ keyStart: Int?) -> Bool {
        keyStart.map { $0 == 0 || text[$0 - 1] == 0x0A || text[$0 - 1] == 0x0D } ?? false
    }

    /// A key the block reader read: the one before it handed out, ending where it starts.
    mutating func read<Sink: EntrySink>(_ read: YAMLTopLevelKey, hash: Int, into sink: inout Sink,
                                        key: (_ line: Int, _ place: Int, _ hash: Int) -> Void) {
        guard !refused else { return }
        guard startsItsLine(read.keyStart), let start = read.keyStart else { refused = true; return }
        handPending(next: start, into: &sink, key: key)
        switch read {
        case .line(let pair): pendingLine = pair
        case .pair(let pair): pendingPair = pair
        }
        pendingHash = hash
    }

    /// Hands out the last key, its text ending with the text's; false when a key was refused or none was read.
    mutating func finish<Sink: EntrySink>(into sink: inout Sink, key: (_ line: Int, _ place: Int, _ hash: Int) -> Void) -> Bool {
        guard !refused, pendingLine != nil || pendingPair != nil else { return false }
        handPending(next: outline.bytes.count, into: &sink, key: key)
        return true
    }

    private mutating func handPending<Sink: EntrySink>(next: Int, into sink: inout Sink, key: (_ line: Int, _ place: Int, _ hash: Int) -> Void) {
        if let pair = pendingLine {
            line = outline.map.line(ofOffset: pair.keyStart, from: line)
            key(line + firstLine, place, pendingHash)
            place += 1
            outline.visit(pair, next: next, line: line, text: text, movedDown: firstLine, into: &sink)
            pendingLine = nil
        } else if let pair = pendingPair {
            handOut(pair, hash: pendingHash, next: next, into: &sink, key: key)
            pendingPair = nil
        }
    }

    /// A composed key's entries (its children follow it), its text ending before `next`.
    mutating func handOut<Sink: EntrySink>(_ pair: YAMLPair, hash: Int, next: Int, into sink: inout Sink,
                                        key: (_ line: Int, _ place: Int, _ hash: Int) -> Void) {
        let firstLine = self.firstLine
        var place = self.place, line = self.line
        outline.visit(pair, next: next, depth: 0, hint: line) { made, depth in
            line = made.range.start.line
            if depth == 0 { key(made.range.start.line + firstLine, place, hash) }
            place += 1
            sink.append(firstLine == 0 ? made : made.movedDown(firstLine))
        }
        (self.place, self.line) = (place, line)
    }
}
