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
    /// list of names meet on it twice a name, and with `NSLock` a sixth of the time went to the kernel's waits (a
    /// `pthread_rwlock_t` for the readings, so that both could look up at once, took twice the time; a `Mutex` for
    /// the taggers apart from the readings, a tenth more).
    private let state = Mutex(State())
    private struct State {
        /// Each used by one thread at a time: the one that took it from here.
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
        func parts(_ splits: [(UTF8Key, UTF8Key)]) -> (surname: String, given: String)? {
            var found: (String, String)?, known = 0
            for (surname, given) in splits {
                guard let s = surnames[surname] else { continue }
                known += 1
                found = givenNames[given].map { (s, $0) }
            }
            return known == 1 ? found : nil
        }
    }
    private static let cacheLimit = 500_000

    /// MeCab's arguments: `dictionary`'s (the shim writes the words' readings and parts of speech itself: their
    /// readings joined are `-Oyomi`'s for a text without spaces, and they tell a name's parts).
    private let arguments: String
    /// The dictionary's folder, or nil for MeCab's default (`/etc/mecabrc`).
    public let dictionary: String?
    private static let ipadic = "/var/lib/mecab/dic/ipadic-utf8"

    /// Readings from the MeCab library at `library` (nil: libmecab.so.2, as the system installs it).
    init(library: String?) {
        dictionary = FileManager.default.fileExists(atPath: Self.ipadic + "/sys.dic") ? Self.ipadic : nil
        arguments = dictionary.map { "-d " + $0 } ?? ""
        var error = [CChar](repeating: 0, count: 512)
        if thumbindex_mecab_load(library, &error, error.count) != 0 {
            // When the variable named the library, the variable is what to fix, not the system's packages.
            if let library {
                problem = "MeCab could not be loaded from THUMBINDEX_MECAB_LIBRARY=\(library) (\(String(nulTerminated: error))): Japanese names written in kanji go to #; point THUMBINDEX_MECAB_LIBRARY at a libmecab.so.2, or unset it and install libmecab2 and mecab-ipadic-utf8 (Debian, Ubuntu) to sort them by their readings"
            } else {
                problem = Self.install("MeCab could not be loaded (\(String(nulTerminated: error)))")
            }
            return
        }
        // A first tagger now: a missing dictionary is found at once, not on the first name.
        guard let tagger = thumbindex_mecab_new(arguments, &error, error.count) else {
            problem = Self.install("MeCab has no dictionary (\(String(nulTerminated: error)))")
            return
        }
        problem = nil
        state.withLock { $0.taggers = [UncheckedSendable(tagger)] }
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
        // One string made: the reading written where the name goes after it.
        var string = ""
        string.reserveCapacity(name.utf8.count * 3 + 3)
        guard problem == nil, read(name, wordByWordInto: &string), string != name else { return nil }
        string += "\u{FFFE}"
        string += name
        return string
    }

    /// The reading of `name` word by word (words split at spaces, ideographic ones too): each word in kanji read and
    /// cached alone, so a list of distinct full names costs one MeCab call per distinct surname and given name. A name
    /// without a space (山田太郎) is read from a cached surname and given name when it is made of known ones. Nil
    /// when `name` has no kanji (or a word could not be read).
    func wordByWordReading(of name: String) -> String? {
        var reading = ""
        return read(name, wordByWordInto: &reading) ? reading : nil
    }

    /// Appends `name`'s reading word by word to `reading`; false when `name` has no kanji or a word could not be read.
    private func read(_ name: String, wordByWordInto reading: inout String) -> Bool {
        var name = name
        return name.withUTF8 { bytes -> Bool in
            guard Self.hasKanji(bytes) else { return false }
            // Split on the bytes of a space and of U+3000 (E3 80 80): comparing Characters costs more than reading.
            var start = 0, i = 0
            func append(_ end: Int) -> Bool {
                let word = UnsafeBufferPointer(rebasing: bytes[start ..< end])
                guard Self.hasKanji(word) else {
                    reading += String(decoding: word, as: UTF8.self)
                    return true
                }
                let whole = start == 0 && end == bytes.count
                return read(word, unspacedName: whole && !word.contains { $0 < 0x20 }, into: &reading)
            }
            while i < bytes.count {
                let width = bytes[i] == 0x20 ? 1 : bytes[i] == 0xE3 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x80 ? 3 : 0
                guard width > 0 else {
                    i += 1
                    continue
                }
                guard append(i) else { return false }
                reading += " "
                i += width
                start = i
            }
            return append(bytes.count)
        }
    }

    /// The reading of `text` in hiragana (what MeCab cannot read stays as it is), cached; words split at spaces (a
    /// full-width one too) are read one by one.
    public func reading(of text: String) -> String? {
        if text.utf8.contains(0x20) || text.unicodeScalars.contains("\u{3000}") { return Self.hasKanji(text) ? wordByWordReading(of: text) : text }
        var text = text
        return text.withUTF8 { read($0, unspacedName: false) }
    }

    /// The reading of the UTF-8 `input`, or of a name without a space (`unspacedName`), meant to be MeCab's for the
    /// whole name: from the caches when one known surname and one known given name make it, else from MeCab, learning
    /// the name's parts. Bytes throughout (`String`s and `Character`s cost as much as MeCab); the lock taken once for a
    /// name found in the caches, twice for one MeCab reads.
    private func read(_ input: UnsafeBufferPointer<UInt8>, unspacedName: Bool) -> String? {
        var reading = ""
        return read(input, unspacedName: unspacedName, into: &reading) ? reading : nil
    }

    /// `read(_:unspacedName:)` appending to `reading` (a name's reading from its parts is written once, where it goes).
    private func read(_ input: UnsafeBufferPointer<UInt8>, unspacedName: Bool, into reading: inout String) -> Bool {
        // A surname of 2–5 characters and the given name after it, made before the lock is taken (it is the other
        // core's meanwhile).
        var splits: [(UTF8Key, UTF8Key)] = []
        let key = UTF8Key(input)
        if unspacedName {
            var end = 0, length = 0
            while length < 5, end < input.count {
                end += 1
                while end < input.count, input[end] & 0xC0 == 0x80 { end += 1 }  // to the next scalar's lead byte
                length += 1
                if length > 1, end < input.count {
                    splits.append((UTF8Key(UnsafeBufferPointer(rebasing: input[..<end])), UTF8Key(UnsafeBufferPointer(rebasing: input[end...]))))
                }
            }
        }
        // What was found, joined once the lock is let go (the other core may be waiting for it).
        let (known, parts, pooled) = state.withLock { state -> (String?, (String, String)?, UncheckedSendable<UnsafeMutableRawPointer>?) in
            if let known = state.cache[key] { return (known, nil, nil) }
            if let parts = state.parts(splits) { return (nil, parts, nil) }
            state.calls += 1
            return (nil, nil, state.taggers.popLast())
        }
        if let known {
            reading += known
            return true
        }
        if let parts {
            reading += parts.0
            reading += parts.1
            return true
        }
        guard let tagger = pooled?.value ?? newTagger() else { return false }
        var words: [(surface: [UInt8], reading: String)] = []
        let output = input.withMemoryRebound(to: CChar.self) { chars in
            thumbindex_mecab_parse(tagger, chars.baseAddress, chars.count).map { Self.reading(words: $0, parts: &words) }
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
        if unspacedName, words.count == 2, words[0].surface.lazy.filter({ $0 & 0xC0 != 0x80 }).count > 1,
           words.allSatisfy({ part in part.surface.withUnsafeBufferPointer { read($0, unspacedName: false) } == part.reading }) {
            state.withLock { state in
                state.surnames[UTF8Key(words[0].surface)] = words[0].reading
                state.givenNames[UTF8Key(words[1].surface)] = words[1].reading
            }
        }
        guard let output else { return false }
        reading += output
        return true
    }

    /// MeCab's calls so far.
    var calls: Int { state.withLock { $0.calls } }

    /// The reading in the shim's output (a C string: a line per word, `surface\treading\tpart of speech`): the words'
    /// readings joined, as hiragana. `parts` gets the surname and the given name (UTF-8, reading) when the output is
    /// exactly those two words (人名,姓 then 人名,名).
    static func reading(words: UnsafePointer<CChar>, parts: inout [(surface: [UInt8], reading: String)]) -> String {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(words).assumingMemoryBound(to: UInt8.self), count: strlen(words))
        var joined: [UInt8] = [], words: [(surface: Range<Int>, reading: Range<Int>, kind: Range<Int>)] = []
        joined.reserveCapacity(bytes.count / 2)
        var line = 0
        while line < bytes.count {
            let end = bytes[line...].firstIndex(of: 0x0A) ?? bytes.count
            if let tab = bytes[line ..< end].firstIndex(of: 0x09), let second = bytes[(tab + 1) ..< end].firstIndex(of: 0x09) {
                joined += bytes[(tab + 1) ..< second]
                if words.count < 3 { words.append((line ..< tab, (tab + 1) ..< second, (second + 1) ..< end)) }
            }
            line = end + 1
        }
        let reading = joined.withUnsafeBufferPointer { hiragana($0) }
        if words.count == 2, bytes[words[0].kind].elementsEqual(surnameKind), bytes[words[1].kind].elementsEqual(givenNameKind) {
            parts = words.map { word in (Array(bytes[word.surface]), hiragana(UnsafeBufferPointer(rebasing: bytes[word.reading]))) }
        }
        return reading
    }
    private static let surnameKind = Array("名詞,固有名詞,人名,姓".utf8), givenNameKind = Array("名詞,固有名詞,人名,名".utf8)

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
    public static func hasKanji(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { hasKanji($0) }
    }

    /// Whether the UTF-8 `utf8` holds a CJK ideograph or 々: U+3005, U+3400… are three bytes from E3, U+20000… four.
    static func hasKanji(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < utf8.count {
            let lead = utf8[i]
            guard lead >= 0xE3 else {
                i += 1
                continue
            }
            let width = lead >= 0xF0 ? 4 : 3
            guard i + width <= utf8.count else { return false }
            var scalar = UInt32(lead & (width == 4 ? 0x07 : 0x0F))
            for j in 1 ..< width { scalar = scalar << 6 | UInt32(utf8[i + j] & 0x3F) }
            switch scalar {
            case 0x3005, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xF900 ... 0xFAFF, 0x20000 ... 0x3134F: return true
            default: i += width
            }
        }
        return false
    }
}

/// A string as its UTF-8 bytes, hashed and compared as bytes: as a `String` key, a name in kanji is hashed and
/// compared as its NFC form, which cost more than the lookups themselves (MeCab reads the bytes it is given anyway).
/// Up to 24 bytes (a name of eight kanji) are held in three words: no allocation, compared as integers.
struct UTF8Key: Hashable, Sendable {
    private var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, count: Int
    private var longer: [UInt8]?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        guard count <= 24 else { longer = Array(bytes); return }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        (a, b, c) = words
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { UTF8Key($0) }
    }

    /// One word hashed, not five: the three words mixed (every byte counts), `longer`'s bytes when there are more.
    func hash(into hasher: inout Hasher) {
        guard let longer else { return hasher.combine(a &+ (b &* 0x9E37_79B9_7F4A_7C15) &+ (c &* 0xC2B2_AE3D_27D4_EB4F) &+ UInt64(count)) }
        longer.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
