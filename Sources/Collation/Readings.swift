import Foundation
import LowLevel
import MeCabShim
import Synchronization

/// Readings of Japanese names written in kanji, from MeCab and its system dictionary (IPADIC's reading field),
/// as hiragana: ICU cannot read kanji, so without them 佐藤 and 近藤 land in `#` under `ja`; with them, in さ and か.
///
/// MeCab is loaded at run time (`dlopen`), so the binary runs without it; `problem` then says why and what to
/// install. Taggers are not thread-safe: each is used by one thread at a time, taken from a pool. Readings are
/// cached per word (a list of distinct full names repeats its surnames and given names).
///
/// The dictionary is IPADIC (`mecab-ipadic-utf8`) when installed, whichever one the system made MeCab's default:
/// on 176 given names it reads as well as NAIST-jdic, which installing `mecab-naist-jdic` makes the default
/// (`Benchmarks/RESULTS.md`, "Given names"); otherwise the system's default dictionary.
public final class Readings: CollationReading, @unchecked Sendable {
    /// The process's readings (MeCab loaded on first use).
    public static let shared = Readings(library: ProcessInfo.processInfo.environment["THUMBINDEX_MECAB_LIBRARY"])

    /// Why there are no readings (MeCab or its dictionary missing), with what to install; nil when there are.
    public let problem: String?
    /// The taggers not in use and the readings so far. A `Mutex` (it spins before it sleeps): two cores reading a
    /// list of names meet on it twice a name, and with `NSLock` a sixth of the time went to the kernel's waits.
    private let state = Mutex(State())
    private struct State {
        /// Each used by one thread at a time: the one that took it from here.
        var taggers: [UncheckedSendable<UnsafeMutableRawPointer>] = []
        var cache: [String: String] = [:]
    }
    private static let cacheLimit = 500_000

    /// MeCab's arguments: readings (`-Oyomi`) from `dictionary`.
    private let arguments: String
    /// The dictionary's folder, or nil for MeCab's default (`/etc/mecabrc`).
    public let dictionary: String?
    private static let ipadic = "/var/lib/mecab/dic/ipadic-utf8"

    /// Readings from the MeCab library at `library` (nil: libmecab.so.2, as the system installs it).
    init(library: String?) {
        dictionary = FileManager.default.fileExists(atPath: Self.ipadic + "/sys.dic") ? Self.ipadic : nil
        arguments = "-Oyomi" + (dictionary.map { " -d " + $0 } ?? "")
        var error = [CChar](repeating: 0, count: 512)
        if thumbindex_mecab_load(library, &error, error.count) != 0 {
            // When the variable named the library, the variable is what to fix, not the system's packages.
            if let library {
                problem = "MeCab could not be loaded from THUMBINDEX_MECAB_LIBRARY=\(library) (\(Self.text(error))): Japanese names written in kanji go to #; point THUMBINDEX_MECAB_LIBRARY at a libmecab.so.2, or unset it and install libmecab2 and mecab-ipadic-utf8 (Debian, Ubuntu) to sort them by their readings"
            } else {
                problem = Self.install("MeCab could not be loaded (\(Self.text(error)))")
            }
            return
        }
        // A first tagger now: a missing dictionary is found at once, not on the first name.
        guard let tagger = thumbindex_mecab_new(arguments, &error, error.count) else {
            problem = Self.install("MeCab has no dictionary (\(Self.text(error)))")
            return
        }
        problem = nil
        state.withLock { $0.taggers = [UncheckedSendable(tagger)] }
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func install(_ what: String) -> String {
        "\(what): Japanese names written in kanji go to #; install libmecab2 and mecab-ipadic-utf8 (Debian, Ubuntu) to sort them by their readings"
    }

    deinit {
        state.withLock { for tagger in $0.taggers { thumbindex_mecab_destroy(tagger.value) } }
    }

    /// The string to collate `name` by: its reading, then (after U+FFFE, which sorts before everything, so names
    /// with one reading keep a stable order) the name itself. Nil when `name` has no kanji or there are no readings.
    public func collationString(for name: String) -> String? {
        guard problem == nil, Self.hasKanji(name), let reading = wordByWordReading(of: name), reading != name else { return nil }
        return reading + "\u{FFFE}" + name
    }

    /// The reading of `name` word by word (words split at spaces, ideographic ones too): each word in kanji read and
    /// cached alone, so a list of distinct full names costs one MeCab call per distinct surname and given name.
    func wordByWordReading(of name: String) -> String? {
        var name = name, reading = ""
        return name.withUTF8 { bytes -> String? in
            // Split on the bytes of a space and of U+3000 (E3 80 80): comparing Characters costs more than reading.
            var start = 0, i = 0
            func append(_ end: Int) -> Bool {
                let word = UnsafeBufferPointer(rebasing: bytes[start ..< end])
                let text = String(decoding: word, as: UTF8.self)
                guard word.contains(where: { $0 >= 0xE3 }), Self.hasKanji(text) else {
                    reading += text
                    return true
                }
                guard let read = self.reading(of: text) else { return false }
                reading += read
                return true
            }
            while i < bytes.count {
                let width = bytes[i] == 0x20 ? 1 : bytes[i] == 0xE3 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x80 ? 3 : 0
                guard width > 0 else {
                    i += 1
                    continue
                }
                guard append(i) else { return nil }
                reading += " "
                i += width
                start = i
            }
            return append(bytes.count) ? reading : nil
        }
    }

    /// The reading of `text` in hiragana (what MeCab cannot read stays as it is), cached; a full-width space is read
    /// as a space. Bytes throughout, and the lock taken twice a name: a list of distinct names is read at about
    /// MeCab's own speed (Foundation's replacing and `Character`s cost it as much again).
    public func reading(of text: String) -> String? {
        let (cached, pooled) = state.withLock { state -> (String?, UncheckedSendable<UnsafeMutableRawPointer>?) in
            if let cached = state.cache[text] { return (cached, nil) }
            return (nil, state.taggers.popLast())
        }
        if let cached { return cached }
        guard let tagger = pooled?.value ?? newTagger() else { return nil }
        var input = Array(text.utf8)
        Self.replace(fullWidthSpacesIn: &input)
        let output = input.withUnsafeBufferPointer { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                thumbindex_mecab_parse(tagger, chars.baseAddress, chars.count).map { Self.hiragana(yomi: $0) }
            }
        }
        state.withLock { state in
            state.taggers.append(UncheckedSendable(tagger))
            // A server lives for hours: past this many names, start again rather than grow without end.
            if state.cache.count >= Self.cacheLimit { state.cache.removeAll(keepingCapacity: true) }
            if let output { state.cache[text] = output }
        }
        return output
    }

    private func newTagger() -> UnsafeMutableRawPointer? {
        var error = [CChar](repeating: 0, count: 512)
        return thumbindex_mecab_new(arguments, &error, error.count)
    }

    /// U+3000 (E3 80 80) as a space (one byte: the bytes after it move up).
    static func replace(fullWidthSpacesIn bytes: inout [UInt8]) {
        var i = 0, out = 0
        while i < bytes.count {
            if bytes[i] == 0xE3, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0x80 {
                bytes[out] = 0x20
                i += 3
            } else {
                bytes[out] = bytes[i]
                i += 1
            }
            out += 1
        }
        bytes.removeLast(bytes.count - out)
    }

    /// MeCab's `-Oyomi` output (a C string) without its line feeds at the end, katakana (ァ…ヶ) as hiragana; the prolonged sound
    /// mark and everything else as they are.
    static func hiragana(yomi: UnsafePointer<CChar>) -> String {
        var length = strlen(yomi)
        return yomi.withMemoryRebound(to: UInt8.self, capacity: length) { p in
            while length > 0, p[length - 1] == 0x0A { length -= 1 }
            return hiragana(UnsafeBufferPointer(start: p, count: length))
        }
    }

    /// UTF-8 with katakana U+30A1…U+30F6 (E3 82 A1 … E3 83 B6) as hiragana, 0x60 lower.
    private static func hiragana(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: utf8.count) { out in
            var i = 0
            while i < utf8.count {
                let lead = utf8[i]
                if lead == 0xE3, i + 2 < utf8.count {
                    let scalar = (UInt32(utf8[i + 1] & 0x3F) << 6) | UInt32(utf8[i + 2] & 0x3F) | 0x3000
                    if (0x30A1 ... 0x30F6).contains(scalar) {
                        let h = scalar - 0x60
                        out[i] = 0xE3
                        out[i + 1] = 0x80 | UInt8((h >> 6) & 0x3F)
                        out[i + 2] = 0x80 | UInt8(h & 0x3F)
                        i += 3
                        continue
                    }
                }
                out[i] = lead
                i += 1
            }
            return utf8.count
        }
    }

    /// Whether `s` holds a CJK ideograph (or 々, the iteration mark), which ICU has no reading for.
    public static func hasKanji<S: StringProtocol>(_ s: S) -> Bool {
        s.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3005, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xF900 ... 0xFAFF, 0x20000 ... 0x3134F: true
            default: false
            }
        }
    }
}
