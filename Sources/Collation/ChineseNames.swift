import Foundation

/// Chinese names read the way people and phones file them: by the surname's reading, not by the character's most
/// common word reading. ICU's pinyin collation puts 曾国藩 under C (céng, as in 曾经); a contacts list puts him under Z
/// (Zēng). The surname is read by `ChineseSurnames` (compound surnames, and characters ICU's `Han-Latin/Names` still
/// misreads), then by `Han-Latin/Names` (ICU's reading of a name, which knows most surnames; traditional characters
/// through their simplified form); the given name by `Han-Latin`, one character at a time.
///
/// Under a pinyin index a name collates by its reading in pinyin (`zēng guó fān`), which files it under its
/// surname's letter among names written in Latin letters; under a zhuyin index, by its reading in bopomofo behind
/// the mark ICU puts before the first character of the surname's bopomofo section (U+FDD0 and the letter). Either
/// way the reading is followed by U+FFFE and the name, so names read alike keep a stable order.
public final class ChineseNames: CollationReading, @unchecked Sendable {
    /// How the collation's index reads Han.
    public enum Index: Sendable, Hashable {
        /// Sections A–Z by pinyin (`zh`, `zh_CN`, `zh_SG`, `zh_Hant@collation=pinyin`).
        case pinyin
        /// Sections ㄅ ㄆ ㄇ … by bopomofo (`zh_Hant@collation=zhuyin`).
        case zhuyin
    }

    /// Which index `collation` sections Han by, nil when it is neither pinyin nor zhuyin (stroke, radical, a
    /// language that is not Chinese): found by where it files 八 (bā), whatever the locale was called.
    public static func index(of collation: IndexedCollation) -> Index? {
        switch collation.sectionTitles[collation.section(for: "八")] {
        case "B": collation.sectionTitles[collation.section(for: "阿")] == "A" ? .pinyin : nil
        case "ㄅ": .zhuyin
        default: nil
        }
    }

    /// The readers of the two indexes (nil when ICU has no `Han-Latin` transliterator).
    public static let pinyin = try? ChineseNames(.pinyin)
    public static let zhuyin = try? ChineseNames(.zhuyin)

    /// The reader for `collation`'s index; nil when its index is neither pinyin nor zhuyin.
    public static func reader(for collation: IndexedCollation) -> ChineseNames? {
        switch index(of: collation) {
        case .pinyin: pinyin
        case .zhuyin: zhuyin
        case nil: nil
        }
    }

    public let index: Index
    /// U+FDD0, which ICU's zhuyin collation puts, followed by a letter, before the first character of that letter's
    /// section (a noncharacter Swift's literals refuse).
    private static let sectionMark = String(Character(Unicode.Scalar(0xFDD0)!))
    public var problem: String? { nil }

    private let surnames: Transliterator
    private let characters: Transliterator
    private let bopomofo: Transliterator?
    private let lock = NSLock()
    /// Readings made once: of a surname character, of a given name's character, of a pinyin syllable in bopomofo.
    private var surnameReadings: [UInt32: String] = [:]
    private var characterReadings: [UInt32: String] = [:]
    private var bopomofoReadings: [String: String] = [:]

    init(_ index: Index) throws(CollationError) {
        self.index = index
        surnames = try Transliterator("Traditional-Simplified; Han-Latin/Names")
        characters = try Transliterator("Han-Latin")
        bopomofo = index == .zhuyin ? try Transliterator("Latin-Bopomofo") : nil
    }

    public func collationString(for name: String) -> String? {
        guard let reading = reading(of: name) else { return nil }
        switch index {
        case .pinyin:
            return reading.joined(separator: " ") + "\u{FFFE}" + name
        case .zhuyin:
            let syllables = reading.map { syllable in
                cached(syllable, in: \.bopomofoReadings) { bopomofo?(syllable) ?? syllable }
            }
            guard let initial = syllables.first?.unicodeScalars.first, (0x3105 ... 0x312F).contains(initial.value) else { return nil }
            return Self.sectionMark + String(initial) + syllables.joined(separator: " ") + "\u{FFFE}" + name
        }
    }

    /// The reading of a name that starts with Han characters, syllable by syllable in pinyin with tone marks
    /// (`["zēng", "guó", "fān"]`), what is not Han kept as a syllable of its own; nil for a name that does not
    /// start with Han (a name in Latin letters with Han in it is not read as a Chinese name). The surname is a
    /// compound one when the name starts with one and goes on, else the first character.
    public func reading(of name: String) -> [String]? {
        let scalars = name.unicodeScalars.drop { $0 == " " || $0 == "\u{3000}" }
        guard let first = scalars.first, Self.isHan(first) else { return nil }
        var syllables: [String], given = scalars.dropFirst()
        if ChineseSurnames.compoundStarts.contains(first), given.count > 1,
           let compound = ChineseSurnames.compound[String(String.UnicodeScalarView(scalars.prefix(2)))] {
            syllables = compound
            given = given.dropFirst()
        } else {
            syllables = [ChineseSurnames.single[first] ?? cached(first.value, in: \.surnameReadings) { surnames(String(first)) ?? String(first) }]
        }
        var other = String.UnicodeScalarView()
        for scalar in given {
            if Self.isHan(scalar) || scalar == " " || scalar == "\u{3000}" {
                if !other.isEmpty { syllables.append(String(other)); other = String.UnicodeScalarView() }
                if Self.isHan(scalar) {
                    syllables.append(cached(scalar.value, in: \.characterReadings) { characters(String(scalar)) ?? String(scalar) })
                }
            } else {
                other.append(scalar)
            }
        }
        if !other.isEmpty { syllables.append(String(other)) }
        return syllables
    }

    /// The reading of `key` in the cache at `cache`, made by `read` the first time.
    private func cached<Key: Hashable>(_ key: Key, in cache: ReferenceWritableKeyPath<ChineseNames, [Key: String]>, _ read: () -> String) -> String {
        if let reading = lock.withLock({ self[keyPath: cache][key] }) { return reading }
        let reading = read()
        lock.withLock { self[keyPath: cache][key] = reading }
        return reading
    }

    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xF900 ... 0xFAFF, 0x20000 ... 0x3134F: true
        default: false
        }
    }
}
