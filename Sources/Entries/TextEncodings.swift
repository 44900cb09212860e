import LowLevel

/// What reads a file's bytes as text needs to tell UTF-8 and UTF-16 apart and decode them without garbling: one
/// implementation for the command line's input and `.strings` tables.
public enum TextEncodings {
    /// Why bytes are not UTF-16 text.
    public enum UTF16Problem: Error, Equatable {
        /// An odd number of bytes: the text is cut short.
        case oddLength(Int)
        /// A surrogate without its partner, on this 1-based line.
        case loneSurrogate(line: Int)
    }

    /// UTF-16 code units (big- or little-endian, no byte-order mark) as UTF-8.
    public static func utf8(fromUTF16 bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<[UInt8], UTF16Problem> {
        guard bytes.count % 2 == 0 else { return .failure(.oddLength(bytes.count)) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        var line = 1, iterator = units.makeIterator(), decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                out.append(contentsOf: UTF8.encode(scalar)!)
            case .error: return .failure(.loneSurrogate(line: line))
            case .emptyInput: return .success(out)
            }
        }
    }

    /// UTF-16 without a byte-order mark shows as text with a zero byte beside most characters (the high byte of
    /// ASCII and Latin letters) and never on the other side: whether it is big-endian, or nil when the bytes do not
    /// look so (then they are not decoded as UTF-16 by a guess).
    public static func unmarkedUTF16(_ bytes: ArraySlice<UInt8>) -> Bool? {
        guard bytes.count >= 2, bytes.count % 2 == 0 else { return nil }
        var zeroHigh = 0, zeroLow = 0
        for i in stride(from: bytes.startIndex, to: bytes.endIndex, by: 2) {
            if bytes[i] == 0 { zeroLow += 1 }
            if bytes[i + 1] == 0 { zeroHigh += 1 }
        }
        let pairs = bytes.count / 2
        if zeroHigh * 2 >= pairs, zeroLow == 0 { return false }
        if zeroLow * 2 >= pairs, zeroHigh == 0 { return true }
        return nil
    }

    /// The index (in `bytes`) of the first byte that does not start or continue a well-formed UTF-8 sequence, or nil.
    public static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer(UTF8Check.firstInvalid).map { bytes.startIndex + $0 }
    }
}
