import ThumbIndexJSON
import ThumbIndexJSON

/// What the outline groups by in `textDocument/documentSymbol`.
public enum OutlineGrouping: String, Sendable, CaseIterable {
    /// One parent symbol per non-empty section, entries sorted inside (the default).
    case sections
    /// A flat list in collation order.
    case sorted
    /// Source order, nested as the document nests.
    case document
}

/// The session's settings, from `initializationOptions` and `workspace/didChangeConfiguration`.
///
/// Keys may be nested (`{"thumbindex": {"outline": {"grouping": "sorted"}}}`) or dotted
/// (`{"thumbindex.outline.grouping": "sorted"}`); `initializationOptions` may also give `locale`,
/// `style` and `grouping` at its top level. `Protocol/schemas/settings.json` is their schema.
public struct Settings: Equatable, Sendable {
    /// ICU `kf`: which case sorts first among otherwise equal strings: `off`, `lower` or `upper`.
    public enum CaseFirst: String, Sendable, CaseIterable { case off, lower, upper }

    /// csv/tsv: the column that names a row.
    public enum Column: Equatable, Sendable {
        /// By zero-based index.
        case index(Int)
        /// By the name in the header row.
        case name(String)
    }

    /// `thumbindex.locale`: the session's locale; nil until set (the server then takes `initialize`'s locale, else the
    /// environment's).
    public var locale: String?
    /// `thumbindex.style`: the section layout.
    public var style: CollationStyle = .apple
    /// `thumbindex.outline.grouping`: how `textDocument/documentSymbol` groups the outline.
    public var grouping: OutlineGrouping = .sections
    /// ICU `kn`: digits compare by numeric value; nil is the locale's default.
    public var numeric: Bool?
    /// `thumbindex.caseFirst`; nil is the locale's default.
    public var caseFirst: CaseFirst?
    /// `thumbindex.index.includeSearch`: whether index titles start with `{search}`.
    public var includeSearch = false
    /// `thumbindex.index.maxTitles`: condense the index titles to at most this many; nil for no limit.
    public var maxIndexTitles: Int?
    /// `thumbindex.localization.tables`: strings tables (files, or folders of `<lang>.lproj`) that localize entry
    /// names.
    public var localizationTables: [String] = []
    /// `thumbindex.ctags.path`: the Universal Ctags executable; nil for `ctags` on `PATH`.
    public var ctagsPath: String?
    /// `thumbindex.csv.column`: the column that names a row; nil for the first.
    public var csvColumn: Column?
    /// vcard: collate by "family given" (true) or "given family".
    public var familyNameFirst = true
    /// `thumbindex.readings`: under `ja`, names in kanji collate by their MeCab readings (`true`, "auto", the default)
    /// or land in `#` (false, "off").
    public var readings = true
    /// `thumbindex.names`: which entries are people's names, read as names under a pinyin or zhuyin index (曾 as a
    /// surname is Zēng): `auto` (a vCard's contacts, a table whose header names people), `on` (also every line of
    /// plain text and every row of a table) or `off`.
    public var names = Names.auto
    /// `thumbindex.csv.readingColumns`: the columns holding how a row's name is read (a phonetic name, pinyin), joined
    /// by spaces; empty: found by their header titles (`Family Name Yomi`, `フリガナ`, `拼音` …).
    public var csvReadingColumns: [Column] = []
    /// `thumbindex.workspace.index`: the files of the workspace folders are read, and `workspace/symbol` searches them
    /// beside the open documents (a folder that is `/` or the home directory itself is not read).
    public var workspaceIndex = true
    /// `thumbindex.workspace.languages`: the formats of the workspace's files that are read, by languageId (`vcard`,
    /// `markdown`, `json`, `python` …); nil for the defaults (contacts, Markdown, tables, localization tables and plain
    /// text). Source code is read through ctags only when named here.
    public var workspaceLanguages: [String]?

    /// `thumbindex.names`.
    public enum Names: String, Sendable, Hashable, CaseIterable { case auto, on, off }

    /// The defaults, before any settings are applied.
    public init() {}

    /// Applies what `json` sets; unknown keys are ignored, bad values are reported and skipped.
    ///
    /// - Returns: one sentence per bad value (`setting thumbindex.style must be apple or icu, got x`), for the log.
    public mutating func update(from json: JSON?) -> [String] {
        guard let json, case .object = json else { return [] }
        var problems: [String] = []
        func lookup(_ dotted: String) -> JSON? {
            if let value = json[dotted] { return value }
            if let value = json["thumbindex." + dotted] { return value }
            var node: JSON? = json["thumbindex"]
            for part in dotted.split(separator: ".") { node = node?[String(part)] }
            return node
        }
        func string(_ key: String) -> String? {
            guard let value = lookup(key), !value.isNull else { return nil }
            guard let string = value.stringValue else {
                problems.append("setting thumbindex.\(key) must be a string, got \(value.kindName)")
                return nil
            }
            return string
        }
        func bool(_ key: String) -> Bool? {
            guard let value = lookup(key), !value.isNull else { return nil }
            guard let bool = value.boolValue else {
                problems.append("setting thumbindex.\(key) must be true or false, got \(value.kindName)")
                return nil
            }
            return bool
        }
        /// A setting naming one of `T`'s cases; another name is reported with the names there are.
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, or fallback: String? = nil) -> T? where T.RawValue == String {
            guard let name = string(key) ?? fallback else { return nil }
            if let value = T(rawValue: name) { return value }
            let names = T.allCases.map(\.rawValue)
            problems.append("setting thumbindex.\(key) must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), got \(name)")
            return nil
        }
        if let locale = string("locale") { self.locale = locale }
        if let style: CollationStyle = choice("style") { self.style = style }
        if let grouping: OutlineGrouping = choice("outline.grouping", or: json["grouping"]?.stringValue) { self.grouping = grouping }
        if let numeric = bool("numeric") { self.numeric = numeric }
        if let caseFirst: CaseFirst = choice("caseFirst") { self.caseFirst = caseFirst }
        if let search = bool("index.includeSearch") { includeSearch = search }
        if let value = lookup("index.maxTitles"), !value.isNull {
            if let max = value.intValue, max >= 1 { maxIndexTitles = max } else {
                problems.append("setting thumbindex.index.maxTitles must be a positive integer")
            }
        }
        if let tables = lookup("localization.tables"), !tables.isNull {
            if let list = tables.arrayValue?.compactMap(\.stringValue) { localizationTables = list } else {
                problems.append("setting thumbindex.localization.tables must be an array of paths")
            }
        }
        if let ctags = string("ctags.path") { ctagsPath = ctags }
        if let column = lookup("csv.column"), !column.isNull {
            if let index = column.intValue, index >= 0 { csvColumn = .index(index) } else if let name = column.stringValue {
                csvColumn = .name(name)
            } else {
                problems.append("setting thumbindex.csv.column must be a column index or a header name")
            }
        }
        if let columns = lookup("csv.readingColumns"), !columns.isNull {
            let list = columns.arrayValue?.compactMap { c in c.intValue.flatMap { $0 >= 0 ? Column.index($0) : nil } ?? c.stringValue.map(Column.name) }
            if let list, list.count == columns.arrayValue?.count { csvReadingColumns = list } else {
                problems.append("setting thumbindex.csv.readingColumns must be an array of column indexes or header names")
            }
        }
        if let names: Names = choice("names") { self.names = names }
        if let familyFirst = bool("vcard.familyNameFirst") { familyNameFirst = familyFirst }
        if let workspace = bool("workspace.index") { workspaceIndex = workspace }
        if let languages = lookup("workspace.languages"), !languages.isNull {
            let list = languages.arrayValue?.compactMap(\.stringValue)
            if let list, list.count == languages.arrayValue?.count { workspaceLanguages = list.map { $0.lowercased() } } else {
                problems.append("setting thumbindex.workspace.languages must be an array of languageIds")
            }
        }
        if let readings = string("readings") {
            if readings == "auto" || readings == "off" { self.readings = readings == "auto" } else {
                problems.append("setting thumbindex.readings must be auto or off, got \(readings)")
            }
        }
        return problems
    }
}
