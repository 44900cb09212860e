import JSONRPC
import ThumbIndexJSON

/// `thumbindex/workspaceSections`: the thumb index of the whole workspace — every entry of every file of the workspace
/// folders the server reads (see `workspace/symbol`), as one sectioned outline. The result is `thumbindex/sections`'s,
/// with `complete: false` while the files are first read; `version` counts the workspace's changes.
public enum WorkspaceSectionsRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/workspaceSections"
    /// As `thumbindex/sections`, plus `complete`.
    public typealias Result = SectionsRequest.Result

    /// `{locale?, style?, includeSearch?, maxIndexTitles?}`, as `thumbindex/indexTitles`'s.
    public typealias Params = IndexTitlesRequest.Params
}

/// `thumbindex/workspaceEntries`: a page of the workspace's entries in sectioned order, each with its file's `uri`. A
/// `version` other than the workspace's is refused (`-32801`): a file changed since the client's sections.
public enum WorkspaceEntriesRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/workspaceEntries"
    /// As `thumbindex/entries`, each entry with `uri`.
    public typealias Result = EntriesRequest.Result

    /// `{offset, limit, version?, locale?, style?}`.
    public struct Params: JSONCodable, Equatable {
        /// 0…2147483647.
        public var offset: Int
        /// 0…100000.
        public var limit: Int
        /// The version the client's sections came from.
        public var version: Int?
        /// The collation to section it under.
        public var collation: CollationChoice

        /// Params for a page; the default collation is the session's.
        public init(offset: Int, limit: Int, version: Int? = nil, collation: CollationChoice = CollationChoice()) {
            self.offset = offset
            self.limit = limit
            self.version = version
            self.collation = collation
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            offset = try fields.int("offset")
            limit = try fields.int("limit", in: 0 ... 100_000)
            version = try fields.intIfPresent("version", in: Int(Int32.min) ... Int(Int32.max))
            collation = try CollationChoice(fields)
        }

        /// The params as JSON.
        public var json: JSON {
            var object: JSONObject = ["offset": .int(Int64(offset)), "limit": .int(Int64(limit))]
            object.setIfPresent("version", version)
            collation.write(into: &object)
            return .object(object)
        }
    }
}

/// `thumbindex/workspaceJump`: where a touch on an index title of the workspace's thumb index lands (its `location`
/// names the file).
public enum WorkspaceJumpRequest: LSPRequest {
    /// The method name.
    public static let method = "thumbindex/workspaceJump"
    /// As `thumbindex/jump`.
    public typealias Result = JumpRequest.Result

    /// `{indexTitle | index, locale?, style?, includeSearch?, maxIndexTitles?}`.
    public struct Params: JSONCodable, Equatable {
        /// The touched index title.
        public var title: JumpRequest.Title
        /// The collation to section it under.
        public var collation: CollationChoice
        /// How the index titles were drawn, so that `index` means the same title.
        public var titles: IndexTitleChoice

        /// Params; the defaults leave everything to the session.
        public init(title: JumpRequest.Title, collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice()) {
            self.title = title
            self.collation = collation
            self.titles = titles
        }

        /// Reads the params from JSON; an error (`-32602`) names the path of the bad member.
        public init(json: JSON, path: String) throws(ResponseError) {
            let fields = try Fields(json, path: path)
            collation = try CollationChoice(fields)
            titles = try IndexTitleChoice(fields)
            title = try JumpRequest.Title(fields, path: path)
        }

        /// The params as JSON.
        public var json: JSON {
            var object = JSONObject()
            title.write(into: &object)
            collation.write(into: &object)
            titles.write(into: &object)
            return .object(object)
        }
    }
}
