import XCTest
@testable import Entries

/// One test per CommonMark rule that decides which lines start headings. Every expected heading line and level is
/// what cmark 0.30.2 (`cmark --to xml --sourcepos`) reports for the same text; the names are the scanner's own
/// (the raw text, trimmed). Lines here are 1-based, as cmark counts them.
final class MarkdownCommonMarkTests: XCTestCase {
    /// "line:hLevel name" for each heading, empty ones included (cmark reports them; the extractor leaves them out).
    func outline(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let bytes = Array(text.utf8)
        return MarkdownScanner(bytes: bytes, map: RecordText(bytes)).headings(includingEmpty: true).map {
            "\($0.startLine + 1):h\($0.level)" + ($0.name.isEmpty ? "" : " \($0.name)")
        }
    }

    // MARK: ATX headings

    func testATXOpeningIsOneToSixHashesThenABlank() {
        XCTAssertEqual(outline("#5 bolt\n##\tTabbed\n####### too many\n###### Six\n#\n\\## escaped\n#hash"),
                       ["2:h2 Tabbed", "4:h6 Six", "5:h1"])
    }

    func testATXIndentationUpToThreeColumns() {
        XCTAssertEqual(outline("   ### three spaces\n    ### four is code\n\n\t# tab is code\n  \t# tab to column 4"),
                       ["1:h3 three spaces"])
    }

    func testATXClosingSequence() {
        XCTAssertEqual(outline("## Trail ##\n## Hash#\n### Mixed # ##  \n# ####\n## A ##x\n# \\#"),
                       ["1:h2 Trail", "2:h2 Hash#", "3:h3 Mixed #", "4:h1", "5:h2 A ##x", "6:h1 \\#"])
    }

    func testATXInterruptsAParagraph() {
        XCTAssertEqual(outline("para\n# Heading\nmore"), ["2:h1 Heading"])
    }

    // MARK: Setext headings

    func testSetextUnderlines() {
        let text = "Multi\nline\n===\n\nTwo\n-\n\nSpaced\n   ---   \n\nNo\n    ---\n\nBroken\n= =\n\nLong\n=========="
        XCTAssertEqual(outline(text), ["1:h1 Multi line", "5:h2 Two", "8:h2 Spaced", "17:h1 Long"])
    }

    func testSetextUnderlineNeedsAParagraphItContinues() {
        XCTAssertEqual(outline("> quoted\n---"), [])  // not in the quote: a thematic break
        XCTAssertEqual(outline("- item\n==="), [])  // a lazy continuation of the item's paragraph
        XCTAssertEqual(outline("```\ncode\n```\n==="), [])
        XCTAssertEqual(outline("    code\n==="), [])
        XCTAssertEqual(outline("# ATX\n==="), ["1:h1 ATX"])
    }

    func testSetextInsideContainers() {
        XCTAssertEqual(outline("> Quoted\n> ===\n\n- Item\n  ---\n\n1. Lazy\n==="), ["1:h1 Quoted", "4:h2 Item"])
    }

    func testLinkReferenceDefinitionsAreNoSetextText() {
        let text = """
            [a]: /u
            ===

            [b]: /u
            Text
            ---

            [c]: /u
            "title" x
            ===

            [d]:
            /u
            ===

            [e]: /u
            ===
            ---
            """
        // The heading starts where its paragraph does, on the definition's line, as cmark reports it.
        XCTAssertEqual(outline(text), ["4:h2 Text", "8:h1 \"title\" x", "16:h2 ==="])
        let bytes = Array(text.utf8)
        let b = MarkdownScanner(bytes: bytes, map: RecordText(bytes)).headings()[0]
        XCTAssertEqual(b.selection, r(4, 0, 4, 4))
        XCTAssertEqual(b.endLine, 5)
    }

    // MARK: Thematic breaks

    func testDashesAfterAParagraphUnderlineItOtherwiseBreak() {
        let text = "Para\n---\n\n---\n\nPara\n- - -\n\nPara\n***\n\n___\nAfter break\n---"
        XCTAssertEqual(outline(text), ["1:h2 Para", "13:h2 After break"])
    }

    // MARK: Fenced code

    func testFencedCodeOpeningAndClosing() {
        let text = """
            ``` js`x
            # heading: a backtick fence's info string has no backtick
            ~~~ js`x
            # code
            ```
            # code: backticks do not close tildes
            ~~~~
            # heading
            ````
            # code
            ```
            # code: a shorter fence does not close
               ````
            # heading after a fence indented 3
            ```
                ```
            # code: a fence indented 4 does not close
            ``` text
            # code: a closing fence has no info string
            """
        XCTAssertEqual(outline(text), [
            "2:h1 heading: a backtick fence's info string has no backtick", "8:h1 heading",
            "14:h1 heading after a fence indented 3",
        ])
    }

    func testUnclosedFenceRunsToTheEndOfItsContainer() {
        XCTAssertEqual(outline("> ```\n> # in code\n# outside\n- ~~~\n  # in code\n# outside too\n```\n# to the end"),
                       ["3:h1 outside", "6:h1 outside too"])
    }

    // MARK: Indented code

    func testIndentedCodeCannotInterruptAParagraph() {
        let text = "text\n    # continuation\n\n    # code\n   # heading\n\n\t# tab code\nText\n\t# tab continuation\n==="
        XCTAssertEqual(outline(text), ["5:h1 heading", "8:h1 Text # tab continuation"])
    }

    // MARK: HTML blocks

    func testHTMLKind1ScriptPreStyleTextareaEndAtTheirClosingTag() {
        XCTAssertEqual(outline("<script>\n# no\n\n</script>\n# yes"), ["5:h1 yes"])
        XCTAssertEqual(outline("<STYLE type=\"x\">\n# no\n</style> tail\n# yes"), ["4:h1 yes"])
        XCTAssertEqual(outline("<textarea\n# no\n</textarea>\n# yes\n<pre>x</pre>\n# yes2"), ["4:h1 yes", "6:h1 yes2"])
    }

    func testHTMLKind2CommentEndsAtTheArrow() {
        XCTAssertEqual(outline("<!-- c\n\n# no\n-->\n# yes\n<!-->\n# yes2"), ["5:h1 yes", "7:h1 yes2"])
    }

    func testHTMLKind3ProcessingInstruction() {
        XCTAssertEqual(outline("<?php\n\n# no\n?>\n# yes\n<?x?>\n# yes2"), ["5:h1 yes", "7:h1 yes2"])
    }

    func testHTMLKind4DeclarationNeedsACapital() {
        XCTAssertEqual(outline("<!DOCTYPE\n# no\n>\n# yes\n<!doctype html>\n# lower case is text"),
                       ["4:h1 yes", "6:h1 lower case is text"])
    }

    func testHTMLKind5CDATA() {
        XCTAssertEqual(outline("<![CDATA[\n# no\n]]>\n# yes\n<![cdata[ x ]]>\n# yes2"), ["4:h1 yes", "6:h1 yes2"])
    }

    func testHTMLKind6BlockTagsEndAtABlankLine() {
        XCTAssertEqual(outline("<div>\n# no\n\n# yes\n</TABLE>\n# no\n\npara\n<h2 class=x>\n# no\n\n<divx>\n# no: kind 7"),
                       ["4:h1 yes"])
    }

    func testHTMLKind7CompleteTagAloneCannotInterruptAParagraph() {
        let text = "<custom-tag>\n# no\n\n# yes\npara\n<span>\nSub\n---\n\n<a href=\"x\"> text\n# yes2\n\n<img src=x />\n# no"
        XCTAssertEqual(outline(text), ["4:h1 yes", "5:h2 para <span> Sub", "11:h1 yes2"])
    }

    // MARK: Block quotes

    func testHeadingsInBlockQuotes() {
        let text = "> # Quoted\n>## No space\n   > ### Indented three\n    > # code\n\n> Lazy\ncontinuation\n===\n\n> > Nested\n> > ---"
        XCTAssertEqual(outline(text), ["1:h1 Quoted", "2:h2 No space", "3:h3 Indented three", "10:h2 Nested"])
    }

    func testLazyContinuationIsForParagraphsOnly() {
        let text = "> para\n# not lazy: an ATX heading\n> para\n    # lazy, not code\n\n> ```\n# out of the quote\n>     code\n    # not lazy either"
        XCTAssertEqual(outline(text), ["2:h1 not lazy: an ATX heading", "7:h1 out of the quote"])
    }

    // MARK: List items

    func testHeadingsInListItems() {
        let text = "- # In item\n1. ## Ordered\n2) ### Paren\n* Lazy\ncontinued\n---\n+\n  # after an empty marker line\n-\n\n  # not in the item"
        XCTAssertEqual(outline(text), [
            "1:h1 In item", "2:h2 Ordered", "3:h3 Paren", "8:h1 after an empty marker line", "11:h1 not in the item",
        ])
    }

    func testListItemContentIndent() {
        XCTAssertEqual(outline("-   four\n    # in item\n\n-     five\n      # code\n\n1.  x\n   # not in item (3 < 4)"),
                       ["2:h1 in item", "8:h1 not in item (3 < 4)"])
    }

    func testWhichListItemsInterruptAParagraph() {
        // Only an ordered item starting at 1 and a non-empty one; otherwise the line goes on with the paragraph.
        XCTAssertEqual(outline("Para\n2. two\n===\n\nPara\n1. one\n===\n\nPara\n*\n==="),
                       ["1:h1 Para 2. two", "9:h1 Para *"])
    }

    func testCodeInListItemsAndMarkerLength() {
        let text = "- item\n\n      # code in item\n- ```\n  # fenced in item\n  ```\n  # heading in item\n\n123456789. # nine\n1234567890. # ten"
        XCTAssertEqual(outline(text), ["7:h1 heading in item", "9:h1 nine"])
    }

    func testTabsAfterContainerMarkers() {
        XCTAssertEqual(outline(">\t# tab after quote\n-\t# tab after bullet\n1.\t\t# code in item\n- \t# tab\n>\t\t# code in quote"),
                       ["1:h1 tab after quote", "2:h1 tab after bullet", "4:h1 tab"])
    }

    // MARK: Corners

    func testCornersWhereCmarkIsTheReference() {
        XCTAssertEqual(outline("<!--->\n# a"), ["2:h1 a"])  // the comment ends on its own line
        XCTAssertEqual(outline("\t>\t# x"), [])  // a tab is 4 columns: indented code
        XCTAssertEqual(outline("1.     code\n   # y"), ["2:h1 y"])  // 5 spaces after a marker: code, content at 3
        XCTAssertEqual(outline("> > > > - > # deep\n> > > > - > ==="), ["1:h1 deep"])
        XCTAssertEqual(outline("a\rb\r===\r# c"), ["1:h1 a b", "4:h1 c"])  // lone CRs end lines
        XCTAssertEqual(outline("1. a\n\n   b\n\n 2. c\n    ---"), ["5:h2 c"])
        XCTAssertEqual(outline("-\n  ---\n"), [])  // the marker-only item holds the break
        XCTAssertEqual(outline("[a]: <b\\> c>\n==="), [])
        XCTAssertEqual(outline("[a]: /u 'x\n\ny'\n==="), ["3:h1 y'"])  // no title across a blank line
        XCTAssertEqual(outline("- <div>\n\n  # x"), ["3:h1 x"])
        XCTAssertEqual(outline("a\n\t\t==="), [])
        XCTAssertEqual(outline("a\n1) \n==="), ["1:h1 a 1)"])
        XCTAssertEqual(outline("~~~\n~~~~ x\n# y\n~~~~"), [])
        let fence = String(repeating: "`", count: 300)  // cmark keeps at most 255 of a fence's length
        XCTAssertEqual(outline(fence + "\n# in\n" + fence.dropLast(44) + "\n# out"), ["4:h1 out"])
        let label = String(repeating: "a", count: 1000)  // a label holds at most 1000 characters
        XCTAssertEqual(outline("[" + label + "]: /u\n==="), [])
        XCTAssertEqual(outline("[" + label + "a]: /u\n===").count, 1)
    }

    // MARK: Front matter (not CommonMark: skipped before the document's blocks)

    func testFrontMatterThenContainers() {
        XCTAssertEqual(outline("---\ntitle: x\n# not\n---\n> # Quoted\n- Item\n  ---"), ["5:h1 Quoted", "6:h2 Item"])
    }

    func testByteOrderMarkBeforeTheFirstHeading() {
        XCTAssertEqual(outline("\u{FEFF}# Title\n    \u{FEFF}# code"), ["1:h1 Title"])
    }
}
