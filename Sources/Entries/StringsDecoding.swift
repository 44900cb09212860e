import Foundation

/// Apple `.strings` files come as UTF-16 with a byte-order mark (what Xcode used to write) or UTF-8,
/// with or without a BOM. This turns their bytes into text, or says clearly why it cannot.
extension StringsFile {
    /// The text of a `.strings` file's bytes: UTF-16 with a byte-order mark, UTF-8 with or without one, or BOM-less
    /// UTF-16 recognised by its zero bytes.
    ///
    /// - Throws: `ExtractionError` when the bytes are neither, naming the offending byte and its line.
    public static func decode(data: Data, fileName: String? = nil) throws -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false, fileName: fileName) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true, fileName: fileName) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let bad = TextEncodings.firstInvalidUTF8(body) else { return String(decoding: body, as: UTF8.self) }
        if let bigEndian = TextEncodings.unmarkedUTF16(body) { return try utf16(body, bigEndian: bigEndian, fileName: fileName) }
        let line = body[..<bad].filter { $0 == 0x0A }.count + 1
        throw ExtractionError(file: fileName, line: line, String(
            format: "not UTF-8 or UTF-16 text: byte 0x%02X at offset %d is not valid UTF-8, and there is no UTF-16 byte-order mark",
            body[bad], bad))
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, fileName: String?) throws -> String {
        switch TextEncodings.utf8(fromUTF16: bytes, bigEndian: bigEndian) {
        case .success(let utf8): return String(decoding: utf8, as: UTF8.self)
        case .failure(.oddLength(let count)):
            throw ExtractionError(file: fileName, line: nil, "UTF-16 text with an odd number of bytes (\(count)) is cut short")
        case .failure(.loneSurrogate(let line)):
            throw ExtractionError(file: fileName, line: line, "invalid UTF-16: an unpaired surrogate")
        }
    }
}
