/// One entry per non-blank line: word lists, name lists, index cards.
///
/// This is the format that meets the biggest inputs (a dictionary's head words), so it scans UTF-8 bytes
/// in place instead of splitting into `[String]`, and only makes a String for the trimmed name.
public struct PlainTextExtractor: EntryExtractor {
    /// `plaintext`, and `text`, which is what Neovim, Emacs and Helix call plain text.
    public static let languageIds = ["plaintext", "text"]
    /// `txt` and `text`.
    public static let fileExtensions = ["txt", "text"]

    /// A plain-text extractor.
    public init() {}

    /// One `.string` entry per non-blank line, named by the line trimmed. Never throws.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        var text = text
        let entries = text.withUTF8 { Self.lines(in: $0) }
        return Extraction(entries: entries)
    }

    /// The entry of line `line`, whose content (without its terminator) is `p[start ..< end]`; nil for a blank line.
    public static func entry(onLine line: Int, _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Entry? {
        guard let name = nameRange(p, start, end) else { return nil }
        return Entry(
            name: String(decoding: UnsafeBufferPointer(rebasing: p[name]), as: UTF8.self), kind: .string,
            range: .line(line, byteCount: end - start),
            selectionRange: TextRange(
                start: TextPosition(line: line, column: name.lowerBound - start),
                end: TextPosition(line: line, column: name.upperBound - start)))
    }

    /// Where the name of the line `p[start ..< end]` is: the line without its leading and trailing blanks; nil for a
    /// blank line.
    @inline(__always)
    public static func nameRange(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
        let (a, b) = UTF8Whitespace.trim(p, start, end)
        return a < b ? a ..< b : nil
    }

    static func lines(in p: UnsafeBufferPointer<UInt8>) -> [Entry] {
        var entries: [Entry] = []
        let count = p.count
        // One pass to count line breaks spares the repeated growth of a large array of entries.
        var breaks = 0
        for i in 0..<count where p[i] == 0x0A || (p[i] == 0x0D && (i + 1 == count || p[i + 1] != 0x0A)) { breaks += 1 }
        entries.reserveCapacity(breaks + 1)
        var line = 0
        var start = 0
        while start < count {
            // Find the end of this line's content.
            var i = start
            while i < count, p[i] != 0x0A, p[i] != 0x0D { i += 1 }
            let end = i
            if let entry = entry(onLine: line, p, start, end) { entries.append(entry) }
            // Step over the terminator: CRLF counts once.
            if i < count {
                if p[i] == 0x0D, i + 1 < count, p[i + 1] == 0x0A { i += 1 }
                i += 1
            }
            start = i
            line += 1
        }
        return entries
    }
}
