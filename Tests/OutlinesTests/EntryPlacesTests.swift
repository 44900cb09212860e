@testable import Outlines
import SeededRandom
import XCTest

/// `EntryPlaces` against a plain array of the id at each place, through random edits of every size: inside a block,
/// across many, at the ends, emptying the table and growing it again.
final class EntryPlacesTests: XCTestCase {
    static let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap(UInt64.init) ?? 0x91AC_E5

    func testEditsAgreeWithAPlainArray() {
        for round in 0 ..< 2 { run(seed: Self.seed &+ UInt64(round)) }
    }

    private func run(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let block = EntryPlaces.maxBlock
        // Every third place holds no entry; the others hold ids 0, 1, 2, … in document order.
        var model = [Int32](repeating: -1, count: 5 * block + 17), positions: [Int32] = []
        for place in model.indices where place % 3 != 0 {
            model[place] = Int32(positions.count)
            positions.append(Int32(place))
        }
        var places = EntryPlaces(count: model.count, positions: positions)
        var nextID = Int32(positions.count), free: [Int32] = []
        for step in 0 ..< 200 {
            let context = "seed \(seed) (THUMBINDEX_SEED=\(seed)), step \(step)"
            switch random.next() % 4 {
            case 0, 1:
                // Replace a range with empty places: sizes from nothing to several blocks.
                let sizes = [0, 1, 3, block / 2, block + 5, 3 * block]
                let length = min(sizes[Int(random.next() % UInt64(sizes.count))], model.count)
                let start = Int(random.next() % UInt64(model.count - length + 1))
                let newCount = step % 97 == 96 ? 0 : sizes[Int(random.next() % UInt64(sizes.count))]
                for id in model[start ..< start + length] where id >= 0 { free.append(id) }
                model.replaceSubrange(start ..< start + length, with: repeatElement(-1, count: newCount))
                places.replace(start ..< start + length, withEmpty: newCount)
            case 2:
                // An entry at an empty place: a free id or a new one.
                guard let place = model.indices.filter({ model[$0] < 0 }).randomElement(using: &random) else { continue }
                let id: Int32
                if !free.isEmpty, random.next() % 2 == 0 { id = free.removeLast() } else { id = nextID; nextID += 1 }
                model[place] = id
                places.put(id, at: place)
            default:
                guard let place = model.indices.filter({ model[$0] >= 0 }).randomElement(using: &random) else { continue }
                free.append(model[place])
                places.remove(model[place])
                model[place] = -1
            }
            XCTAssertEqual(places.violations(), [], context)
            XCTAssertEqual(places.count, model.count, context)
            XCTAssertEqual(places.ids, model, context)
            let sample = Int(random.next() % UInt64(max(model.count, 1)))
            if sample < model.count { XCTAssertEqual(places[sample], model[sample], "place \(sample), \(context)") }
            // Every id's place now and then, a few in between (a debug build is slow at this).
            for (place, id) in model.enumerated() where id >= 0 && (step % 10 == 0 || place % 97 == step % 97) {
                XCTAssertEqual(places.place(of: id), Int32(place), "id \(id), \(context)")
            }
            for id in free { XCTAssertEqual(places.place(of: id), -1, "free id \(id), \(context)") }
            if places.violations() != [] || places.ids != model { return }
        }
    }

    func testATableEmptiedAndFilledAgain() {
        var places = EntryPlaces(count: 3, positions: [0, 2])
        places.replace(0 ..< 3, withEmpty: 0)
        XCTAssertEqual(places.count, 0)
        XCTAssertEqual(places.place(of: 0), -1)
        places.replace(0 ..< 0, withEmpty: 2)
        places.put(1, at: 1)
        XCTAssertEqual([places[0], places[1]], [-1, 1])
        XCTAssertEqual(places.violations(), [])
    }
}
