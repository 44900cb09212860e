@testable import Entries
import LowLevel
import XCTest

/// A YAML document of more lines than one core reads (`Thresholds.linesReadOnTwoCores`) is read as two texts, from a
/// top-level key near the middle: the same entries and keys as one read in one go, and as the extractor's; and no
/// tree where one read in one go gives none.
final class YAMLTwoCoresTests: XCTestCase {
    let format = TreeFormat(languageId: "yaml", options: ExtractionOptions())!

    /// Keys of every kind the reader reads, in turn, around whatever line is the middle.
    func document(keys: Int, extra: [Int: String] = [:]) -> String {
        var lines: [String] = ["# contacts", "---"]
        for k in 0 ..< keys {
            if let line = extra[k] { lines.append(line) }
            switch k % 9 {
            case 0: lines.append("\"Zoë \(k)\": \"Hello, Zoë\"")
            case 1: lines.append("key\(k): [a, 'b', 3]")
            case 2: lines.append("k\(k):\n  name: n\(k)\n  list:\n  - x\n  - y: 1")
            case 3: lines.append("seq\(k):\n- a\n- b  # note")
            case 4: lines.append("lit\(k): |\n  first\n\n  second")
            case 5: lines.append("# a comment at the margin\n\n'q''\(k)': \"tab\\t\(k)\"")
            case 6: lines.append("n\(k): \(k % 2 == 0 ? "~" : "1.5")  # c")
            case 7: lines.append("long\(k): " + String(repeating: "a value longer than a detail ", count: 4))
            default: lines.append("empty\(k):")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func read(_ text: String, inParts: Bool) -> (shape: TreeShape?, handed: HandedEntries) {
        var handed = HandedEntries()
        handed.readsInParts = inParts
        return (format.read(RecordText(text), into: &handed), handed)
    }

    func testALargeDocumentReadOnTwoCoresHandsOutTheSameEntries() throws {
        let text = document(keys: 16_000)
        XCTAssertGreaterThan(text.utf8.count { $0 == 0x0A }, Thresholds.linesReadOnTwoCores)
        let (shape, handed) = read(text, inParts: true)
        let (oneGo, handedInOneGo) = read(text, inParts: false)
        XCTAssertEqual(handed.parts, 2, "read on two cores")
        XCTAssertEqual(handedInOneGo.parts, 0)
        guard case .yaml(let tree)? = shape, case .yaml(let whole)? = oneGo else { return XCTFail("not read key by key") }
        XCTAssertEqual(handed.entries, handedInOneGo.entries)
        XCTAssertEqual(handed.entries, Entry.depthFirst(try extract("yaml", text).entries))
        XCTAssertEqual([tree.lines, tree.places], [whole.lines, whole.places])
        XCTAssertEqual(tree.keys, whole.keys)
        XCTAssertEqual(tree.entryCount, whole.entryCount)
    }

    /// A key repeating one in the other half or in its own, an alias to an anchor in the other half: no tree, as in one go.
    /// A scalar only Yams reads (quoted over two lines) in one half: that half composed by Yams, the same entries.
    func testWhatOneGoRefusesOrComposesIsRefusedOrComposedAlike() throws {
        for (extra, isRead) in [([100: "\"key10000\": 1"], false), ([12_000: "\"key10000\": 1"], false), ([10: "\"key100\": 1"], false),
                                ([10: "anchor: &a x", 10_000: "alias: *a"], false),
                                ([4000: "wrapped: \"over\n  two lines\""], true)] {
            let text = document(keys: 16_000, extra: extra)
            let (shape, handed) = read(text, inParts: true)
            let (oneGo, handedInOneGo) = read(text, inParts: false)
            XCTAssertEqual(shape != nil, isRead, "\(extra)")
            XCTAssertEqual(oneGo != nil, isRead, "\(extra)")
            if isRead {
                XCTAssertEqual(handed.parts, 2, "\(extra): read on two cores")
                XCTAssertEqual(handed.entries, handedInOneGo.entries, "\(extra)")
                XCTAssertEqual(shape?.entryCount, oneGo?.entryCount)
            }
        }
    }
}
