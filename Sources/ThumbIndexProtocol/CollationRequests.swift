import JSONRPC
import ThumbIndexJSON

/// Section layout: `apple` (UILocalizedIndexedCollation's) or `icu` (AlphabeticIndex's).
public enum CollationStyle: String, JSONCodable, CaseIterable {
    /// `apple`: Latin A–Z, the locale's own letters, then `#`; `icu`: ICU's buckets with their `…` sections.
    case apple, icu

    /// `"apple"` or `"icu"`; anything else is an error (`-32602`) naming `path`.
    public init(json: JSON, path: String) throws(ResponseError) {
        let name = try String(json: json, path: path)
        guard let style = CollationStyle(rawValue: name) else { throw .invalidParams("\(path) must be apple or icu, got \(name)") }
        self = style
    }

    /// The name, as a string.
    public var json: JSON { .string(rawValue) }
}

/// The collation members a request may give (`locale?`, `style?`); absent ones are the session's.
public struct CollationChoice: Equatable, Sendable {
    /// A locale identifier in any of the usual forms (`sv_SE`, `sv-SE`); nil for the session's.
    public var locale: String?
    /// The section layout; nil for the session's.
    public var style: CollationStyle?

    /// A choice; nil members are the session's.
    public init(locale: String? = nil, style: CollationStyle? = nil) {
        self.locale = locale
        self.style = style
    }

    /// Reads `locale` and `style` from a params object.
    ///
    /// - Throws: `ResponseError` `-32602` when one is of the wrong type or `style` is neither `apple` nor `icu`.
    public init(_ fields: Fields) throws(ResponseError) {
        locale = try fields.decodeIfPresent("locale")
        style = try fields.decodeIfPresent("style")
    }

    func write(into object: inout JSONObject) {
        object.setIfPresent("locale", locale)
        object.setIfPresent("style", style)
    }
}

/// How a request wants its index titles (`includeSearch?`, `maxIndexTitles?`); absent ones are the session's.
public struct IndexTitleChoice: Equatable, Sendable {
    /// Whether `{search}` comes first; nil for the session's.
    public var includeSearch: Bool?
    /// 1…100000: condense the titles to at most this many.
    public var maxIndexTitles: Int?

    /// A choice; nil members are the session's.
    public init(includeSearch: Bool? = nil, maxIndexTitles: Int? = nil) {
        self.includeSearch = includeSearch
        self.maxIndexTitles = maxIndexTitles
    }

    /// Reads `includeSearch` and `maxIndexTitles` from a params object.
    ///
    /// - Throws: `ResponseError` `-32602` when one is of the wrong type or `maxIndexTitles` is out of range.
    public init(_ fields: Fields) throws(ResponseError) {
        includeSearch = try fields.decodeIfPresent("includeSearch")
        maxIndexTitles = try fields.intIfPresent("maxIndexTitles", in: 1 ... 100_000)
    }

    func write(into object: inout JSONObject) {
        object.setIfPresent("includeSearch", includeSearch)
        object.setIfPresent("maxIndexTitles", maxIndexTitles)
    }
}

/// `thumbindex/indexTitles`: the section titles and index titles of a locale.
public enum IndexTitlesRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/indexTitles"

    /// `{locale?, style?, includeSearch?, maxIndexTitles?}`.
    public struct Params: JSONCodable, Equatable {
        /// The collation to use.
        public var collation: CollationChoice
        /// How to draw the index titles.
        public var titles: IndexTitleChoice

        /// Params; the defaults leave everything to the session.
        public init(collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice()) {
            self.collation = collation
            self.titles = titles
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            collation = try CollationChoice(fields)
            titles = try IndexTitleChoice(fields)
        }

        /// The params as JSON.
        public var json: JSON {
            var object = JSONObject()
            collation.write(into: &object)
            titles.write(into: &object)
            return .object(object)
        }
    }

    /// `{locale, sectionTitles, sectionIndexTitles}`.
    public struct Result: JSONCodable, Equatable {
        /// The canonical BCP 47 identifier (`sv-SE`).
        public var locale: String
        /// The section headers, in section order.
        public var sectionTitles: [String]
        /// The titles of the thumb index: the section titles, with `{search}` first and `•` for condensed runs when
        /// asked.
        public var sectionIndexTitles: [String]

        /// A result from its members.
        public init(locale: String, sectionTitles: [String], sectionIndexTitles: [String]) {
            self.locale = locale
            self.sectionTitles = sectionTitles
            self.sectionIndexTitles = sectionIndexTitles
        }

        /// Reads the result from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            locale = try fields.decode("locale")
            sectionTitles = try fields.decode("sectionTitles")
            sectionIndexTitles = try fields.decode("sectionIndexTitles")
        }

        /// The result as JSON.
        public var json: JSON {
            ["locale": .string(locale), "sectionTitles": sectionTitles.json, "sectionIndexTitles": sectionIndexTitles.json]
        }
    }
}

/// `thumbindex/sectionFor`: the section of each string (positions in `sectionTitles`).
public enum SectionForRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/sectionFor"

    /// `{strings, locale?, style?, names?}`.
    public struct Params: JSONCodable, Equatable {
        /// The strings whose sections are asked for.
        public var strings: [String]
        /// The collation to use.
        public var collation: CollationChoice
        /// Whether the items are people's names, read as names under a pinyin or zhuyin index (曾国藩 under Z, for the
        /// surname Zēng); `false` (the default) reads them as ICU does.
        public var names: Bool

        /// Params; the default collation is the session's.
        public init(strings: [String], collation: CollationChoice = CollationChoice(), names: Bool = false) {
            self.strings = strings
            self.collation = collation
            self.names = names
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            strings = try fields.decode("strings")
            collation = try CollationChoice(fields)
            names = try fields.decodeIfPresent("names") ?? false
        }

        /// The params as JSON.
        public var json: JSON {
            var object: JSONObject = ["strings": strings.json]
            collation.write(into: &object)
            if names { object["names"] = true }
            return .object(object)
        }
    }

    /// `{sections}`.
    public struct Result: JSONCodable, Equatable {
        /// The section of each string, in the order of `strings`.
        public var sections: [Int]
        /// A result from its members.
        public init(sections: [Int]) { self.sections = sections }
        /// Reads the result from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) { sections = try Fields(json, path: path).decode("sections") }
        /// The result as JSON.
        public var json: JSON { ["sections": sections.json] }
    }
}

/// An item to sort: a string, or `{label, sortText?, data?}` collated by `sortText ?? label`. It is sent back as given.
public struct SortItem: JSONCodable, Equatable {
    /// The item as the client wrote it.
    public var json: JSON
    /// What it is collated by.
    public var collationString: String

    /// A plain string item, collated by itself.
    public init(_ string: String) {
        json = .string(string)
        collationString = string
    }

    /// An object item `{label, sortText?, data?}`, collated by `sortText ?? label`.
    public init(label: String, sortText: String? = nil, data: JSON? = nil) {
        var object: JSONObject = ["label": .string(label)]
        object.setIfPresent("sortText", sortText)
        object.setIfPresent("data", data)
        json = .object(object)
        collationString = sortText ?? label
    }

    /// A string, or an object with a string `label` (and optionally a string `sortText`); anything else is an
    /// error (`-32602`) naming `path`.
    public init(json: JSON, path: String) throws(ResponseError) {
        self.json = json
        if let string = json.stringValue {
            collationString = string
            return
        }
        guard case .object = json.resolved else {
            throw .invalidParams("\(path) must be a string or an object {label, sortText?, data?}, got \(json.kindName)")
        }
        let fields = try Fields(json, path: path)
        let label: String = try fields.decode("label")
        collationString = try fields.decodeIfPresent("sortText") ?? label
    }
}

/// `thumbindex/sort`: items in collation order, and the input position of each.
public enum SortRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/sort"

    /// `{items, locale?, style?, names?}`, and `thumbindex/partition`'s `includeSearch?, maxIndexTitles?`.
    public struct Params: JSONCodable, Equatable {
        /// The items to sort.
        public var items: [SortItem]
        /// The collation to use.
        public var collation: CollationChoice
        /// How to draw the index titles (`thumbindex/partition`; a sort draws none).
        public var titles: IndexTitleChoice
        /// Whether the items are people's names, read as names under a pinyin or zhuyin index (曾国藩 under Z, for the
        /// surname Zēng); `false` (the default) reads them as ICU does.
        public var names: Bool

        /// Params; the defaults leave everything to the session.
        public init(
            items: [SortItem], collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice(),
            names: Bool = false
        ) {
            self.items = items
            self.collation = collation
            self.titles = titles
            self.names = names
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            items = try fields.decode("items")
            collation = try CollationChoice(fields)
            titles = try IndexTitleChoice(fields)
            names = try fields.decodeIfPresent("names") ?? false
        }

        /// The params as JSON.
        public var json: JSON {
            var object: JSONObject = ["items": items.json]
            collation.write(into: &object)
            titles.write(into: &object)
            if names { object["names"] = true }
            return .object(object)
        }
    }

    /// `{items, order}`.
    public struct Result: JSONCodable, Equatable {
        /// The items in collation order, each as it was sent.
        public var items: [SortItem]
        /// `order[k]` is the input position of `items[k]`.
        public var order: [Int]

        /// A result from its members.
        public init(items: [SortItem], order: [Int]) {
            self.items = items
            self.order = order
        }

        /// Reads the result from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            items = try fields.decode("items")
            order = try fields.decode("order")
        }

        /// The result as JSON.
        public var json: JSON { ["items": items.json, "order": order.json] }
    }
}

/// `thumbindex/partition`: items in sorted sections, with what a thumb index needs.
public enum PartitionRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/partition"

    /// `{items, locale?, style?, includeSearch?, maxIndexTitles?, names?}`: `thumbindex/sort`'s, with the index titles.
    public typealias Params = SortRequest.Params

    /// A non-empty section and its sorted items.
    public struct Section: JSONCodable, Equatable {
        /// The section's title.
        public var title: String
        /// Its position in `sectionTitles`.
        public var titleIndex: Int
        /// The section's items, in collation order, each as it was sent.
        public var items: [SortItem]

        /// A section from its members.
        public init(title: String, titleIndex: Int, items: [SortItem]) {
            self.title = title
            self.titleIndex = titleIndex
            self.items = items
        }

        /// Reads a `Section` from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            title = try fields.decode("title")
            titleIndex = try fields.decode("titleIndex")
            items = try fields.decode("items")
        }

        /// The `Section` as JSON.
        public var json: JSON { ["title": .string(title), "titleIndex": titleIndex.json, "items": items.json] }
    }

    /// `{locale, sectionTitles, sectionIndexTitles, sections, indexTargets}`.
    public struct Result: JSONCodable, Equatable {
        /// The canonical BCP 47 identifier (`sv-SE`).
        public var locale: String
        /// The section headers, in section order.
        public var sectionTitles: [String]
        /// The titles of the thumb index.
        public var sectionIndexTitles: [String]
        /// The non-empty sections, in section order.
        public var sections: [Section]
        /// For each of `sectionIndexTitles`, where touching it goes.
        public var indexTargets: [IndexTarget]

        /// A result from its members.
        public init(locale: String, sectionTitles: [String], sectionIndexTitles: [String], sections: [Section], indexTargets: [IndexTarget]) {
            self.locale = locale
            self.sectionTitles = sectionTitles
            self.sectionIndexTitles = sectionIndexTitles
            self.sections = sections
            self.indexTargets = indexTargets
        }

        /// Reads the result from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            locale = try fields.decode("locale")
            sectionTitles = try fields.decode("sectionTitles")
            sectionIndexTitles = try fields.decode("sectionIndexTitles")
            sections = try fields.decode("sections")
            indexTargets = try fields.decode("indexTargets")
        }

        /// The result as JSON.
        public var json: JSON {
            [
                "locale": .string(locale), "sectionTitles": sectionTitles.json, "sectionIndexTitles": sectionIndexTitles.json,
                "sections": sections.json, "indexTargets": indexTargets.json,
            ]
        }
    }
}

/// Where touching an index title goes: a position in the non-empty sections, the search entry (-1), or nowhere
/// (`null`: no entries).
public enum IndexTarget: JSONCodable, Equatable {
    /// A position in the non-empty sections; sent as that integer.
    case section(Int)
    /// The `{search}` entry: the top of the list; sent as `-1`.
    case search
    /// Nowhere: there are no entries; sent as `null`.
    case nothing

    /// An integer (negative for the search entry) or `null`; anything else is an error (`-32602`).
    public init(json: JSON, path: String) throws(ResponseError) {
        if json.isNull { self = .nothing; return }
        let value = try Int(json: json, path: path)
        self = value < 0 ? .search : .section(value)
    }

    /// The position, `-1` or `null`.
    public var json: JSON {
        switch self {
        case .section(let position): return .int(Int64(position))
        case .search: return .int(-1)
        case .nothing: return .null
        }
    }
}
