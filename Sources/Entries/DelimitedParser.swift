/// Splits CSV/TSV text into records (RFC 4180): fields in double quotes may hold separators, line
/// breaks and `""` for a quote, so a record can span lines. Offsets are UTF-8 byte offsets.
///
/// Real files bend the rules, so the parser is lenient where it can be: a quote inside an unquoted field
/// is kept as text, and text after a closing quote is appended to the field. Only a quote that never
/// closes is an error, since everything after it would silently become one field.
struct DelimitedParser {
    struct Field {
        var value: String
        /// The field's text, inside its quotes when quoted.
        var start: Int
        var end: Int
    }

    struct Record {
        var fields: [Field]
        var start: Int
        var end: Int
    }

    private static let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    let bytes: [UInt8]
    let separator: UInt8

    /// All records; blank lines are not records.
    func records() throws(ParseFailure) -> [Record] {
        var out: [Record] = []
        let n = bytes.count
        var i = 0
        while i < n {
            let recordStart = i
            var fields: [Field] = []
            while true {
                fields.append(try field(&i))
                guard i < n, bytes[i] == separator else { break }
                i += 1
            }
            let recordEnd = i
            if i < n { i += bytes[i] == Self.cr && i + 1 < n && bytes[i + 1] == Self.lf ? 2 : 1 }
            if fields.count == 1, fields[0].start == fields[0].end, recordStart == recordEnd { continue }
            out.append(Record(fields: fields, start: recordStart, end: recordEnd))
        }
        return out
    }

    /// Where parsing stopped and why; the caller turns the offset into a line.
    struct ParseFailure: Error {
        var offset: Int
        var problem: String
    }

    private func isFieldEnd(_ b: UInt8) -> Bool { b == separator || b == Self.lf || b == Self.cr }

    private func field(_ i: inout Int) throws(ParseFailure) -> Field {
        let n = bytes.count
        guard i < n, bytes[i] == Self.quote else {
            let start = i
            while i < n, !isFieldEnd(bytes[i]) { i += 1 }
            return Field(value: String(utf8Slice: bytes[start..<i]), start: start, end: i)
        }
        let open = i
        i += 1
        let start = i
        var value: [UInt8] = []
        while true {
            guard i < n else { throw ParseFailure(offset: open, problem: "quoted field is never closed") }
            if bytes[i] == Self.quote {
                if i + 1 < n, bytes[i + 1] == Self.quote {
                    value.append(Self.quote)
                    i += 2
                    continue
                }
                break
            }
            value.append(bytes[i])
            i += 1
        }
        var end = i
        i += 1  // the closing quote
        while i < n, !isFieldEnd(bytes[i]) {
            value.append(bytes[i])
            i += 1
            end = i
        }
        return Field(value: String(decoding: value, as: UTF8.self), start: start, end: end)
    }
}
