import LowLevel

extension YAMLTree {

    /// The tree read as two texts of their own, on two cores, when the document is long: the lines before a top-level
    /// key near the middle into one part of `sink` (`EntrySink.part()`), the lines from it into another, appended
    /// after. Each half reads as the whole text reads there, for the reason an edited window does (see the type's
    /// comment). Nil when not read so (a short text, a sink without parts, no key near the middle, or a half not read
    /// key by key: then the whole is read in one go, and decides); `.some(nil)` when a key repeats.
    static func readOnTwoCores<Sink: EntrySink>(_ text: RecordText, from first: Int, into sink: inout Sink) -> YAMLTree?? {
        guard text.lineCount - first >= Thresholds.linesReadOnTwoCores, let middle = keyLine(near: (first + text.lineCount) / 2, in: text),
              let firstPart = sink.part(), let secondPart = sink.part() else { return nil }
        let halves = [YAMLHalf(firstPart, values: first ..< middle), YAMLHalf(secondPart, values: middle ..< text.lineCount)]
        // Each half writes only its own; `Cores.run` returns after both.
        Cores.run(2) { i in
            // Read into locals, not the half's properties: each access to a class's property is checked for
            // exclusivity, a million times.
            let half = halves[i]
            // The first part (sink and keys) is reserved room for both: the second is appended to it.
            let lines = i == 0 ? first ..< text.lineCount : half.values
            var sink = half.take(), keys = ReadKeys(reserving: lines.count)
            sink.reserveCapacity(entries: lines.count, utf8: text.bytes.count - text.map.lineStarts[lines.lowerBound])
            half.entryCount = visit(text, from: half.values.lowerBound, to: half.values.upperBound, into: &sink,
                                    key: { keys.add($0, $1, $2) }, restart: { keys = ReadKeys() })
            // Each half's hashes sorted on its core; merged after.
            (half.sink, half.keys, half.hashes) = (sink, keys, KeyHashes(keys.keys))
        }
        guard let before = halves[0].entryCount, let after = halves[1].entryCount,
              halves[1].keys.lines.first == Int32(middle) else { return nil }
        // Taken from the half, not shared with it: appended to while shared, the first half's keys were copied.
        var keys = halves[0].keys
        halves[0].keys = ReadKeys()
        keys.append(halves[1].keys, placesMovedBy: before)
        sink.append(part: halves[0].take())
        sink.append(part: halves[1].take())
        guard let first = halves[0].hashes, let second = halves[1].hashes, let hashes = KeyHashes(merging: first, second) else {
            return .some(nil)  // a key repeated
        }
        return .some(YAMLTree(keys, hashes: hashes, entryCount: before + after))
    }

    /// The first line from `line` on that may start a top-level key: one that starts with neither a blank, a comment,
    /// a sequence's dash, a complex key's `?` or `:`, a flow collection, nor a document marker or directive.
    private static func keyLine(near line: Int, in text: RecordText) -> Int? {
        for l in line ..< min(text.lineCount, line + 1000) {
            let start = text.map.lineStarts[l]
            guard start < text.map.lineEnds[l] else { continue }
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

/// A half of a YAML text read on its own core: its lines (`values`), its entries' count (nil: not read key by key),
/// its keys and their sorted hashes (nil: one repeats).
private final class YAMLHalf<Sink: EntrySink>: ReadPart<Sink>, @unchecked Sendable {  // written by one core, read after both
    var keys = ReadKeys()
    var hashes: KeyHashes?
    var entryCount: Int?
}
