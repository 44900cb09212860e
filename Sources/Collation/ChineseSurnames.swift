/// Surnames whose reading ICU's `Han-Latin/Names` does not give, checked against published surname lists (see
/// `Tests/CollationTests/ChineseNamesData.swift` for the sources): compound surnames, read as one, and single
/// characters it reads by another word (句 gōu, not jù) or has no surname rule for in traditional characters.
enum ChineseSurnames {
    /// Two-character surnames and their readings, syllable by syllable.
    static let compound: [String: [String]] = compoundReadings.mapValues { $0.split(separator: " ").map(String.init) }

    /// The characters compound surnames start with (most names need no lookup of two characters).
    static let compoundStarts = Set(compoundReadings.keys.compactMap(\.unicodeScalars.first))

    private static let compoundReadings: [String: String] = [
        "欧阳": "ōu yáng", "歐陽": "ōu yáng", "司马": "sī mǎ", "司馬": "sī mǎ", "上官": "shàng guān", "诸葛": "zhū gě",
        "諸葛": "zhū gě", "司徒": "sī tú", "夏侯": "xià hóu", "皇甫": "huáng fǔ", "呼延": "hū yán", "尉迟": "yù chí",
        "尉遲": "yù chí", "万俟": "mò qí", "萬俟": "mò qí", "单于": "chán yú", "單于": "chán yú", "长孙": "zhǎng sūn",
        "長孫": "zhǎng sūn", "东方": "dōng fāng", "東方": "dōng fāng", "独孤": "dú gū", "獨孤": "dú gū",
        "公孙": "gōng sūn", "公孫": "gōng sūn", "令狐": "líng hú", "慕容": "mù róng", "轩辕": "xuān yuán",
        "軒轅": "xuān yuán", "宇文": "yǔ wén", "澹台": "tán tái", "澹臺": "tán tái", "淳于": "chún yú",
        "端木": "duān mù", "百里": "bǎi lǐ", "南宫": "nán gōng", "南宮": "nán gōng", "西门": "xī mén", "西門": "xī mén",
        "钟离": "zhōng lí", "鍾離": "zhōng lí", "闻人": "wén rén", "聞人": "wén rén", "太史": "tài shǐ",
        "申屠": "shēn tú", "公冶": "gōng yě", "赫连": "hè lián", "赫連": "hè lián", "濮阳": "pú yáng", "濮陽": "pú yáng",
        "东郭": "dōng guō", "東郭": "dōng guō", "第五": "dì wǔ", "拓跋": "tuò bá", "左丘": "zuǒ qiū", "亓官": "qí guān",
        "仲孙": "zhòng sūn", "仲孫": "zhòng sūn", "叔孙": "shū sūn", "叔孫": "shū sūn", "宗政": "zōng zhèng",
        "漆雕": "qī diāo", "乐正": "yuè zhèng", "樂正": "yuè zhèng", "巫马": "wū mǎ", "巫馬": "wū mǎ",
        "公西": "gōng xī", "羊舌": "yáng shé", "谷梁": "gǔ liáng", "穀梁": "gǔ liáng", "梁丘": "liáng qiū",
        "中行": "zhōng háng",
    ]

    /// Single-character surnames `Han-Latin/Names` misreads (after its traditional→simplified step).
    static let single: [Unicode.Scalar: String] = [
        "句": "gōu", "祭": "zhài", "朴": "piáo", "覃": "qín", "缪": "miào", "繆": "miào", "乾": "qián", "牟": "móu",
        "薄": "bó", "阚": "kàn", "尉": "wèi", "蔚": "yù", "乜": "niè", "都": "dū", "莘": "shēn", "闞": "kàn",
        // The surname readings of CC-CEDICT ("surname X") for characters of the Hundred Family Surnames, the 500 most
        // common surnames and beyond that ICU reads as words (颉 jié, 么 me, 番 fān, 镡 chán, 澹 dàn, 沓 dá).
        "颉": "xié", "頡": "xié", "么": "yāo", "番": "pān", "镡": "tán", "鐔": "tán", "澹": "tán", "沓": "tà", "於": "yū",
        "肖": "xiāo", "兴": "xīng", "興": "xīng", "还": "huán", "還": "huán", "角": "jué", "冠": "guàn", "拓": "tuò",
        // Not a second reading but ICU's mistake: 佴's one reading is nài (Unihan; ICU reads èr).
        "佴": "nài",
    ]
}
