import LowLevel

/// Many strings as UTF-8 in one buffer: the shape the shim works on, with no per-string allocation.
///
/// String `i` is `bytes[starts[i] ..< starts[i] + lengths[i]]`. Built from Swift strings, or straight
/// from the lines of a file.
public struct UTF8Batch: Sendable {
    /// Every string's UTF-8, back to back.
    public private(set) var bytes: [UInt8]
    /// Where each string starts in `bytes`.
    public private(set) var starts: [Int64]
    /// Each string's length in bytes.
    public private(set) var lengths: [Int32]

    /// The number of strings.
    public var count: Int { starts.count }

    /// The strings, in order.
    public init<S: Sequence>(_ strings: S) where S.Element == String {
        bytes = []
        starts = []
        lengths = []
        starts.reserveCapacity(strings.underestimatedCount)
        lengths.reserveCapacity(strings.underestimatedCount)
        for string in strings { append(string) }
    }

    /// Strings already laid out in `bytes` (string `i` is `bytes[starts[i] ..< starts[i] + lengths[i]]`): a
    /// document's names as ranges of its own text, with nothing copied.
    public init(bytes: [UInt8], starts: [Int64], lengths: [Int32]) {
        precondition(starts.count == lengths.count, "one length per start")
        self.bytes = bytes
        self.starts = starts
        self.lengths = lengths
    }

    /// The strings at `positions` of this batch, in that order, sharing its bytes (nothing copied but their places).
    public func strings(at positions: [Int32]) -> UTF8Batch {
        starts.withUnsafeBufferPointer { starts in
            lengths.withUnsafeBufferPointer { lengths in
                UTF8Batch(bytes: bytes, starts: positions.map { starts[Int($0)] }, lengths: positions.map { lengths[Int($0)] })
            }
        }
    }

    /// The lines of `data` (split on LF; a CR before the LF and a missing final newline are fine).
    public init(lines data: [UInt8]) {
        bytes = data
        starts = []
        lengths = []
        data.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            var i = 0
            let n = buffer.count
            while i < n {
                if buffer[i] == 0x0A {
                    var end = i
                    if end > lineStart && buffer[end - 1] == 0x0D { end -= 1 }
                    starts.append(Int64(lineStart))
                    lengths.append(Int32(end - lineStart))
                    lineStart = i + 1
                }
                i += 1
            }
            if lineStart < n {
                var end = n
                if buffer[end - 1] == 0x0D { end -= 1 }
                starts.append(Int64(lineStart))
                lengths.append(Int32(end - lineStart))
            }
        }
    }

    /// Adds a string after the others.
    public mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(utf8: $0) }
    }

    /// Adds a string given by its UTF-8 bytes after the others (no `String` made).
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        starts.append(Int64(bytes.count))
        bytes.append(contentsOf: utf8)
        lengths.append(Int32(utf8.count))
    }

    /// Room for `strings` more strings of `bytes` more bytes in all, so that appending them moves nothing (a whole
    /// read of a million records grew these arrays by doubling: each new buffer's pages faulted in and the old
    /// copied, most of the read's time).
    public mutating func reserveCapacity(strings: Int, bytes count: Int) {
        bytes.reserveCapacity(bytes.count + count)
        starts.reserveCapacity(starts.count + strings)
        lengths.reserveCapacity(lengths.count + strings)
    }

    /// Adds the strings of `other` after these.
    public mutating func append(contentsOf other: UTF8Batch) {
        // Its bytes whole, its starts shifted: linear in `other` (no reserve to an exact size, which would copy these
        // arrays again on every call of a loop).
        let shift = Int64(bytes.count)
        bytes += other.bytes
        starts += other.starts.lazy.map { $0 + shift }
        lengths += other.lengths
    }

    /// The bytes of string `i`.
    public subscript(i: Int) -> ArraySlice<UInt8> {
        let start = Int(starts[i])
        return bytes[start ..< start + Int(lengths[i])]
    }

    /// Runs `body` with the bytes of string `i`.
    public func withUTF8<T>(at i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let start = Int(starts[i])
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start ..< start + Int(lengths[i])])) }
    }

    /// String `i`, decoded (malformed bytes become U+FFFD).
    public func string(at i: Int) -> String {
        String(decoding: self[i], as: UTF8.self)
    }

    /// Runs `body` on every core once per slice of this batch (`s`, its strings' positions), with the batch's bytes
    /// and the slice's starts and lengths, as the shim reads a batch.
    func forEachSlice(_ slices: [Range<Int>], _ body: (_ s: Int, _ range: Range<Int>, _ bytes: UnsafePointer<UInt8>?,
                                                       _ starts: UnsafePointer<Int64>, _ lengths: UnsafePointer<Int32>) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                lengths.withUnsafeBufferPointer { lengths in
                    Cores.run(slices.count) { s in
                        let range = slices[s]
                        body(s, range, bytes.baseAddress, starts.baseAddress! + range.lowerBound, lengths.baseAddress! + range.lowerBound)
                    }
                }
            }
        }
    }
}
