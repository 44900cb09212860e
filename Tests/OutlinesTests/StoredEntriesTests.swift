import Entries
import LowLevel
@testable import Outlines
import SeededRandom
import XCTest

/// `StoredEntries` gives back every entry as it was set, through random sets, moves and the buffer written anew.
final class StoredEntriesTests: XCTestCase {
    private func entry(_ random: inout SplitMix64, line: Int) -> Entry {
        let names = ["Anna", "Östen", "", "山田太郎", String(repeating: "Long name ", count: 120)]
        let pick = { (random: inout SplitMix64) in names[Int(random.next() % UInt64(names.count))] }
        let name = pick(&random)
        return Entry(name: name, kind: SymbolKind(rawValue: Int(random.next() % 26)), detail: random.next() % 3 == 0 ? nil : pick(&random),
                     range: TextRange(start: TextPosition(line: line, column: 2), end: TextPosition(line: line + 3, column: 7)),
                     selectionRange: TextRange(start: TextPosition(line: line, column: 4), end: TextPosition(line: line, column: 9)),
                     collationString: random.next() % 4 == 0 ? "やまだ" : nil)
    }

    func testEntriesComeBackAsTheyWereSet() {
        let seed: UInt64 = 0x5709_ED
        var random = SplitMix64(seed: seed)
        var model = (0 ..< 3000).map { entry(&random, line: $0) }
        var stored = StoredEntries(model)
        XCTAssertEqual((0 ..< model.count).map { stored[$0] }, model)
        var largest = 0, written = 0
        for step in 0 ..< 20000 {
            if stored.stringBytes < largest { written += 1 }
            largest = max(largest, stored.stringBytes)
            let id = Int(random.next() % UInt64(model.count))
            switch random.next() % 3 {
            case 0:
                model[id] = entry(&random, line: id)
                stored[id] = model[id]
            case 1:
                model[id] = model[id].movedDown(5)
                stored.moveDown(id, by: 5)
            default:
                model[id].range.end.column += 1
                stored[id] = model[id]  // the same strings, kept where they are
            }
            XCTAssertEqual(stored[id], model[id], "seed \(seed), step \(step)")
            let sortString = stored.withSortString(id) { String(decoding: $0, as: UTF8.self) }
            XCTAssertEqual(sortString, model[id].sortString, "seed \(seed), step \(step)")
        }
        // Thousands of long names replaced: the buffer was written anew on the way, and every entry is still whole.
        XCTAssertGreaterThan(written, 0, "the strings were never written anew")
        XCTAssertEqual((0 ..< model.count).map { stored[$0] }, model, "seed \(seed)")
        stored.append(model[0])
        XCTAssertEqual(stored[model.count], model[0])
    }

    /// A part appended after others keeps every entry and its strings, small (one core) or large (two), its strings
    /// no entry points at (one replaced) carried along.
    func testAPartAppendedKeepsItsEntries() {
        for count in [0, 5, Thresholds.entriesCopiedOnTwoCores + 3] {
            let seed: UInt64 = 0xA99E_5D + UInt64(count)
            var random = SplitMix64(seed: seed)
            let first = (0 ..< 700).map { entry(&random, line: $0) }
            var second = (0 ..< count).map { entry(&random, line: 700 + $0) }
            var stored = StoredEntries(first), part = StoredEntries(second)
            if count > 0 {
                second[0] = entry(&random, line: 700)
                part[0] = second[0]
            }
            let before = stored.stringBytes
            stored.append(contentsOf: part)
            XCTAssertEqual(stored.count, first.count + count, "seed \(seed)")
            XCTAssertEqual(stored.stringBytes, before + part.stringBytes, "seed \(seed)")
            let model = first + second
            for id in model.indices {
                XCTAssertEqual(stored[id], model[id], "seed \(seed), entry \(id)")
                XCTAssertEqual(stored.withSortString(id) { String(decoding: $0, as: UTF8.self) }, model[id].sortString, "seed \(seed), entry \(id)")
            }
        }
    }
}
