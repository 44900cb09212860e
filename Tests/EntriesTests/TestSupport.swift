import Foundation
import XCTest
@testable import Entries

/// The repository's Examples folder, found from this file's path so tests run from any directory.
let examplesURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples")

func example(_ name: String) throws -> String {
    try String(contentsOf: examplesURL.appendingPathComponent(name), encoding: .utf8)
}

/// A range from (line, column) to (line, column), all zero-based, columns in UTF-8 bytes.
func r(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> TextRange {
    TextRange(start: TextPosition(line: l1, column: c1), end: TextPosition(line: l2, column: c2))
}

func extract(_ languageId: String, _ text: String, _ options: ExtractionOptions = ExtractionOptions()) throws -> Extraction {
    try Extractors.extract(text, languageId: languageId, options: options)
}

/// The error an expression throws, as an ExtractionError (fails the test when it throws nothing or something else).
func extractionError(_ body: () throws -> Any, file: StaticString = #filePath, line: UInt = #line) -> ExtractionError? {
    do {
        _ = try body()
        XCTFail("expected an ExtractionError", file: file, line: line)
    } catch let error as ExtractionError {
        return error
    } catch {
        XCTFail("expected an ExtractionError, got \(error)", file: file, line: line)
    }
    return nil
}

extension Array where Element == Entry {
    var names: [String] { map(\.name) }

    func named(_ name: String) -> Entry? {
        for e in self {
            if e.name == name { return e }
            if let found = e.children.named(name) { return found }
        }
        return nil
    }

    /// Every entry, depth first.
    var flattened: [Entry] { flatMap { [$0] + $0.children.flattened } }
}

/// Text with bytes that are not UTF-8, decoded the way an editor or server would (U+FFFD for each).
func textWithInvalidUTF8(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// What a tree read hands out: its entries (as `Entry`s, those given as UTF-8 made into one), and how many times it
/// dropped them and started again.
struct HandedEntries: EntrySink {
    var entries: [Entry] = []
    var restarts = 0
    /// Parts appended (read on another core); off: none made, everything read in one go.
    var parts = 0
    var readsInParts = true

    mutating func append(_ entry: Entry) { entries.append(entry) }
    mutating func restart() { entries = []; restarts += 1 }
    func part() -> HandedEntries? { readsInParts ? HandedEntries() : nil }
    mutating func append(part: consuming HandedEntries) { entries += part.entries; parts += 1 }
}

extension RecordText {
    /// The bytes of `range` (whose columns are UTF-8 bytes): what `RecordReader.readSortStrings` hands for an entry.
    func bytes(of range: TextRange) -> Range<Int> {
        lineStarts[range.start.line] + range.start.column ..< lineStarts[range.end.line] + range.end.column
    }
}
