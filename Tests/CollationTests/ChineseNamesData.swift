/// Test data for reading Chinese personal names under pinyin collation: surnames whose surname reading differs from
/// (or is easily confused with) the character's ordinary reading, ordinary words that start with the same characters,
/// and compound surnames.
///
/// Every reading here was checked by hand against published readings, NOT against ICU (ICU's `Han-Latin/Names` is
/// what these data test). Sources, by tag used in the trailing comments:
/// - [W] English Wikipedia: "Chinese surname" (https://en.wikipedia.org/wiki/Chinese_surname), "List of common Chinese
///   surnames" (https://en.wikipedia.org/wiki/List_of_common_Chinese_surnames), "Chinese compound surname"
///   (https://en.wikipedia.org/wiki/Chinese_compound_surname), "Hundred Family Surnames"
///   (https://en.wikipedia.org/wiki/Hundred_Family_Surnames), and the per-surname or per-person articles named in the
///   comment (e.g. "Zeng" https://en.wikipedia.org/wiki/Zeng, "Shan (surname)", "Zha (surname)", "Ou (surname)").
/// - [C] CC-CEDICT (MDBG, CC BY-SA 4.0, release of 2023-11-07, https://www.mdbg.net/chinese/dictionary?page=cc-cedict):
///   its "surname X" entries, which give the surname reading of each character.
/// - [Z] Chinese Wikipedia, "員姓" (https://zh.wikipedia.org/wiki/員姓).
/// - [D] 中华姓氏大辞典 (Dictionary of Chinese Surnames), entry 种, as reproduced online.
/// - [U] Unihan (Unicode 16.0, kMandarin and kTGHZ2013, the 通用规范汉字字典's readings), for a character with one
///   reading that ICU's `Han-Latin` does not give.
/// Characters whose published surname readings disagree with one another (纪 jǐ/jì, 盖 gě/gài, 相 xiāng/xiàng,
/// 能 néng/nài, 秘 bì/bèi, 那 nā/nà, 折 shé/zhé, 强 qiáng/jiàng, 郗 chī/xī, 钭 tǒu/dǒu, 阙 quē/què, 宁 nìng/níng)
/// or that no source above confirms (句, 黑, 朝, 洗, 蕃, 藏: pages disagree, cáng or zàng, and confuse it with 臧) were
/// left out; 繁 pó is in CC-CEDICT's 2025 release, not in the one cited. 覃 has two published surname readings (qín and tán); qín is used, for a person read qín.
enum ChineseNamesData {
    /// A person's name, its surname, and the surname's reading in pinyin with tone marks (lowercase).
    static let polyphonicSurnames: [(name: String, surname: String, reading: String)] = [
        ("曾国藩", "曾", "zēng"),  // [W] Zeng; [C]
        ("曾國藩", "曾", "zēng"),
        ("曾巩", "曾", "zēng"),  // [W] Zeng Gong
        ("单雄信", "单", "shàn"),  // [W] Shan (surname); [C]
        ("單雄信", "單", "shàn"),
        ("解缙", "解", "xiè"),  // [C]; [W] Xie (surname), Xie Jin (mandarin)
        ("解縉", "解", "xiè"),
        ("仇英", "仇", "qiú"),  // [W] Qiu Ying; [C]
        ("查良镛", "查", "zhā"),  // [W] Zha (surname), Louis Cha; [C]
        ("查良鏞", "查", "zhā"),
        ("区瑞强", "区", "ōu"),  // [W] Ou (surname), lists 區瑞強 Albert Au; [C]
        ("區瑞強", "區", "ōu"),
        ("乐毅", "乐", "yuè"),  // [C] (surname Yuè, also Lè); [W] Yue Yi
        ("樂毅", "樂", "yuè"),
        ("祭仲", "祭", "zhài"),  // [C]
        ("朴槿惠", "朴", "piáo"),  // [C]; [W] Park (Korean surname): read piáo in Standard Chinese
        ("覃子豪", "覃", "qín"),  // [C] (surname Qín, also Tán)
        ("缪荃孙", "缪", "miào"),  // [C]
        ("繆荃孫", "繆", "miào"),
        ("贲赫", "贲", "bēn"),  // [C]
        ("賁赫", "賁", "bēn"),
        ("隗嚣", "隗", "wěi"),  // [C] (surname Wěi, also Kuí); [W] Wei Xiao
        ("过百龄", "过", "guō"),  // [C]
        ("過百齡", "過", "guō"),
        ("牟宗三", "牟", "móu"),  // [C]; [W] Mou Zongsan
        ("华佗", "华", "huà"),  // [C]; [W] Hua Tuo
        ("華佗", "華", "huà"),
        ("任弼时", "任", "rén"),  // [C]
        ("翟让", "翟", "zhái"),  // [C] (surname Zhái, also Dí); [W] Zhai Rang
        ("翟讓", "翟", "zhái"),
        ("谌龙", "谌", "chén"),  // [C]; [W] Chen Long
        ("諶龍", "諶", "chén"),
        ("燕青", "燕", "yān"),  // [C]
        ("召志刚", "召", "shào"),  // [C]
        ("宿振武", "宿", "sù"),  // [C]
        ("柏青", "柏", "bǎi"),  // [C] (Taiwan bó)
        ("石达开", "石", "shí"),  // [C]
        ("车胤", "车", "chē"),  // [C]
        ("薄熙来", "薄", "bó"),  // [C]; [W] Bo Xilai
        ("冯梦龙", "冯", "féng"),  // [C]
        ("沈从文", "沈", "shěn"),  // [C]
        ("阚泽", "阚", "kàn"),  // [C]
        ("闞澤", "闞", "kàn"),
        ("尉缭", "尉", "wèi"),  // [C] (single surname Wèi; yù only in 尉迟); [W] Wei Liao
        ("蔚立新", "蔚", "yù"),  // [C]
        ("乜晓光", "乜", "niè"),  // [C]
        ("都穆", "都", "dū"),  // [C]
        ("莘立强", "莘", "shēn"),  // [C]
        ("曲波", "曲", "qū"),  // [C]
        ("卜商", "卜", "bǔ"),  // [C]
        ("叶圣陶", "叶", "yè"),  // [C]
        ("应修人", "应", "yīng"),  // [C] (Taiwan yìng)
        ("殷浩", "殷", "yīn"),  // [C]
        ("盛宣怀", "盛", "shèng"),  // [C]
        ("员半千", "员", "yùn"),  // [Z]
        ("員半千", "員", "yùn"),
        ("种师道", "种", "chóng"),  // [D]
        ("万里", "万", "wàn"),  // [C]
        ("尉迟恭", "尉迟", "yùchí"),  // [C]; [W] Yuchi Gong
        ("尉遲恭", "尉遲", "yùchí"),
        ("万俟卨", "万俟", "mòqí"),  // [C]; Japanese Wikipedia 万俟 (written 万俟 in traditional text too)
        ("长孙无忌", "长孙", "zhǎngsūn"),  // [C]
        ("長孫無忌", "長孫", "zhǎngsūn"),
        ("澹台灭明", "澹台", "tántái"),  // [W] Chinese compound surname; [C] 澹 surname Tán
        ("令狐冲", "令狐", "línghú"),  // [C] (Taiwan lìnghú)
        ("中行偃", "中行", "zhōngháng"),  // [C] 中行 read Zhōngháng; Zhonghang Yan (chinaknowledge.de)
        // Issue 45: the rest of the Hundred Family Surnames and the 500 most common surnames (ranks from the 2008
        // national count) whose CC-CEDICT surname reading ICU does not give. Names marked (c) are constructed: no
        // source names a person, only the surname's reading.
        ("颉明", "颉", "xié"),  // [C] surname Xié (releases of 2020, 2023 and 2025) (c)
        ("頡明", "頡", "xié"),
        ("么红", "么", "yāo"),  // [C] surname Yāo (also written 幺); 么红 the soprano
        ("番明", "番", "pān"),  // [C] (c)
        ("镡明", "镡", "tán"),  // [C] surname Tán (also Chán in Sichuan) (c)
        ("鐔明", "鐔", "tán"),
        ("澹明", "澹", "tán"),  // [C] (c); 澹台 above
        ("沓明", "沓", "tà"),  // [C] (c)
        ("於明", "於", "yū"),  // [C] (Taiwan yú) (c)
        ("肖扬", "肖", "xiāo"),  // [C] person entry 肖揚 Xiāo Yáng (Taiwan xiào)
        ("兴明", "兴", "xīng"),  // [C] (c)
        ("还明", "还", "huán"),  // [C] (c)
        ("角明", "角", "jué"),  // [C] (c)
        ("冠明", "冠", "guàn"),  // [C] (c)
        ("拓明", "拓", "tuò"),  // [C] (c); 拓跋 above
        ("葛优", "葛", "gě"),  // [C] surname Gě, person entry 葛優 Gě Yōu; [W] Ge You
        ("干宝", "干", "gān"),  // [C]; [W] Gan Bao
        ("訾明", "訾", "zī"),  // [C] (c)
        ("舍明", "舍", "shè"),  // [C] (c)
        ("佴明", "佴", "nài"),  // [U] nài, its one reading (ICU: èr); in the Hundred Family Surnames (c)
    ]

    /// Words (not names) that begin with those same characters, and the pinyin initial letter (uppercase) their
    /// ordinary reading files them under.
    static let words: [(word: String, letter: String)] = [
        ("曾经", "C"),
        ("单独", "D"),
        ("单位", "D"),
        ("解决", "J"),
        ("解释", "J"),
        ("仇恨", "C"),
        ("查找", "C"),
        ("查询", "C"),
        ("区别", "Q"),
        ("区域", "Q"),
        ("乐观", "L"),
        ("乐器", "Y"),
        ("朴素", "P"),
        ("种子", "Z"),
        ("种植", "Z"),
        ("华丽", "H"),
        ("任务", "R"),
        ("薄弱", "B"),
        ("过去", "G"),
        ("员工", "Y"),
        ("祭祀", "J"),
        ("都市", "D"),
        ("尉官", "W"),
        ("蔚蓝", "W"),
        ("宿舍", "S"),
        ("召开", "Z"),
        ("车站", "C"),
        ("石头", "S"),
        ("长期", "C"),
        ("相信", "X"),
        ("折扣", "Z"),
        ("牟利", "M"),
        ("柏树", "B"),
        ("朝代", "C"),
        ("燕子", "Y"),
        ("盛大", "S"),
        ("殷勤", "Y"),
    ]

    /// Compound (two-character) surnames with their reading, e.g. ("欧阳", "ōuyáng").
    static let compoundSurnames: [(surname: String, reading: String)] = [
        ("欧阳", "ōuyáng"),  // [C]
        ("司马", "sīmǎ"),  // [C]
        ("上官", "shàngguān"),  // [C]
        ("诸葛", "zhūgě"),  // [C] (Taiwan zhūgé)
        ("司徒", "sītú"),  // [C]
        ("皇甫", "huángfǔ"),  // [C]
        ("尉迟", "yùchí"),  // [C]; [W] Yuchi Gong
        ("万俟", "mòqí"),  // [C]
        ("单于", "chányú"),  // [C] (單于 chányú)
        ("长孙", "zhǎngsūn"),  // [C]
        ("东方", "dōngfāng"),  // [W] Chinese compound surname; [C]
        ("独孤", "dúgū"),  // [W] Chinese compound surname
        ("公孙", "gōngsūn"),  // [W] Chinese compound surname; [C]
        ("令狐", "línghú"),  // [C] (Taiwan lìnghú)
        ("慕容", "mùróng"),  // [C]
        ("轩辕", "xuānyuán"),  // [C]
        ("宇文", "yǔwén"),  // [C]
        ("澹台", "tántái"),  // [W] Chinese compound surname
        ("淳于", "chúnyú"),  // [W] Chinese compound surname; [C]
        ("端木", "duānmù"),  // [W] Chinese compound surname; [C]
        ("百里", "bǎilǐ"),  // [W] Chinese compound surname; [C]
        ("南宫", "nángōng"),  // [C]
        ("西门", "xīmén"),  // [C]
        ("闻人", "wénrén"),  // [C]
        ("第五", "dìwǔ"),  // [W] Chinese compound surname
        ("东郭", "dōngguō"),  // [W] Chinese compound surname; [C]
        ("申屠", "shēntú"),  // [C]
        ("公羊", "gōngyáng"),  // [W] Chinese compound surname
        ("中行", "zhōngháng"),  // [C]
    ]
}
