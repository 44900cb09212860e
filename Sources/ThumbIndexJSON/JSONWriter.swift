import LowLevel

/// Serialises `JSON` to UTF-8 bytes.
///
/// Output is compact (what goes on the wire) and keeps object keys in their insertion order, so the same
/// value always gives the same bytes. Strings escape only what JSON requires (quote, backslash, control characters);
/// other characters go out as UTF-8. Doubles that hold an integer up to 2^53 print as integers (`3`, not `3.0`);
/// NaN and infinities, which JSON cannot express, print as `null`.
///
///     JSONWriter().write(["b": 1, "a": [true, nil]])   // {"b":1,"a":[true,null]}
public struct JSONWriter: Sendable {
    /// A writer (compact: what goes on the wire and in logs alike).
    public init() {}

    /// The value as UTF-8 JSON text.
    public func write(_ value: JSON) -> [UInt8] {
        // Room for the text spliced in (a reply or part written ahead of time, megabytes of it): a buffer that grew
        // to hold it would copy it a dozen times.
        var sink = ByteSink(capacity: 1024 + Self.splicedBytes(in: value, depth: 2))
        JSONWriter.writeCompact(value, into: &sink)
        return sink.finish()
    }

    /// The bytes of the `.streamed` values in `value`, looked for `depth` objects deep (a response's result, a
    /// notification's params' value).
    static func splicedBytes(in value: JSON, depth: Int) -> Int {
        switch value {
        case .streamed(let text): return text.count
        case .object(let object) where depth > 0: return object.reduce(0) { $0 + splicedBytes(in: $1.value, depth: depth - 1) }
        default: return 0
        }
    }

    static func writeCompact(_ value: JSON, into sink: inout ByteSink) {
        switch value {
        case .array(let array):
            sink.append(UInt8(ascii: "["))
            // Elements are read through a buffer pointer so they are borrowed, not copied (no retain/release each).
            array.withUnsafeBufferPointer { elements in
                for position in elements.indices {
                    if position > 0 { sink.append(UInt8(ascii: ",")) }
                    writeCompact(elements[position], into: &sink)
                }
            }
            sink.append(UInt8(ascii: "]"))
        case .object(let object):
            sink.append(UInt8(ascii: "{"))
            object.withUnsafeMembers { members in
                for position in members.indices {
                    if position > 0 { sink.append(UInt8(ascii: ",")) }
                    writeString(members[position].key, into: &sink)
                    sink.append(UInt8(ascii: ":"))
                    writeCompact(members[position].value, into: &sink)
                }
            }
            sink.append(UInt8(ascii: "}"))
        case .null:
            sink.append(contentsOf: "null")
        case .bool(let flag):
            sink.append(contentsOf: flag ? "true" : "false")
        case .int(let integer):
            writeInteger(integer, into: &sink)
        case .double(let number):
            writeDouble(number, into: &sink)
        case .number(let text):
            var text = text
            text.withUTF8 { sink.append($0) }
        case .string(let string):
            writeString(string, into: &sink)
        case .utf8String(let string):
            string.bytes.withUnsafeBufferPointer { sink.appendQuoted($0) }
        case .streamed(let streamed):
            for piece in streamed.pieces { piece.bytes().withUnsafeBufferPointer { sink.append($0) } }
        }
    }

    static func writeInteger(_ value: Int64, into sink: inout ByteSink) {
        sink.reserve(20)
        if value < 0 { sink.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Count the digits, then fill them in from the end.
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20, magnitude >= bound {
            digits += 1
            bound &*= 10
        }
        sink.appendBackwards(count: digits) { position in
            position.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
    }

    private static func writeDouble(_ value: Double, into sink: inout ByteSink) {
        guard value.isFinite else {
            sink.append(contentsOf: "null")
            return
        }
        if value.rounded(.towardZero) == value, value.magnitude <= 9_007_199_254_740_992 {
            writeInteger(Int64(value), into: &sink)
        } else {
            // Swift's description is the shortest text that reads back as the same Double, e.g. "0.1" or "1e+300",
            // and both forms are valid JSON numbers.
            var text = value.description
            text.withUTF8 { sink.append($0) }
        }
    }

    static func writeString(_ string: String, into sink: inout ByteSink) {
        // Native strings (all of them on Linux) are contiguous, so this borrows their bytes without a copy.
        if string.utf8.withContiguousStorageIfAvailable({ sink.appendQuoted($0) }) == nil {
            var copy = string
            copy.withUTF8 { sink.appendQuoted($0) }
        }
    }

    fileprivate static func appendEscape(for byte: UInt8, into sink: inout ByteSink) {
        switch byte {
        case UInt8(ascii: "\""): sink.append(contentsOf: "\\\"")
        case UInt8(ascii: "\\"): sink.append(contentsOf: "\\\\")
        case 0x08: sink.append(contentsOf: "\\b")
        case 0x09: sink.append(contentsOf: "\\t")
        case 0x0A: sink.append(contentsOf: "\\n")
        case 0x0C: sink.append(contentsOf: "\\f")
        case 0x0D: sink.append(contentsOf: "\\r")
        default:
            let hex: StaticString = "0123456789abcdef"
            sink.append(contentsOf: "\\u00")
            sink.append(hex.utf8Start[Int(byte >> 4)])
            sink.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}

/// A growable output buffer written through a raw pointer, so the hot paths do not pay the uniqueness and capacity
/// checks of `Array.append` on every byte.
struct ByteSink: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to minimum: Int) {
        let newCapacity = Swift.max(capacity * 2, minimum)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends `utf8` as a JSON string: quoted, and escaped where needed. The runs of bytes that need no escape
    /// (found eight at a time, `PlainStringBytes`) are copied at once, so a document's text, a line break or a quote
    /// every few dozen bytes, is written nearly as fast as a string without any.
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var position = 0
        while position < utf8.count {
            // The next byte to escape: in the first word that has one (its lowest flag is exact), or in the tail.
            var special = PlainStringBytes.run(in: utf8, from: position, stopsAtNonASCII: false)
            if special + 8 <= utf8.count {
                let flags = PlainStringBytes.flags(ByteSearch.word(UnsafeRawPointer(utf8.baseAddress!), at: special), stopsAtNonASCII: false)
                special += flags.trailingZeroBitCount / 8
            } else {
                while special < utf8.count, !Self.needsEscape(utf8[special]) { special += 1 }
            }
            append(UnsafeBufferPointer(rebasing: utf8[position ..< special]))
            if special < utf8.count { JSONWriter.appendEscape(for: utf8[special], into: &self) }
            position = special + 1
        }
        append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(contentsOf text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `count` bytes produced last to first by `fill`; the caller has reserved room.
    @inline(__always)
    mutating func appendBackwards(count digits: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        var position = base + count + digits
        while position > base + count {
            position -= 1
            fill(position)
        }
        count += digits
    }

    consuming func finish() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }
}

extension JSON {
    /// The value as compact UTF-8 JSON text.
    public func serialized() -> [UInt8] {
        JSONWriter().write(self)
    }
}
