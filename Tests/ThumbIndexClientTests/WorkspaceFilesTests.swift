import Foundation
import ThumbIndexClient
import ThumbIndexJSON
import ThumbIndexProtocol
import ThumbIndexTestSupport
import JSONRPC
import XCTest

/// `workspace/symbol` searches the files of the workspace folders, not only the open documents, and follows them as
/// they are created, changed and deleted on disk.
final class WorkspaceFilesTests: XCTestCase {
    private let disk = WorkspaceFolderFixture()
    private var folder: URL { disk.url }

    override func setUpWithError() throws {
        try write("contacts/anna.vcf", card("Lindqvist", "Anna"))
        try write("contacts/olle.vcf", card("Öberg", "Olle"))
        try write("notes/ideas.md", "# Åsa notes\n\n## Zeta\n")
        try write(".hidden/secret.md", "# Hidden\n")
        try write("node_modules/pkg/readme.md", "# Skipped\n")
        try write("notes/picture.png", "not read: no extension a format names\n")
        try write("a-empty.md", "no headings: a file of no entries, first in path order\n")
        try write("notes/zz-empty.md", "")
    }

    override func tearDownWithError() throws { disk.removeAll() }

    private func card(_ family: String, _ given: String) -> String { WorkspaceFolderFixture.card(family, given) }
    private func write(_ path: String, _ text: String) throws { try disk.write(path, text) }
    private func uri(_ path: String) -> String { disk.uri(path) }

    private func start(_ read: Gate, options: JSON? = nil, folders: [String]? = nil) async throws -> InProcessPair {
        let params = InitializeRequest.Params(positionEncodings: ["utf-16"], initializationOptions: options,
                                              workspaceFolders: folders ?? [folder.absoluteString], watchedFilesRegistration: true)
        return try await InProcessPair.start(locale: "sv_SE", initialize: params,
                                             instrumentation: .init(workspaceRead: { read.arrive("read") }))
    }

    private func names(_ pair: InProcessPair, _ query: String) async throws -> [String] {
        try await withDeadline("workspace/symbol \(query)") { try await pair.client.workspaceSymbols(query: query) }.map(\.name)
    }

    func testTheFilesOfTheFolderAreSearchedAndFollowed() async throws {
        let read = Gate()
        let pair = try await start(read)
        try await waitUntil("the workspace's files to be read") { read.arrivals.count == 1 }
        // Sent before the read starts, but received by the client on its own thread: waited for, then counted.
        let registrations = { pair.client.serverRequests.filter { $0 == RegisterCapabilityRequest.method }.count }
        try await waitUntil("the files to be watched") { registrations() >= 1 }
        XCTAssertEqual(registrations(), 1, "the files are watched once")
        // Swedish order (L, Z, Å, Ö); hidden folders, build folders and unknown extensions are not read.
        let all = try await names(pair, "")
        XCTAssertEqual(all, ["Anna Lindqvist", "Zeta", "Åsa notes", "Olle Öberg"])
        do { let found = try await names(pair, "öb"); XCTAssertEqual(found, ["Olle Öberg"]) }
        let symbols = try await pair.client.workspaceSymbols(query: "zeta")
        XCTAssertEqual(symbols.map(\.location.uri), [uri("notes/ideas.md")])
        XCTAssertEqual(symbols.first?.location.range.start.line, 2)

        // An open document counts with the editor's text, not the file's.
        try pair.client.open(uri: uri("notes/ideas.md"), languageId: "markdown", version: 1, text: "# Beta\n")
        do { let found = try await names(pair, ""); XCTAssertEqual(found, ["Beta", "Anna Lindqvist", "Olle Öberg"]) }
        try pair.client.close(uri: uri("notes/ideas.md"))

        // Created, changed, deleted on disk.
        try write("contacts/new.vcf", card("Berg", "Bo"))
        try write("contacts/olle.vcf", card("Ek", "Olle"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("contacts/anna.vcf"))
        try pair.client.filesChanged([.init(uri: uri("contacts/new.vcf"), type: .created), .init(uri: uri("contacts/olle.vcf"), type: .changed),
                                      .init(uri: uri("contacts/anna.vcf"), type: .deleted)])
        do { let found = try await names(pair, ""); XCTAssertEqual(found, ["Bo Berg", "Olle Ek", "Zeta", "Åsa notes"]) }
        // A folder deleted takes its files along; a file a scan would not read is not read when it changes.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("notes"))
        try write(".hidden/secret.md", "# Still hidden\n")
        try pair.client.filesChanged([.init(uri: uri("notes"), type: .deleted), .init(uri: uri(".hidden/secret.md"), type: .changed)])
        do { let found = try await names(pair, ""); XCTAssertEqual(found, ["Bo Berg", "Olle Ek"]) }
    }

    func testTheWorkspacesThumbIndexPagesAndJumpsAcrossFiles() async throws {
        let read = Gate()
        let pair = try await start(read)
        try await waitUntil("the workspace's files to be read") { read.arrivals.count == 1 }
        let sections = try await withDeadline("workspaceSections") { try await pair.client.workspaceSections() }
        XCTAssertEqual(sections.complete, true)
        XCTAssertEqual(sections.version, 1, "the first index is made at once, not a file at a time")
        XCTAssertEqual(sections.totalCount, 4)
        XCTAssertEqual(sections.sections.map(\.title), ["L", "Z", "Å", "Ö"])
        let page = try await withDeadline("workspaceEntries") { try await pair.client.workspaceEntries(offset: 1, limit: 10, version: sections.version) }
        XCTAssertEqual(page.entries.map(\.name), ["Zeta", "Åsa notes", "Olle Öberg"])
        XCTAssertEqual(page.entries.map(\.uri), [uri("notes/ideas.md"), uri("notes/ideas.md"), uri("contacts/olle.vcf")])
        XCTAssertEqual(page.entries.map(\.section), [1, 2, 3])
        XCTAssertEqual(page.entries.first?.selectionRange.start.line, 2)
        // M has no entries: the touch lands on the last section before it, L, at its first entry.
        let jump = try await withDeadline("workspaceJump") { try await pair.client.workspaceJump(to: .title("M")) }
        let first = try await pair.client.workspaceEntries(offset: 0, limit: 1).entries[0]
        XCTAssertEqual(jump, .section(section: 0, title: "L", offset: 0, location: Location(uri: uri("contacts/anna.vcf"), range: first.selectionRange)))

        // A file changed on disk changes the sections, and a page of the sections before is refused.
        try write("contacts/new.vcf", card("Berg", "Bo"))
        try pair.client.filesChanged([.init(uri: uri("contacts/new.vcf"), type: .created)])
        let after = try await withDeadline("workspaceSections after a change") { try await pair.client.workspaceSections() }
        XCTAssertEqual(after.sections.map(\.title), ["B", "L", "Z", "Å", "Ö"])
        XCTAssertNotEqual(after.version, sections.version)
        do {
            _ = try await pair.client.workspaceEntries(offset: 0, limit: 1, version: sections.version)
            XCTFail("a page of a version the workspace has left must be refused")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .contentModified)
        }
        // The same through a PagedArray, refreshed after the change.
        let paged = try await withDeadline("pagedWorkspaceEntries") { try await pair.client.pagedEntries(uri: nil, pageSize: 2) }
        XCTAssertEqual(paged.count, 5)
        let last = try await withDeadline("the last element") { try await paged.element(at: 4) }
        XCTAssertEqual(last.name, "Olle Öberg")
        XCTAssertEqual(last.uri, uri("contacts/olle.vcf"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("contacts/new.vcf"))
        try pair.client.filesChanged([.init(uri: uri("contacts/new.vcf"), type: .deleted)])
        let refreshed = try await withDeadline("refresh") { try await paged.refresh() }
        XCTAssertEqual(refreshed.count, 4)
        // Another locale gets an index of its own: under German, Ö sorts with O and Å with A.
        let german = try await withDeadline("workspaceSections under de") { try await pair.client.workspaceSections(collation: .init(locale: "de")) }
        XCTAssertEqual(german.sections.map(\.title), ["A", "L", "O", "Z"])
    }

    /// The workspace's thumb index counts an open document with the editor's text (saved or not, edited, a file not on
    /// disk yet), leaves it alone when its file changes on disk, and reads the disk again once it is closed.
    func testOpenDocumentsCountInTheWorkspacesThumbIndexWithTheirUnsavedText() async throws {
        let read = Gate()
        let pair = try await start(read)
        try await waitUntil("the workspace's files to be read") { read.arrivals.count == 1 }
        let names = { () async throws -> [String] in
            try await withDeadline("workspaceEntries") { try await pair.client.workspaceEntries(offset: 0, limit: 100) }.entries.map(\.name)
        }
        do { let all = try await names(); XCTAssertEqual(all, ["Anna Lindqvist", "Zeta", "Åsa notes", "Olle Öberg"]) }

        try pair.client.open(uri: uri("notes/ideas.md"), languageId: "markdown", version: 1, text: "# Beta\n\n## Zeta\n")
        try pair.client.open(uri: uri("notes/draft.md"), languageId: "markdown", version: 1, text: "# Ceder\n")
        let sections = try await withDeadline("workspaceSections") { try await pair.client.workspaceSections() }
        XCTAssertEqual(sections.sections.map(\.title), ["B", "C", "L", "Z", "Ö"], "the unsaved text and the file not on disk count")
        let page = try await withDeadline("workspaceEntries") { try await pair.client.workspaceEntries(offset: 0, limit: 2) }
        XCTAssertEqual(page.entries.map(\.uri), [uri("notes/ideas.md"), uri("notes/draft.md")])

        // An edit counts; the file changed on disk meanwhile does not, while the document is open.
        try pair.client.change(uri: uri("notes/ideas.md"), version: 2, range: PositionRange(start: .init(line: 0, character: 2), end: .init(line: 0, character: 6)), text: "Dora")
        try write("notes/ideas.md", "# Saved elsewhere\n")
        try pair.client.filesChanged([.init(uri: uri("notes/ideas.md"), type: .changed)])
        do { let all = try await names(); XCTAssertEqual(all, ["Ceder", "Dora", "Anna Lindqvist", "Zeta", "Olle Öberg"]) }
        do { let found = try await self.names(pair, "dora"); XCTAssertEqual(found, ["Dora"]) }

        // Closed: the disk's text again, and the unsaved file is gone (for workspace/symbol too).
        try pair.client.close(uri: uri("notes/ideas.md"))
        try pair.client.close(uri: uri("notes/draft.md"))
        do { let found = try await self.names(pair, "c"); XCTAssertEqual(found, []) }
        do { let all = try await names(); XCTAssertEqual(all, ["Anna Lindqvist", "Saved elsewhere", "Olle Öberg"]) }
    }

    func testFoldersAddedAndRemovedAreReadAndForgotten() async throws {
        let read = Gate()
        let other = folder.appendingPathComponent("elsewhere")
        try write("elsewhere/ellen.vcf", card("Ek", "Ellen"))
        let pair = try await start(read, folders: [folder.appendingPathComponent("notes").absoluteString])
        try await waitUntil("the first folder to be read") { read.arrivals.count == 1 }
        do { let found = try await names(pair, ""); XCTAssertEqual(found, ["Zeta", "Åsa notes"]) }
        try pair.client.notify(DidChangeWorkspaceFoldersNotification.self, .init(added: [other.absoluteString],
                                                                                 removed: [folder.appendingPathComponent("notes").absoluteString]))
        try await waitUntil("the new set of folders to be read") { read.arrivals.count == 2 }
        do { let found = try await names(pair, ""); XCTAssertEqual(found, ["Ellen Ek"]) }
        XCTAssertEqual(pair.client.serverRequests.filter { $0 == RegisterCapabilityRequest.method }.count, 1, "the watch is registered once")
    }

    func testAPickerGetsTheFirstFiveThousandSymbolsInOrder() async throws {
        let read = Gate()
        try write("notes/many.txt", (0 ..< 6_000).map { "Namn \(String(format: "%04d", 5_999 - $0))" }.joined(separator: "\n") + "\n")
        let pair = try await start(read)
        try await waitUntil("the workspace's files to be read") { read.arrivals.count == 1 }
        let found = try await names(pair, "namn")
        XCTAssertEqual(found.count, 5_000)
        XCTAssertEqual(found.first, "Namn 0000")
        XCTAssertEqual(found.last, "Namn 4999")
    }

    func testNothingIsReadWhenTheSettingIsOffOrTheFolderIsTheRoot() async throws {
        let read = Gate()
        let off = try await start(read, options: ["thumbindex": ["workspace": ["index": false]]])
        // A request after `initialized` is answered after it is handled.
        do { let found = try await names(off, ""); XCTAssertEqual(found, []) }
        XCTAssertFalse(off.server.readsWorkspaceFiles)
        let root = try await start(read, folders: ["file:///"])
        do { let found = try await names(root, ""); XCTAssertEqual(found, []) }
        XCTAssertFalse(root.server.readsWorkspaceFiles, "/ is not read")
        XCTAssertEqual(read.arrivals, [])
        do {
            _ = try await root.client.workspaceSections()
            XCTFail("no workspace folder is read: the workspace's sections are an error")
        } catch let error as ResponseError {
            XCTAssertEqual(error.code, .invalidRequest)
        }
    }
}
