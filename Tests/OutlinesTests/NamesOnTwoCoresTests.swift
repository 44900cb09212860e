import Collation
import Entries
import SeededRandom
import XCTest
@testable import Outlines

/// A plain text's names (`OutlineIndex.names`) read in two parts at once are the names read in one, and both are the
/// plain-text extractor's entries: the same strings, on the same lines, in document order.
final class NamesOnTwoCoresTests: XCTestCase {
    static let seed: UInt64 = 0x4E41_4D45_5332  // "NAMES2"

    func testTwoPartsReadTheNamesOnePartReads() throws {
        for round in 0 ..< 40 {
            let seed = Self.seed &+ UInt64(round)
            var random = SplitMix64(seed: seed)
            let pieces = ["Anna", "  Östen  ", "", "\t", "Zoë Berg", "日本語", "# 42", "a\u{301}", " ", "Åsa\t", "x"]
            let ends = ["\n", "\r\n", "\r"]
            let count = Int(random.next() % 600)
            var text = ""
            for k in 0 ..< count {
                text += pieces[Int(random.next() % UInt64(pieces.count))]
                if k < count - 1 || random.next() % 2 == 0 { text += ends[Int(random.next() % UInt64(ends.count))] }
            }
            let document = TextDocument(uri: "file:///names.txt", languageId: "plaintext", version: 1, text: text)
            let lines = 0 ..< document.lineCount
            let names = OutlineIndex.names(document, lines: lines, cores: 1), (one, oneLines) = (names.batch, names.lines)
            let halves = OutlineIndex.names(document, lines: lines, cores: 2), (two, twoLines) = (halves.batch, halves.lines)
            let context = "seed \(seed) (round \(round)): \(text.debugDescription)"
            XCTAssertEqual(Self.strings(two), Self.strings(one), context)
            XCTAssertEqual(twoLines, oneLines, context)
            let entries = try PlainTextExtractor().extract(text, options: ExtractionOptions()).entries
            XCTAssertEqual(Self.strings(one), entries.map(\.name), context)
            XCTAssertEqual(oneLines, entries.map { Int32($0.selectionRange.start.line) }, context)
            if round == 39 { XCTAssertGreaterThan(oneLines.count, 0, "the texts have names") }
        }
    }

    private static func strings(_ batch: UTF8Batch) -> [String] {
        (0 ..< batch.count).map(batch.string(at:))
    }
}
