import LowLevel

/// Splits CSV/TSV text into records (RFC 4180): fields in double quotes may hold separators, line
/// breaks and `""` for a quote, so a record can span lines. Offsets are UTF-8 byte offsets; fields are spans of the
/// text, made into strings only for the cells a row's entry shows.
///
/// Real files bend the rules, so the parser is lenient where it can be: a quote inside an unquoted field
/// is kept as text, and text after a closing quote is appended to the field. Only a quote that never
/// closes is an error, since everything after it would silently become one field.
struct DelimitedParser {
    /// A field: `start ..< end` is its text (inside the quotes when quoted, and any text after the closing quote);
    /// `close` is the closing quote's offset (nil when unquoted).
    struct Field {
        var start: Int
        var end: Int
        var close: Int?
    }

    /// Where parsing stopped and why; the caller turns the offset into a line.
    struct ParseFailure: Error {
        var offset: Int
        var problem: String
    }

    static let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    let p: UnsafeBufferPointer<UInt8>
    let separator: UInt8

    /// Whether `i` is at a blank line (a line terminator, or the end): no record starts there.
    func isBlank(at i: Int) -> Bool { i >= p.count || p[i] == Self.lf || p[i] == Self.cr }

    /// Reads the record at `i` into `fields` and moves `i` past its line terminator; returns the record's end
    /// (before the terminator).
    func record(_ i: inout Int, into fields: inout [Field]) throws(ParseFailure) -> Int {
        fields.removeAll(keepingCapacity: true)
        let n = p.count
        while true {
            fields.append(try field(&i))
            guard i < n, p[i] == separator else { break }
            i += 1
        }
        let end = i
        if i < n { i += p[i] == Self.cr && i + 1 < n && p[i + 1] == Self.lf ? 2 : 1 }
        return end
    }

    @inline(__always)
    private func isFieldEnd(_ b: UInt8) -> Bool { b == separator || b == Self.lf || b == Self.cr }

    /// Where an unquoted field starting at `start` ends: at the separator, line feed or carriage return, found eight
    /// bytes at a time.
    @inline(__always)
    func unquotedFieldEnd(from start: Int) -> Int {
        ByteSearch.first(separator, Self.lf, or: Self.cr, in: p, from: start, to: p.count)
    }

    private func field(_ i: inout Int) throws(ParseFailure) -> Field {
        let n = p.count
        guard i < n, p[i] == Self.quote else {
            let start = i
            i = unquotedFieldEnd(from: i)
            return Field(start: start, end: i, close: nil)
        }
        let open = i
        i += 1
        let start = i
        while true {
            guard i < n else { throw ParseFailure(offset: open, problem: "quoted field is never closed") }
            if p[i] == Self.quote {
                if i + 1 < n, p[i + 1] == Self.quote { i += 2; continue }
                break
            }
            i += 1
        }
        let close = i
        var end = i
        i += 1  // the closing quote
        while i < n, !isFieldEnd(p[i]) {
            i += 1
            end = i
        }
        return Field(start: start, end: end, close: close)
    }

    /// The field's value: `""` inside quotes as one quote, text after the closing quote appended.
    func value(_ f: Field) -> String {
        guard let close = f.close else { return String(decoding: UnsafeBufferPointer(rebasing: p[f.start ..< f.end]), as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(f.end - f.start)
        var i = f.start
        while i < close {
            bytes.append(p[i])
            i += p[i] == Self.quote ? 2 : 1
        }
        if f.end > close { bytes.append(contentsOf: p[(close + 1) ..< f.end]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The field's text as it reads when nothing needs cleaning (no `""`, nothing after the closing quote, no blank
    /// at either end, no line break, no byte-order mark): a span of the text. Nil when it needs `DelimitedTable.clean`.
    func plainSpan(_ f: Field) -> Range<Int>? {
        let end = f.close ?? f.end
        if let close = f.close, f.end != close { return nil }
        guard end > f.start else { return f.start ..< f.start }
        guard let first = scalar(at: f.start, end), !first.isBlank, first != "\u{FEFF}" else { return nil }
        var last = end - 1
        while last > f.start, p[last] & 0xC0 == 0x80 { last -= 1 }
        guard let final = scalar(at: last, end), !final.isBlank else { return nil }
        if f.close != nil {
            for i in f.start ..< end where p[i] == Self.quote || p[i] == Self.lf || p[i] == Self.cr { return nil }
        }
        return f.start ..< end
    }

    /// The scalar whose UTF-8 starts at `i` (before `end`), or nil for bytes that are not one.
    private func scalar(at i: Int, _ end: Int) -> Unicode.Scalar? {
        let b = p[i]
        if b < 0x80 { return Unicode.Scalar(b) }
        let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0
        guard length > 0, i + length <= end else { return nil }
        var value = UInt32(b) & (0xFF >> (length + 1))
        for k in 1 ..< length {
            guard p[i + k] & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(p[i + k] & 0x3F)
        }
        return Unicode.Scalar(value)
    }
}
