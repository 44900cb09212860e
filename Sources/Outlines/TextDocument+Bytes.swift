import LowLevel
import ThumbIndexJSON

/// What a document's bytes hold, counted when it is made (a million lines, 100 MB: each pass over them counts) and
/// kept by edits: where its lines start, its bytes past ASCII, its NULs.
extension TextDocument {
    /// The bytes of `bytes` past ASCII and its NULs (an edit's inserted and removed text), counted as a new
    /// document's are.
    static func byteCounts(_ bytes: ArraySlice<UInt8>) -> (nonASCII: Int, nuls: Int) {
        bytes.withUnsafeBufferPointer { b in
            let (_, nonASCII, nuls) = counts(b)
            return (nonASCII, nuls)
        }
    }

    /// Where each line of `bytes` starts (LF, CRLF and a lone CR end lines), its bytes past ASCII and its NULs. The
    /// counts are `counted`'s when given (a received text's, counted as it was unescaped: `UTF8String.census`), else
    /// the bytes are read once, eight at a time, for all three (a pass each was a tenth of receiving a large text).
    /// When every CR is a CRLF's (the common case; vCard's lines end in CRLF) the starts are written into an array of
    /// the line feeds' number: grown by doubling, a 10-million-line vCard's starts were copied and their fresh pages
    /// cleared again and again (80 MB), and a `memchr` a line of ten bytes cost more than its search.
    static func census(of bytes: [UInt8], counted: UTF8String.Census?) -> (lineStarts: [Int], nonASCII: Int, nuls: Int) {
        bytes.withUnsafeBufferPointer { b in
            let (lineFeeds, nonASCII, nuls) = counted.map {
                ($0.carriageReturns == $0.carriageReturnsBeforeLineFeeds ? $0.lineFeeds : nil, $0.nonASCII, $0.nuls)
            } ?? counts(b)
            guard let lineFeeds else { return (lineStartsByteByByte(b), nonASCII, nuls) }
            let starts = [Int](unsafeUninitializedCapacity: lineFeeds + 1) { starts, count in
                starts[0] = 0
                count = lineFeeds + 1
                guard b.count >= Thresholds.lineStartsOnTwoCores else { return writeLineStarts(of: b, cut: b.count, into: starts) }
                // On two cores: the first half's starts written forward from the first line's, the second half's
                // backward from the last line's (the line feeds' number is known), meeting where the halves do.
                Cores.run({ writeLineStarts(of: b, cut: b.count / 2, into: starts) },
                          { writeLineStartsBackward(of: b, from: b.count / 2, into: starts) })
            }
            return (starts, nonASCII, nuls)
        }
    }

    /// The line feeds in `b` (nil when a CR stands anywhere but before one), its bytes past ASCII and its NULs.
    /// Each count is kept a byte per lane, up to 255 words at a time, and summed then: a `nonzeroBitCount` a word is
    /// no instruction on the x86-64 baseline, but a dozen.
    private static func counts(_ b: UnsafeBufferPointer<UInt8>) -> (lineFeeds: Int?, nonASCII: Int, nuls: Int) {
        var lineFeeds = 0, nonASCII = 0, nuls = 0, i = 0
        var loneCRs: UInt64 = 0
        var carried: UInt64 = 0  // a CR that ended the word before: its LF begins this one
        while i + 8 <= b.count {
            var lanesLF: UInt64 = 0, lanesNonASCII: UInt64 = 0, lanesNUL: UInt64 = 0
            let end = min(b.count - 7, i + 255 * 8)
            while i < end {
                let w = ByteSearch.word(b.baseAddress!, at: i), lf = ByteSearch.exactlyEqual(w, 0x0A), cr = ByteSearch.exactlyEqual(w, 0x0D)
                loneCRs |= (cr << 8 | carried) & ~lf
                carried = cr >> 56
                lanesLF &+= lf >> 7
                lanesNonASCII &+= (w & ByteSearch.highs) >> 7
                lanesNUL &+= ByteSearch.exactlyEqual(w, 0) >> 7
                i += 8
            }
            lineFeeds += sum(lanesLF)
            nonASCII += sum(lanesNonASCII)
            nuls += sum(lanesNUL)
        }
        var loneCR = loneCRs != 0, afterCR = carried != 0
        while i < b.count {
            if afterCR, b[i] != 0x0A { loneCR = true }
            afterCR = b[i] == 0x0D
            if b[i] == 0x0A { lineFeeds += 1 }
            nonASCII += Int(b[i] >> 7)
            if b[i] == 0 { nuls += 1 }
            i += 1
        }
        return (loneCR || afterCR ? nil : lineFeeds, nonASCII, nuls)
    }

    /// The sum of the eight bytes of `lanes`.
    @inline(__always)
    private static func sum(_ lanes: UInt64) -> Int {
        let pairs = lanes & 0x00FF_00FF_00FF_00FF &+ lanes >> 8 & 0x00FF_00FF_00FF_00FF
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    /// Writes the start of the line after each line feed before `cut` into `starts`, from `starts[1]` on.
    private static func writeLineStarts(of b: UnsafeBufferPointer<UInt8>, cut: Int, into starts: UnsafeMutableBufferPointer<Int>) {
        var next = 1
        forEachLineFeed(in: UnsafeBufferPointer(rebasing: b[..<cut])) { offset in
            precondition(next < starts.count, "more line feeds than counted")
            starts[next] = offset + 1
            next += 1
        }
    }

    /// Writes the start of the line after each line feed from `cut` on into `starts`, the last into its last place
    /// and the others before it, a word at a time from the end.
    private static func writeLineStartsBackward(of b: UnsafeBufferPointer<UInt8>, from cut: Int,
                                                into starts: UnsafeMutableBufferPointer<Int>) {
        var next = starts.count - 1, i = b.count
        func found(_ offset: Int) {
            precondition(next > 0, "more line feeds than counted")
            starts[next] = offset + 1
            next -= 1
        }
        while i > cut, (i - cut) % 8 != 0 {
            i -= 1
            if b[i] == 0x0A { found(i) }
        }
        while i > cut {
            i -= 8
            var lf = ByteSearch.exactlyEqual(ByteSearch.word(b.baseAddress!, at: i), 0x0A)
            while lf != 0 {
                let bit = 63 - lf.leadingZeroBitCount
                found(i + bit >> 3)
                lf &= ~(1 << UInt64(bit))
            }
        }
    }

    /// Calls `body` with the offset of each line feed in `b`, in order: every flag of a word taken (exact flags), not
    /// `ByteSearch.first` a line (a call a line of ten bytes cost more than its search).
    @inline(__always)
    private static func forEachLineFeed(in b: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        var i = 0
        while i + 8 <= b.count {
            var lf = ByteSearch.exactlyEqual(ByteSearch.word(b.baseAddress!, at: i), 0x0A)
            while lf != 0 {
                body(i + lf.trailingZeroBitCount >> 3)
                lf &= lf &- 1
            }
            i += 8
        }
        while i < b.count {
            if b[i] == 0x0A { body(i) }
            i += 1
        }
    }

    private static func lineStartsByteByByte(_ b: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0], i = 0
        while i < b.count {
            let byte = b[i]
            if byte == 0x0A {
                starts.append(i + 1)
            } else if byte == 0x0D {
                if i + 1 < b.count && b[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }
}
