import Entries
import Foundation

/// Turns an input's bytes into UTF-8 text without ever garbling it silently: what can be decoded with certainty is
/// (a UTF-8 byte-order mark is dropped, UTF-16 with a mark or with a zero byte beside every ASCII character is
/// decoded), and anything else that is not UTF-8 is refused, naming the line of the first bad byte, whether there is
/// one bad byte or a thousand.
struct TextDecoder {
    /// The input's name in messages (a path, or "standard input").
    var name: String

    func decode(_ bytes: [UInt8], as encoding: TextEncoding) throws -> [UInt8] {
        switch encoding {
        case .latin1:
            if bytes.contains(0) { throw binary() }
            return latin1(bytes[...])
        case .utf16le: return try utf16(bytes.starts(with: [0xFF, 0xFE]) ? bytes.dropFirst(2) : bytes[...], bigEndian: false)
        case .utf16be: return try utf16(bytes.starts(with: [0xFE, 0xFF]) ? bytes.dropFirst(2) : bytes[...], bigEndian: true)
        case .utf16:
            if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true) }
            // Without a mark, UTF-16 is little-endian on every machine that writes it today.
            return try utf16(bytes.starts(with: [0xFF, 0xFE]) ? bytes.dropFirst(2) : bytes[...], bigEndian: false)
        case .utf8: return try utf8(bytes, from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        case .auto:
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try utf8(bytes, from: 3) }
            if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false) }
            if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true) }
            if let bigEndian = Self.unmarkedUTF16(bytes), let text = try? utf16(bytes[...], bigEndian: bigEndian) { return text }
            return try utf8(bytes, from: 0)
        }
    }

    /// UTF-16 without a mark shows as ASCII text with a zero byte beside every character: whether it is big-endian,
    /// or nil when the bytes do not look so.
    static func unmarkedUTF16(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count >= 2, bytes.count % 2 == 0, bytes.contains(0) else { return nil }
        var zeroHigh = 0, zeroLow = 0
        for i in stride(from: 0, to: bytes.count, by: 2) {
            if bytes[i] == 0 { zeroLow += 1 }
            if bytes[i + 1] == 0 { zeroHigh += 1 }
        }
        let pairs = bytes.count / 2
        if zeroHigh * 2 >= pairs, zeroLow == 0 { return false }
        if zeroLow * 2 >= pairs, zeroHigh == 0 { return true }
        return nil
    }

    private func binary() -> CommandFailure { CommandFailure(path: name, "a binary file (it holds NUL bytes), not text") }

    /// `bytes` from `start` (past a byte-order mark), when they are UTF-8; without a mark, the same array (no copy of
    /// a large file).
    private func utf8(_ bytes: [UInt8], from start: Int) throws -> [UInt8] {
        if bytes.withUnsafeBufferPointer({ TextCheck.binaryProblem(in: $0) }) != nil { throw binary() }
        if let bad = Self.firstInvalidUTF8(bytes[start...]) {
            let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let byte = String(format: "0x%02X", bytes[bad])
            let convert = name == "standard input"
                ? "pipe it through 'iconv -f latin1 -t utf-8'"
                : "convert it with 'iconv -f latin1 -t utf-8 \(name) > \((name as NSString).lastPathComponent).utf8'"
            throw CommandFailure("\(name):\(line): not UTF-8 text (byte \(byte)); if it is Latin-1, \(convert), or give --encoding latin1")
        }
        return start == 0 ? bytes : Array(bytes[start...])
    }

    /// The index of the first byte that does not start or continue a well-formed UTF-8 sequence, or nil.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            // Lengths and second-byte ranges from Unicode's table of well-formed sequences (no overlongs, no
            // surrogates, nothing past U+10FFFF).
            var length = 0, low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2 ... 0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1 ... 0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= end, (low ... high).contains(bytes[i + 1]) else { return i }
            for j in 2 ..< length where bytes[i + j] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    private func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws -> [UInt8] {
        guard bytes.count % 2 == 0 else {
            throw CommandFailure(path: name, "UTF-16 text with an odd number of bytes (\(bytes.count)) is cut short")
        }
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
        var line = 1
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                if scalar.value == 0 { throw binary() }
                out.append(contentsOf: UTF8.encode(scalar)!)
            case .error: throw CommandFailure("\(name):\(line): not UTF-16 text (a lone surrogate)")
            case .emptyInput: break loop
            }
        }
        return out
    }

    /// Latin-1 maps each byte to the code point of the same number.
    private func latin1(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for b in bytes {
            if b < 0x80 { out.append(b) } else { out.append(0xC0 | b >> 6); out.append(0x80 | b & 0x3F) }
        }
        return out
    }
}
