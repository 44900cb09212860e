import ThumbIndexJSON
import ThumbIndexProtocol

/// One method per request and document notification the server answers.
extension ThumbIndexClient {
    // MARK: Documents

    /// `textDocument/didOpen`.
    public func open(uri: String, languageId: String, version: Int = 1, text: String) throws {
        try notify(DidOpenNotification.self, .init(textDocument: TextDocumentItem(uri: uri, languageId: languageId, version: version, text: text)))
    }

    /// `textDocument/didChange`: `text` replaces `range` (nil: the whole text), bringing the document to `version`.
    public func change(uri: String, version: Int, range: PositionRange?, text: String) throws {
        try change(uri: uri, version: version, changes: [.init(range: range, text: text)])
    }

    /// `textDocument/didChange` with several changes, applied in order.
    public func change(uri: String, version: Int, changes: [DidChangeNotification.ContentChange]) throws {
        try notify(DidChangeNotification.self, .init(textDocument: .init(uri: uri, version: version), contentChanges: changes))
    }

    /// `textDocument/didClose`.
    public func close(uri: String) throws {
        try notify(DidCloseNotification.self, TextDocumentParams(uri: uri, NoParams()))
    }

    /// `workspace/didChangeConfiguration` with settings nested or dotted, e.g. `["thumbindex.outline.grouping": "sorted"]`.
    public func changeConfiguration(_ settings: JSON) throws {
        try notify(DidChangeConfigurationNotification.self, .init(settings: settings))
    }

    // MARK: Outlines

    /// `textDocument/documentSymbol`. With a `partialResultToken`, the symbols arrive in `progress` and the result is
    /// empty; with a `workDoneToken`, progress is reported there too.
    public func documentSymbols(uri: String, workDoneToken: ProgressToken? = nil, partialResultToken: ProgressToken? = nil)
        async throws -> DocumentSymbolResult
    {
        try await send(DocumentSymbolRequest.self, DocumentSymbolRequest.Params(uri: uri, workDoneToken: workDoneToken, partialResultToken: partialResultToken))
    }

    /// `workspace/didChangeWatchedFiles`: files of the workspace created, changed or deleted on disk.
    public func filesChanged(_ changes: [DidChangeWatchedFilesNotification.FileEvent]) throws {
        try notify(DidChangeWatchedFilesNotification.self, .init(changes: changes))
    }

    /// `workspace/symbol`.
    public func workspaceSymbols(query: String, collation: CollationChoice = CollationChoice()) async throws -> [SymbolInformation] {
        try await send(WorkspaceSymbolRequest.self, .init(query: query, collation: collation))
    }

    /// `thumbindex/sections`: section metadata of an open document.
    public func sections(uri: String, collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice())
        async throws -> SectionsRequest.Result
    {
        try await send(SectionsRequest.self, .init(uri: uri, .init(collation: collation, titles: titles)))
    }

    /// `thumbindex/entries`: one page of an open document's entries in sectioned order.
    public func entries(uri: String, offset: Int, limit: Int, version: Int? = nil, collation: CollationChoice = CollationChoice())
        async throws -> EntriesRequest.Result
    {
        try await send(EntriesRequest.self, .init(uri: uri, .init(offset: offset, limit: limit, version: version, collation: collation)))
    }

    /// `thumbindex/jump`: where a touch on an index title lands.
    public func jump(uri: String, to title: JumpRequest.Title, collation: CollationChoice = CollationChoice(),
                     titles: IndexTitleChoice = IndexTitleChoice()) async throws -> JumpRequest.Result {
        try await send(JumpRequest.self, .init(uri: uri, .init(title: title, collation: collation, titles: titles)))
    }

    /// `thumbindex/workspaceSections`: the sections of every entry of the workspace's files (`complete: false` while
    /// they are first read).
    public func workspaceSections(collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice())
        async throws -> SectionsRequest.Result
    {
        try await send(WorkspaceSectionsRequest.self, .init(collation: collation, titles: titles))
    }

    /// `thumbindex/workspaceEntries`: a page of the workspace's entries, each with its file's `uri`.
    public func workspaceEntries(offset: Int, limit: Int, version: Int? = nil, collation: CollationChoice = CollationChoice())
        async throws -> EntriesRequest.Result
    {
        try await send(WorkspaceEntriesRequest.self, .init(offset: offset, limit: limit, version: version, collation: collation))
    }

    /// `thumbindex/workspaceJump`: where a touch on an index title of the workspace's thumb index lands.
    public func workspaceJump(to title: JumpRequest.Title, collation: CollationChoice = CollationChoice(),
                              titles: IndexTitleChoice = IndexTitleChoice()) async throws -> JumpRequest.Result {
        try await send(WorkspaceJumpRequest.self, .init(title: title, collation: collation, titles: titles))
    }

    // MARK: Collation

    /// `thumbindex/indexTitles`.
    public func indexTitles(collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice())
        async throws -> IndexTitlesRequest.Result
    {
        try await send(IndexTitlesRequest.self, .init(collation: collation, titles: titles))
    }

    /// `thumbindex/sectionFor`: the section (a position in `sectionTitles`) of each string.
    public func sectionFor(_ strings: [String], collation: CollationChoice = CollationChoice()) async throws -> [Int] {
        try await send(SectionForRequest.self, .init(strings: strings, collation: collation)).sections
    }

    /// `thumbindex/sort`.
    public func sort(_ items: [SortItem], collation: CollationChoice = CollationChoice()) async throws -> SortRequest.Result {
        try await send(SortRequest.self, .init(items: items, collation: collation))
    }

    /// `thumbindex/partition`.
    public func partition(_ items: [SortItem], collation: CollationChoice = CollationChoice(), titles: IndexTitleChoice = IndexTitleChoice())
        async throws -> PartitionRequest.Result
    {
        try await send(PartitionRequest.self, .init(items: items, collation: collation, titles: titles))
    }
}
