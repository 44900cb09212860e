import Collation
import JSONRPC
import Outlines
import ThumbIndexJSON
import ThumbIndexProtocol

/// A jump to a letter through standard LSP, for a client with no ThumbIndex plugin: a code action per letter of the
/// thumb index that has entries ("Go to M"), the same letters as code lenses on the first line, each running
/// `thumbindex.jump`, which lands where `thumbindex/jump` does and moves the client's cursor there.
extension LanguageServer {
    /// The command the code actions and lenses run.
    static let jumpCommand = "thumbindex.jump"

    /// The sorts of the document's entries (`SortActions.swift`), then a jump to each letter (actions of no kind:
    /// left out when the client asks for kinds).
    static func codeActions(_ context: RequestContext, _ params: CodeActionRequest.Params) throws(ResponseError) -> Handled<[CodeActionRequest.CodeAction]> {
        let sorts = try sortActions(context, params)
        guard params.only == nil else { return .done(sorts) }
        return try letters(context, params.textDocument).map { letters in
            sorts + letters.map { .init(title: "Go to \($0.command.title) (\($0.count == 1 ? "1 entry" : "\($0.count) entries"))", command: $0.command) }
        }
    }

    static func codeLenses(_ context: RequestContext, _ params: CodeLensRequest.Params) throws(ResponseError) -> Handled<[CodeLensRequest.CodeLens]> {
        let top = PositionRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
        return try letters(context, params.textDocument).map { letters in letters.map { .init(range: top, command: $0.command) } }
    }

    /// The index titles of a document whose own section has entries, each with that count and the jump to it (by the
    /// title's position: titles may repeat).
    private static func letters(_ context: RequestContext, _ document: TextDocumentIdentifier) throws(ResponseError) -> Handled<[(command: Command, count: Int)]> {
        try context.sectionLayout(document, CollationChoice()).map { layout throws(ResponseError) in
            let titles = try context.indexTitles(layout.collation, IndexTitleChoice())
            let counts = Dictionary(uniqueKeysWithValues: layout.sections.map { ($0.titleIndex, $0.count) })
            return titles.targets.enumerated().compactMap { position, target in
                guard case .section(let section) = target, let count = counts[section] else { return nil }
                let jump = JumpRequest.Params(uri: document.uri, .init(title: .index(position)))
                return (Command(title: titles.titles[position], command: jumpCommand, arguments: [jump.json]), count)
            }
        }
    }

    /// `workspace/executeCommand` of `thumbindex.jump`: the `Location` the jump lands on (null when the document has
    /// no entries), shown to the client with `window/showDocument` when it can.
    static func executeCommand(_ context: RequestContext, _ params: ExecuteCommandRequest.Params) throws(ResponseError) -> Handled<JSON> {
        if params.command == sortCommand { return try runSort(context, params.arguments) }
        guard params.command == jumpCommand else {
            throw .invalidParams("params.command \(params.command) is not a command of thumbindex (it runs \(jumpCommand) and \(sortCommand))")
        }
        guard let argument = params.arguments.first else { throw .invalidParams("params.arguments[0] is missing: \(jumpCommand) takes thumbindex/jump's params") }
        let jumpParams = try JumpRequest.Params(json: argument, path: "params.arguments[0]")
        return try jump(context, jumpParams).map { result in
            guard case .section(_, _, _, let location) = result else { return .null }
            let server = context.server
            if server.client.showDocument {
                // The cursor at the entry's name (the selection's start), as a symbol picker puts it.
                let start = location.range.start
                let show = ShowDocumentRequest.Params(uri: location.uri, selection: PositionRange(start: start, end: start))
                let id = RequestID.string("show-\(server.progressTokens.next())")
                server.send(.request(Request(id: id, method: ShowDocumentRequest.method, params: show.json)))
            }
            return location.json
        }
    }
}
