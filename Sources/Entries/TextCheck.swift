import Foundation

/// Whether bytes are text, before anything reads lines out of them: a binary file (or text in another encoding)
/// would otherwise give kilobytes of garbage entries.
public enum TextCheck {
    /// How many malformed UTF-8 sequences a text may hold (a stray Latin-1 byte or two) before it counts as not text.
    public static let toleratedMalformed = 8

    /// Why `bytes` is not text (a NUL byte; more than `toleratedMalformed` malformed UTF-8 sequences), or nil.
    public static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if let binary = binaryProblem(in: bytes) { return binary }
        var malformed = 0, i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length = b & 0xE0 == 0xC0 && b >= 0xC2 ? 2 : b & 0xF0 == 0xE0 ? 3 : b & 0xF8 == 0xF0 && b <= 0xF4 ? 4 : 0
            var valid = length > 0 && i + length <= n
            if valid { for j in 1 ..< length where bytes[i + j] & 0xC0 != 0x80 { valid = false } }
            if valid {
                i += length
            } else {
                malformed += 1
                if malformed > toleratedMalformed {
                    return "not UTF-8 text (binary data, or another encoding: convert it with iconv -t UTF-8)"
                }
                i += 1
            }
        }
        return nil
    }

    /// Why bytes that are valid UTF-8 (a `String`'s) are not text: a NUL byte (one `memchr`), or nil.
    public static func binaryProblem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        return memchr(base, 0, bytes.count) != nil ? "a binary file (it holds NUL bytes), not text" : nil
    }

    /// Why `bytes` is not text, or nil.
    public static func problem(in bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { problem(in: $0) }
    }
}
