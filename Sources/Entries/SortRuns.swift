/// What sorting a document's entries moves (`thumbindex sort --entries`, the `source.sortEntries` code actions): runs
/// of units that trade places among themselves, each unit an entry's bytes with what belongs to it. The text between
/// units stays where it is, so separators (a JSON member's comma, the blank line between two cards, a line's end)
/// keep their places, and only the order changes.
///
/// - plain text: lines; a blank line ends a run.
/// - vCard, CSV/TSV, `.strings`, `.xcstrings`: one run of every card, row or key (a `.strings` entry with the
///   comment above it and the one after it on its line).
/// - JSON, YAML: the members of one object or mapping (YAML's with the comments above them); an array's elements
///   are never sorted (their order is their meaning).
/// - Markdown: the items of one list (each with its sub-items; a numbered list keeps its numbers in place), or the
///   sections of one heading level under their parent.
///
/// A tree's document scope is its top level, or, while that holds a single entry (a Markdown `# Title`, a JSON
/// object of one key), the level below it. Comments right above an entry move with it (no blank line between).
public struct SortRun: Sendable, Equatable {
    /// One thing that moves.
    public struct Unit: Sendable, Equatable {
        /// The bytes that move.
        public var bytes: Range<Int>
        /// The entry's name, for messages.
        public var name: String
        /// The string it is sorted by: the entry's (a reading, a vCard's SORT-AS, a localized name).
        public var sortString: String
        /// The line of the entry's name, for messages.
        public var line: Int
        /// Where the entry is among all the document's entries: its first line, and its place depth-first (nil for
        /// what is no entry of the outline, a Markdown list item or a keep-sorted line): what finds it in an index.
        public var startLine: Int
        public var depthFirst: Int?
    }

    /// The units, in document order.
    public var units: [Unit]
    /// What the run is, for a person: "the top-level members", "the members of “b”", "lines 4–9".
    public var title: String
}

/// Which runs a sort looks at.
public enum SortScope: Sendable, Hashable {
    /// Every run of lines or records; the top-level members or sections of a tree.
    case document
    /// The run holding this position: the lines or records around it, the object, list or sections it is in.
    case container(at: TextPosition)
    /// The units a selection touches, in the run at its start.
    case selection(TextRange)
}

/// Why nothing can be sorted: a sentence for a person, with the line it is about when there is one.
public struct SortProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The zero-based line the problem is at, or nil.
    public var line: Int?
    public init(_ message: String, line: Int? = nil) { (self.message, self.line) = (message, line) }
    public var description: String { line.map { "line \($0 + 1): \(message)" } ?? message }
}

public enum SortRuns {
    /// The shape of a format's sort, or nil for a format whose order is not the reader's to change (source code).
    enum Shape { case lines, records, members, sections }

    static func shape(of languageId: String) -> Shape? {
        let id = languageId.lowercased()
        if PlainTextExtractor.languageIds.contains(id) { return .lines }
        if MarkdownExtractor.languageIds.contains(id) { return .sections }
        if JSONExtractor.languageIds.contains(id) || YAMLExtractor.languageIds.contains(id) { return .members }
        let records = [CSVExtractor.self, TSVExtractor.self, VCardExtractor.self, StringsExtractor.self, XCStringsExtractor.self] as [any EntryExtractor.Type]
        return records.contains { $0.languageIds.contains(id) } ? .records : nil
    }

    /// Whether documents of `languageId` can be sorted at all.
    public static func sorts(languageId: String) -> Bool { shape(of: languageId) != nil }

    /// The runs of `scope` in a document of `languageId` whose text is `bytes` and whose entries (as extracted, nested)
    /// are `entries` (its lines starting at `lineStarts` when known). Runs of fewer than two units are left out.
    public static func runs(
        languageId: String, bytes: [UInt8], lineStarts: [Int]? = nil, entries: [Entry], scope: SortScope
    ) throws(SortProblem) -> [SortRun] {
        guard let shape = shape(of: languageId) else {
            throw SortProblem("\(languageId) is source code: its order is the program's, not the reader's, and is not sorted")
        }
        let map = lineStarts.map { RecordText(bytes: bytes, lineStarts: $0) } ?? RecordText(bytes)
        let text = SortText(bytes: bytes, map: map, comments: CommentSyntax(languageId: languageId))
        let runs: [SortRun]
        switch shape {
        case .lines: runs = text.lineRuns(entries, scope: scope)
        case .records: runs = try text.recordRun(entries, scope: scope)
        case .members, .sections:
            if shape == .sections, let list = text.list(in: scope) {
                runs = [list]
            } else {
                runs = try text.treeRun(entries, scope: scope, sections: shape == .sections).map { [$0] } ?? []
            }
        }
        return runs.filter { $0.units.count > 1 }
    }
}

/// Comments that belong to the entry below them (and, on its last line, after it).
enum CommentSyntax {
    case none, strings, yaml

    init(languageId: String) {
        switch languageId.lowercased() {
        case "strings": self = .strings
        case "yaml": self = .yaml
        default: self = .none
        }
    }
}

/// A document's text as the sort reads it: byte offsets of positions, lines, and the comments beside entries.
struct SortText {
    let bytes: [UInt8]
    let map: RecordText
    let comments: CommentSyntax

    func offset(_ p: TextPosition) -> Int { min(map.lineStarts[min(p.line, map.lineStarts.count - 1)] + p.column, bytes.count) }

    /// The line's content without its end, and without the white space around it.
    func trimmed(_ line: Int) -> ArraySlice<UInt8> {
        var start = map.lineStarts[line], end = map.lineEnd(line)
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start ..< end]
    }

    func unit(_ entry: Entry, bytes range: Range<Int>, depthFirst: Int) -> SortRun.Unit {
        SortRun.Unit(bytes: range, name: entry.name, sortString: entry.sortString, line: entry.selectionRange.start.line,
                     startLine: entry.range.start.line, depthFirst: depthFirst)
    }

    // MARK: Lines

    func lineRuns(_ entries: [Entry], scope: SortScope) -> [SortRun] {
        var runs: [SortRun] = [], current: [SortRun.Unit] = []
        func close() {
            if let first = current.first, let last = current.last {
                runs.append(SortRun(units: current, title: "lines \(first.line + 1)–\(last.line + 1)"))
            }
            current = []
        }
        for (k, entry) in entries.enumerated() where scope.holds(line: entry.range.start.line) {
            if let last = current.last, last.line + 1 != entry.range.start.line { close() }
            current.append(unit(entry, bytes: offset(entry.range.start) ..< offset(entry.range.end), depthFirst: k))
        }
        close()
        if case .container(let at) = scope { return runs.filter { $0.units.first!.line <= at.line && at.line <= $0.units.last!.line } }
        return runs
    }

    // MARK: Records

    func recordRun(_ entries: [Entry], scope: SortScope) throws(SortProblem) -> [SortRun] {
        let units = try units(of: entries, after: -1, firstPlace: 0, scope: scope)
        return [SortRun(units: units, title: "the entries")]
    }

    /// The units of sibling entries, each with its comments; `after` is the last line before the first sibling that
    /// belongs to something else (its parent's key, -1 at the top), `firstPlace` the first sibling's place depth-first.
    func units(of siblings: [Entry], after: Int, firstPlace: Int, scope: SortScope) throws(SortProblem) -> [SortRun.Unit] {
        var units: [SortRun.Unit] = [], previousEnd = after, place = firstPlace
        units.reserveCapacity(siblings.count)
        for (k, entry) in siblings.enumerated() {
            var start = offset(entry.range.start), end = offset(entry.range.end)
            if comments != .none, entry.range.start.line > previousEnd, start == firstNonBlank(entry.range.start.line) {
                start = commentsAbove(entry.range.start.line, after: previousEnd) ?? start
            }
            let nextStart = k + 1 < siblings.count ? siblings[k + 1].range.start : nil
            end = commentAfter(end, line: entry.range.end.line, nextStart: nextStart) ?? end
            if let last = units.last, start < last.bytes.upperBound {
                throw SortProblem("“\(entry.name)” overlaps “\(last.name)”: nothing was sorted", line: entry.range.start.line)
            }
            previousEnd = entry.range.end.line
            units.append(unit(entry, bytes: start ..< end, depthFirst: place))
            place += Self.size(entry)
        }
        guard case .selection(let range) = scope else { return units }
        return zip(siblings, units).filter { range.touches($0.0.range) }.map(\.1)
    }

    /// An entry and every entry under it.
    static func size(_ entry: Entry) -> Int { entry.children.reduce(1) { $0 + size($1) } }

    func firstNonBlank(_ line: Int) -> Int {
        var i = map.lineStarts[line]
        while i < map.lineEnd(line), bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i
    }

    /// Where the comment lines right above `line` start (no blank line between), none above `after`.
    func commentsAbove(_ line: Int, after: Int) -> Int? {
        var first: Int?, l = line - 1
        while l > after {
            let text = trimmed(l)
            switch comments {
            case .yaml where text.first == UInt8(ascii: "#"):
                first = l
                l -= 1
            case .strings where text.starts(with: "//".utf8):
                first = l
                l -= 1
            case .strings where text.count >= 2 && text.suffix(2).elementsEqual("*/".utf8):
                // A block comment: up to the line it opens on.
                var open = l
                while open > after, KeptSortedBlock.firstIndex(of: Self.blockCommentOpen, in: trimmed(open)) == nil { open -= 1 }
                guard open > after else { return first.map(firstNonBlank) }
                first = open
                l = open - 1
            default:
                return first.map(firstNonBlank)
            }
        }
        return first.map(firstNonBlank)
    }

    /// The end of a `.strings` comment after an entry on its last line (none when another entry starts there).
    func commentAfter(_ end: Int, line: Int, nextStart: TextPosition?) -> Int? {
        guard comments == .strings, nextStart.map({ $0.line > line }) ?? true else { return nil }
        var i = end
        let lineEnd = map.lineEnd(line)
        while i < lineEnd, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        let rest = bytes[i ..< lineEnd]
        guard rest.starts(with: "//".utf8) || (rest.starts(with: "/*".utf8) && rest.count >= 4 && rest.suffix(2).elementsEqual("*/".utf8)) else { return nil }
        var e = lineEnd
        while e > i, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 { e -= 1 }
        return e
    }

    static let blockCommentOpen = Array("/*".utf8)

    // MARK: Trees

    /// The members of the object (or the sections under the heading) `scope` is in: the top level for the document.
    func treeRun(_ entries: [Entry], scope: SortScope, sections: Bool) throws(SortProblem) -> SortRun? {
        if !sections, firstByte() == UInt8(ascii: "[") {
            throw SortProblem("the top level is an array: its elements keep their order")
        }
        var siblings = entries, parent: Entry?, firstPlace = 0
        if scope == .document {
            // A document of one title (`# Guide`) or one top key sorts what is under it.
            while siblings.count == 1, siblings[0].kind != .array, !siblings[0].children.isEmpty {
                parent = siblings[0]
                siblings = siblings[0].children
                firstPlace += 1
            }
        } else if let position = scope.position {
            // Down to the innermost entry at the position; its siblings, or its children when the position is in its
            // body, past its own name. An array's elements go with the array. Each with its place depth-first.
            var path: [(entry: Entry, place: Int)] = []
            var level = entries, place = 0
            while let k = level.firstIndex(where: { $0.range.contains(position) }) {
                place += level[..<k].reduce(0) { $0 + Self.size($1) }
                path.append((level[k], place))
                level = level[k].children
                place += 1
            }
            if let inner = path.last, !inner.entry.children.isEmpty, position > inner.entry.selectionRange.end {
                path.append((inner.entry.children[0], inner.place + 1))  // a stand-in child: the siblings are the inner entry's children
            }
            while path.count > 1, path[path.count - 2].entry.kind == .array { path.removeLast(2) }
            if path.count > 1 {
                parent = path[path.count - 2].entry
                siblings = parent!.children
                firstPlace = path[path.count - 2].place + 1
            }
        }
        var units = try units(of: siblings, after: parent?.selectionRange.end.line ?? -1, firstPlace: firstPlace, scope: scope)
        if sections { units = units.map { trimmingTrailingSpace($0) } }
        let what = sections ? "sections" : "members"
        let title = parent.map { "the \(what) of “\($0.name)”" } ?? "the top-level \(what)"
        return SortRun(units: units, title: title)
    }

    func firstByte() -> UInt8? { bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } }

    /// A Markdown section without the blank lines that end it (they separate it from the next one and stay).
    func trimmingTrailingSpace(_ unit: SortRun.Unit) -> SortRun.Unit {
        var unit = unit, end = unit.bytes.upperBound
        while end > unit.bytes.lowerBound, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        unit.bytes = unit.bytes.lowerBound ..< end
        return unit
    }
}

extension SortScope {
    var position: TextPosition? {
        switch self {
        case .document: nil
        case .container(let at): at
        case .selection(let range): range.start
        }
    }

    func holds(line: Int) -> Bool {
        guard case .selection(let range) = self else { return true }
        return range.start.line <= line && line <= range.end.line
    }
}

extension TextRange {
    /// Whether `p` is in the range or at its end (a cursor after the last character is on it).
    func contains(_ p: TextPosition) -> Bool { start <= p && p <= end }

    /// Whether the two ranges share a byte, or `self` is empty and touches `other`.
    func touches(_ other: TextRange) -> Bool {
        if start == end { return other.start <= start && start <= other.end }
        return start < other.end && other.start < end
    }
}
