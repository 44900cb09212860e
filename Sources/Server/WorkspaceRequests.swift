import Collation
import Entries
import JSONRPC
import Outlines
import ThumbIndexProtocol

extension LanguageServer {
    /// `thumbindex/workspaceSections`: the sections of every entry of the workspace's files.
    static func workspaceSections(_ context: RequestContext, _ params: WorkspaceSectionsRequest.Params) throws(ResponseError) -> SectionsRequest.Result {
        let collation = try context.collation(params.collation)
        let titles = try context.indexTitles(collation, params.titles)
        return try context.withWorkspaceIndex(collation) { index, complete in
            sectionsResult(index, version: index.generation, totalCount: index.count, titles: titles, complete: complete)
        }
    }

    /// `thumbindex/workspaceEntries`: a page of the workspace's entries, each with its file.
    static func workspaceEntries(_ context: RequestContext, _ params: WorkspaceEntriesRequest.Params) throws(ResponseError) -> EntriesRequest.Result {
        let collation = try context.collation(params.collation)
        return try context.withWorkspaceIndex(collation) { index, _ throws(ResponseError) in
            if let version = params.version, version != index.generation {
                throw .contentModified("the workspace is at version \(index.generation), not \(version)")
            }
            let positions = Dictionary(uniqueKeysWithValues: index.sections.enumerated().map { ($1.titleIndex, $0) })
            let end = params.offset + min(params.limit, max(0, index.count - params.offset))
            let entries = index.items(params.offset ..< max(params.offset, end)).map { found in
                let file = index.file(of: found.item), k = Int(found.item.entry)
                return EntriesRequest.Entry(name: file.name(k), detail: file.detail(k), kind: SymbolKind(rawValue: file.kind(k)),
                                            range: PositionRange(file.range(k)), selectionRange: PositionRange(file.selection(k)),
                                            section: positions[found.section] ?? 0, uri: file.uri)
            }
            return .init(version: index.generation, totalCount: index.count, offset: params.offset, entries: entries)
        }
    }

    /// `thumbindex/workspaceJump`: where a touch on an index title of the workspace's thumb index lands.
    static func workspaceJump(_ context: RequestContext, _ params: WorkspaceJumpRequest.Params) throws(ResponseError) -> JumpRequest.Result {
        let collation = try context.collation(params.collation)
        let titles = try context.indexTitles(collation, params.titles)
        let position = try titlePosition(params.title, in: titles, collation: collation)
        return try context.withWorkspaceIndex(collation) { index, _ throws(ResponseError) in
            try jumpResult(index, to: position, in: titles) { offset in
                let first = index.items(offset ..< offset + 1)[0].item, file = index.file(of: first)
                return Location(uri: file.uri, range: PositionRange(file.selection(Int(first.entry))))
            }
        }
    }
}

extension RequestContext {
    /// Runs `body` with the workspace's thumb index under `collation` (kept for the session's collation, made for this
    /// request under another) and whether the files are all read. The files of open documents are first brought up
    /// to the editor's text, and those of documents closed since to what is on disk (`WorkspaceFiles.follow`).
    ///
    /// - Throws: `-32600` when no workspace folder is read (none given, `/` or the home directory, or the setting off).
    func withWorkspaceIndex<T>(
        _ collation: IndexedCollation, _ body: (WorkspaceIndex, _ complete: Bool) throws(ResponseError) -> T
    ) throws(ResponseError) -> T {
        guard let files = server.workspaceFiles else {
            throw .invalidRequest("no workspace folder is read: the client gave none, or only / or the home directory, or thumbindex.workspace.index is false")
        }
        try check()
        let documents = server.documents
        for note in files.follow(openDocuments: documents.allDocuments, isOpen: documents.isOpen) { server.log(.info, note) }
        let (kept, complete) = files.withIndex { ($0, $1) }
        // The same collation comes from the same cache entry, with the same collator.
        if kept.collation.collator === collation.collator, kept.collation.style == collation.style { return try body(kept, complete) }
        let index = try sorting { () throws(CollationError) in try WorkspaceIndex(collation: collation, files: complete ? files.all : []) }
        return try body(index, complete)
    }
}
