/// The headings of a Markdown document, kept current by edits without scanning the document again: the scanner's
/// state is kept every `spacing` lines, and an edit is scanned from the checkpoint before it until, after it, the
/// state equals the old one at a checkpoint (the rest of the document then reads as before, moved by the edit's
/// line delta). A fence opened by an edit still scans to wherever it closes; a usual edit scans about `spacing` lines.
///
/// A heading's name also depends on which link labels the document defines (`MarkdownInlineText`): the definitions
/// are kept by line as the headings are, and an edit that defines a label or leaves it undefined renames the headings
/// outside its window that looked it up (`Window.renamed`), and no others.
public struct MarkdownHeadingScan: Sendable {
    /// A heading as an index keeps it.
    public struct Heading: Sendable, Equatable {
        /// 1 to 6.
        public var level: Int
        /// The heading's text, as the outline shows it.
        public var name: String
        /// What it sorts by when inline markup makes that differ from `name` (`**Bold**` sorts as Bold).
        public var collationString: String?
        /// Its first line (a setext heading's first line of text).
        public var startLine: Int
        /// The range of its text.
        public var selection: TextRange
    }

    /// Lines between checkpoints.
    public let spacing: Int
    /// The checkpoints, ascending from 0: the state of the scan at the boundary before line `lines[i]`.
    private var lines: [Int] = []
    private var states: [MarkdownScanner.State] = []
    /// The line after the front matter, or 0.
    private var frontMatterEnd = 0
    /// The labels of the link reference definitions, by the line their paragraph starts on (ascending); the labels
    /// defined, and by how many definitions each.
    private var definitions: [(line: Int, label: String)] = []
    private var defined: Set<String> = []
    private var counts: [String: Int] = [:]
    /// The headings whose names looked labels up (ascending by line), with those labels.
    private var linked: [(heading: MarkdownExtractor.Heading, labels: [String])] = []

    private init(spacing: Int) { self.spacing = max(1, spacing) }

    /// Scans a whole document (`lineStarts` as `TextDocument` keeps them: the first byte of each line).
    public static func scan(bytes: [UInt8], lineStarts: [Int], spacing: Int = 256) -> (MarkdownHeadingScan, [Heading]) {
        var scan = MarkdownHeadingScan(spacing: spacing)
        let scanner = MarkdownScanner(bytes: bytes, map: RecordText(bytes: bytes, lineStarts: lineStarts))
        scan.frontMatterEnd = scanner.frontMatterEnd()
        let initial = scanner.initialState()
        scan.lines = [0]
        scan.states = [initial]
        var found: [MarkdownExtractor.Heading] = []
        scanner.scan(from: 0, in: initial, until: { line, state in
            if line % scan.spacing == 0 {
                scan.lines.append(line)
                scan.states.append(state)
            }
            return false
        }, define: { line, labels in scan.definitions += labels.map { (line, $0) } }) { found.append($0) }
        // Named once every definition is known: a label may be defined after the headings that use it.
        for (_, label) in scan.definitions { scan.counts[label, default: 0] += 1 }
        scan.defined = Set(scan.counts.keys)
        var linked: [(heading: MarkdownExtractor.Heading, labels: [String])] = []
        let headings = scan.named(found, linked: &linked)
        scan.linked = linked
        return (scan, headings)
    }

    /// `headings` named under the labels defined, those that looked labels up added to `linked`.
    private func named(_ headings: [MarkdownExtractor.Heading], linked: inout [(heading: MarkdownExtractor.Heading, labels: [String])]) -> [Heading] {
        headings.map { h in
            let (name, plain, lookedUp) = MarkdownExtractor.names(h.name, defined: defined)
            if !lookedUp.isEmpty { linked.append((h, lookedUp)) }
            return Heading(level: h.level, name: name, collationString: plain, startLine: h.startLine, selection: h.selection)
        }
    }

    /// The window of lines whose headings an edit changed: old lines `start ..< oldEnd` are now `start ..< newEnd`,
    /// and `headings` are those starting in it; the headings outside it are as before (moved down by
    /// `newEnd - oldEnd` after it), but for `renamed`: those outside it whose label the edit defined or undefined.
    public struct Window: Sendable {
        public var start: Int
        public var oldEnd: Int
        public var newEnd: Int
        public var headings: [Heading]
        public var renamed: [Heading]
    }

    /// Follows an edit that replaced old lines `start ..< oldEnd` by `start ..< newEnd` of the new text; nil when the
    /// front matter may have changed (whether line 0 opens it depends on a line further on): scan again instead.
    public mutating func update(bytes: [UInt8], lineStarts: [Int], start: Int, oldEnd: Int, newEnd: Int) -> Window? {
        let scanner = MarkdownScanner(bytes: bytes, map: RecordText(bytes: bytes, lineStarts: lineStarts))
        let newFrontMatterEnd = scanner.frontMatterEnd()
        if start <= max(frontMatterEnd, newFrontMatterEnd) && (frontMatterEnd > 0 || newFrontMatterEnd > 0) { return nil }
        let delta = newEnd - oldEnd
        // The last checkpoint at or before the edit: the lines before it are unchanged, so is its state.
        var k = 0, high = lines.count - 1
        while k < high {
            let mid = (k + high + 1) / 2
            if lines[mid] <= start { k = mid } else { high = mid - 1 }
        }
        // The first old checkpoint at or after the edit's end: where the new state may equal the old one.
        var next = k + 1
        while next < lines.count, lines[next] < oldEnd { next += 1 }
        let restart = lines[k], restartState = states[k]
        var recorded: (lines: [Int], states: [MarkdownScanner.State]) = ([], [])
        var synced: Int?  // the old checkpoint the scan met again
        var found: [MarkdownExtractor.Heading] = [], foundDefinitions: [(line: Int, label: String)] = []
        let stop = restart < scanner.map.lineCount ? scanner.scan(from: restart, in: restartState, until: { line, state in
            while next < lines.count, lines[next] + delta < line { next += 1 }
            if line >= newEnd, next < lines.count, lines[next] + delta == line, states[next] == state,
               state.linesReadBack <= line - newEnd {
                synced = next
                return true
            }
            if line % spacing == 0 {
                recorded.lines.append(line)
                recorded.states.append(state)
            }
            return false
        }, define: { line, labels in foundDefinitions += labels.map { (line, $0) } }) { found.append($0) } : (line: restart, state: restartState)
        // An open paragraph's lines hold no heading start but its own, which its underline (further on) decides:
        // they stay outside the window, on both sides of it.
        let windowStart = restart - restartState.linesReadBack
        let windowEnd = synced == nil ? scanner.map.lineCount : stop.line - stop.state.linesReadBack
        let kept = synced.map { Array(zip(lines[$0...].map { $0 + delta }, states[$0...])) } ?? []
        lines = Array(lines[...k]) + recorded.lines + kept.map(\.0)
        states = Array(states[...k]) + recorded.states + kept.map(\.1)
        frontMatterEnd = newFrontMatterEnd
        // The window's definitions and linked headings replace the old ones; those after it move by delta.
        let window = windowStart ..< windowEnd - delta
        let old = Self.range(window, definitions.count) { definitions[$0].line }
        let new = foundDefinitions.filter { $0.line < windowEnd }
        var changed: Set<String> = []  // the labels defined before or after the edit, not both
        for (_, label) in definitions[old] {
            counts[label, default: 0] -= 1
            if counts[label] == 0 { counts[label] = nil; changed.insert(label) }
        }
        for (_, label) in new {
            counts[label, default: 0] += 1
            if counts[label] == 1 { changed.formSymmetricDifference([label]) }
        }
        defined.formSymmetricDifference(changed)
        definitions.replaceSubrange(old, with: new)
        if delta != 0 { for i in (old.lowerBound + new.count)..<definitions.count { definitions[i].line += delta } }
        var newLinked: [(heading: MarkdownExtractor.Heading, labels: [String])] = []
        let headings = named(found.filter { $0.startLine < windowEnd }, linked: &newLinked)
        let oldLinked = Self.range(window, linked.count) { linked[$0].heading.startLine }
        linked.replaceSubrange(oldLinked, with: newLinked)
        if delta != 0 { for i in (oldLinked.lowerBound + newLinked.count)..<linked.count { linked[i].heading.move(by: delta) } }
        // Outside the window, the headings that looked up a label the edit defined or undefined are named again.
        var renamed: [Heading] = []
        if !changed.isEmpty {
            for i in linked.indices where !(window.lowerBound ..< windowEnd).contains(linked[i].heading.startLine)
                && linked[i].labels.contains(where: changed.contains) {
                var again: [(heading: MarkdownExtractor.Heading, labels: [String])] = []
                renamed += named([linked[i].heading], linked: &again)
                linked[i].labels = again.first?.labels ?? []
            }
        }
        return Window(start: windowStart, oldEnd: windowEnd - delta, newEnd: windowEnd, headings: headings, renamed: renamed)
    }

    /// The indices `0 ..< count` whose lines (ascending) are in `window`.
    private static func range(_ window: Range<Int>, _ count: Int, line: (Int) -> Int) -> Range<Int> {
        func firstIndex(atLeast target: Int) -> Int {
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                if line(mid) < target { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let start = firstIndex(atLeast: window.lowerBound)
        return start ..< max(start, firstIndex(atLeast: window.upperBound))
    }
}

extension MarkdownExtractor.Heading {
    mutating func move(by delta: Int) {
        startLine += delta
        endLine += delta
        selection = selection.movedDown(delta)
    }
}
