/// The headings of a Markdown document, kept current by edits without scanning the document again: the scanner's
/// state is kept every `spacing` lines, and an edit is scanned from the checkpoint before it until, after it, the
/// state equals the old one at a checkpoint (the rest of the document then reads as before, moved by the edit's
/// line delta). A fence opened by an edit still scans to wherever it closes; a usual edit scans about `spacing` lines.
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

    private init(spacing: Int) { self.spacing = max(1, spacing) }

    /// Scans a whole document (`lineStarts` as `TextDocument` keeps them: the first byte of each line).
    public static func scan(bytes: [UInt8], lineStarts: [Int], spacing: Int = 256) -> (MarkdownHeadingScan, [Heading]) {
        var scan = MarkdownHeadingScan(spacing: spacing)
        let scanner = MarkdownScanner(bytes: bytes, map: LineMap(bytes, lineStarts: lineStarts))
        scan.frontMatterEnd = scanner.frontMatterEnd()
        let initial = scanner.initialState()
        scan.lines = [0]
        scan.states = [initial]
        var found: [Heading] = []
        scanner.scan(from: 0, in: initial, until: { line, state in
            if line % scan.spacing == 0 {
                scan.lines.append(line)
                scan.states.append(state)
            }
            return false
        }) { found.append(Heading($0)) }
        return (scan, found)
    }

    /// The window of lines whose headings an edit changed: old lines `start ..< oldEnd` are now `start ..< newEnd`,
    /// and `headings` are those starting in it; the headings outside it are as before (moved down by
    /// `newEnd - oldEnd` after it).
    public struct Window: Sendable {
        public var start: Int
        public var oldEnd: Int
        public var newEnd: Int
        public var headings: [Heading]
    }

    /// Follows an edit that replaced old lines `start ..< oldEnd` by `start ..< newEnd` of the new text; nil when the
    /// front matter may have changed (whether line 0 opens it depends on a line further on): scan again instead.
    public mutating func update(bytes: [UInt8], lineStarts: [Int], start: Int, oldEnd: Int, newEnd: Int) -> Window? {
        let scanner = MarkdownScanner(bytes: bytes, map: LineMap(bytes, lineStarts: lineStarts))
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
        var found: [Heading] = []
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
        }) { found.append(Heading($0)) } : (line: restart, state: restartState)
        // An open paragraph's lines hold no heading start but its own, which its underline (further on) decides:
        // they stay outside the window, on both sides of it.
        let windowStart = restart - restartState.linesReadBack
        let windowEnd = synced == nil ? scanner.map.lineCount : stop.line - stop.state.linesReadBack
        let kept = synced.map { Array(zip(lines[$0...].map { $0 + delta }, states[$0...])) } ?? []
        lines = Array(lines[...k]) + recorded.lines + kept.map(\.0)
        states = Array(states[...k]) + recorded.states + kept.map(\.1)
        frontMatterEnd = newFrontMatterEnd
        return Window(start: windowStart, oldEnd: windowEnd - delta, newEnd: windowEnd,
                      headings: found.filter { $0.startLine < windowEnd })
    }
}

extension MarkdownHeadingScan.Heading {
    init(_ h: MarkdownExtractor.Heading) {
        let (name, plain) = MarkdownExtractor.names(h.name)
        self.init(level: h.level, name: name, collationString: plain, startLine: h.startLine, selection: h.selection)
    }
}
