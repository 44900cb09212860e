import Collation
import Entries

extension WorkspaceIndex {
    /// A file's entries (depth-first) as the index keeps them, compactly (a workspace holds a million): names one
    /// after another, kinds, positions as the client counts them in small numbers (the file's text is not kept), and
    /// the few details and sort strings other than the name there are.
    public struct File: Sendable {
        public let uri: String
        /// The names' UTF-8, one after another, and where each ends.
        private let nameBytes: [UInt8]
        private let nameEnds: [UInt32]
        /// The sort strings (a contact's collation string) that are not the entry's name.
        private let sortStrings: [Int32: String]
        private let details: [Int32: String]
        private let kinds: [UInt8]
        /// Per entry the range's start line, and seven numbers in `offsets`: the range's end line, the selection's
        /// start line (both after the range's start line) and end line (after its start line), then the range's and the
        /// selection's start and end characters. An entry with a number that does not fit in 16 bits (a line 65,536
        /// characters long) keeps its eight in `wide` instead.
        private let startLines: [Int32]
        private let offsets: [UInt16]
        private let wide: [Int32: [Int32]]

        /// `entries` (their children not read) with their ranges and selection ranges in the client's encoding.
        public init(uri: String, entries: [Entry], ranges: [EncodedRange], selections: [EncodedRange]) {
            self.uri = uri
            // Kept for as long as the file is: reserved at their exact sizes, with no growth slack.
            var nameBytes: [UInt8] = [], nameEnds: [UInt32] = []
            nameBytes.reserveCapacity(entries.reduce(0) { $0 + $1.name.utf8.count })
            nameEnds.reserveCapacity(entries.count)
            var sortStrings: [Int32: String] = [:], details: [Int32: String] = [:]
            for (k, entry) in entries.enumerated() {
                nameBytes += entry.name.utf8
                nameEnds.append(UInt32(nameBytes.count))
                if let collation = entry.collationString, collation != entry.name { sortStrings[Int32(k)] = collation }
                if let detail = entry.detail { details[Int32(k)] = detail }
            }
            (self.nameBytes, self.nameEnds) = (nameBytes, nameEnds)
            self.sortStrings = sortStrings
            self.details = details
            kinds = entries.map { UInt8(clamping: $0.kind.rawValue) }
            var startLines: [Int32] = [], offsets: [UInt16] = [], wide: [Int32: [Int32]] = [:]
            startLines.reserveCapacity(entries.count)
            offsets.reserveCapacity(entries.count * 7)
            for (k, (range, selection)) in zip(ranges, selections).enumerated() {
                let line = range.start.line
                startLines.append(Int32(clamping: line))
                let small = [range.end.line - line, selection.start.line - line, selection.end.line - selection.start.line,
                             range.start.character, range.end.character, selection.start.character, selection.end.character]
                if small.allSatisfy({ (0 ... Int(UInt16.max)).contains($0) }) {
                    offsets += small.map { UInt16($0) }
                } else {
                    offsets += repeatElement(0, count: 7)
                    wide[Int32(k)] = [range.start, range.end, selection.start, selection.end].flatMap {
                        [Int32(clamping: $0.line), Int32(clamping: $0.character)]
                    }
                }
            }
            (self.startLines, self.offsets, self.wide) = (startLines, offsets, wide)
        }

        /// The number of entries.
        public var count: Int { kinds.count }
        public func name(_ k: Int) -> String { withName(k) { String(decoding: $0, as: UTF8.self) } }
        public func detail(_ k: Int) -> String? { details[Int32(k)] }
        public func kind(_ k: Int) -> Int { Int(kinds[k]) }
        /// What the entry sorts by: its collation string, else its name.
        public func sortString(_ k: Int) -> String { sortStrings[Int32(k)] ?? name(k) }
        public func range(_ k: Int) -> EncodedRange { positions(k).range }
        public func selection(_ k: Int) -> EncodedRange { positions(k).selection }

        /// The names as a batch.
        var names: UTF8Batch {
            var starts: [Int64] = [], lengths: [Int32] = [], start: UInt32 = 0
            for end in nameEnds {
                starts.append(Int64(start))
                lengths.append(Int32(end - start))
                start = end
            }
            return UTF8Batch(bytes: nameBytes, starts: starts, lengths: lengths)
        }

        /// Runs `body` with the UTF-8 of entry `k`'s name.
        func withName<T>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            let start = k == 0 ? 0 : Int(nameEnds[k - 1])
            return nameBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start ..< Int(nameEnds[k])])) }
        }

        /// Runs `body` with the UTF-8 of entry `k`'s sort string.
        func withSortString<T>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            if var string = sortStrings[Int32(k)] { return string.withUTF8(body) }
            return withName(k, body)
        }

        /// The sort strings of every entry as one batch (the names themselves when none differs).
        var sortBatch: UTF8Batch { sortStrings.isEmpty ? names : UTF8Batch((0 ..< count).lazy.map(sortString)) }

        private func positions(_ k: Int) -> (range: EncodedRange, selection: EncodedRange) {
            let at = { (line: Int, character: Int) in EncodedPosition(line: line, character: character) }
            if let whole = wide[Int32(k)]?.map(Int.init) {
                return (EncodedRange(start: at(whole[0], whole[1]), end: at(whole[2], whole[3])),
                        EncodedRange(start: at(whole[4], whole[5]), end: at(whole[6], whole[7])))
            }
            let line = Int(startLines[k]), o = { Int(offsets[k * 7 + $0]) }
            let selection = line + o(1)
            return (EncodedRange(start: at(line, o(3)), end: at(line + o(0), o(4))),
                    EncodedRange(start: at(selection, o(5)), end: at(selection + o(2), o(6))))
        }
    }
}
