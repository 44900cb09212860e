#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a document's bytes hold, counted when it is made (a million lines, 100 MB: each pass over them counts):
/// where its lines start, its bytes past ASCII, its NULs.
extension TextDocument {
    static func nulCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return 0 }
            var count = 0, i = 0
            while i < b.count, let found = memchr(base + i, 0, b.count - i) {
                count += 1
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return count
        }
    }

    /// The bytes of `bytes` past ASCII, eight at a time (a byte at a time, as the compiler widened them, this was a
    /// third of making a document of a large text).
    static func nonASCIICount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { b in
            guard let base = UnsafeRawPointer(b.baseAddress) else { return 0 }
            var count = 0, i = 0
            while i + 8 <= b.count {
                count &+= (base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080).nonzeroBitCount
                i += 8
            }
            while i < b.count { count &+= Int(b[i] >> 7); i += 1 }
            return count
        }
    }

    /// Where each line of `bytes` starts (LF, CRLF and a lone CR end lines). When every CR is a CRLF's (the common
    /// case; vCard's lines end in CRLF) the line feeds are counted first, eight bytes at a time, and the starts written
    /// into an array of that size: grown by doubling, a 10-million-line vCard's starts were copied and their fresh
    /// pages cleared again and again (80 MB), and a `memchr` a line of ten bytes cost more than its search.
    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { b in
            guard let lineFeeds = lineFeedsIfEveryCRBeforeLF(b) else { return lineStartsByteByByte(b) }
            return [Int](unsafeUninitializedCapacity: lineFeeds + 1) { starts, count in
                starts[0] = 0
                count = 1
                forEachLineFeed(in: b) { offset in
                    starts[count] = offset + 1
                    count += 1
                }
            }
        }
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is `byte`, and of no other (no borrow runs from byte to byte).
    @inline(__always)
    private static func flags(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return ~(((x & ~highs) &+ ~highs) | x) & highs
    }

    @inline(__always)
    private static func word(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(b.baseAddress!).loadUnaligned(fromByteOffset: i, as: UInt64.self))
    }

    /// The line feeds in `b`, or nil when a CR stands anywhere but before one.
    private static func lineFeedsIfEveryCRBeforeLF(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0, i = 0
        var carried: UInt64 = 0  // a CR that ended the word before: its LF begins this one
        while i + 8 <= b.count {
            let w = word(b, at: i), lf = flags(w, 0x0A), cr = flags(w, 0x0D)
            guard (cr << 8 | carried) & ~lf == 0 else { return nil }
            carried = cr >> 56
            count += lf.nonzeroBitCount
            i += 8
        }
        var afterCR = carried != 0
        while i < b.count {
            if afterCR, b[i] != 0x0A { return nil }
            afterCR = b[i] == 0x0D
            if b[i] == 0x0A { count += 1 }
            i += 1
        }
        return afterCR ? nil : count
    }

    /// Calls `body` with the offset of each line feed in `b`, in order.
    @inline(__always)
    private static func forEachLineFeed(in b: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        var i = 0
        while i + 8 <= b.count {
            var lf = flags(word(b, at: i), 0x0A)
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
