/// The columns of a contacts table that hold how its names are read (Google's and Outlook's exports, Japanese
/// address books, a pinyin column): a row sorts and sections by them, as a vCard sorts by its phonetic name.
struct ReadingColumns: Sendable, Hashable {
    /// The reading of the whole name, or of its parts (family, middle, given); at least one is set.
    var full: Int?
    var family: Int?
    var middle: Int?
    var given: Int?

    /// The reading columns of a header row: those named by `chosen` (in the order given: read as one reading
    /// joined by spaces), else those whose titles say they hold readings. Nil when there are none.
    ///
    /// - Throws: `ExtractionError` for a chosen column the header does not have.
    static func find(header: [String], chosen: [ColumnSelector], options: ExtractionOptions) throws(ExtractionError) -> ReadingColumns? {
        if !chosen.isEmpty {
            var columns: [Int] = []
            for selector in chosen {
                switch selector {
                case .index(let i): columns.append(max(0, i))
                case .name(let name):
                    let wanted = Self.key(name)
                    guard let i = header.firstIndex(where: { Self.key($0) == wanted }) else {
                        throw ExtractionError(file: options.fileName, line: 1,
                            "no reading column named \"\(name)\"; the header row has: \(header.joined(separator: ", "))")
                    }
                    columns.append(i)
                }
            }
            return ReadingColumns(chosen: columns)
        }
        var found = ReadingColumns()
        for (i, title) in header.enumerated() {
            switch Self.titles[Self.key(title)] {
            case .full?: found.full = found.full ?? i
            case .family?: found.family = found.family ?? i
            case .middle?: found.middle = found.middle ?? i
            case .given?: found.given = found.given ?? i
            case nil: break
            }
        }
        return found == ReadingColumns() ? nil : found
    }

    /// Columns a person named: the first the reading of the whole name, the rest more of it.
    private var chosen: [Int] = []
    private init(chosen: [Int]) { self.chosen = chosen }
    private init() {}

    /// The reading of a row whose cells `cell(i)` gives (nil past the row's end): the whole name's reading, else
    /// its parts in the order names are written (`familyNameFirst`); nil when they are all empty.
    func reading(familyNameFirst: Bool, _ cell: (Int) -> String?) -> String? {
        let columns = !chosen.isEmpty ? chosen
            : full.map { [$0] } ?? (familyNameFirst ? [family, middle, given] : [given, middle, family]).compactMap { $0 }
        let parts = columns.compactMap { cell($0) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// Every column the reading reads.
    var all: [Int] { chosen + [full, family, middle, given].compactMap { $0 } }

    private enum Part { case full, family, middle, given }

    /// A title as compared: lowercased, without spaces, underscores, hyphens and brackets of either width.
    private static func key(_ title: String) -> String {
        String(title.lowercased().unicodeScalars.filter { !" \u{3000}_-()（）[]【】・".unicodeScalars.contains($0) }.map(Character.init))
    }

    /// Titles of reading columns in the exports people have (compared by `key`): Google Contacts (`Yomi Name`,
    /// `Given Name Yomi`, `Phonetic Last Name`), Outlook and Japanese address books (`姓（フリガナ）`, `フリガナ`,
    /// `よみがな`), iCloud and Android (`Phonetic …`), and Chinese tables (`拼音`, `Pinyin`).
    private static let titles: [String: Part] = {
        var titles: [String: Part] = [:]
        for t in ["yominame", "yomi", "namereading", "reading", "phoneticname", "namephonetic", "pinyin", "拼音", "姓名拼音",
                  "フリガナ", "ふりがな", "よみがな", "ヨミガナ", "よみ", "ヨミ", "読み", "読みがな", "氏名フリガナ", "氏名ふりがな",
                  "氏名よみがな", "名前フリガナ", "名前ふりがな"] { titles[t] = .full }
        for t in ["familynameyomi", "lastnameyomi", "yomilastname", "yomifamilyname", "phoneticlastname", "phoneticfamilyname",
                  "surnamephonetic", "familynamephonetic", "lastnamephonetic", "姓フリガナ", "姓ふりがな", "姓よみがな", "姓よみ", "せい",
                  "フリガナ姓", "ふりがな姓", "よみがな姓", "姓拼音"] { titles[t] = .family }
        for t in ["additionalnameyomi", "middlenameyomi", "yomimiddlename", "phoneticmiddlename", "middlenamephonetic"] {
            titles[t] = .middle
        }
        for t in ["givennameyomi", "firstnameyomi", "yomifirstname", "yomigivenname", "phoneticfirstname", "phoneticgivenname",
                  "givennamephonetic", "firstnamephonetic", "名フリガナ", "名ふりがな", "名よみがな", "名よみ", "めい",
                  "フリガナ名", "ふりがな名", "よみがな名", "名拼音"] { titles[t] = .given }
        return titles
    }()
}
