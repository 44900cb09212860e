import Foundation
import XCTest
@testable import Collation

/// Chinese names read as names (`ChineseNames`): the surname's published reading decides the section, the whole
/// name's reading orders it; words are left to ICU. The data and its sources: `ChineseNamesData`.
final class ChineseNamesTests: XCTestCase {
    let pinyin = try! IndexedCollation(locale: "zh")

    /// The letter a reading files under: its first letter without the tone mark.
    static func letter(_ reading: String) -> String {
        String(reading.folding(options: .diacriticInsensitive, locale: nil).prefix(1)).uppercased()
    }

    func testIndexIsFoundByHowTheCollationFilesHan() throws {
        XCTAssertEqual(ChineseNames.index(of: pinyin), .pinyin)
        XCTAssertEqual(ChineseNames.index(of: try IndexedCollation(locale: "zh_SG")), .pinyin)
        XCTAssertEqual(ChineseNames.index(of: try IndexedCollation(locale: "zh_Hant@collation=pinyin")), .pinyin)
        XCTAssertEqual(ChineseNames.index(of: try IndexedCollation(locale: "zh_Hant@collation=zhuyin")), .zhuyin)
        XCTAssertNil(ChineseNames.index(of: try IndexedCollation(locale: "zh_TW")), "stroke order: the surname's strokes do not depend on its reading")
        XCTAssertNil(ChineseNames.index(of: try IndexedCollation(locale: "ja")))
        XCTAssertNil(ChineseNames.index(of: try IndexedCollation(locale: "sv")))
    }

    func testPolyphonicSurnamesFileUnderTheirPublishedLetter() throws {
        let reader = try XCTUnwrap(ChineseNames.reader(for: pinyin))
        var wrong: [String] = []
        for (name, _, reading) in ChineseNamesData.polyphonicSurnames {
            let section = pinyin.sectionTitles[pinyin.section(for: reader.collationString(for: name) ?? name)]
            if section != Self.letter(reading) { wrong.append("\(name): \(section), published \(reading)") }
        }
        XCTAssertGreaterThanOrEqual(ChineseNamesData.polyphonicSurnames.count, 50)
        // The issue asks for 95%; every published reading the table knows is met.
        XCTAssertEqual(wrong, [])
    }

    func testSurnamesAreReadAsPublished() throws {
        let reader = try XCTUnwrap(ChineseNames.pinyin)
        var wrong: [String] = []
        for (name, surname, reading) in ChineseNamesData.polyphonicSurnames {
            let syllables = try XCTUnwrap(reader.reading(of: name))
            let read = syllables.prefix(surname.count).joined()
            if read != reading { wrong.append("\(name): \(read), published \(reading)") }
        }
        for (surname, reading) in ChineseNamesData.compoundSurnames {
            let read = try XCTUnwrap(reader.reading(of: surname + "明")).prefix(2).joined()
            if read != reading { wrong.append("\(surname)明: \(read), published \(reading)") }
        }
        XCTAssertEqual(wrong, [])
    }

    /// Without being read as names, ICU's own reading stands: 曾经 stays under C. (Which entries are names is
    /// decided in Outlines; this is what the words would get if they were not.)
    func testWordsKeepICUsReadingWhenNotReadAsNames() {
        for (word, letter) in ChineseNamesData.words where ["曾经", "单独", "解决", "查找", "区别"].contains(word) {
            XCTAssertEqual(pinyin.sectionTitles[pinyin.section(for: word)], letter, word)
        }
    }

    func testTheWholeNamesReadingOrdersTheSection() throws {
        let reader = try XCTUnwrap(ChineseNames.pinyin)
        // zēng gǒng < zēng guó fān < zhā liáng yōng < zhāng sān < Zhao Si (typed in Latin) < zhào yún
        let names = ["赵云", "Zhao Si", "张三", "查良镛", "曾巩", "曾国藩"]
        let sorted = try pinyin.sorted(names) { reader.collationString(for: $0) ?? $0 }
        XCTAssertEqual(sorted, ["曾巩", "曾国藩", "查良镛", "张三", "Zhao Si", "赵云"])
        XCTAssertEqual(Set(names.map { pinyin.sectionTitles[pinyin.section(for: reader.collationString(for: $0) ?? $0)] }), ["Z"])
    }

    func testOnlyTheHanRunsAreReadAndALatinNameIsLeftAlone() throws {
        let reader = try XCTUnwrap(ChineseNames.pinyin)
        XCTAssertEqual(reader.reading(of: "曾 Tom"), ["zēng", "Tom"])
        XCTAssertEqual(reader.reading(of: "曾小明2"), ["zēng", "xiǎo", "míng", "2"])
        XCTAssertNil(reader.reading(of: "Tom 曾"))
        XCTAssertNil(reader.collationString(for: "Anna"))
    }

    func testZhuyinFilesUnderTheSurnamesBopomofo() throws {
        let zhuyin = try IndexedCollation(locale: "zh_Hant@collation=zhuyin")
        let reader = try XCTUnwrap(ChineseNames.reader(for: zhuyin))
        func section(_ name: String) -> String { zhuyin.sectionTitles[zhuyin.section(for: reader.collationString(for: name) ?? name)] }
        XCTAssertEqual(zhuyin.sectionTitles[zhuyin.section(for: "曾國藩")], "ㄘ", "ICU reads 曾 as céng")
        XCTAssertEqual(section("曾國藩"), "ㄗ")
        XCTAssertEqual(section("單雄信"), "ㄕ")
        XCTAssertEqual(section("查良鏞"), "ㄓ")
        XCTAssertEqual(section("尉遲恭"), "ㄩ")
        // Inside ㄗ: by the whole reading (ㄗㄥ ㄍㄨㄛˊ before ㄗㄥ ㄍㄨㄥˇ).
        XCTAssertEqual(try zhuyin.sorted(["曾鞏", "曾國藩"]) { reader.collationString(for: $0) ?? $0 }, ["曾國藩", "曾鞏"])
    }

    /// Under a zhuyin index every name of the list files under the bopomofo initial of its surname's published
    /// reading (from a table of pinyin initials written here, not from ICU's Latin-Bopomofo).
    func testPolyphonicSurnamesFileUnderTheirBopomofoInitial() throws {
        let zhuyin = try IndexedCollation(locale: "zh_Hant@collation=zhuyin")
        let reader = try XCTUnwrap(ChineseNames.reader(for: zhuyin))
        var wrong: [String] = []
        for (name, _, reading) in ChineseNamesData.polyphonicSurnames {
            let section = zhuyin.sectionTitles[zhuyin.section(for: reader.collationString(for: name) ?? name)]
            let expected = Self.bopomofoInitial(reading)
            if section != expected { wrong.append("\(name): \(section), published \(reading) (\(expected))") }
        }
        XCTAssertEqual(wrong, [])
    }

    /// The bopomofo letter a syllable in pinyin (tone marks allowed) starts with.
    private static func bopomofoInitial(_ pinyin: String) -> String {
        let plain = pinyin.applyingTransform(.stripDiacritics, reverse: false)!.lowercased().replacingOccurrences(of: "ü", with: "v")
        let initials: [(String, String)] = [
            ("zh", "ㄓ"), ("ch", "ㄔ"), ("sh", "ㄕ"), ("b", "ㄅ"), ("p", "ㄆ"), ("m", "ㄇ"), ("f", "ㄈ"), ("d", "ㄉ"), ("t", "ㄊ"),
            ("n", "ㄋ"), ("l", "ㄌ"), ("g", "ㄍ"), ("k", "ㄎ"), ("h", "ㄏ"), ("j", "ㄐ"), ("q", "ㄑ"), ("x", "ㄒ"), ("r", "ㄖ"),
            ("z", "ㄗ"), ("c", "ㄘ"), ("s", "ㄙ"), ("yu", "ㄩ"), ("y", "ㄧ"), ("w", "ㄨ"), ("ai", "ㄞ"), ("ei", "ㄟ"), ("ao", "ㄠ"),
            ("ou", "ㄡ"), ("ang", "ㄤ"), ("an", "ㄢ"), ("eng", "ㄥ"), ("en", "ㄣ"), ("er", "ㄦ"), ("a", "ㄚ"), ("o", "ㄛ"), ("e", "ㄜ"),
        ]
        return initials.first { plain.hasPrefix($0.0) }?.1 ?? "?"
    }

    func testEveryZhuyinMarkOpensItsOwnSection() throws {
        // Every bopomofo initial a reading can start with must be a section ICU marks with U+FDD0 and the letter.
        let zhuyin = try IndexedCollation(locale: "zh_Hant@collation=zhuyin")
        let reader = try XCTUnwrap(ChineseNames.reader(for: zhuyin))
        for name in ["八百", "潘安", "馬超", "范仲", "戴笠", "唐寅", "牛頓", "李白", "高適", "孔丘", "何晏", "金庸", "秦檜", "徐渭",
                     "周瑜", "陳勝", "沈括", "任安", "張飛", "蔡倫", "孫權", "艾青", "歐陽修", "安祿山", "袁紹", "吳起", "于謙", "易中"] {
            let read = try XCTUnwrap(reader.collationString(for: name), name)
            let initial = String(read.unicodeScalars.dropFirst().first!)
            XCTAssertEqual(zhuyin.sectionTitles[zhuyin.section(for: read)], initial, name)
        }
    }

    func testReadersAreSafeToShareAcrossThreads() throws {
        let reader = try XCTUnwrap(ChineseNames.pinyin)
        let names = ChineseNamesData.polyphonicSurnames.map(\.name)
        let expected = names.map { reader.collationString(for: $0) }
        let results = UnsafeMutableBufferPointer<[String?]>.allocate(capacity: 4)
        defer { results.deallocate() }
        let shared = UncheckedBox(results)
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            (shared.value.baseAddress! + i).initialize(to: names.map { reader.collationString(for: $0) })
        }
        for i in 0 ..< 4 { XCTAssertEqual(results[i], expected) }
    }
}

private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
