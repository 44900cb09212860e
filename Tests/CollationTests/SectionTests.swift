import Collation
import XCTest

/// Which section a string lands in, per locale.
final class SectionTests: XCTestCase {
    func title(_ string: String, _ locale: String, style: IndexedCollation.Style = .apple) throws -> String {
        let collation = try IndexedCollation(locale: locale, style: style)
        return collation.sectionTitles[collation.section(for: string)]
    }

    func testSwedishLettersAfterZ() throws {
        XCTAssertEqual(try title("Åsa", "sv_SE"), "Å")
        XCTAssertEqual(try title("Ärla", "sv_SE"), "Ä")
        XCTAssertEqual(try title("Östen", "sv_SE"), "Ö")
        XCTAssertEqual(try title("Zorn", "sv_SE"), "Z")
        let sorted = try IndexedCollation(locale: "sv_SE").sorted(["Östen", "Åsa", "Zorn", "Ärla", "Olle"])
        XCTAssertEqual(sorted, ["Olle", "Zorn", "Åsa", "Ärla", "Östen"])
    }

    func testSwedishVAndWAreSeparateLetters() throws {
        // CLDR's Swedish has sorted W as its own letter since 2006; ICU 72 follows it.
        XCTAssertEqual(try title("Wallin", "sv_SE"), "W")
        XCTAssertEqual(try title("Vallin", "sv_SE"), "V")
        let sorted = try IndexedCollation(locale: "sv").sorted(["Wallin", "Vest", "Vallin", "Wester"])
        XCTAssertEqual(sorted, ["Vallin", "Vest", "Wallin", "Wester"])
    }

    func testGermanUmlautFilesUnderItsBaseLetter() throws {
        XCTAssertEqual(try title("Äpfel", "de_DE"), "A")
        XCTAssertEqual(try title("Öl", "de"), "O")
        XCTAssertEqual(try IndexedCollation(locale: "de").sorted(["Zebra", "Äpfel", "Apfel", "Bär"]), ["Apfel", "Äpfel", "Bär", "Zebra"])
    }

    func testJapanese() throws {
        XCTAssertEqual(try title("さくら", "ja_JP"), "さ")
        XCTAssertEqual(try title("サクラ", "ja_JP"), "さ", "katakana goes with hiragana")
        XCTAssertEqual(try title("ガンダム", "ja_JP"), "か", "voiced kana go with their row")
        XCTAssertEqual(try title("ワイン", "ja_JP"), "わ")
        XCTAssertEqual(try title("Tokyo", "ja_JP"), "T")
        XCTAssertEqual(try title("東京", "ja_JP"), "#", "kanji have no reading here: #")
        XCTAssertEqual(try title("東京", "ja_JP", style: .icu), "…")
    }

    func testKorean() throws {
        XCTAssertEqual(try title("김민준", "ko_KO"), "ㄱ")
        XCTAssertEqual(try title("박서연", "ko"), "ㅂ")
        XCTAssertEqual(try title("한지우", "ko"), "ㅎ")
        XCTAssertEqual(try title("Kim", "ko"), "K")
    }

    func testArabic() throws {
        XCTAssertEqual(try title("أحمد", "ar_SA"), "آ")
        XCTAssertEqual(try title("محمد", "ar_SA"), "م")
        // Apple's collation puts a Latin name starting with A into B under Arabic; ICU's does not.
        XCTAssertEqual(try title("Adam", "ar_SA"), "A")
        XCTAssertEqual(try title("Brown", "ar_SA"), "B")
    }

    func testChinesePinyin() throws {
        XCTAssertEqual(try title("张伟", "zh"), "Z")
        XCTAssertEqual(try title("王芳", "zh_CN"), "W")
        XCTAssertEqual(try title("李娜", "zh-Hans"), "L")
        XCTAssertEqual(try title("Li", "zh"), "L")
        XCTAssertEqual(try IndexedCollation(locale: "zh").sorted(["张伟", "王芳", "李娜", "阿明"]), ["阿明", "李娜", "王芳", "张伟"])
    }

    func testTraditionalChineseStrokesAndZhuyin() throws {
        let strokes = try IndexedCollation(locale: "zh_TW")
        XCTAssertTrue(strokes.sectionTitles.contains("1劃"))
        XCTAssertEqual(try title("一", "zh_TW"), "1劃")
        XCTAssertEqual(try title("林", "zh_TW"), "8劃")
        let zhuyin = try IndexedCollation(locale: "zh-TW-u-co-zhuyin")
        XCTAssertTrue(zhuyin.sectionTitles.contains("ㄅ"))
        XCTAssertEqual(try title("林", "zh-TW-u-co-zhuyin"), "ㄌ")
    }

    func testTailoringsKeepAllLettersAndTheLanguagesOwn() throws {
        // Unihan's 200+ radical labels once made ICU thin out A–Z and drop the kana rows.
        let unihan = try IndexedCollation(locale: "ja_JP@collation=unihan")
        XCTAssertEqual(Array(unihan.sectionTitles.prefix(26)), SeedTableTests.latin)
        XCTAssertEqual(try title("Bob", "ja-u-co-unihan"), "B")
        XCTAssertEqual(try title("さくら", "ja-u-co-unihan"), "さ")
        XCTAssertEqual(try title("東京", "ja-u-co-unihan"), "木", "kanji by radical under unihan")
        XCTAssertEqual(try title("김민준", "ko-u-co-unihan"), "ㄱ")
        XCTAssertEqual(try title("Alice", "ko-u-co-unihan"), "A")
        XCTAssertFalse(try IndexedCollation(locale: "zh-TW-u-co-zhuyin").sectionTitles.contains("1劃"), "no stroke labels in zhuyin")
    }

    func testOtherScripts() throws {
        XCTAssertEqual(try title("Борис", "ru"), "Б")
        XCTAssertEqual(try title("Ёлка", "ru"), "Е")
        XCTAssertEqual(try title("Ωμέγα", "el"), "Ω")
        XCTAssertEqual(try title("שלום", "he"), "ש")
        XCTAssertEqual(try title("สมชาย", "th"), "ส")
        XCTAssertEqual(try title("राम", "hi"), "र")
        XCTAssertEqual(try title("Борис", "en"), "#", "other scripts go to # in English")
    }

    func testEverythingElseGoesToHash() throws {
        for string in ["", "42 Street", "#tag", "_private", "😀 smile", "\u{301}", "\u{301}\u{302}", " ", "©"] {
            XCTAssertEqual(try title(string, "en_US"), "#", string)
            XCTAssertEqual(try title(string, "sv_SE"), "#", string)
        }
    }

    func testLeadingCombiningMarkIsIgnoredAsICUDoes() throws {
        XCTAssertEqual(try title("\u{301}accent", "en"), "A")
    }

    func testDecomposedAndPrecomposedLandTogether() throws {
        let collation = try IndexedCollation(locale: "fr")
        let precomposed = "\u{E9}cole", decomposed = "e\u{301}cole"
        XCTAssertEqual(collation.section(for: precomposed), collation.section(for: decomposed))
        XCTAssertEqual(collation.sectionTitles[collation.section(for: decomposed)], "E")
        XCTAssertEqual(collation.collator.compare(precomposed, decomposed), .orderedSame)
        let partition = try collation.partition([precomposed, "Zola", decomposed], by: { $0 })
        XCTAssertEqual(partition.map(\.title), ["E", "Z"])
        XCTAssertEqual(partition[0].items, [precomposed, decomposed], "equal strings keep input order")
    }

    func testEmojiAndSurrogatePairsAreNotSplit() throws {
        let collation = try IndexedCollation(locale: "en")
        let items = ["👩‍💻 coder", "𝄞 clef", "Anna"]
        let partition = try collation.partition(items, by: { $0 })
        XCTAssertEqual(partition.map(\.title), ["A", "#"])
        XCTAssertEqual(partition.flatMap(\.items).sorted(), items.sorted())
        XCTAssertEqual(Set(partition.last!.items), ["👩‍💻 coder", "𝄞 clef"])
    }
}
