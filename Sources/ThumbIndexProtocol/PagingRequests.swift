import JSONRPC
import ThumbIndexJSON

/// The params of a request about one open document: its `textDocument` beside the members its workspace twin takes
/// (`thumbindex/sections` is `thumbindex/workspaceSections` of one document, and so are the page and the jump).
@dynamicMemberLookup
public struct DocumentParams<Members: JSONCodable & Equatable>: JSONCodable, Equatable {
    /// The open document.
    public var textDocument: TextDocumentIdentifier
    /// The other members.
    public var members: Members

    /// Params for the document `uri`.
    public init(uri: String, _ members: Members) {
        self.textDocument = TextDocumentIdentifier(uri: uri)
        self.members = members
    }

    /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        textDocument = try Fields(json, path: path).decode("textDocument")
        members = try Members(json: json, path: path)
    }

    /// The params as JSON, `textDocument` first.
    public var json: JSON {
        .object(JSONObject(CollectionOfOne(("textDocument", textDocument.json)) + (members.json.objectValue ?? [:]).map { ($0.key, $0.value) }))
    }

    /// A member of `members`, read as the params' own (`params.offset`).
    public subscript<Value>(dynamicMember member: KeyPath<Members, Value>) -> Value { members[keyPath: member] }
}

/// `thumbindex/sections`: an open document's section metadata, without its entries (fluent pagination's first call).
public enum SectionsRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/sections"

    /// `{textDocument, locale?, style?, includeSearch?, maxIndexTitles?}`: `thumbindex/indexTitles`'s, of a document.
    public typealias Params = DocumentParams<IndexTitlesRequest.Params>

    /// A non-empty section: its title, its entries' count and the position of its first entry in the sectioned order.
    public struct Section: JSONCodable, Equatable {
        /// The section's title.
        public var title: String
        /// Its position in `sectionTitles`.
        public var titleIndex: Int
        /// The number of entries in the section.
        public var count: Int
        /// The position of the section's first entry in the sectioned order: the `offset` that pages from it.
        public var offset: Int

        /// A section from its members.
        public init(title: String, titleIndex: Int, count: Int, offset: Int) {
            self.title = title
            self.titleIndex = titleIndex
            self.count = count
            self.offset = offset
        }

        /// Reads a `Section` from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            title = try fields.decode("title")
            titleIndex = try fields.decode("titleIndex")
            count = try fields.decode("count")
            offset = try fields.decode("offset")
        }

        /// The `Section` as JSON.
        public var json: JSON {
            ["title": .string(title), "titleIndex": .int(Int64(titleIndex)), "count": .int(Int64(count)), "offset": .int(Int64(offset))]
        }
    }

    /// `{version, locale, totalCount, sectionTitles, sectionIndexTitles, sections, indexTargets}`.
    public struct Result: JSONCodable, Equatable {
        /// The document version the result was computed from.
        public var version: Int
        /// The canonical BCP 47 identifier of the collation used (`sv-SE`).
        public var locale: String
        /// The number of entries in the document's outline.
        public var totalCount: Int
        /// The section headers, in section order.
        public var sectionTitles: [String]
        /// The titles of the thumb index.
        public var sectionIndexTitles: [String]
        /// The non-empty sections, in section order.
        public var sections: [Section]
        /// For each of `sectionIndexTitles`, where touching it goes.
        public var indexTargets: [IndexTarget]
        /// `thumbindex/workspaceSections` only: false while the workspace's files are first read (the sections are
        /// then empty: ask again after the progress ends).
        public var complete: Bool?

        /// A result from its members.
        public init(version: Int, locale: String, totalCount: Int, sectionTitles: [String], sectionIndexTitles: [String],
                    sections: [Section], indexTargets: [IndexTarget], complete: Bool? = nil) {
            self.complete = complete
            self.version = version
            self.locale = locale
            self.totalCount = totalCount
            self.sectionTitles = sectionTitles
            self.sectionIndexTitles = sectionIndexTitles
            self.sections = sections
            self.indexTargets = indexTargets
        }

        /// Reads the result from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            version = try fields.decode("version")
            locale = try fields.decode("locale")
            totalCount = try fields.decode("totalCount")
            sectionTitles = try fields.decode("sectionTitles")
            sectionIndexTitles = try fields.decode("sectionIndexTitles")
            sections = try fields.decode("sections")
            indexTargets = try fields.decode("indexTargets")
            complete = fields.value("complete")?.boolValue
        }

        /// The result as JSON.
        public var json: JSON {
            var object: JSONObject = [
                "version": .int(Int64(version)), "locale": .string(locale), "totalCount": .int(Int64(totalCount)),
                "sectionTitles": sectionTitles.json, "sectionIndexTitles": sectionIndexTitles.json,
                "sections": sections.json, "indexTargets": indexTargets.json,
            ]
            object.setIfPresent("complete", complete)
            return .object(object)
        }
    }
}

/// `thumbindex/entries`: one page of an open document's entries in sectioned order. A stale `version` gets
/// `-32801` (ContentModified).
public enum EntriesRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/entries"

    /// `{textDocument, offset, limit, version?, locale?, style?}`: `thumbindex/workspaceEntries`'s, of a document.
    public typealias Params = DocumentParams<WorkspaceEntriesRequest.Params>

    /// An entry of the outline.
    public struct Entry: JSONCodable, Equatable {
        /// What the outline shows.
        public var name: String
        /// A short extra text, when the entry has one.
        public var detail: String?
        /// The entry's kind.
        public var kind: SymbolKind
        /// The whole extent of the entry, in the session's position encoding.
        public var range: PositionRange
        /// The part to select when jumping to the entry.
        public var selectionRange: PositionRange
        /// Its section: a position in the non-empty `sections` of `thumbindex/sections`.
        public var section: Int
        /// `thumbindex/workspaceEntries` only: the file the entry is in.
        public var uri: String?

        /// An entry from its members.
        public init(name: String, detail: String? = nil, kind: SymbolKind, range: PositionRange, selectionRange: PositionRange, section: Int,
                    uri: String? = nil) {
            self.uri = uri
            self.name = name
            self.detail = detail
            self.kind = kind
            self.range = range
            self.selectionRange = selectionRange
            self.section = section
        }

        /// Reads an `Entry` from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            name = try fields.decode("name")
            detail = try fields.decodeIfPresent("detail")
            kind = try fields.decode("kind")
            range = try fields.decode("range")
            selectionRange = try fields.decode("selectionRange")
            section = try fields.decode("section")
            uri = try fields.decodeIfPresent("uri")
        }

        /// Writes the entry as the members of `json`, in the same order.
        func write(into stream: inout JSONStream) {
            stream.beginObject()
            if let uri { stream.key("uri"); stream.string(uri) }
            stream.key("name"); stream.string(name)
            stream.key("kind"); stream.int(kind.rawValue)
            stream.key("range"); range.write(into: &stream)
            stream.key("selectionRange"); selectionRange.write(into: &stream)
            stream.key("section"); stream.int(section)
            if let detail { stream.key("detail"); stream.string(detail) }
            stream.endObject()
        }

        /// The `Entry` as JSON (the text `write(into:)` writes).
        public var json: JSON {
            var stream = JSONStream(capacity: 256)
            write(into: &stream)
            return .streamed(stream.finish())
        }
    }

    /// `{version, totalCount, offset, entries}`.
    public struct Result: JSONCodable, Equatable {
        /// The document version the page was computed from.
        public var version: Int
        /// The number of entries in the whole outline.
        public var totalCount: Int
        /// The offset asked for.
        public var offset: Int
        /// Up to `limit` entries from `offset`, in sectioned order; none past the end.
        public var entries: [Entry]

        /// A result from its members.
        public init(version: Int, totalCount: Int, offset: Int, entries: [Entry]) {
            self.version = version
            self.totalCount = totalCount
            self.offset = offset
            self.entries = entries
        }

        /// Reads the result from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            version = try fields.decode("version")
            totalCount = try fields.decode("totalCount")
            offset = try fields.decode("offset")
            entries = try fields.decode("entries")
        }

        /// The result as JSON, written straight to text: a page is what an editor asks for while scrolling, and a
        /// value tree of 200 entries would cost more than finding them.
        public var json: JSON {
            var stream = JSONStream(capacity: 160 * entries.count + 64)
            stream.beginObject()
            stream.key("version"); stream.int(version)
            stream.key("totalCount"); stream.int(totalCount)
            stream.key("offset"); stream.int(offset)
            stream.key("entries")
            stream.beginArray()
            for entry in entries { entry.write(into: &stream) }
            stream.endArray()
            stream.endObject()
            return .streamed(stream.finish())
        }
    }
}

/// `thumbindex/jump`: where a touch on an index title lands.
public enum JumpRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/jump"

    /// Which index title was touched: by its text, or by its position (for repeated titles such as `•`).
    public enum Title: Equatable, Sendable {
        /// By its text (`indexTitle`).
        case title(String)
        /// By its position in the index titles (`index`).
        case index(Int)

        /// The title of params: `indexTitle` (a string) or `index` (an integer).
        init(_ fields: Fields, path: String) throws(ResponseError) {
            if let text: String = try fields.decodeIfPresent("indexTitle") {
                self = .title(text)
            } else if let index = try fields.intIfPresent("index", in: Int.min ... Int.max) {
                self = .index(index)
            } else {
                throw .invalidParams("\(path) needs indexTitle (a string) or index (an integer)")
            }
        }

        /// Writes `indexTitle` or `index` into params.
        func write(into object: inout JSONObject) {
            switch self {
            case .title(let text): object["indexTitle"] = .string(text)
            case .index(let index): object["index"] = .int(Int64(index))
            }
        }
    }

    /// `{textDocument, indexTitle | index, locale?, style?, includeSearch?, maxIndexTitles?}`:
    /// `thumbindex/workspaceJump`'s, of a document.
    public typealias Params = DocumentParams<WorkspaceJumpRequest.Params>

    /// Where the touch lands: `{section, title, offset, location}`, `{search: true}`, or `null`.
    public enum Result: JSONCodable, Equatable {
        /// The first entry of the nearest non-empty section: its position in the non-empty sections, that section's
        /// title, the entry's offset in the sectioned order and its location.
        case section(section: Int, title: String, offset: Int, location: Location)
        /// The `{search}` entry: scroll to the top.
        case search
        /// The document has no entries.
        case nothing

        /// Reads the result from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            if json.isNull { self = .nothing; return }
            let fields = try Fields(json, path: path)
            if fields.value("search")?.boolValue == true { self = .search; return }
            self = .section(section: try fields.decode("section"), title: try fields.decode("title"),
                            offset: try fields.decode("offset"), location: try fields.decode("location"))
        }

        /// The result as JSON.
        public var json: JSON {
            switch self {
            case .nothing: return .null
            case .search: return ["search": true]
            case .section(let section, let title, let offset, let location):
                return ["section": .int(Int64(section)), "title": .string(title), "offset": .int(Int64(offset)), "location": location.json]
            }
        }
    }
}
