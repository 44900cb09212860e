import LowLevel

extension YAMLTree {

    /// The tree read as two texts of their own, on two cores, when the document is long: the lines before a top-level
    /// key near the middle into one part of `sink` (`EntrySink.part()`), the lines from it into another, appended
    /// after. Each half reads as the whole text reads there, for the reason an edited window does (see the type's
    /// comment). Nil when not read so (a short text, a sink without parts, no key near the middle, or a half not read
    /// key by key: then the whole is read in one go, and decides); `.some(nil)` when a key repeats.
    static func readOnTwoCores<Sink: EntrySink>(_ text: RecordText, from first: Int, into sink: inout Sink) -> YAMLTree?? {
        guard text.lineCount - first >= Thresholds.linesReadOnTwoCores, let middle = keyLine(near: (first + text.lineCount) / 2, in: text)
        else { return nil }
        // A half's lines into its part, its keys' hashes sorted on its core (merged after); the first part (sink and
        // keys) is reserved room for both: the second is appended to it.
        func read(_ sink: inout Sink, _ lines: Range<Int>, reserving: Range<Int>) -> (count: Int?, keys: ReadKeys, hashes: KeyHashes?) {
            var keys = ReadKeys(reserving: reserving.count)
            sink.reserveCapacity(entries: reserving.count, utf8: text.bytes.count - text.lineStarts[reserving.lowerBound])
            let count = visit(text, from: lines.lowerBound, to: lines.upperBound, into: &sink, key: { keys.add($0, $1, $2) },
                              restart: { keys = ReadKeys() })
            return (count, keys, KeyHashes(keys.keys))
        }
        guard var halves = sink.inTwoParts({ read(&$0, first ..< middle, reserving: first ..< text.lineCount) },
                                           { read(&$0, middle ..< text.lineCount, reserving: middle ..< text.lineCount) },
                                           keep: { $0.count != nil && $1.count != nil && $1.keys.lines.first == Int32(middle) }),
              let before = halves.0.count, let after = halves.1.count, halves.1.keys.lines.first == Int32(middle) else { return nil }
        // Taken from the half, not shared with it: appended to while shared, the first half's keys were copied.
        var keys = halves.0.keys
        halves.0.keys = ReadKeys()
        keys.append(halves.1.keys, placesMovedBy: before)
        guard let one = halves.0.hashes, let two = halves.1.hashes, let hashes = KeyHashes(merging: one, two) else {
            return .some(nil)  // a key repeated
        }
        return .some(YAMLTree(keys, hashes: hashes, entryCount: before + after))
    }

    /// The first line from `line` on that may start a top-level key: one that starts with neither a blank, a comment,
    /// a sequence's dash, a complex key's `?` or `:`, a flow collection, nor a document marker or directive.
    private static func keyLine(near line: Int, in text: RecordText) -> Int? {
        for l in line ..< min(text.lineCount, line + 1000) {
            let start = text.lineStarts[l]
            guard start < text.lineEnd(l) else { continue }
            switch text.bytes[start] {
            case 0x20, 0x09, 0x0D, UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"),
                 UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "."), UInt8(ascii: "%"):
                continue
            default:
                return l
            }
        }
        return nil
    }
}

/// The top-level keys as a read hands them out: each one's line, its entry's place, its name's hash.
struct ReadKeys {
    var lines: [Int32] = []
    var places: [Int32] = []
    var keys: [Int] = []

    init(reserving count: Int = 0) {
        lines.reserveCapacity(count)
        places.reserveCapacity(count)
        keys.reserveCapacity(count)
    }

    mutating func add(_ line: Int, _ place: Int, _ hash: Int) {
        lines.append(Int32(line))
        places.append(Int32(place))
        keys.append(hash)
    }

    /// Appends `other`'s keys, read after these, their places moved by the entries before them.
    mutating func append(_ other: ReadKeys, placesMovedBy moved: Int) {
        lines += other.lines
        places += other.places.lazy.map { $0 + Int32(moved) }
        keys += other.keys
    }
}
