import JSONRPC
import ThumbIndexClient
import ThumbIndexJSON
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// A request that finds its document's index being built or updated by another request leaves and runs again once
/// that is done. Whatever it sends must obey LSP's rules as if it had run once: nothing before it can be answered, one
/// work-done `begin` and one `end` with the reports between, every entry in exactly one part, the parts in order.
///
/// The build or update is held at a gate. "Nothing before" is an order of events: once the request has left its
/// handler, a marker request on another document is answered with a part of its own; anything the held request had
/// sent would be in the client's progress stream before that part. A second marker after the held request's answer
/// closes what it sent.
final class DeferredTokensTests: XCTestCase {
    /// What holds the request: its document's first build, a build after an edit (no index yet), or an index
    /// catching up on an edit.
    enum Hold: String, CaseIterable { case build, buildAfterEdit, update }

    enum Kind: CustomStringConvertible {
        case sections, entries, jump, sortResolve
        case symbols(grouping: String, hierarchical: Bool, workDone: Bool, partial: Bool)

        var description: String {
            switch self {
            case .sections: "sections"
            case .entries: "entries"
            case .jump: "jump"
            case .sortResolve: "codeAction/resolve of a sort"
            case .symbols(let grouping, let hierarchical, let workDone, let partial):
                "documentSymbol \(grouping)\(hierarchical ? "" : " flat")\(workDone ? " workDone" : "")\(partial ? " partial" : "")"
            }
        }
    }

    static let kinds: [Kind] = [.sections, .entries, .jump, .sortResolve] + [("sections", true), ("sorted", true), ("sections", false)].flatMap { grouping, hierarchical in
        [(false, false), (true, false), (false, true), (true, true)].map {
            Kind.symbols(grouping: grouping, hierarchical: hierarchical, workDone: $0.0, partial: $0.1)
        }
    }

    let uri = "file:///held.txt", marker = "file:///marker.txt", count = 4_000

    func testEveryRequestAndTokenCombinationSendsEachThingOnceAfterItWaited() async throws {
        for hold in Hold.allCases {
            for kind in Self.kinds {
                try await check(kind, heldBy: hold)
            }
        }
    }

    private func check(_ kind: Kind, heldBy hold: Hold) async throws {
        let context = "\(kind), held by \(hold)"
        let building = Gate(), updating = Gate(), deferred = Gate(), answered = Gate()
        var hierarchical = true, grouping = "sections"
        if case .symbols(let g, let h, _, _) = kind { (grouping, hierarchical) = (g, h) }
        let uri = self.uri
        var initialize = InitializeRequest.Params(positionEncodings: ["utf-16"], hierarchicalDocumentSymbols: hierarchical)
        initialize.codeActionResolve = true
        let pair = try await InProcessPair.start(
            locale: "sv_SE", initialize: initialize,
            instrumentation: ServerInstrumentation(
                deferred: { deferred.arrive($0) }, willBuild: { if $0 == uri { building.pass($0) } },
                willUpdate: { if $0 == uri { updating.pass($0) } }))
        let client = pair.client
        if grouping != "sections" { try client.changeConfiguration(["thumbindex.outline.grouping": .string(grouping)]) }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ")
        let lines = (0 ..< count).map { "\(letters[($0 * 7) % letters.count])namn \($0)" }
        try client.open(uri: uri, languageId: "plaintext", version: 1, text: lines.joined(separator: "\n") + "\n")
        try client.open(uri: marker, languageId: "plaintext", version: 1, text: "Östen\nAnna\n")
        let edit = { try client.change(uri: uri, version: 2, range: PositionRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 1)), text: "Ö") }
        switch hold {
        case .build:
            break
        case .buildAfterEdit:
            try edit()
        case .update:
            building.open()
            _ = try await withDeadline("the index, \(context)") { try await client.jump(uri: uri, to: .title("A")) }
            try edit()
        }
        let version = hold == .build ? 1 : 2
        // A sort's action is listed with nothing of the index: it waits only when resolved.
        let sortAction = try await client.send(CodeActionRequest.self, .init(uri: uri, only: ["source"]))[0]
        // The request that makes the index (or brings it up to the edit), held inside that work.
        let holder = Task { try await client.jump(uri: uri, to: .title("B")) }
        try await waitUntil("the build or update to start, \(context)") { (hold == .update ? updating : building).arrivals.count == 1 }

        let held = Task { () throws -> JSON in
            defer { answered.arrive("answer") }
            switch kind {
            case .sections: return try await client.sections(uri: uri).json
            case .entries: return try await client.entries(uri: uri, offset: 2_500, limit: 30, version: version).json
            case .jump: return try await client.jump(uri: uri, to: .title("Ö")).json
            case .sortResolve: return try await client.send(CodeActionResolveRequest.self, sortAction).json
            case .symbols(_, _, let workDone, let partial):
                return try await client.documentSymbols(uri: uri, workDoneToken: workDone ? .string("work") : nil,
                                                        partialResultToken: partial ? .string("part") : nil).json
            }
        }
        try await waitUntil("the request to leave for the held work or be answered, \(context)") {
            deferred.arrivals.count == 1 || answered.arrivals.count == 1
        }
        if case .sections = kind {} else {
            XCTAssertEqual(deferred.arrivals.count, 1, "needing the index, the request waits for it: \(context)")
        }
        let before = try await progress(of: client, through: "marker-1", context)
        XCTAssertEqual(before.filter(isTested).count, 0, "nothing is sent before the request can be answered: \(context)")

        building.open()
        updating.open()
        _ = try await withDeadline("the holder, \(context)") { try await holder.value }
        let answer = try await withDeadline("the held request, \(context)") { try await held.value }
        // All the request sent, whenever it sent it, is held to the rules.
        let sent = try await (before + progress(of: client, through: "marker-2", context)).filter(isTested)
        XCTAssertLessThanOrEqual(deferred.arrivals.count, 1, "it waited once: \(context)")

        switch kind {
        case .sections:
            let again = try await client.sections(uri: uri)
            XCTAssertEqual(answer, again.json, context)
        case .entries:
            let again = try await client.entries(uri: uri, offset: 2_500, limit: 30, version: version)
            XCTAssertEqual(answer, again.json, context)
            XCTAssertEqual(again.totalCount, count, context)
        case .jump:
            let again = try await client.jump(uri: uri, to: .title("Ö"))
            XCTAssertEqual(answer, again.json, context)
        case .sortResolve:
            let again = try await client.send(CodeActionResolveRequest.self, sortAction)
            XCTAssertEqual(answer, again.json, context)
            XCTAssertEqual(again.edit?.changes[uri]?.count, 1, "one edit, the sorted lines: \(context)")
        case .symbols(_, _, let workDone, let partial):
            let whole = try await client.documentSymbols(uri: uri).decoded()
            XCTAssertEqual(Self.entries(in: whole), count, "the whole outline: \(context)")
            let work = sent.filter { $0.token == .string("work") }.map { $0.value["kind"]?.stringValue ?? "?" }
            if workDone {
                XCTAssertEqual(work.first, "begin", "work-done progress begins first: \(context)")
                XCTAssertEqual(work.last, "end", "and ends last: \(context)")
                XCTAssertEqual(work.filter { $0 == "begin" }.count, 1, "one begin: \(context): \(work)")
                XCTAssertEqual(work.filter { $0 == "end" }.count, 1, "one end: \(context): \(work)")
                XCTAssertEqual(Set(work.dropFirst().dropLast()).subtracting(["report"]), [], "reports between: \(context)")
            } else {
                XCTAssertEqual(work, [], context)
            }
            let parts = sent.filter { $0.token == .string("part") }
            if partial {
                XCTAssertEqual(try DocumentSymbolResult(json: answer, path: "result"), .symbols([]), "what went in parts is not answered again: \(context)")
                var joined = DocumentSymbolResult.symbols([])
                for part in parts {
                    switch (joined, try DocumentSymbolResult(json: part.value, path: "value")) {
                    case (.symbols(let all), .symbols(let more)): joined = .symbols(all + more)
                    case (.symbols(let all), .information(let more)) where all.isEmpty: joined = .information(more)
                    case (.information(let all), .information(let more)): joined = .information(all + more)
                    default: XCTFail("parts of two shapes: \(context)")
                    }
                }
                XCTAssertEqual(Self.entries(in: joined), count, "every entry in exactly one part: \(context)")
                XCTAssertEqual(joined, whole, "the parts, in order, are the outline: \(context)")
            } else {
                XCTAssertEqual(parts.count, 0, context)
                XCTAssertEqual(try DocumentSymbolResult(json: answer, path: "result"), whole, context)
            }
        }
        try await pair.client.shutdown()
    }

    private func isTested(_ progress: ProgressNotification.Params) -> Bool {
        progress.token == .string("work") || progress.token == .string("part")
    }

    /// The progress the client received up to a marker: a `documentSymbol` of the marker document sent now, its
    /// symbols in a part of the marker's token (sent after anything the server sent before this request came).
    private func progress(
        of client: ThumbIndexClient, through token: String, _ context: String
    ) async throws -> [ProgressNotification.Params] {
        let marker = self.marker
        _ = try await withDeadline("the \(token) request, \(context)") {
            try await client.documentSymbols(uri: marker, partialResultToken: .string(token))
        }
        return try await collectElements(of: client.progress, "the \(token) part, \(context)") { $0.token == .string(token) }
    }

    /// Entries in an outline: a section's children, or the symbols themselves when they are entries.
    private static func entries(in result: DocumentSymbolResult) -> Int {
        switch result {
        case .symbols(let symbols): symbols.reduce(0) { $0 + ($1.kind == .namespace ? ($1.children?.count ?? 0) : 1) }
        case .information(let symbols): symbols.count
        case .written: -1
        }
    }
}
