import LowLevel
@testable import ThumbIndexJSON
import XCTest

/// A document's spans read on two cores (the second from a member or element start near the middle) are the spans a
/// one-core parse reads, or its error; where the two readings cannot be joined the caller is told to parse on one
/// core, never given other spans.
final class JSONSpansOnTwoCoresTests: XCTestCase {
    static let seed: UInt64 = 0x2C0_5EA5

    private struct Random {
        var state: UInt64
        mutating func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
    }

    /// A pretty-printed document of nested objects and arrays, strings with escapes and characters past ASCII,
    /// numbers and literals.
    private static func document(_ random: inout Random, depth: Int = 0, indent: String = "") -> String {
        let inner = indent + "  "
        func scalar() -> String {
            ["\"plain\"", "\"a \\\"quoted\\\" \\\\ line\\n\"", "\"Åsa 佐藤\"", "\"\\u00e9\\/\"", "-12.5e3", "0", "true",
             "false", "null", "\"\""][random.below(10)]
        }
        guard depth < 5, random.below(4) != 0 else { return scalar() }
        let count = random.below(6)
        if random.below(2) == 0 {
            guard count > 0 else { return "{}" }
            let members = (0 ..< count).map { k in inner + "\"key \(k)\\t\" : " + document(&random, depth: depth + 1, indent: inner) }
            return "{\n" + members.joined(separator: ",\n") + "\n" + indent + "}"
        }
        guard count > 0 else { return "[ ]" }
        let elements = (0 ..< count).map { _ in inner + document(&random, depth: depth + 1, indent: inner) }
        return "[\n" + elements.joined(separator: ",\n") + "\n" + indent + "]"
    }

    /// The one-core reading: its spans or its error.
    private func oneCore(_ bytes: UnsafeBufferPointer<UInt8>, _ parser: JSONParser) -> Result<[JSONSpan], JSONParseError> {
        var scanner = JSONScanner(bytes, maxDepth: parser.maxDepth, builder: JSONSpanBuilder())
        scanner.skipByteOrderMark()
        return Result { () throws(JSONParseError) in
            _ = try scanner.parseDocument()
            return scanner.builder.spans
        }
    }

    /// Every line's first value or key as the second core's start, taken as a member's and as an element's start,
    /// in documents valid and broken (a byte changed or dropped), under the usual nesting limit and a low one.
    func testEveryPlaceToStartGivesTheOneCoreReadingOrNone() throws {
        var random = Random(state: Self.seed)
        var joined = 0
        for round in 0 ..< 300 {
            var text = Array(Self.document(&random).utf8)
            let broken = random.below(4) == 0
            if broken, !text.isEmpty {
                let at = random.below(text.count)
                if random.below(2) == 0 { text.remove(at: at) } else { text[at] = Array(",}]\":x[".utf8)[random.below(7)] }
            }
            let parser = JSONParser(maxDepth: random.below(3) == 0 ? 3 : JSONParser.defaultMaxDepth)
            text.withUnsafeBufferPointer { bytes in
                let expected = oneCore(bytes, parser)
                var lineStart = 0
                while lineStart < bytes.count {
                    var at = lineStart
                    while at < bytes.count, bytes[at] == 0x20 { at += 1 }
                    for isMember in [true, false] where at < bytes.count && at > 0 {
                        let context = "seed \(Self.seed), round \(round), cut \(at), member \(isMember):\n\(String(decoding: text, as: UTF8.self))"
                        do throws(JSONParseError) {
                            guard let spans = try parser.parseSpans(bytes, cut: at, isMember: isMember) else { continue }
                            XCTAssertEqual(spans, try? expected.get(), context)
                            if !broken { joined += 1 }
                        } catch {
                            XCTAssertEqual(error, expected.failure, context)
                        }
                    }
                    lineStart = (text[lineStart...].firstIndex(of: 0x0A) ?? text.count) + 1
                }
            }
        }
        XCTAssertGreaterThan(joined, 1000, "the two readings are joined where they can be")
    }

    /// Where the second core read members of an object but the first stopped in an array (or the other way round),
    /// their readings are not joined, though each read on without error: the one-core parse's error stands.
    func testReadingsOfTheWrongKindOfContainerAreNotJoined() throws {
        for (text, isMember) in [("[\n  \"a\" : 1 }", true), ("{\n  \"a\", 1 ]", false)] {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { p in
                let cut = bytes.firstIndex(of: UInt8(ascii: "\""))!
                XCTAssertThrowsError(try oneCore(p, JSONParser()).get())
                XCTAssertNil(try? JSONParser().parseSpans(p, cut: cut, isMember: isMember), "no spans for \(text)")
            }
        }
    }

    /// The place near the middle is the least indented line that starts a member (a colon after its string) or an
    /// element: a catalog's next string, a list's next item, not a key deep inside one.
    func testThePlaceToStartIsTheLeastIndentedNearTheMiddle() {
        let catalog = "{\n  \"strings\" : {\n    \"a\" : {\n      \"x\" : 1\n    },\n    \"b\" : {\n      \"x\" : 2\n    }\n  }\n}\n"
        let items = "[\n  {\n    \"n\" : \"a\"\n  },\n  {\n    \"n\" : \"b\"\n  },\n  \"c\"\n]\n"
        for (text, expected) in [(catalog, ("\"b\"", true)), (items, ("{\n    \"n\" : \"b\"", false))] {
            let bytes = Array(text.utf8)
            let middle = text.utf8.count / 3
            let found = bytes.withUnsafeBufferPointer { JSONParser.likelyMemberStart(near: middle, in: $0) }
            let at = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array(expected.0.utf8)) && $0 > middle }
            XCTAssertEqual(found?.at, at, text)
            XCTAssertEqual(found?.isMember, expected.1, text)
        }
        XCTAssertNil(Array("[1, 2, 3]".utf8).withUnsafeBufferPointer { JSONParser.likelyMemberStart(near: 1, in: $0) }, "no line start")
    }

    /// A document of more than a MiB is read on two cores by `parseSpans` itself, to the same spans.
    func testALargeDocumentsSpansAreTheOneCoreSpans() throws {
        var random = Random(state: Self.seed &+ 1)
        var members: [String] = []
        var size = 0
        while size < Thresholds.spansOnTwoCores + 4096 {
            let member = "    \"key \(members.count)\" : " + Self.document(&random, indent: "    ")
            members.append(member)
            size += member.utf8.count
        }
        let text = Array(("{\n  \"strings\" : {\n" + members.joined(separator: ",\n") + "\n  },\n  \"version\" : 1\n}\n").utf8)
        try text.withUnsafeBufferPointer { bytes in
            let cut = try XCTUnwrap(JSONParser.likelyMemberStart(near: bytes.count / 2, in: bytes))
            XCTAssertTrue(cut.isMember)
            XCTAssertEqual(try JSONParser().parseSpans(bytes, cut: cut.at, isMember: true), try oneCore(bytes, JSONParser()).get())
            XCTAssertEqual(try JSONParser().parseSpans(bytes), try oneCore(bytes, JSONParser()).get())
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
