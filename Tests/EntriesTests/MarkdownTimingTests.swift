import Foundation
import XCTest
@testable import Entries

/// How long `MarkdownExtractor.extract` and the scanner alone take over 100k-heading documents, printed; runs only
/// with THUMBINDEX_MARKDOWN_TIMING set (debug builds are slow and machines vary, so nothing is asserted).
final class MarkdownTimingTests: XCTestCase {
    func testTimeExtractOf100kHeadings() throws {
        guard ProcessInfo.processInfo.environment["THUMBINDEX_MARKDOWN_TIMING"] != nil else {
            throw XCTSkip("set THUMBINDEX_MARKDOWN_TIMING to time the Markdown scanner")
        }
        var plain = "# Index test document\n\n"
        for i in 0..<100_000 {
            plain += "## Heading number \(i)\n\nSome text about entry \(i), a paragraph\nof two lines.\n\n"
        }
        var nested = "# Nested document\n\n"
        for i in 0..<100_000 {
            nested += "- item \(i)\n  > ## Quoted \(i)\n  > text\n\n```\n# code\n```\n"
        }
        for (label, doc) in [("plain", plain), ("nested", nested)] {
            var extract = Double.infinity, scan = Double.infinity, count = 0
            let bytes = Array(doc.utf8), map = LineMap(bytes)
            for _ in 0..<3 {
                var t0 = Date()
                count = try MarkdownExtractor().extract(doc, options: ExtractionOptions()).entries.flattened.count
                extract = min(extract, Date().timeIntervalSince(t0))
                t0 = Date()
                _ = MarkdownScanner(bytes: bytes, map: map).headings()
                scan = min(scan, Date().timeIntervalSince(t0))
            }
            print("markdown timing \(label): \(count) headings, best of 3: extract \(String(format: "%.3f", extract)) s,"
                  + " scanner \(String(format: "%.3f", scan)) s")
        }
    }
}
