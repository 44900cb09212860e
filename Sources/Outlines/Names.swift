import Collation
import Entries

/// Which entries are people's names (`thumbindex.names`, `--names`): they are read as names where a collation reads
/// Han by pinyin or zhuyin (`ChineseNames`: 曾国藩 under Z for Zēng, not C for céng).
public enum NameEntries: String, Sendable, Hashable, CaseIterable {
    /// By what the format says: a vCard's contacts, a table's rows when its header names people.
    case auto
    /// Those, and every line of plain text and every row of a table.
    case on
    /// None: every entry is read as ICU reads it.
    case off
}

extension ExtractionSettings {
    /// The reading a document's entries collate by under `collation`: the one decision on readings, which the index
    /// (`IndexPlan`) and a whole extraction (`EntrySource`) share.
    ///
    /// - Under `ja` (readings on): MeCab's, for every entry in kanji (headings, keys and names alike: ICU has no
    ///   reading of kanji at all); `Readings.shared` even without MeCab, whose `problem` then says what to install.
    /// - Under a pinyin or zhuyin index: `ChineseNames`, when the document's entries are people's names. A word
    ///   cannot be told from a name by its characters (曾经 "once" and 曾巩, a poet, both start with 曾), so that is
    ///   decided by the format, not guessed line by line: a vCard's contacts and a table whose header names people
    ///   (`RecordReader.namesPeople`) are names under `auto`; plain text and other tables only under `on` (a list of
    ///   words is as common as a list of names); headings, keys and symbols never.
    public func reading(of document: TextDocument, collation: IndexedCollation) -> (any CollationReading)? {
        if collation.locale.language == "ja" { return readings ? Readings.shared : nil }
        guard names != .off, let reader = ChineseNames.reader(for: collation), entriesAreNames(document, collation: collation) else { return nil }
        return reader
    }

    /// Whether `document`'s entries are people's names under `names` (see `reading(of:collation:)`).
    func entriesAreNames(_ document: TextDocument, collation: IndexedCollation) -> Bool {
        let id = document.languageId.lowercased()
        if PlainTextExtractor.languageIds.contains(id) { return names == .on }
        let fileName = document.uri.split(separator: "/").last.map(String.init)
        guard let format = RecordFormat(languageId: id, options: options(fileName: fileName, language: collation.locale.language)),
              id != "strings" else { return false }
        if names == .on, id != "vcard", id != "vcf" { return true }
        // The first lines only: this is asked for every request under a Chinese index.
        return format.namesPeople(in: RecordText(bytes: document.bytes, lineStarts: document.lineStarts))
    }
}
