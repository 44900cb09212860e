import Foundation

/// One vCard property after unfolding: `item1.EMAIL;TYPE=work:ada@example.org`.
struct VCardProperty {
    /// Upper-cased, without its group (`item1.`).
    var name: String
    /// Parameters with upper-cased names; a vCard 2.1 bare parameter (`;HOME`, `;QUOTED-PRINTABLE`) has
    /// the name "" and the word as value.
    var parameters: [(name: String, value: String)]
    /// The value as written, after quoted-printable decoding but before backslash unescaping.
    var rawValue: String
    /// Physical lines the property spans (folded and soft-broken lines included).
    var firstLine: Int
    var lastLine: Int

    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    var isQuotedPrintable: Bool {
        parameters.contains { ($0.name == "ENCODING" || $0.name == "") && $0.value.uppercased() == "QUOTED-PRINTABLE" }
    }

    /// The value unescaped (`\n`, `\,`, `\;`, `\\`).
    var text: String { VCardText.unescape(rawValue) }

    /// The value split at unescaped `;` (N, ORG, ADR), each part unescaped.
    var components: [String] { VCardText.splitUnescaped(rawValue, by: ";").map(VCardText.unescape) }
}

/// Reads vCard text as properties: unfolds continuation lines (a line starting with a space or tab
/// continues the previous one), joins quoted-printable soft line breaks (a value ending in `=`), splits
/// name, parameters and value, and decodes quoted-printable bytes in the declared CHARSET.
struct VCardLineReader {
    let bytes: [UInt8]
    let map: LineMap

    func properties() -> [VCardProperty] {
        var out: [VCardProperty] = []
        var line = 0
        while line < map.lineCount {
            let first = line
            var logical = Array(physical(line))
            line += 1
            let qp = Self.headerDeclaresQP(logical)
            while line < map.lineCount {
                let next = physical(line)
                if let b = next.first, b == 0x20 || b == 0x09 {
                    logical.append(contentsOf: next.dropFirst())
                } else if qp, logical.last == UInt8(ascii: "="), !next.isEmpty {
                    logical.removeLast()  // the soft line break
                    logical.append(contentsOf: next)
                } else {
                    break
                }
                line += 1
            }
            if let p = parse(logical, first: first, last: line - 1) { out.append(p) }
        }
        return out
    }

    private func physical(_ line: Int) -> ArraySlice<UInt8> {
        bytes[map.lineStarts[line]..<map.lineEnds[line]]
    }

    /// Whether the part before the value names quoted-printable (decides how lines join).
    private static func headerDeclaresQP(_ line: [UInt8]) -> Bool {
        guard let colon = colonIndex(line) else { return false }
        return String(decoding: line[..<colon], as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
    }

    /// The first `:` outside double quotes (parameter values may hold colons: `TYPE="a:b"`).
    private static func colonIndex(_ line: [UInt8]) -> Int? {
        var quoted = false
        for (i, b) in line.enumerated() {
            if b == UInt8(ascii: "\"") { quoted.toggle() } else if b == UInt8(ascii: ":"), !quoted { return i }
        }
        return nil
    }

    private func parse(_ line: [UInt8], first: Int, last: Int) -> VCardProperty? {
        guard let colon = Self.colonIndex(line) else { return nil }
        let head = String(decoding: line[..<colon], as: UTF8.self)
        var parts = VCardText.splitUnescaped(head, by: ";", honoringQuotes: true)
        guard !parts.isEmpty else { return nil }
        var name = parts.removeFirst().trimmingCharacters(in: .whitespaces).uppercased()
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        let parameters = parts.map { part -> (name: String, value: String) in
            guard let eq = part.firstIndex(of: "=") else { return ("", part.trimmingCharacters(in: .whitespaces)) }
            var value = String(part[part.index(after: eq)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return (part[..<eq].trimmingCharacters(in: .whitespaces).uppercased(), value)
        }
        var property = VCardProperty(name: name, parameters: parameters, rawValue: "", firstLine: first, lastLine: last)
        let valueBytes = line[(colon + 1)...]
        if property.isQuotedPrintable {
            property.rawValue = VCardText.decode(VCardText.quotedPrintable(valueBytes), charset: property.parameter("CHARSET"))
        } else {
            property.rawValue = String(decoding: valueBytes, as: UTF8.self)
        }
        return property
    }
}

/// The text-level rules of vCard values.
enum VCardText {
    static func unescape(_ s: String) -> String {
        guard s.contains("\\") else { return s }
        var out = ""
        var escaping = false
        for c in s {
            if escaping {
                switch c {
                case "n", "N": out.append("\n")
                default: out.append(c)  // \, \; \\ and anything else stand for themselves
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        if escaping { out.append("\\") }
        return out
    }

    /// Splits at `separator` unless escaped by a backslash (or, for parameters, inside double quotes).
    static func splitUnescaped(_ s: String, by separator: Character, honoringQuotes: Bool = false) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false, quoted = false
        for c in s {
            if escaping { current.append(c); escaping = false; continue }
            if c == "\\" { escaping = true; current.append(c); continue }
            if honoringQuotes, c == "\"" { quoted.toggle() }
            if c == separator, !quoted { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        return parts
    }

    /// `=C3=A4` → the bytes C3 A4; a `=` not followed by two hex digits is kept as is.
    static func quotedPrintable<C: Collection>(_ value: C) -> [UInt8] where C.Element == UInt8 {
        let v = Array(value)
        var out: [UInt8] = []
        out.reserveCapacity(v.count)
        var i = 0
        while i < v.count {
            if v[i] == UInt8(ascii: "="), let hi = hex(v[safe: i + 1]), let lo = hex(v[safe: i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(v[i])
                i += 1
            }
        }
        return out
    }

    private static func hex(_ b: UInt8?) -> UInt8? {
        guard let b else { return nil }
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    /// Decoded bytes in the CHARSET a vCard 2.1/3.0 writer declared (UTF-8 when none or unknown).
    static func decode(_ bytes: [UInt8], charset: String?) -> String {
        let encodings: [String: String.Encoding] = [
            "ISO-8859-1": .isoLatin1, "LATIN1": .isoLatin1, "WINDOWS-1252": .windowsCP1252, "CP1252": .windowsCP1252,
            "SHIFT_JIS": .shiftJIS, "SJIS": .shiftJIS, "EUC-JP": .japaneseEUC, "ISO-2022-JP": .iso2022JP,
            "UTF-16": .utf16, "ISO-8859-2": .isoLatin2,
        ]
        if let name = charset?.uppercased(), let encoding = encodings[name],
           let s = String(data: Data(bytes), encoding: encoding) {
            return s
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
