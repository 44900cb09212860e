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
            if bytes.contains(0), let bigEndian = TextEncodings.unmarkedUTF16(bytes[...]), let text = try? utf16(bytes[...], bigEndian: bigEndian) { return text }
            return try utf8(bytes, from: 0)
        }
    }

    private func binary() -> CommandFailure { CommandFailure(path: name, "a binary file (it holds NUL bytes), not text") }

    /// `bytes` from `start` (past a byte-order mark), when they are UTF-8; without a mark, the same array (no copy of
    /// a large file).
    private func utf8(_ bytes: [UInt8], from start: Int) throws -> [UInt8] {
        if bytes.withUnsafeBufferPointer({ TextCheck.binaryProblem(in: $0) }) != nil { throw binary() }
        if let bad = TextEncodings.firstInvalidUTF8(bytes[start...]) {
            let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let byte = String(format: "0x%02X", bytes[bad])
            let convert = name == "standard input"
                ? "pipe it through 'iconv -f latin1 -t utf-8'"
                : "convert it with 'iconv -f latin1 -t utf-8 \(name) > \((name as NSString).lastPathComponent).utf8'"
            throw CommandFailure("\(name):\(line): not UTF-8 text (byte \(byte)); if it is Latin-1, \(convert), or give --encoding latin1")
        }
        return start == 0 ? bytes : Array(bytes[start...])
    }

    private func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws -> [UInt8] {
        switch TextEncodings.utf8(fromUTF16: bytes, bigEndian: bigEndian) {
        case .success(let text):
            if text.contains(0) { throw binary() }
            return text
        case .failure(.oddLength(let count)):
            throw CommandFailure(path: name, "UTF-16 text with an odd number of bytes (\(count)) is cut short")
        case .failure(.loneSurrogate(let line)):
            throw CommandFailure("\(name):\(line): not UTF-16 text (a lone surrogate)")
        }
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
