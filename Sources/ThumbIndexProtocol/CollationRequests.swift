import JSONRPC
import ThumbIndexJSON

/// Section layout: `apple` (UILocalizedIndexedCollation's) or `icu` (AlphabeticIndex's).
public enum CollationStyle: String, JSONCodable, CaseIterable {
    case apple, icu

    public init(json: JSON, path: String) throws(ResponseError) {
        let name = try String(json: json, path: path)
        guard let style = CollationStyle(rawValue: name) else { throw .invalidParams("\(path) must be apple or icu, got \(name)") }
        self = style
    }

    public var json: JSON { .string(rawValue) }
}

/// The collation members a request may give (`locale?`, `style?`); absent ones are the session's.
public struct CollationChoice: Equatable, Sendable {
    public var locale: String?
    public var style: CollationStyle?

    public init(locale: String? = nil, style: CollationStyle? = nil) {
        self.locale = locale
        self.style = style
    }

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
    public var includeSearch: Bool?
    /// 1…100000: condense the titles to at most this many.
    public var maxIndexTitles: Int?

    public init(includeSearch: Bool? = nil, maxIndexTitles: Int? = nil) {
        self.includeSearch = includeSearch
        self.maxIndexTitles = maxIndexTitles
    }

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
    public static let method = "thumbindex/indexTitles"

    public struct Params: JSONCodable, Equatable {
        public var collation: CollationChoice
        public var titles: IndexTitleChoice

        public init(collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice()) {
            self.collation = collation
            self.titles = titles
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            collation = try CollationChoice(fields)
            titles = try IndexTitleChoice(fields)
        }

        public var json: JSON {
            var object = JSONObject()
            collation.write(into: &object)
            titles.write(into: &object)
            return .object(object)
        }
    }

    public struct Result: JSONCodable, Equatable {
        /// The canonical BCP 47 identifier (`sv-SE`).
        public var locale: String
        public var sectionTitles: [String]
        public var sectionIndexTitles: [String]

        public init(locale: String, sectionTitles: [String], sectionIndexTitles: [String]) {
            self.locale = locale
            self.sectionTitles = sectionTitles
            self.sectionIndexTitles = sectionIndexTitles
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            locale = try fields.decode("locale")
            sectionTitles = try fields.array("sectionTitles")
            sectionIndexTitles = try fields.array("sectionIndexTitles")
        }

        public var json: JSON {
            ["locale": .string(locale), "sectionTitles": sectionTitles.json, "sectionIndexTitles": sectionIndexTitles.json]
        }
    }
}

/// `thumbindex/sectionFor`: the section of each string (positions in `sectionTitles`).
public enum SectionForRequest: LSPRequest {
    public static let method = "thumbindex/sectionFor"

    public struct Params: JSONCodable, Equatable {
        public var strings: [String]
        public var collation: CollationChoice

        public init(strings: [String], collation: CollationChoice = CollationChoice()) {
            self.strings = strings
            self.collation = collation
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            strings = try fields.array("strings")
            collation = try CollationChoice(fields)
        }

        public var json: JSON {
            var object: JSONObject = ["strings": strings.json]
            collation.write(into: &object)
            return .object(object)
        }
    }

    public struct Result: JSONCodable, Equatable {
        public var sections: [Int]
        public init(sections: [Int]) { self.sections = sections }
        public init(json: JSON, path: String) throws(ResponseError) { sections = try Fields(json, path: path).array("sections") }
        public var json: JSON { ["sections": sections.json] }
    }
}

/// An item to sort: a string, or `{label, sortText?, data?}` collated by `sortText ?? label`. It is sent back as given.
public struct SortItem: JSONCodable, Equatable {
    /// The item as the client wrote it.
    public var json: JSON
    /// What it is collated by.
    public var collationString: String

    public init(_ string: String) {
        json = .string(string)
        collationString = string
    }

    public init(label: String, sortText: String? = nil, data: JSON? = nil) {
        var object: JSONObject = ["label": .string(label)]
        object.setIfPresent("sortText", sortText)
        object.setIfPresent("data", data)
        json = .object(object)
        collationString = sortText ?? label
    }

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
    public static let method = "thumbindex/sort"

    public struct Params: JSONCodable, Equatable {
        public var items: [SortItem]
        public var collation: CollationChoice

        public init(items: [SortItem], collation: CollationChoice = CollationChoice()) {
            self.items = items
            self.collation = collation
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            items = try fields.array("items")
            collation = try CollationChoice(fields)
        }

        public var json: JSON {
            var object: JSONObject = ["items": items.json]
            collation.write(into: &object)
            return .object(object)
        }
    }

    public struct Result: JSONCodable, Equatable {
        public var items: [SortItem]
        /// `order[k]` is the input position of `items[k]`.
        public var order: [Int]

        public init(items: [SortItem], order: [Int]) {
            self.items = items
            self.order = order
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            items = try fields.array("items")
            order = try fields.array("order")
        }

        public var json: JSON { ["items": items.json, "order": order.json] }
    }
}

/// `thumbindex/partition`: items in sorted sections, with what a thumb index needs.
public enum PartitionRequest: LSPRequest {
    public static let method = "thumbindex/partition"

    public struct Params: JSONCodable, Equatable {
        public var items: [SortItem]
        public var collation: CollationChoice
        public var titles: IndexTitleChoice

        public init(items: [SortItem], collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice()) {
            self.items = items
            self.collation = collation
            self.titles = titles
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            items = try fields.array("items")
            collation = try CollationChoice(fields)
            titles = try IndexTitleChoice(fields)
        }

        public var json: JSON {
            var object: JSONObject = ["items": items.json]
            collation.write(into: &object)
            titles.write(into: &object)
            return .object(object)
        }
    }

    public struct Section: JSONCodable, Equatable {
        public var title: String
        /// Its position in `sectionTitles`.
        public var titleIndex: Int
        public var items: [SortItem]

        public init(title: String, titleIndex: Int, items: [SortItem]) {
            self.title = title
            self.titleIndex = titleIndex
            self.items = items
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            title = try fields.decode("title")
            titleIndex = try fields.decode("titleIndex")
            items = try fields.array("items")
        }

        public var json: JSON { ["title": .string(title), "titleIndex": titleIndex.json, "items": items.json] }
    }

    public struct Result: JSONCodable, Equatable {
        public var locale: String
        public var sectionTitles: [String]
        public var sectionIndexTitles: [String]
        /// The non-empty sections, in section order.
        public var sections: [Section]
        public var indexTargets: [IndexTarget]

        public init(locale: String, sectionTitles: [String], sectionIndexTitles: [String], sections: [Section], indexTargets: [IndexTarget]) {
            self.locale = locale
            self.sectionTitles = sectionTitles
            self.sectionIndexTitles = sectionIndexTitles
            self.sections = sections
            self.indexTargets = indexTargets
        }

        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            locale = try fields.decode("locale")
            sectionTitles = try fields.array("sectionTitles")
            sectionIndexTitles = try fields.array("sectionIndexTitles")
            sections = try fields.array("sections")
            indexTargets = try fields.array("indexTargets")
        }

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
    case section(Int)
    case search
    case nothing

    public init(json: JSON, path: String) throws(ResponseError) {
        if json.isNull { self = .nothing; return }
        let value = try Int(json: json, path: path)
        self = value < 0 ? .search : .section(value)
    }

    public var json: JSON {
        switch self {
        case .section(let position): return .int(Int64(position))
        case .search: return .int(-1)
        case .nothing: return .null
        }
    }
}
