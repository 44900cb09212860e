import Foundation
import XCTest
@testable import Entries

/// The scanner restarted at a line boundary from the state it had there finds what the whole-document scan finds
/// after it; and an edit re-scanned from the boundary before it, up to a boundary after it where the state is the
/// old one again, gives the headings of a whole new scan (the incremental re-sectioning this state is for).
final class MarkdownRestartTests: XCTestCase {
    typealias Heading = MarkdownExtractor.Heading

    static let fixed = [
        "---\ntitle: x\n---\n# A\ntext\n===\n",
        "> Quoted\n> lines\n> ---\n- item\n  para\nlazy\n  ===\n",
        "[foo]: /url\n\"title\"\nText\n---\n<div>\n# no\n\n```\n# no\n```\n# yes\n",
        "\u{FEFF}# BOM\n1. one\n   two\n   ---\n    # code\n",
    ]

    static func documents() -> [String] {
        let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap { UInt64($0) } ?? 20_261_124
        var random = SplitMix64(seed: seed)
        return fixed + (0..<150).map { _ in MarkdownDocumentGenerator.document(&random) }
    }

    func scanner(_ text: String) -> MarkdownScanner {
        let bytes = Array(text.utf8)
        return MarkdownScanner(bytes: bytes, map: RecordText(bytes))
    }

    /// The state at every line boundary 0...lineCount, and the headings, from one scan of the whole document.
    func statesAndHeadings(_ s: MarkdownScanner) -> ([MarkdownScanner.State], [Heading]) {
        var states = [s.initialState()]
        var headings: [Heading] = []
        s.scan(from: 0, in: states[0], includingEmpty: true, until: { _, state in states.append(state); return false }) {
            headings.append($0)
        }
        return (states, headings)
    }

    func testRestartAtAnyLineFindsTheSameHeadingsAfterIt() {
        for text in Self.documents() {
            let s = scanner(text)
            let (states, all) = statesAndHeadings(s)
            XCTAssertEqual(states.count, s.map.lineCount + 1)
            XCTAssertEqual(all, s.headings(includingEmpty: true))
            for line in 0..<s.map.lineCount {
                var found: [Heading] = []
                let end = s.scan(from: line, in: states[line], includingEmpty: true) { found.append($0) }
                XCTAssertEqual(found, all.filter { $0.endLine >= line }, "restart at line \(line) of \(text.debugDescription)")
                XCTAssertEqual(end.line, s.map.lineCount)
                XCTAssertEqual(end.state, states.last)
            }
        }
    }

    func testScanStopsWhereAsked() {
        let s = scanner("para\ngraph\n> quote\n- item\n===\n")
        let (states, _) = statesAndHeadings(s)
        for stop in 1...s.map.lineCount {
            let end = s.scan(from: 0, in: s.initialState(), until: { line, _ in line == stop }) { _ in }
            XCTAssertEqual(end.line, stop)
            XCTAssertEqual(end.state, states[stop])
        }
        XCTAssertEqual(states[2].linesReadBack, 2)  // "para\ngraph" is open, and a setext underline would read it
        XCTAssertEqual(states[2].containers, [])
        XCTAssertEqual(states[3].containers, [.blockQuote])
        XCTAssertEqual(states[5].containers, [.listItem(contentIndent: 2, hasContent: true)])  // "===" is a lazy line
    }

    /// Replaces some lines with random ones, re-scans from the boundary before the edit until the state agrees with
    /// the old one at the same text after it (and reads nothing back across the edit), and keeps the old headings
    /// outside that window: the same as scanning the new text whole.
    func testReScanningAnEditUntilTheStateConvergesMatchesAWholeScan() {
        var random = SplitMix64(seed: 7)
        var early = 0  // edits whose re-scan stopped before the end of the document
        let documents = Self.documents()
        for text in documents {
            let old = scanner(text)
            var lines = Self.lines(old)
            let (oldStates, oldHeadings) = statesAndHeadings(old)
            let from = random.below(lines.count), removed = random.below(min(3, lines.count - from) + 1)
            let inserted = (0..<random.below(3)).map { _ in Self.lines(scanner(MarkdownDocumentGenerator.document(&random)))[0] }
            lines.replaceSubrange(from..<(from + removed), with: inserted)
            let new = scanner(lines.joined(separator: "\n"))
            let delta = inserted.count - removed, editEnd = from + inserted.count  // new numbering

            let frontMatterMayChange = [old, new].contains { $0.isFrontMatterFence(0, dots: false) }
            let start = frontMatterMayChange || oldStates[from].isFrontMatter ? 0 : from
            var scanned: [Heading] = []
            let end = new.scan(from: start, in: start == 0 ? new.initialState() : oldStates[start], includingEmpty: true,
                               until: { line, state in
                                   line >= editEnd && line - delta < oldStates.count
                                       && state == oldStates[line - delta] && state.linesReadBack <= line - editEnd
                               }) { scanned.append($0) }
            let kept = oldHeadings.filter { $0.endLine < start }
            if end.line < new.map.lineCount { early += 1 }
            // Without convergence the scan ran to the end, and no old heading is left after it.
            let after = oldHeadings.filter { $0.endLine >= end.line - delta }.map { shifted($0, by: delta) }
            XCTAssertEqual(kept + scanned + after, new.headings(includingEmpty: true),
                           "edit at \(from) (-\(removed) +\(inserted.count)) of \(text.debugDescription)")
        }
        print("markdown re-scans stopping early: \(early) of \(documents.count)")
        XCTAssertGreaterThan(early, documents.count / 4)
    }

    /// Edits that define, redefine or undefine link labels (`MarkdownDefinitionDocuments`), followed by
    /// `MarkdownHeadingScan`: the headings of the edit's window, the old ones outside it (moved by the line delta) and
    /// those it renamed outside it make the headings of a fresh scan; and each one renamed did change its name, so
    /// the edit renames the headings that use a label it defined or undefined, and only those.
    func testDefinitionsComingAndGoingRenameTheHeadingsThatUseThem() {
        let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap { UInt64($0) } ?? 20_261_129
        var random = SplitMix64(seed: seed)
        var renamed = 0, edits = 0
        func scanned(_ lines: [String]) -> (bytes: [UInt8], lineStarts: [Int]) {
            let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            return (bytes, RecordText(bytes).lineStarts)
        }
        for doc in 0..<200 {
            var lines = MarkdownDefinitionDocuments.lines(&random)
            var text = scanned(lines)
            var (scan, headings) = MarkdownHeadingScan.scan(bytes: text.bytes, lineStarts: text.lineStarts, spacing: 2)
            for step in 0..<8 {
                let (removed, inserted) = MarkdownDefinitionDocuments.edit(lines, &random)
                let oldCount = text.lineStarts.count
                lines.replaceSubrange(removed, with: inserted)
                text = scanned(lines)
                let context = "THUMBINDEX_SEED=\(seed) document \(doc) edit \(step): \(lines.joined(separator: "\n").debugDescription)"
                // The lines touched, and the one after them (an insertion touches no old line).
                let edit = (start: removed.lowerBound, oldEnd: min(removed.upperBound + 1, oldCount),
                            newEnd: min(removed.lowerBound + inserted.count + 1, text.lineStarts.count))
                guard let window = scan.update(bytes: text.bytes, lineStarts: text.lineStarts, start: edit.start, oldEnd: edit.oldEnd,
                                               newEnd: edit.newEnd) else {
                    (scan, headings) = MarkdownHeadingScan.scan(bytes: text.bytes, lineStarts: text.lineStarts, spacing: 2)  // front matter
                    continue
                }
                edits += 1
                let delta = window.newEnd - window.oldEnd
                var followed = headings.filter { $0.startLine < window.start } + window.headings
                    + headings.filter { $0.startLine >= window.oldEnd }.map { h in
                        var h = h
                        h.startLine += delta
                        h.selection.start.line += delta
                        h.selection.end.line += delta
                        return h
                    }
                for heading in window.renamed {
                    XCTAssertFalse((window.start..<window.newEnd).contains(heading.startLine), context)
                    guard let k = followed.firstIndex(where: { $0.startLine == heading.startLine }) else {
                        return XCTFail("renamed a heading that is not there: \(heading), \(context)")
                    }
                    XCTAssertNotEqual(followed[k].name, heading.name, "renamed, yet the same name: \(context)")
                    followed[k] = heading
                    renamed += 1
                }
                headings = MarkdownHeadingScan.scan(bytes: text.bytes, lineStarts: text.lineStarts, spacing: 2).1
                guard followed == headings else {
                    return XCTFail("followed \(followed.map(\.name)), fresh \(headings.map(\.name)): \(context)")
                }
            }
        }
        print("markdown definitions: \(edits) edits followed, \(renamed) headings renamed outside their windows")
        XCTAssertGreaterThan(renamed, edits / 10, "THUMBINDEX_SEED=\(seed)")
    }

    /// The document's lines without their terminators (joined by line feeds again, CRLF documents lose their CRs).
    static func lines(_ s: MarkdownScanner) -> [String] {
        (0..<s.map.lineCount).map { String(utf8Slice: s.bytes[s.map.lineStarts[$0]..<s.map.lineEnd($0)]) }
    }

    func shifted(_ h: Heading, by delta: Int) -> Heading {
        var h = h
        h.startLine += delta
        h.endLine += delta
        h.selection = TextRange(start: TextPosition(line: h.selection.start.line + delta, column: h.selection.start.column),
                                end: TextPosition(line: h.selection.end.line + delta, column: h.selection.end.column))
        return h
    }
}
