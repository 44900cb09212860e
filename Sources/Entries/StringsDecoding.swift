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
        if let text = String(validating: body, as: UTF8.self) { return text }
        // UTF-16 without a BOM shows as ASCII text with a zero byte beside every character.
        if body.count % 2 == 0, body.count >= 2 {
            let pairs = body.count / 2
            let zeroHigh = stride(from: body.startIndex + 1, to: body.endIndex, by: 2).filter { body[$0] == 0 }.count
            let zeroLow = stride(from: body.startIndex, to: body.endIndex, by: 2).filter { body[$0] == 0 }.count
            if zeroHigh * 2 >= pairs { return try utf16(body, bigEndian: false, fileName: fileName) }
            if zeroLow * 2 >= pairs { return try utf16(body, bigEndian: true, fileName: fileName) }
        }
        let bad = firstInvalidUTF8(body)
        let line = body[body.startIndex..<(body.startIndex + bad)].filter { $0 == 0x0A }.count + 1
        throw ExtractionError(file: fileName, line: line, String(
            format: "not UTF-8 or UTF-16 text: byte 0x%02X at offset %d is not valid UTF-8, and there is no UTF-16 byte-order mark",
            body[body.startIndex + bad], bad + (bytes.count - body.count)))
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, fileName: String?) throws -> String {
        guard bytes.count % 2 == 0 else {
            throw ExtractionError(file: fileName, line: nil, "UTF-16 text with an odd number of bytes (\(bytes.count)) is cut short")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        var out = String.UnicodeScalarView()
        var decoder = UTF16()
        var it = units.makeIterator()
        var line = 1
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s):
                out.append(s)
                if s == "\n" { line += 1 }
            case .emptyInput: break loop
            case .error:
                throw ExtractionError(file: fileName, line: line, "invalid UTF-16: an unpaired surrogate")
            }
        }
        return String(out)
    }

    /// Offset of the first byte that does not start or continue a valid UTF-8 sequence.
    private static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
        var decoder = UTF8()
        var it = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput, .error: return min(offset, bytes.count - 1)
            }
        }
    }
}
