@testable import Outlines
import SeededRandom
import ThumbIndexJSON
import XCTest

/// Line starts as LSP counts lines: LF, CRLF and a CR alone each end one. Texts whose every CR is part of a CRLF
/// (vCard's line ends) are cut by their LFs alone; any other CR sends the whole text through the byte-by-byte scan.
final class TextDocumentLinesTests: XCTestCase {
    func starts(_ text: String) -> [Int] {
        TextDocument(uri: "file:///t.txt", languageId: "plaintext", version: 1, text: text).lineStarts
    }

    /// Where lines start in `bytes` by a plain reading of the rules: after an LF, a CRLF, or a CR alone.
    static func startsByTheRules(_ bytes: [UInt8]) -> [Int] {
        var starts = [0], i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            if bytes[i] == 0x0A || bytes[i] == 0x0D { starts.append(i + 1) }
            i += 1
        }
        return starts
    }

    func testEveryKindOfLineEnd() {
        XCTAssertEqual(starts(""), [0])
        XCTAssertEqual(starts("a\nb"), [0, 2])
        XCTAssertEqual(starts("a\r\nb\r\n"), [0, 3, 6], "CRLF only")
        XCTAssertEqual(starts("a\r\nb\rc\nd"), [0, 3, 5, 7], "a CR alone after CRLFs")
        XCTAssertEqual(starts("a\r\nb\r"), [0, 3, 5], "a CR alone at the very end")
        XCTAssertEqual(starts("\r\r\n\n"), [0, 1, 3, 4], "CR, CRLF, LF")
        XCTAssertEqual(starts("a\n\rb"), [0, 2, 3], "LF then CR: two line ends")
    }

    /// Random texts of line ends and letters: the line starts are those of a plain reading of the rules.
    func testRandomLineEndsAgreeWithTheRules() {
        let seed: UInt64 = 0xC_A11
        var state = seed
        func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let pieces: [[UInt8]] = [[0x0D, 0x0A], [0x0D, 0x0A], [0x0A], [0x0D], Array("Anna".utf8), Array("é".utf8)]
        for round in 0 ..< 500 {
            var bytes: [UInt8] = []
            // Half the texts have no CR alone (the fast path), half may.
            let alone = round % 2 == 0
            for _ in 0 ..< below(30) {
                let piece = pieces[below(pieces.count)]
                if !alone && piece == [0x0D] { continue }
                bytes += piece
            }
            XCTAssertEqual(starts(String(decoding: bytes, as: UTF8.self)), Self.startsByTheRules(bytes), "seed \(seed), round \(round): \(bytes)")
        }
    }

    /// A plain text in chunks follows every edit as the same text held whole does: the same lines touched, bytes,
    /// line starts and line contents, through random edits with every kind of line end (a CR at a chunk's end meeting
    /// an LF at the next one's start, lines joined across chunks, the whole text replaced), in chunks of a few bytes.
    func testChunksFollowEditsAsTheWholeTextDoes() throws {
        for (round, size) in [1, 8, 40].enumerated() {
            let seed: UInt64 = 0xC4_0A4 &+ UInt64(round)
            var random = SplitMix64(seed: seed)
            func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
            let pieces = ["\n", "\r", "\r\n", "Anna\n", "é", "Östen\r\n", "x", "\n\n\n", "Bo\rCe\nDan"]
            let text = (0 ..< 60).map { _ in pieces[below(pieces.count)] }.joined()
            var chunked = TextDocument(uri: "file:///t.txt", languageId: "plaintext", version: 1, text: text, chunkSize: size)
            var whole = TextDocument(uri: "file:///t.txt", languageId: "plaintext", version: 1, text: text, chunkSize: nil)
            for step in 0 ..< 600 {
                let context = "seed \(seed), chunks of \(size), step \(step)"
                let count = whole.byteCount
                var a = below(count + 1), b = min(count, a + [0, 1, 3, 30][below(4)])
                while a < count && whole.bytes[a] & 0xC0 == 0x80 { a += 1 }
                b = max(a, b)
                while b < count && whole.bytes[b] & 0xC0 == 0x80 { b += 1 }
                var inserted = (0 ..< below(4)).map { _ in pieces[below(pieces.count)] }.joined()
                var range: Range<Int>? = a ..< b
                if step % 150 == 149 { range = nil; inserted = (0 ..< 20).map { _ in pieces[below(pieces.count)] }.joined() }
                let change = ContentChange(range: range.map { r in
                    let la = whole.lineStarts.lastIndex { $0 <= r.lowerBound }!, lb = whole.lineStarts.lastIndex { $0 <= r.upperBound }!
                    return EncodedRange(start: EncodedPosition(line: la, character: r.lowerBound - whole.lineStarts[la]),
                                        end: EncodedPosition(line: lb, character: r.upperBound - whole.lineStarts[lb]))
                }, text: inserted)
                let expected = try whole.apply([change], version: step + 2, encoding: .utf8)
                let edit = try chunked.apply([change], version: step + 2, encoding: .utf8)
                XCTAssertEqual(edit, expected, context)
                XCTAssertEqual(chunked.bytes, whole.bytes, context)
                XCTAssertEqual(chunked.lineStarts, whole.lineStarts, context)
                XCTAssertEqual(chunked.lineCount, whole.lineCount, context)
                XCTAssertEqual((0 ..< whole.lineCount).map(chunked.lineRange), (0 ..< whole.lineCount).map(whole.lineRange), context)
                guard case .chunks(let chunks) = chunked.storage else { return XCTFail("not in chunks after an edit, \(context)") }
                XCTAssertEqual(chunks.violations(), [], context)
                if edit != expected || chunked.bytes != whole.bytes || chunked.lineStarts != whole.lineStarts { return }
            }
        }
    }

    /// Whether a text is binary (holds a NUL) and whether it is ASCII are kept by edits, not read again from the whole
    /// text: after each of many random edits, both equal a scan of the bytes, and so do the line starts.
    /// The bytes past ASCII, counted eight at a time, in texts and slices of every length and alignment.
    func testNonASCIIBytesAreCountedWhereverTheyStand() {
        let bytes = Array("Anna Öberg, 東京 and \u{1F600}; plain words for a while, then é at the end é".utf8)
        for start in 0 ..< 9 {
            for end in start ... bytes.count {
                let slice = bytes[start ..< end]
                XCTAssertEqual(TextDocument.byteCounts(slice).nonASCII, slice.filter { $0 >= 0x80 }.count, "\(start)..<\(end)")
            }
        }
    }

    /// A new document's line starts, bytes past ASCII and NULs are counted in one pass, a byte per lane for up to 255
    /// words at a time: texts longer than such a block, and texts of nothing but one counted byte (every lane full).
    func testANewDocumentsCountsAgreeWithItsBytes() {
        let seed: UInt64 = 0xC0_0475
        var random = SplitMix64(seed: seed)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let pieces: [[UInt8]] = [[0x0D, 0x0A], [0x0A], [0x0D], [0], Array("Anna".utf8), Array("é".utf8), Array("東".utf8)]
        var texts: [[UInt8]] = [0x0A, 0, 0xC3].map { byte in
            byte == 0xC3 ? Array(String(repeating: "é", count: 2100).utf8) : [UInt8](repeating: byte, count: 4100)
        }
        for _ in 0 ..< 60 {
            var bytes: [UInt8] = []
            // Half the texts have no CR alone (the line starts written from the line feeds' count), half may.
            let noLoneCR = below(2) == 0, length = below(6000)
            while bytes.count < length {
                let piece = pieces[below(pieces.count)]
                if !(noLoneCR && piece == [0x0D]) { bytes += piece }
            }
            texts.append(bytes)
        }
        for (round, bytes) in texts.enumerated() {
            let document = TextDocument(uri: "file:///t.txt", languageId: "plaintext", version: 1,
                                        text: String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(document.lineStarts, Self.startsByTheRules(bytes), "seed \(seed), text \(round)")
            XCTAssertEqual(document.nonASCIICount, bytes.filter { $0 >= 0x80 }.count, "seed \(seed), text \(round)")
            XCTAssertEqual(document.nulCount, bytes.filter { $0 == 0 }.count, "seed \(seed), text \(round)")
        }
    }

    func testEditsKeepWhatTheTextHolds() throws {
        let seed: UInt64 = 0xB17E5
        var state = seed
        func below(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let pieces = ["\u{0}", "a\u{0}b", "Anna\n", "é", "\r\n", "Östen\n", "x"]
        var document = TextDocument(uri: "file:///t.txt", languageId: "plaintext", version: 1, text: "Anna\nBo\n")
        for step in 0 ..< 2000 {
            let count = document.bytes.count
            let start = below(count + 1), end = min(count, start + below(4))
            // Whole code points only: ranges are cut at UTF-8 boundaries by moving off continuation bytes.
            func boundary(_ i: Int) -> Int { var i = i; while i < count && document.bytes[i] & 0xC0 == 0x80 { i += 1 }; return i }
            let a = boundary(start), b = max(a, boundary(end))
            let inserted = below(3) == 0 ? "" : pieces[below(pieces.count)]
            let lineOf = { (offset: Int) -> Int in document.lineStarts.lastIndex { $0 <= offset }! }
            let la = lineOf(a), lb = lineOf(b)
            let range = EncodedRange(start: EncodedPosition(line: la, character: a - document.lineStarts[la]),
                                     end: EncodedPosition(line: lb, character: b - document.lineStarts[lb]))
            try document.apply([ContentChange(range: range, text: inserted)], version: step + 2, encoding: .utf8)
            let fresh = TextDocument(uri: "file:///t.txt", languageId: "plaintext", version: 1, text: document.text)
            XCTAssertEqual(document.isBinary, document.bytes.contains(0), "seed \(seed), step \(step)")
            XCTAssertEqual(document.isASCII, document.bytes.allSatisfy { $0 < 0x80 }, "seed \(seed), step \(step)")
            XCTAssertEqual(document.lineStarts, fresh.lineStarts, "seed \(seed), step \(step)")
            if document.isBinary != document.bytes.contains(0) { return }
        }
    }

    /// A text given as UTF-8 with room to grow is kept as it is (a `didOpen`'s, as the parser unescaped it); without
    /// room it is copied into an array with some, so that the first edit that adds to it does not copy it all.
    func testUTF8WithRoomIsKept() {
        let text = Array(String(repeating: "Åsa Berg\r\nBo\n", count: 500).utf8)
        let base = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        var roomy: [UInt8] = []
        roomy.reserveCapacity(text.count * 2)
        roomy += text
        let kept = TextDocument(uri: "file:///a.txt", languageId: "plaintext", version: 1, utf8: roomy)
        XCTAssertEqual(base(kept.bytes), base(roomy))
        XCTAssertEqual(kept.lineCount, 1001)
        XCTAssertEqual(kept.lineStarts, starts(String(decoding: text, as: UTF8.self)))
        let tight = Array(text)
        let copied = TextDocument(uri: "file:///a.txt", languageId: "plaintext", version: 1, utf8: tight)
        XCTAssertEqual(copied.bytes, tight)
        XCTAssertGreaterThanOrEqual(copied.bytes.capacity, tight.count + tight.count / 16)
    }

    /// A text of a MiB or more has its line starts written on two cores, forward and backward from its middle: the
    /// same starts, whatever stands at the cut (a line feed before it, at it, after it, a CRLF across it).
    func testALargeTextsLineStartsAreWrittenOnTwoCores() {
        let seed: UInt64 = 0x2C_0E5
        var random = SplitMix64(seed: seed)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let pieces: [[UInt8]] = [Array("Anna".utf8), [0x0A], [0x0D, 0x0A], Array("é".utf8), Array("Lindqvist, Östen".utf8)]
        var text: [UInt8] = []
        while text.count < (1 << 20) + 100 { text += pieces[below(pieces.count)] }
        for round in 0 ..< 6 {
            var bytes = text
            let middle = bytes.count / 2
            switch round {
            case 0, 1, 2: bytes[middle - 1 + round] = 0x0A
            case 3: (bytes[middle - 1], bytes[middle]) = (0x0D, 0x0A)
            default: bytes.replaceSubrange(middle - 20 ..< middle + 20, with: repeatElement(0x0A, count: 40))
            }
            bytes.removeLast(below(9))
            let document = TextDocument(uri: "file:///a.txt", languageId: "plaintext", version: 1, utf8: bytes)
            XCTAssertEqual(document.lineStarts, Self.startsByTheRules(bytes), "seed \(seed), round \(round)")
        }
    }

    /// A text received as a long JSON string comes with its census (`UTF8String.census`), and is not counted again:
    /// its lines, bytes past ASCII and NULs are those of the same text counted here, lone CRs and NULs included.
    func testAReceivedTextsCensusGivesItsLines() throws {
        let seed: UInt64 = 0xCE_4505
        var random = SplitMix64(seed: seed)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let pieces = ["Åsa Berg", "\\r\\n", "\\n", "\\r", "\\u0000", "中文", "Bo", "\\u000d\\u000a", "\\u000D"]
        for round in 0 ..< 20 {
            // Half the texts have no CR alone (their lines found by their line feeds), half may.
            let drawn = round % 2 == 0 ? pieces.filter { $0 != "\\r" && $0 != "\\u000D" } : pieces
            var json = ""
            while json.utf8.count < JSONParser.longString + 4000 { json += drawn[below(drawn.count)] }
            guard case .utf8String(let text) = try JSONParser().parse("\"" + json + "\"") else { return XCTFail("not kept as UTF-8") }
            let received = TextDocument(uri: "file:///a.txt", languageId: "plaintext", version: 1, utf8: text.bytes, census: text.census)
            let counted = TextDocument(uri: "file:///a.txt", languageId: "plaintext", version: 1, utf8: text.bytes)
            XCTAssertNotNil(text.census, "seed \(seed), round \(round)")
            XCTAssertEqual(received.lineStarts, counted.lineStarts, "seed \(seed), round \(round)")
            XCTAssertEqual(received.lineStarts, Self.startsByTheRules(text.bytes), "seed \(seed), round \(round)")
            XCTAssertEqual(received.nonASCIICount, counted.nonASCIICount, "seed \(seed), round \(round)")
            XCTAssertEqual(received.nulCount, counted.nulCount, "seed \(seed), round \(round)")
        }
    }
}
