/// How the client counts `character` in a position (LSP 3.17 `PositionEncodingKind`).
public enum PositionEncoding: String, Sendable, CaseIterable {
    /// `utf-8`: columns count bytes.
    case utf8 = "utf-8"
    /// `utf-16`: columns count UTF-16 code units, LSP's default.
    case utf16 = "utf-16"
    /// `utf-32`: columns count Unicode scalars.
    case utf32 = "utf-32"

    /// Code units in the client's encoding for the UTF-8 bytes `line[0..<byteColumn]`.
    public func units(in line: UnsafeBufferPointer<UInt8>, upToByte byteColumn: Int) -> Int {
        let end = min(byteColumn, line.count)
        if self == .utf8 { return end }
        var units = 0
        var i = 0
        while i < end {
            let byte = line[i]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += (self == .utf16 && length == 4) ? 2 : 1
            i += length
        }
        return units
    }

    /// The UTF-8 byte offset within `line` of `units` code units in the client's encoding, or nil when
    /// `units` falls inside a character (e.g. between the halves of a surrogate pair). Past the end of
    /// the line it is clamped to the line's length, as LSP says.
    public func byteOffset(in line: UnsafeBufferPointer<UInt8>, units target: Int) -> Int? {
        if self == .utf8 {
            if target >= line.count { return line.count }
            // Inside a multi-byte sequence (a continuation byte) is not a character boundary.
            return line[target] & 0xC0 == 0x80 ? nil : target
        }
        var units = 0
        var i = 0
        while i < line.count {
            if units == target { return i }
            if units > target { return nil }
            let byte = line[i]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += (self == .utf16 && length == 4) ? 2 : 1
            i += length
        }
        return units == target || units < target ? line.count : nil
    }
}
