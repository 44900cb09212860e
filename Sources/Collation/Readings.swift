import Foundation
import LowLevel
import MeCabShim
import Synchronization

/// Readings of Japanese names written in kanji, from MeCab and its system dictionary (IPADIC's reading field),
/// as hiragana: ICU cannot read kanji, so without them 佐藤 and 近藤 land in `#` under `ja`; with them, in さ and か.
///
/// MeCab is loaded at run time (`dlopen`), so the binary runs without it; `problem` then says why and what to
/// install. Taggers are not thread-safe: each is used by one thread at a time, taken from a pool. Readings are
/// cached per word (a list of distinct full names repeats its surnames and given names), and a name written without
/// a space (山田太郎) is read from cached surnames and given names when it is made of known ones.
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
        /// Each used by one thread at a time: the one that took it from here. `parts`: ChaSen's format.
        var taggers: [UncheckedSendable<UnsafeMutableRawPointer>] = []
        var cache: [UTF8Key: String] = [:]
        /// The parts of names written without a space, with their readings there: surnames MeCab found first in
        /// such a name (人名,姓) and the given names (人名,名) after them.
        var surnames: [UTF8Key: String] = [:], givenNames: [UTF8Key: String] = [:]
        /// MeCab calls made (a test tells a name read from the caches by it).
        var calls = 0

        /// The reading of a name split as `splits` (a surname of 2–5 characters, the given name after it): the known
        /// surname's and the known given name's, when just one of the surnames is known (小野江理子 could be 小野 江理子
        /// or 小野江 理子: MeCab decides).
        func parts(_ splits: [(UTF8Key, UTF8Key)]) -> String? {
            var found: String?, known = 0
            for (surname, given) in splits {
                guard let s = surnames[surname] else { continue }
                known += 1
                found = givenNames[given].map { s + $0 }
            }
            return known == 1 ? found : nil
        }
    }
    private static let cacheLimit = 500_000

    /// MeCab's arguments: ChaSen's format (a line per word: surface, reading, base form, part of speech) from
    /// `dictionary`; its readings joined are `-Oyomi`'s for a text without spaces, and it tells a name's parts.
    private let arguments: String
    /// The dictionary's folder, or nil for MeCab's default (`/etc/mecabrc`).
    public let dictionary: String?
    private static let ipadic = "/var/lib/mecab/dic/ipadic-utf8"

    /// Readings from the MeCab library at `library` (nil: libmecab.so.2, as the system installs it).
    init(library: String?) {
        dictionary = FileManager.default.fileExists(atPath: Self.ipadic + "/sys.dic") ? Self.ipadic : nil
        arguments = "-Ochasen" + (dictionary.map { " -d " + $0 } ?? "")
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
    /// cached alone, so a list of distinct full names costs one MeCab call per distinct surname and given name. A name
    /// without a space (山田太郎) is read from a cached surname and given name when it is made of known ones.
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
                guard let read = self.read(text, unspacedName: start == 0 && end == bytes.count && !word.contains { $0 < 0x20 }) else { return false }
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

    /// The reading of `text` in hiragana (what MeCab cannot read stays as it is), cached; words split at spaces (a
    /// full-width one too) are read one by one.
    public func reading(of text: String) -> String? {
        text.utf8.contains(0x20) || text.unicodeScalars.contains("\u{3000}") ? wordByWordReading(of: text) : read(text, unspacedName: false)
    }

    /// The reading of `text`, or of a name without a space (`unspacedName`), meant to be MeCab's for the whole name:
    /// from the caches when one known surname and one known given name make it, else from MeCab, learning the name's
    /// parts. Bytes throughout (`String`s and `Character`s cost as much as MeCab), and the lock taken twice a name.
    private func read(_ text: String, unspacedName: Bool) -> String? {
        // A surname of 2–5 characters and the given name after it, made before the lock is taken (it is the other
        // core's meanwhile).
        let input = Array(text.utf8)
        var splits: [(UTF8Key, UTF8Key)] = []
        let key = UTF8Key(input[...])
        if unspacedName {
            var end = 0, length = 0
            while length < 5, end < input.count {
                end += 1
                while end < input.count, input[end] & 0xC0 == 0x80 { end += 1 }  // to the next scalar's lead byte
                length += 1
                if length > 1, end < input.count { splits.append((UTF8Key(input[..<end]), UTF8Key(input[end...]))) }
            }
        }
        let (known, pooled) = state.withLock { state -> (String?, UncheckedSendable<UnsafeMutableRawPointer>?) in
            if let known = state.cache[key] ?? state.parts(splits) { return (known, nil) }
            state.calls += 1
            return (nil, state.taggers.popLast())
        }
        if let known { return known }
        guard let tagger = pooled?.value ?? newTagger() else { return nil }
        var parts: [(surface: String, reading: String)] = []
        let output = input.withUnsafeBufferPointer { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                thumbindex_mecab_parse(tagger, chars.baseAddress, chars.count).map { Self.reading(chasen: $0, parts: &parts) }
            }
        }
        state.withLock { state in
            state.taggers.append(UncheckedSendable(tagger))
            // A server lives for hours: past this many names, start again rather than grow without end.
            if state.cache.count >= Self.cacheLimit {
                state.cache.removeAll(keepingCapacity: true)
                (state.surnames, state.givenNames) = ([:], [:])
            }
            if let output { state.cache[key] = output }
        }
        // Parts kept only where a cache hit gives the whole name's reading as far as they tell: a surname of two
        // characters or more (金, 原 join the next character into other words), each part read the same alone (五輪
        // is イツワ only before a given name); `State.parts` adds that the name splits just one way.
        if unspacedName, parts.count == 2, parts[0].surface.unicodeScalars.count > 1, read(parts[0].surface, unspacedName: false) == parts[0].reading,
           read(parts[1].surface, unspacedName: false) == parts[1].reading {
            state.withLock { state in
                state.surnames[UTF8Key(Array(parts[0].surface.utf8)[...])] = parts[0].reading
                state.givenNames[UTF8Key(Array(parts[1].surface.utf8)[...])] = parts[1].reading
            }
        }
        return output
    }

    /// MeCab's calls so far.
    var calls: Int { state.withLock { $0.calls } }

    /// The reading in ChaSen's output (a C string: a line per word, `surface\treading\tbase\tpart of speech…`, then
    /// `EOS`): the words' readings joined, as hiragana. `parts` gets the surname and the given name when the output is
    /// exactly those two words (人名,姓 then 人名,名).
    static func reading(chasen: UnsafePointer<CChar>, parts: inout [(surface: String, reading: String)]) -> String {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(chasen).assumingMemoryBound(to: UInt8.self), count: strlen(chasen))
        let words = bytes.split(separator: 0x0A).map { $0.split(separator: 0x09, omittingEmptySubsequences: false) }.filter { $0.count > 3 }
        var joined: [UInt8] = []
        for word in words { joined += word[1] }
        let reading = joined.withUnsafeBufferPointer { hiragana($0) }
        let surname = Array("名詞-固有名詞-人名-姓".utf8), given = Array("名詞-固有名詞-人名-名".utf8)
        if words.count == 2, words[0][3].elementsEqual(surname), words[1][3].elementsEqual(given) {
            parts = words.map { word in
                (String(decoding: word[0], as: UTF8.self), hiragana(UnsafeBufferPointer(rebasing: word[1])))
            }
        }
        return reading
    }

    private func newTagger() -> UnsafeMutableRawPointer? {
        var error = [CChar](repeating: 0, count: 512)
        return thumbindex_mecab_new(arguments, &error, error.count)
    }

    /// UTF-8 with katakana U+30A1…U+30F6 (E3 82 A1 … E3 83 B6) as hiragana, 0x60 lower.
    static func hiragana(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
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

/// A string as its UTF-8 bytes, hashed and compared as bytes: as a `String` key, a name in kanji is hashed and
/// compared as its NFC form, which cost more than the lookups themselves (MeCab reads the bytes it is given anyway).
/// Up to 24 bytes (a name of eight kanji) are held in three words: no allocation, compared as integers.
struct UTF8Key: Hashable, Sendable {
    private var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, count: Int
    private var longer: [UInt8]?

    init(_ bytes: ArraySlice<UInt8>) {
        count = bytes.count
        guard count <= 24 else { longer = Array(bytes); return }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { words in bytes.withUnsafeBytes { words.copyMemory(from: $0) } }
        (a, b, c) = words
    }
}
