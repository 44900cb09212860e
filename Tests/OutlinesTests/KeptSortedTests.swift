import Collation
import Entries
@testable import Outlines
import XCTest

/// Blocks between Google keep-sorted's markers: read in any comment syntax, grouped as keep-sorted groups lines,
/// and checked under the locale and options of their start line.
final class KeptSortedTests: XCTestCase {
    private let collations = CollationCache()

    private func check(_ text: String, locale: String = "en") throws -> [KeptSortedReport] {
        try KeptSortedReport.check(Array(text.utf8), locale: locale, options: CollationOptions(), collations: collations)
    }

    private func fixed(_ text: String, locale: String = "en") throws -> String {
        String(decoding: EntrySort.apply(try check(text, locale: locale).flatMap(\.sort.edits), to: Array(text.utf8)), as: UTF8.self)
    }

    func testBlocksInAnyCommentSyntaxUnderTheirOwnLocale() throws {
        let text = """
            # keep-sorted start locale=sv
            Östen
            Åsa
            Zoë
            # keep-sorted end
            Östen
            Åsa
            <!-- keep-sorted start -->
            - Östen
            - Åsa
            <!-- keep-sorted end -->
            """
        let reports = try check(text)
        XCTAssertEqual(reports.map(\.block.startLine), [0, 7])
        XCTAssertEqual(reports.map(\.locale), ["sv", "en"])
        XCTAssertEqual(reports[0].message, "“Åsa” sorts before “Östen” (line 2) in this keep-sorted block (sv)")
        XCTAssertEqual(reports[1].sort.disorder?.unit.line, 9, "under en, Å sorts with A")
        XCTAssertEqual(try fixed(text), text.replacingOccurrences(of: "Östen\nÅsa\nZoë\n", with: "Zoë\nÅsa\nÖsten\n")
            .replacingOccurrences(of: "- Östen\n- Åsa", with: "- Åsa\n- Östen"), "lines outside the blocks stay")
    }

    func testIndentedLinesAndStickyCommentsMoveWithTheirItem() throws {
        let text = "  // keep-sorted start\n  c,\n  // about b\n  b(\n    x),\n  a,\n\n  z,\n  y,\n  // keep-sorted end\n"
        XCTAssertEqual(try fixed(text), "  // keep-sorted start\n  a,\n  // about b\n  b(\n    x),\n  c,\n\n  y,\n  z,\n  // keep-sorted end\n",
                       "a blank line ends a run; each run is sorted")
        let ungrouped = "# keep-sorted start group=no sticky_comments=no\nb\n  a\n# c\n# keep-sorted end\n"
        XCTAssertEqual(try check(ungrouped)[0].block.runs[0].units.map(\.name), ["b", "a", "# c"])
    }

    func testOptionsNumericCaseAndSkipLines() throws {
        XCTAssertEqual(try fixed("# keep-sorted start numeric=yes\nitem10\nitem9\n# keep-sorted end\n"), "# keep-sorted start numeric=yes\nitem9\nitem10\n# keep-sorted end\n")
        XCTAssertEqual(try fixed("# keep-sorted start\nitem10\nitem9\n# keep-sorted end\n"), "# keep-sorted start\nitem10\nitem9\n# keep-sorted end\n")
        XCTAssertEqual(try fixed("# keep-sorted start case=upper\nb\nB\n# keep-sorted end\n"), "# keep-sorted start case=upper\nB\nb\n# keep-sorted end\n")
        XCTAssertEqual(try fixed("# keep-sorted start case=no\nb\nB\n# keep-sorted end\n"), "# keep-sorted start case=no\nb\nB\n# keep-sorted end\n",
                       "case ignored: equal, their order kept")
        XCTAssertEqual(try fixed("# keep-sorted start skip_lines=1\nNAME\nb\na\n# keep-sorted end\n"), "# keep-sorted start skip_lines=1\nNAME\na\nb\n# keep-sorted end\n")
        XCTAssertEqual(try check("# keep-sorted start by_regex=x newline_separated=yes\na\n# keep-sorted end\n")[0].block.ignoredOptions,
                       ["by_regex=x", "newline_separated=yes"])
    }

    func testABadOptionIsAProblemAtItsLineAndAMissingEndRunsToTheEnd() throws {
        XCTAssertThrowsError(try check("x\n# keep-sorted start locale=xx_NOPE!\nb\na\n# keep-sorted end\n")) { error in
            XCTAssertEqual((error as? SortProblem)?.line, 1)
        }
        XCTAssertThrowsError(try check("# keep-sorted start case=sometimes\n# keep-sorted end\n"))
        XCTAssertEqual(try fixed("// keep-sorted start\nb\na"), "// keep-sorted start\na\nb")
        XCTAssertEqual(try check("no markers here\n").count, 0)
        // Found by the fuzzer: more lines skipped than the block has, or a count that overflows.
        for skip in ["5", "-3", "9223372036854775807"] {
            XCTAssertEqual(try check("# keep-sorted start skip_lines=\(skip)\nb\na\n# keep-sorted end\n")[0].block.runs.count, skip == "-3" ? 1 : 0, skip)
        }
    }
}
