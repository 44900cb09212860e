/// The sizes from which work goes to two cores or every core (below them the second core's start costs more than it
/// saves), each with what it decides and the measurement that chose it. None was recorded as chosen by one; where
/// the commit that set it measured the gain above it, that is given.
package enum Thresholds {
    /// Bytes of a received text whose UTF-8 is checked in halves (`UTF8Check.nonASCIICountOnTwoCores`). Chosen by:
    /// not recorded; above it (0b13125): receiving 1M names −17%, .strings −14%, 100k YAML −11%.
    package static let utf8CheckedOnTwoCores = 1 << 20
    /// Bytes of a long string's content unescaped in halves (`JSONScanner.unescapeLong`). Chosen by: not recorded;
    /// above it (cf6856f): receiving 1M vCard −19%, .strings −20%, 100k YAML −18%.
    package static let unescapedOnTwoCores = 2 << 20
    /// Bytes of a JSON text whose spans are read on two cores (`JSONParser.spansOnTwoCores`). Chosen by: not
    /// recorded; above it (df7602d), open to sections: 1M JSON 254 → 225 ms, 1M catalog 1249 → 1022 ms.
    package static let spansOnTwoCores = 1 << 20
    /// Bytes of a document whose line starts are written on two cores (`TextDocument.census`). Chosen by: not
    /// recorded; above it (87dd4b6): receiving 1M names −13%, 1M vCard −6%.
    package static let lineStartsOnTwoCores = 1 << 20
    /// Bytes of a record file (CSV, TSV, vCard, .strings) read on two cores (`OutlineIndex.readAll`). Chosen by: not
    /// recorded; one core instead (2026-11-28, 100k contacts, open → sections, medians of 9): CSV +8%, vCard
    /// +29%, .strings +9%.
    package static let recordsReadOnTwoCores = 1 << 20
    /// Spans of a JSON document whose values' entries are read on two cores (`JSONValues.visitOnTwoCores`). Chosen
    /// by: not recorded; one core instead (2026-11-28, open → sections, medians of 9): 100k-key JSON +11%, an
    /// array of 400k objects +39%.
    package static let valuesReadOnTwoCores = 1 << 15
    /// Strings of a string catalog whose entries are read on two cores (`JSONValues.catalogEntriesOnTwoCores`; a
    /// string costs about eight JSON values). Chosen by: not recorded; one core instead (2026-11-28, open → sections of
    /// 100k strings, medians of 9): +21%.
    package static let stringsReadOnTwoCores = 1 << 12
    /// Lines of a YAML document read as two texts on two cores (`YAMLTree.readOnTwoCores`). Chosen by: not recorded;
    /// above it (a6275a7): 1M YAML open 746 → 598 ms.
    package static let linesReadOnTwoCores = 1 << 15
    /// Entries of a part appended on two cores (`StoredEntries.append(contentsOf:)`). Chosen by: not recorded; above
    /// it (5d3e2d2): 1M YAML open −9 ms, JSON −8 ms, catalog −130 ms.
    package static let entriesCopiedOnTwoCores = 1 << 15
    /// Lines of a plain text whose names are found on two cores (`OutlineIndex.names`). Chosen by: not recorded
    /// (one core instead, 2026-11-28, open → sections of 1M names, medians of 9: +10%).
    package static let namesFoundOnTwoCores = 100_000
    /// The fewest strings a slice of a batch whose sort keys, key prefixes or buckets are made on every core (Collation's
    /// `Cores.slices`). Chosen by: not recorded (5579ad2 measured nothing).
    package static let collationSlice = 20_000
    /// The fewest items a slice of the sort on every core (`SortKeys.sortedOrder`). Chosen by: not recorded (5579ad2).
    package static let sortSlice = 50_000
    /// The fewest strings a slice whose leading code points are found on every core
    /// (`AlphabeticIndex.leadingCodePoints`). Chosen by: not recorded (16cc8eb measured nothing).
    package static let leadingCodePointsSlice = 100_000
    /// Strings of a batch whose readings are looked up on every core (`CollationReading.collationStrings`). Chosen by:
    /// not recorded; above it (e9cde66): 100k kanji names took 2.05× the Latin names.
    package static let readingsOnEveryCore = 4096
    /// The fewest names a slice, up to eight, whose words are found on every core (`WordIndex`). Chosen by: not
    /// recorded; above it (cdf54e5, with other changes): 1M workspace entries' first workspace/symbol 3.8 → 1.2 s.
    package static let wordIndexSlice = 20_000
}
