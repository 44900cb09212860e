import Collation
import Entries
import XCTest
@testable import Outlines

/// Which entries are read as people's names (`ExtractionSettings.reading(of:collation:)`), through the index a document
/// gets (`IndexPlan`) and a whole extraction (`EntrySource`), and readings taken from a table's own columns.
final class NameReadingTests: XCTestCase {
    /// Section title → entry names in order, as the index serves them (and, checked against it, a whole extraction).
    private func sections(_ text: String, _ languageId: String, locale: String = "zh", names: NameEntries = .auto,
                          readingColumns: [ColumnSelector] = [], file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String]] {
        let collation = try IndexedCollation(locale: locale)
        let document = TextDocument(uri: "file:///t.\(languageId)", languageId: languageId, version: 1, text: text)
        var chosen = ExtractionSettings()
        chosen.names = names
        chosen.readingColumns = readingColumns
        let settings = chosen
        let plan = IndexPlan(document, settings: settings, collation: collation)
        let index = try plan.index(document, collation: collation) { EntrySource().entries(of: $0, settings: settings, collation: collation).entries }
        var result: [String: [String]] = [:]
        for section in index.sections {
            result[collation.sectionTitles[section.titleIndex]] = index.page(offset: section.offset, limit: section.count, in: document).map { $0.entry.name }
        }
        // A whole extraction, sectioned and sorted, agrees.
        let (entries, _) = EntrySource().entries(of: document, settings: settings, collation: collation)
        var whole: [String: [String]] = [:]
        for entry in try collation.sorted(Entry.depthFirst(entries), by: \.sortString) {
            whole[collation.sectionTitles[collation.section(for: entry.sortString)], default: []].append(entry.name)
        }
        XCTAssertEqual(result, whole, "index and whole extraction", file: file, line: line)
        return result
    }

    func testPlainTextIsReadAsNamesOnlyWhenAsked() throws {
        let text = "曾国藩\n曾经\n张三\n"
        // auto: a plain list may be words (曾经 "once"), so ICU's reading stands: 曾 is céng.
        XCTAssertEqual(try sections(text, "plaintext"), ["C": ["曾国藩", "曾经"], "Z": ["张三"]])
        XCTAssertEqual(try sections(text, "plaintext", names: .on), ["Z": ["曾国藩", "曾经", "张三"]])
        XCTAssertEqual(try sections(text, "plaintext", names: .off), ["C": ["曾国藩", "曾经"], "Z": ["张三"]])
    }

    func testHeadingsAreNeverNames() throws {
        XCTAssertEqual(try sections("# 曾经\n# 曾国藩\n", "markdown", names: .on), ["C": ["曾国藩", "曾经"]])
    }

    func testCardsAreNames() throws {
        let cards = "BEGIN:VCARD\nVERSION:3.0\nN:曾;国藩;;;\nFN:曾国藩\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:单雄信\nEND:VCARD\n"
        XCTAssertEqual(try sections(cards, "vcard"), ["S": ["单雄信"], "Z": ["曾国藩"]])
        XCTAssertEqual(try sections(cards, "vcard", names: .off), ["C": ["曾国藩"], "D": ["单雄信"]])
        // Under zhuyin the same cards file under the surnames' bopomofo.
        XCTAssertEqual(try sections(cards, "vcard", locale: "zh_Hant@collation=zhuyin"), ["ㄕ": ["单雄信"], "ㄗ": ["曾国藩"]])
        // Stroke order does not depend on readings.
        XCTAssertEqual(Set(try sections(cards, "vcard", locale: "zh_TW").keys), ["12劃", "8劃"])
    }

    func testATableIsNamesWhenItsHeaderSaysSo() throws {
        XCTAssertEqual(try sections("姓名,电话\n曾国藩,1\n解缙,2\n", "csv"), ["X": ["解缙"], "Z": ["曾国藩"]])
        XCTAssertEqual(try sections("name\tphone\n曾国藩\t1\n", "tsv"), ["Z": ["曾国藩"]])
        // A column of words, or no header: ICU's reading, unless asked.
        XCTAssertEqual(try sections("word,meaning\n曾经,once\n解决,solve\n", "csv"), ["C": ["曾经"], "J": ["解决"]])
        XCTAssertEqual(try sections("word,meaning\n曾经,once\n", "csv", names: .on), ["Z": ["曾经"]])
    }

    func testReadingColumnsOrderAndSectionRows() throws {
        // A Japanese address book: rows by their furigana (東海林 is しょうじ, which no dictionary guess gives).
        let book = "氏名,フリガナ,電話\n東海林 太郎,しょうじ たろう,1\n佐藤 健,さとう けん,2\n安藤 明,あんどう あきら,3\n"
        XCTAssertEqual(try sections(book, "csv", locale: "ja"), ["あ": ["安藤 明"], "さ": ["佐藤 健", "東海林 太郎"]])
        // Google Contacts' columns: family and given readings, family first.
        let google = "Name,Given Name,Family Name,Given Name Yomi,Family Name Yomi\n東海林 太郎,太郎,東海林,たろう,しょうじ\n"
            + "佐藤 健,健,佐藤,けん,さとう\n"
        XCTAssertEqual(try sections(google, "csv", locale: "ja"), ["さ": ["佐藤 健", "東海林 太郎"]])
        // A pinyin column files Chinese rows whatever thumbindex.names says.
        let pinyin = "姓名,拼音\n曾国藩,Zeng Guofan\n单雄信,Shan Xiongxin\n"
        XCTAssertEqual(try sections(pinyin, "csv", names: .off), ["S": ["单雄信"], "Z": ["曾国藩"]])
        // Named by the user, in the order given.
        let named = "who,kana\n東海林 太郎,しょうじ\n安藤 明,あんどう\n"
        XCTAssertEqual(try sections(named, "csv", locale: "ja", readingColumns: [.name("KANA")]), ["あ": ["安藤 明"], "さ": ["東海林 太郎"]])
        XCTAssertThrowsError(try ReadingColumnsProbe.reader("who,kana\nx,y\n", chosen: [.name("yomi")]))
    }
}

/// A table's reader with reading columns named, for the error a missing one gives.
private enum ReadingColumnsProbe {
    static func reader(_ text: String, chosen: [ColumnSelector]) throws {
        var options = ExtractionOptions(fileName: "t.csv")
        options.readingColumns = chosen
        _ = try RecordFormat(languageId: "csv", options: options)!.reader(for: RecordText(text))
    }
}
