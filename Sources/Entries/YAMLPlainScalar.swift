/// What a plain (unquoted) YAML scalar reads as, by the rules of Yams' default resolver (YAML 1.1's types: `yes` and
/// `off` are booleans, `0o17`, `0x1F`, `1_000` and `1:30` numbers, `~` null), without a regular expression per scalar.
/// Timestamps, `<<` and `=` read as strings here, as they show in an outline.
enum YAMLPlainScalar {
    static func kind<Text: Collection<UInt8>>(_ text: Text) -> SymbolKind {
        text.withContiguousStorageIfAvailable(kind(of:)) ?? Array(text).withUnsafeBufferPointer(kind(of:))
    }

    private static let booleans: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF",
    ]
    private static let nulls: Set<String> = ["~", "null", "Null", "NULL", ""]

    private static func kind(of s: UnsafeBufferPointer<UInt8>) -> SymbolKind {
        if s.count <= 5, let first = s.first, first == UInt8(ascii: "~") || first >= UInt8(ascii: "A") {
            let word = String(decoding: s, as: UTF8.self)
            if booleans.contains(word) { return .boolean }
            if nulls.contains(word) { return .null }
        }
        if s.isEmpty { return .null }
        return isNumber(s) ? .number : .string
    }

    // MARK: Numbers: Yams' `int` and `float` patterns, each matched whole.

    private static func isNumber(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var m = Match(s)
        if m.peek == UInt8(ascii: ".") {
            // `.5`, `.5e+3`, `.nan` (no sign); `.inf` may have one.
            if m.word(".nan") || m.word(".NaN") || m.word(".NAN") || infinity(m) { return true }
            _ = m.take(".")
            guard m.many(digitOrUnderscore) else { return false }
            if m.take("e") || m.take("E") {
                guard m.take("-") || m.take("+"), m.many(digit) else { return false }
            }
            return m.atEnd
        }
        _ = m.take("-") || m.take("+")
        if infinity(m) { return true }
        let afterSign = m
        return based(afterSign) || decimal(afterSign) || sexagesimal(afterSign) || float(afterSign)
    }

    private static func infinity(_ m: Match) -> Bool {
        m.word(".inf") || m.word(".Inf") || m.word(".INF")
    }

    /// `0b1010`, `0o17`, `017`, `0x1F` (underscores allowed among the digits).
    private static func based(_ start: Match) -> Bool {
        var m = start
        guard m.take("0") else { return false }
        let afterZero = m
        if m.take("b") { return m.many(binaryOrUnderscore) && m.atEnd }
        if m.take("x") { return m.many(hexOrUnderscore) && m.atEnd }
        m = afterZero
        _ = m.take("o")
        return m.many(octalOrUnderscore) && m.atEnd
    }

    /// `0`, or a digit 1–9 then digits and underscores.
    private static func decimal(_ start: Match) -> Bool {
        var m = start
        if m.take("0") { return m.atEnd }
        guard m.one(nonZeroDigit) else { return false }
        m.any(digitOrUnderscore)
        return m.atEnd
    }

    /// `1:30` (an int) and `1:30.5` (a float): base 60, each group after a colon one or two digits below 60.
    private static func sexagesimal(_ start: Match) -> Bool {
        var m = start
        let intForm = m.peek.map(nonZeroDigit) ?? false
        guard m.one(digit) else { return false }
        m.any(digitOrUnderscore)
        var groups = 0
        while m.take(":") {
            // `[0-5]?[0-9]`: two digits only when the first is 0–5, and then a group ends either way.
            if let a = m.peek, let b = m.peek(1), a >= UInt8(ascii: "0"), a <= UInt8(ascii: "5"), digit(b) {
                m.skip(2)
            } else if !m.one(digit) {
                return false
            }
            groups += 1
        }
        guard groups > 0 else { return false }
        if m.atEnd { return intForm }
        guard m.take(".") else { return false }
        m.any(digitOrUnderscore)
        return m.atEnd
    }

    /// `1`, `1.5`, `1.`, `1e5`, `1_000.5E-3`.
    private static func float(_ start: Match) -> Bool {
        var m = start
        guard m.one(digit) else { return false }
        m.any(digitOrUnderscore)
        if m.take(".") { m.any(digitOrUnderscore) }
        if m.take("e") || m.take("E") {
            _ = m.take("-") || m.take("+")
            guard m.many(digit) else { return false }
        }
        return m.atEnd
    }

    private static func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private static func nonZeroDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "1") && b <= UInt8(ascii: "9") }
    private static func digitOrUnderscore(_ b: UInt8) -> Bool { digit(b) || b == UInt8(ascii: "_") }
    private static func binaryOrUnderscore(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "0") || b == UInt8(ascii: "1") || b == UInt8(ascii: "_")
    }
    private static func octalOrUnderscore(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "7")) || b == UInt8(ascii: "_")
    }
    private static func hexOrUnderscore(_ b: UInt8) -> Bool { b.hexDigitValue != nil || b == UInt8(ascii: "_") }

    /// A cursor over the scalar's bytes.
    private struct Match {
        let s: UnsafeBufferPointer<UInt8>
        var i = 0
        init(_ s: UnsafeBufferPointer<UInt8>) { self.s = s }

        var atEnd: Bool { i == s.count }
        var peek: UInt8? { i < s.count ? s[i] : nil }
        func peek(_ k: Int) -> UInt8? { i + k < s.count ? s[i + k] : nil }
        mutating func skip(_ k: Int) { i += k }

        mutating func take(_ c: Unicode.Scalar) -> Bool {
            guard i < s.count, s[i] == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }
        mutating func one(_ test: (UInt8) -> Bool) -> Bool {
            guard i < s.count, test(s[i]) else { return false }
            i += 1
            return true
        }
        mutating func any(_ test: (UInt8) -> Bool) {
            while i < s.count, test(s[i]) { i += 1 }
        }
        /// At least one.
        mutating func many(_ test: (UInt8) -> Bool) -> Bool {
            let from = i
            any(test)
            return i > from
        }
        /// Whether the rest is exactly `w`.
        func word(_ w: String) -> Bool {
            s.count - i == w.utf8.count && zip(s[i...], w.utf8).allSatisfy { $0 == $1 }
        }
    }
}
