/// Makes the driver's inputs: a few template messages, framed (now and then badly), with some mutated as JSON text
/// and some inputs mutated as a whole byte stream or spliced with an earlier one.
struct InputGenerator {
    var templates: MessageTemplates
    /// Recent inputs, for splicing two streams together.
    private var pool: [[UInt8]] = []

    init(seed: UInt64) {
        templates = MessageTemplates(random: FuzzRandom(seed: seed))
    }

    private var random: FuzzRandom {
        get { templates.random }
        set { templates.random = newValue }
    }

    /// One input: 1…21 messages, about 6 on average (enough to amortise the setup of a fresh server, few enough
    /// that a failing input stays readable).
    mutating func next() -> [UInt8] {
        let count = 1 + random.count(typical: 10, max: 20)
        var stream: [UInt8] = []
        for _ in 0..<count {
            var body = Array(templates.message().utf8)
            if random.percent(25) { mutate(&body) }
            stream += frame(body)
        }
        if random.percent(8) { mutate(&stream) }
        if random.percent(4), let other = pool.randomElement(using: &templates.random) { stream = splice(stream, other) }
        if pool.count < 64 { pool.append(stream) } else { pool[random.below(64)] = stream }
        return stream
    }

    /// A seed-corpus input: template messages framed correctly, unmutated.
    mutating func clean(messages count: Int) -> [UInt8] {
        (0..<count).flatMap { _ in ContentLengthFrame.frame(Array(templates.message().utf8)) }
    }

    // MARK: Framing

    /// `Content-Length: N\r\n\r\n` + body, or one of the ways a header goes wrong.
    private mutating func frame(_ body: [UInt8]) -> [UInt8] {
        guard random.percent(10) else { return ContentLengthFrame.frame(body) }
        let n = body.count
        let header: String
        switch random.below(15) {
        case 0: header = "Content-Length: \(max(0, n + random.pick([-3, -1, 1, 2, 40])))\r\n\r\n"
        case 1: header = "Content-Length: \(n)\n\n"
        case 2: header = "content-length:\(n)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
        case 3: header = ""
        case 4: header = "Content-Length: \(random.pick(["abc", "-1", "", "99999999999999999999", "0x10", "1 2", "268435457"]))\r\n\r\n"
        case 5: header = "Content-Length: \(n)\r\nContent-Length: \(n + 1)\r\n\r\n"
        case 6: header = "Content-Length: \(n)\r\nContent-Length: \(n)\r\n\r\n"
        case 7: header = "\r\n\r\nContent-Length: \(n)\r\n\r\n"
        case 8: header = "Content-Length \(n)\r\n\r\n"
        case 9: header = "X-Junk: \(String(repeating: "x", count: random.pick([10, 4096, 70_000])))\r\nContent-Length: \(n)\r\n\r\n"
        case 10: header = "Content-Length: \(n)\r\n"
        case 11: header = "Content-Length:\t \(n) \t\r\n\r\n"
        case 12: header = " Content-Length: \(n)\r\n\r\n"
        case 13: header = "Content-Length: 0\r\n\r\n"
        default: header = "Content-Length: \(n)\r\r\n\r\n"
        }
        return Array(header.utf8) + body
    }

    // MARK: Mutations

    /// Byte-level damage: flips, insertions of bytes that matter to JSON and UTF-8, deletions, duplications,
    /// truncation, deep nesting, and splices of template text.
    private mutating func mutate(_ bytes: inout [UInt8]) {
        for _ in 0..<(1 + random.below(3)) {
            let position = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
            switch random.below(11) {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] ^= UInt8(1) << UInt8(random.below(8))
            case 1:
                bytes.insert(contentsOf: random.pick(Self.interesting), at: position)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, position + 1 + random.below(16))
                bytes.removeSubrange(min(position, end)..<end)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + 1 + random.below(64))
                bytes.insert(contentsOf: bytes[min(position, end)..<end], at: random.below(bytes.count + 1))
            case 4:
                bytes.removeSubrange(position...)
            case 5:
                let depth = random.pick([2, 64, 511, 512, 513, 3000])
                bytes = Array(repeating: UInt8(ascii: "["), count: depth) + bytes + Array(repeating: UInt8(ascii: "]"), count: depth)
            case 6:
                bytes.insert(contentsOf: Array(templates.message(allowBatch: false).utf8), at: position)
            case 7:
                replaceNumber(in: &bytes)
            case 8 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] = random.pick(Self.interesting).first ?? 0
            default:
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            }
        }
    }

    /// Replaces the digits of one number with a number at the edges (huge, negative, fractional, exponent).
    private mutating func replaceNumber(in bytes: inout [UInt8]) {
        let digits = bytes.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
        guard let start = digits.randomElement(using: &templates.random) else { return }
        var end = start
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        let replacement = random.pick(["-1", "0", "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
                                       "18446744073709551616", "1e308", "1e309", "-0", "0.0", "1.5", "1E2", "4294967296", "100001"])
        bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
    }

    private mutating func splice(_ first: [UInt8], _ second: [UInt8]) -> [UInt8] {
        Array(first.prefix(random.below(first.count + 1))) + Array(second.suffix(random.below(second.count + 1)))
    }

    private static let interesting: [[UInt8]] = [
        [0x7B], [0x7D], [0x5B], [0x5D], [0x22], [0x2C], [0x3A], [0x5C], [0x00], [0x0A], [0x0D], [0x0D, 0x0A], [0x20],
        [0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0xEF, 0xBB, 0xBF], Array("\\u".utf8),
        Array("\\ud83d".utf8), Array("null".utf8), Array("-".utf8), Array("1e".utf8), Array(".".utf8),
        Array("Content-Length: ".utf8), Array("\r\n\r\n".utf8), Array("\"jsonrpc\":\"2.0\"".utf8),
    ]
}

/// The correct frame, kept here so the generator does not lean on the framer under test for its own output.
enum ContentLengthFrame {
    static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }
}
