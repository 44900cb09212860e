extension UInt8 {
    /// The value of an ASCII hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), nil for any other byte: what `\u00e9` in
    /// a `.strings` file, `=C3` in a quoted-printable vCard and `\x41` in YAML spell.
    var hexDigitValue: UInt8? {
        switch self {
        case 0x30 ... 0x39: self - 0x30
        case 0x41 ... 0x46: self - 0x41 + 10
        case 0x61 ... 0x66: self - 0x61 + 10
        default: nil
        }
    }
}
