import LowLevel
import SeededRandom
import XCTest

/// The word-at-a-time searches and flags against a byte-by-byte loop, on seeded random buffers: every start and end
/// of every buffer. The bytes are drawn mostly near the looked-for values, 0x00, 0x01, 0x7F-0x81 and 0xFF, where
/// a borrow flags a byte that is not one.
final class ByteSearchTests: XCTestCase {
    static let seed: UInt64 = 0x10_77_01

    private static let alphabet: [UInt8] = [0x00, 0x01, 0x02, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1F, 0x20, 0x21, 0x22, 0x23,
                                            0x2A, 0x2C, 0x5B, 0x5C, 0x5D, 0x61, 0x7E, 0x7F, 0x80, 0x81, 0xC2, 0xE2, 0xEF, 0xFE, 0xFF]

    private func buffers(_ rounds: Int, _ body: (_ round: Int, _ bytes: [UInt8], _ needles: [UInt8]) -> Void) {
        var random = SplitMix64(seed: Self.seed)
        for round in 0 ..< rounds {
            let bytes = (0 ..< Int.random(in: 0 ... 40, using: &random)).map { _ in
                Bool.random(using: &random) ? Self.alphabet.randomElement(using: &random)! : UInt8.random(in: 0 ... 255, using: &random)
            }
            body(round, bytes, (0 ..< 3).map { _ in Self.alphabet.randomElement(using: &random)! })
        }
    }

    private func byteByByte(_ bytes: [UInt8], _ needles: [UInt8], from: Int, to: Int) -> Int {
        var j = from
        while j < to, !needles.contains(bytes[j]) { j += 1 }
        return j
    }

    func testFirstOfTwoOrThreeBytesIsTheByteByByteLoop() {
        buffers(400) { round, bytes, n in
            bytes.withUnsafeBufferPointer { b in
                for from in 0 ... b.count {
                    for to in from ... b.count {
                        let context = "seed \(Self.seed), round \(round), from \(from), to \(to), needles \(n), bytes \(bytes)"
                        XCTAssertEqual(ByteSearch.first(n[0], n[1], or: n[2], in: b, from: from, to: to),
                                       byteByByte(bytes, n, from: from, to: to), context)
                        XCTAssertEqual(ByteSearch.first(n[0], or: n[1], in: b, from: from, to: to),
                                       byteByByte(bytes, Array(n[..<2]), from: from, to: to), context)
                    }
                }
            }
        }
    }

    /// A sequence of bytes, where the naive search finds it, at every start and end; needles drawn from the buffer
    /// itself (found) and at random (mostly not).
    func testFirstSequenceIsTheNaiveSearch() {
        buffers(100) { round, bytes, n in
            var needles = [Array(n[..<2]), [n[0]]]
            if bytes.count >= 6 { needles.append(Array(bytes[bytes.count / 2 ..< bytes.count / 2 + 3])) }
            bytes.withUnsafeBufferPointer { b in
                for needle in needles {
                    for from in 0 ... b.count {
                        for to in from ... b.count {
                            let naive = to - from < needle.count ? nil
                                : (from ... to - needle.count).first { bytes[$0 ..< $0 + needle.count].elementsEqual(needle) }
                            XCTAssertEqual(ByteSearch.first(needle, in: b, from: from, to: to), naive,
                                           "seed \(Self.seed), round \(round), from \(from), to \(to), needle \(needle), bytes \(bytes)")
                        }
                    }
                }
            }
        }
    }

    func testAnEmptyBufferHasNone() {
        XCTAssertEqual(ByteSearch.first(0x0A, or: 0x0D, in: UnsafeBufferPointer(start: nil, count: 0), from: 0, to: 0), 0)
    }

    /// `equal` and `below` flag the lowest such byte exactly (none when there is none); `exactlyEqual` flags every
    /// such byte and no other.
    func testFlagsOfAWord() {
        buffers(3000) { round, bytes, n in
            guard bytes.count >= 8 else { return }
            let word = bytes.withUnsafeBytes { ByteSearch.word($0.baseAddress!, at: 0) }
            let eight = bytes[..<8], context = "seed \(Self.seed), round \(round), byte \(n[0]), word \(Array(eight))"
            func lowest(_ flags: UInt64) -> Int? { flags == 0 ? nil : flags.trailingZeroBitCount / 8 }
            XCTAssertEqual(lowest(ByteSearch.equal(word, n[0])), eight.firstIndex(of: n[0]), context)
            let limit = min(n[0], 0x80)
            XCTAssertEqual(lowest(ByteSearch.below(word, limit)), eight.firstIndex { $0 < limit }, "\(context), limit \(limit)")
            let exact = (0 ..< 8).filter { ByteSearch.exactlyEqual(word, n[0]) >> (8 * UInt64($0) + 7) & 1 == 1 }
            XCTAssertEqual(exact, eight.indices.filter { eight[$0] == n[0] }, context)
            XCTAssertEqual(ByteSearch.exactlyEqual(word, n[0]) & ~ByteSearch.highs, 0, context)
        }
    }
}

/// The parts of `Cores.run` each run once, both halves of the two-part form, and `slices` cut as documented.
final class CoresTests: XCTestCase {
    func testEveryPartRunsOnce() {
        for parts in [1, 2, 3, 8] {
            var runs = [Int](repeating: 0, count: parts)
            runs.withUnsafeMutableBufferPointer { runs in Cores.run(parts) { runs[$0] += 1 } }
            XCTAssertEqual(runs, [Int](repeating: 1, count: parts), "\(parts) parts")
        }
        var first = 0, second = 0
        Cores.run({ first += 1 }, { second += 2 })
        XCTAssertEqual([first, second], [1, 2])
    }

    func testSlicesCoverTheRangeInOrder() {
        for (count, parts, minimum) in [(0, 4, 10), (9, 4, 10), (10, 4, 10), (39, 4, 10), (40, 4, 10), (1000, 4, 10), (1000, 1, 10)] {
            let slices = Cores.slices(count, atMost: parts, minimumSlice: minimum)
            XCTAssertEqual(slices.count, max(1, min(parts, count / minimum)), "\(count), \(parts), \(minimum)")
            XCTAssertEqual(slices.first?.lowerBound, 0)
            XCTAssertEqual(slices.last?.upperBound, count)
            XCTAssert(zip(slices, slices.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            XCTAssert(slices.count == 1 || slices.allSatisfy { $0.count >= minimum })
        }
    }
}
