import XCTest
@testable import Entries

final class MarkdownTests: XCTestCase {
    func testATXHeadingsNestByLevelWithExactRanges() throws {
        let text = "# A\ntext\n## B\n### C\n## D #\n# E ##\nlast"
        let entries = try extract("markdown", text).entries
        XCTAssertEqual(entries.names, ["A", "E"])
        let a = entries[0], e = entries[1]
        XCTAssertEqual(a.range, r(0, 0, 4, 6))
        XCTAssertEqual(a.selectionRange, r(0, 2, 0, 3))
        XCTAssertEqual(a.children.names, ["B", "D"])
        XCTAssertEqual(a.children[0].range, r(2, 0, 3, 5))
        XCTAssertEqual(a.children[0].children.names, ["C"])
        XCTAssertEqual(a.children[0].children[0].range, r(3, 0, 3, 5))
        XCTAssertEqual(a.children[1].range, r(4, 0, 4, 6))
        XCTAssertEqual(a.children[1].selectionRange, r(4, 3, 4, 4))
        XCTAssertEqual(e.range, r(5, 0, 6, 4))
        XCTAssertEqual(e.selectionRange, r(5, 2, 5, 3))
        XCTAssertTrue(entries.flattened.allSatisfy { $0.kind == .string })
    }

    func testSkippedLevelsAndDeeperFirstHeading() throws {
        let entries = try extract("markdown", "### Deep\n# Top\n#### Skips two\n## Back\n").entries
        XCTAssertEqual(entries.names, ["Deep", "Top"])
        XCTAssertEqual(entries[1].children.names, ["Skips two", "Back"])
        XCTAssertEqual(entries[1].range, r(1, 0, 3, 7))  // the final newline does not add a line
    }

    func testSetextHeadings() throws {
        let text = "Title\n=====\n\nPara line one\nline two\n---\ntext\n"
        let entries = try extract("markdown", text).entries
        XCTAssertEqual(entries.names, ["Title"])
        XCTAssertEqual(entries[0].range, r(0, 0, 6, 4))
        XCTAssertEqual(entries[0].selectionRange, r(0, 0, 0, 5))
        let sub = try XCTUnwrap(entries[0].children.first)
        XCTAssertEqual(sub.name, "Para line one line two")
        XCTAssertEqual(sub.range, r(3, 0, 6, 4))
        XCTAssertEqual(sub.selectionRange, r(3, 0, 4, 8))
    }

    func testSetextTextOfOnlyUnicodeSpacesIsNoHeading() throws {
        // Found by the model-based test: a no-break space, BOM or ideographic space made a heading named "".
        for space in ["\u{A0}", "\u{FEFF}", "\u{3000}", " \u{A0} "] {
            let entries = try extract("markdown", "\(space)\n---\n# After\n").entries
            XCTAssertEqual(entries.names, ["After"], "\(space.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        XCTAssertEqual(try extract("markdown", "\u{A0}\nName\n===\n").entries.names, ["Name"])
    }

    func testThematicBreaksListsAndQuotesAreNotSetextText() throws {
        let entries = try extract("markdown", "a\n\n---\n- item\n---\n> quote\n===\n***\n# H").entries
        XCTAssertEqual(entries.names, ["H"])
        XCTAssertEqual(entries[0].range, r(8, 0, 8, 3))
    }

    func testHeadingsInBlockQuotesAndListItemsAreOutlined() throws {
        let text = "# Top\n> ## Quoted ##\n- ### Item\n  Under\n  ---\n1. > #### Both\n<div>\n# in HTML\n"
        let entries = try extract("markdown", text).entries
        XCTAssertEqual(entries.flattened.names, ["Top", "Quoted", "Item", "Under", "Both"])
        XCTAssertEqual(entries.named("Quoted")?.selectionRange, r(1, 5, 1, 11))
        XCTAssertEqual(entries.named("Item")?.selectionRange, r(2, 6, 2, 10))
        XCTAssertEqual(entries.named("Under")?.range, r(3, 0, 7, 9))  // "Both" is deeper
        XCTAssertEqual(entries.named("Under")?.selectionRange, r(3, 2, 3, 7))
        XCTAssertEqual(entries.named("Both")?.selectionRange, r(5, 10, 5, 14))
        XCTAssertEqual(entries.named("Both")?.range, r(5, 0, 7, 9))  // to the end: "# in HTML" is in the HTML block
    }

    func testFencedCodeIsSkipped() throws {
        let text = """
        ```swift
        # no
        ```
        # yes
        ~~~~
        # no
        ~~~
        # still no
        ~~~~
        ## yes2
        ``` not ``` a fence
        # yes3
        """
        XCTAssertEqual(try extract("markdown", text).entries.flattened.names, ["yes", "yes2", "yes3"])
    }

    func testUnclosedFenceRunsToTheEnd() throws {
        XCTAssertEqual(try extract("markdown", "# A\n```\n# B\n").entries.flattened.names, ["A"])
    }

    func testIndentedCodeAfterBlankLineButNotLazyContinuation() throws {
        let text = "para\n\n    # code\n   # three spaces\npara\n    # lazy continuation\n\n\t# tab\n# real"
        XCTAssertEqual(try extract("markdown", text).entries.names, ["three spaces", "real"])
    }

    func testHTMLCommentsAreSkipped() throws {
        let text = "<!--\n# Commented out\n-->\n# A\n<!-- one line --> \n# B\n  <!-- open\n## hidden --> # still hidden\n## C"
        let entries = try extract("markdown", text).entries
        XCTAssertEqual(entries.flattened.names, ["A", "B", "C"])
        XCTAssertEqual(entries[1].range, r(5, 0, 8, 4))
    }

    func testFrontMatter() throws {
        XCTAssertEqual(try extract("markdown", "---\ntitle: x\n# not\n---\n# Real").entries.map(\.range.start.line), [4])
        XCTAssertEqual(try extract("markdown", "---\n# not\n...\n# Real").entries.names, ["Real"])
        // Never closed: a thematic break, and what follows is the document.
        XCTAssertEqual(try extract("markdown", "---\n# A").entries.names, ["A"])
        // Only at line 0.
        XCTAssertEqual(try extract("markdown", "\n---\n# A\n---\n").entries.names, ["A"])
    }

    func testWhatIsAndIsNotAnATXHeading() throws {
        let text = "#hashtag\n####### seven\n#\n#\tTab\n# Heading #not-closing\n# C#\n# Both ##   \n  ## Indented\n# ###"
        let entries = try extract("markdown", text).entries.flattened
        XCTAssertEqual(entries.names, ["Tab", "Heading #not-closing", "C#", "Both", "Indented"])
        XCTAssertEqual(entries.named("Indented")?.selectionRange, r(7, 5, 7, 13))
    }

    func testCRLFAndMultiByteColumns() throws {
        let entries = try extract("markdown", "# Åsa\r\ntext\r\n## Örn ##\r\n").entries
        XCTAssertEqual(entries[0].range, r(0, 0, 2, 10))
        XCTAssertEqual(entries[0].selectionRange, r(0, 2, 0, 6))
        XCTAssertEqual(entries[0].children[0].selectionRange, r(2, 3, 2, 7))
    }

    func testInlineMarkupSortsAsPlainText() throws {
        let entries = try extract("markdown", "# **Bold** term\n# `code`\n# [Link](http://example.com) text\n# Plain").entries
        // Named as CommonMark renders them (MarkdownInlineTextTests checks that against cmark), so sorted as named.
        XCTAssertEqual(entries.names, ["Bold term", "code", "Link text", "Plain"])
        XCTAssertEqual(entries.map(\.collationString), [nil, nil, nil, nil])
    }

    func testEmptyAndInvalidText() throws {
        XCTAssertEqual(try extract("markdown", "").entries.count, 0)
        let entries = try extract("markdown", textWithInvalidUTF8([0x23, 0x20, 0xFF, 0x0A, 0x23, 0x23, 0x20, 0x61])).entries
        XCTAssertEqual(entries.names, ["\u{FFFD}"])
        XCTAssertEqual(entries[0].children.names, ["a"])
    }

    func testLongHeading() throws {
        let title = String(repeating: "x", count: 1_048_576)
        let entries = try extract("markdown", "# " + title + "\n").entries
        XCTAssertEqual(entries.first?.selectionRange, r(0, 2, 0, 1_048_578))
    }

    func testGlossaryExample() throws {
        let entries = try extract("markdown", try example("glossary.md")).entries
        XCTAssertEqual(entries.names, ["Glossary", "Appendix"])
        XCTAssertEqual(entries[0].children.names, ["Typesetting", "Lexicography"])
        XCTAssertEqual(entries[0].children[0].children.names, [
            "Ascender", "Baseline", "Em dash", "En dash", "Folio", "Gutter", "Hyphenation", "Justification",
            "Kerning", "Leading", "Ligature", "Orphan", "Widow", "Running head", "Small caps",
        ])
        XCTAssertEqual(entries.named("Hyphenation")?.children.names, ["Discretionary hyphen"])
        XCTAssertEqual(entries.named("Collation")?.children.names, ["Sort key", "Thumb index"])
        XCTAssertEqual(entries.named("Thumb index")?.children.names, ["Section letter"])
        XCTAssertEqual(entries[1].children.names, ["Markup examples", "Colophon"])
        let all = entries.flattened.names
        XCTAssertEqual(all.count, 33)
        XCTAssertFalse(all.contains { $0.contains("not") || $0.contains("nor is") || $0.contains("title") })
        // The front matter is lines 0-3; "# Glossary" is line 5 and runs to the line before "Appendix".
        XCTAssertEqual(entries[0].range.start, TextPosition(line: 5, column: 0))
        XCTAssertEqual(entries[0].range.end.line, entries[1].range.start.line - 1)
    }
}
