import Foundation
import ThumbIndexClient
import ThumbIndexJSON
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// Which files of the workspace are read (`thumbindex.workspace.languages`), and how they stay current: watched by
/// the client where it can, polled by the server where it cannot, a folder's files read when the folder comes.
final class WorkspaceFilesWatchingTests: XCTestCase {
    private let disk = WorkspaceFolderFixture()

    override func setUpWithError() throws {
        try disk.write("contacts/anna.vcf", WorkspaceFolderFixture.card("Lindqvist", "Anna"))
        try disk.write("notes/ideas.md", "# Åsa notes\n")
        try disk.write("data/people.json", "{\"Bertil\": 1}\n")
    }

    override func tearDownWithError() throws { disk.removeAll() }

    private func start(watches: Bool, options: JSON? = nil, instrumentation: ServerInstrumentation) async throws -> InProcessPair {
        let params = InitializeRequest.Params(positionEncodings: ["utf-16"], initializationOptions: options,
                                              workspaceFolders: [disk.url.absoluteString], watchedFilesRegistration: watches)
        return try await InProcessPair.start(locale: "sv_SE", initialize: params, instrumentation: instrumentation)
    }

    private func names(_ pair: InProcessPair) async throws -> [String] {
        try await withDeadline("workspace/symbol") { try await pair.client.workspaceSymbols(query: "") }.map(\.name)
    }

    func testAClientThatDoesNotWatchFilesHasThemPolled() async throws {
        let read = Gate(), polls = Gate()
        let pair = try await start(watches: false, instrumentation: .init(
            workspaceRead: { read.arrive("read") }, workspacePollInterval: 0.01,
            workspacePolled: { changed in polls.arrive("\(changed)") }))
        try await waitUntil("the workspace's files to be read") { read.arrivals.count == 1 }
        XCTAssertEqual(pair.client.serverRequests, [], "nothing is asked of a client that cannot watch files")
        do { let found = try await names(pair); XCTAssertEqual(found, ["Anna Lindqvist", "Åsa notes"]) }

        // Written, created and deleted with no event: the next polls find them.
        try disk.write("notes/ideas.md", "# Zeta\n")
        try disk.write("contacts/bo.vcf", WorkspaceFolderFixture.card("Berg", "Bo"))
        try disk.remove("contacts/anna.vcf")
        try await waitUntil("a poll to find the changes", asking: { try await self.names(pair) == ["Bo Berg", "Zeta"] })
        XCTAssertTrue(polls.arrivals.contains { $0 != "0" }, "a poll reported the files it changed")
        // Shut down, the files are let go: a poll finds them gone from the server and polls no more.
        _ = try await withDeadline("shutdown") { try await pair.client.shutdown() }
        XCTAssertFalse(pair.server.readsWorkspaceFiles, "after shutdown the workspace's files are neither read nor polled")
    }

    func testTheLanguagesSettingChoosesTheFormatsAndAChangeReadsThemAgain() async throws {
        let read = Gate()
        let pair = try await start(watches: true, options: ["thumbindex": ["workspace": ["languages": ["markdown", "JSON", "klingon"]]]],
                                   instrumentation: .init(workspaceRead: { read.arrive("read") }))
        try await waitUntil("the workspace's files to be read") { read.arrivals.count == 1 }
        do { let found = try await names(pair); XCTAssertEqual(found, ["Bertil", "Åsa notes"], "markdown and JSON only") }
        XCTAssertEqual(pair.client.serverRequests, [RegisterCapabilityRequest.method])

        // Another set: the files are read again and the client watches the new extensions instead.
        try pair.client.notify(DidChangeConfigurationNotification.self, .init(settings: ["thumbindex": ["workspace": ["languages": ["vcard"]]]]))
        try await waitUntil("the files to be read again") { read.arrivals.count == 2 }
        do { let found = try await names(pair); XCTAssertEqual(found, ["Anna Lindqvist"]) }
        XCTAssertEqual(pair.client.serverRequests, [RegisterCapabilityRequest.method, UnregisterCapabilityRequest.method,
                                                    RegisterCapabilityRequest.method])
        // A setting the reading does not depend on reads nothing again.
        try pair.client.notify(DidChangeConfigurationNotification.self, .init(settings: ["thumbindex": ["outline": ["grouping": "sorted"]]]))
        do { let found = try await names(pair); XCTAssertEqual(found, ["Anna Lindqvist"]) }
        XCTAssertEqual(read.arrivals.count, 2)
    }

    func testSourceCodeIsReadThroughCtagsOnlyWhenAsked() async throws {
        let ctags = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/ctags") }
        try XCTSkipUnless(ctags, "Universal Ctags is not installed")
        try disk.write("tools/report.py", "def summarize_orders():\n    pass\n\nclass Ledger:\n    pass\n")
        let read = Gate()
        let plain = try await start(watches: true, instrumentation: .init(workspaceRead: { read.arrive("read") }))
        try await waitUntil("the workspace's files to be read") { read.arrivals.count == 1 }
        do { let found = try await names(plain); XCTAssertFalse(found.contains("Ledger"), "code is not read by default") }
        let code = try await start(watches: true, options: ["thumbindex.workspace.languages": ["python"]],
                                   instrumentation: .init(workspaceRead: { read.arrive("read") }))
        try await waitUntil("the code to be read") { read.arrivals.count == 2 }
        do { let found = try await names(code); XCTAssertEqual(found, ["Ledger", "summarize_orders"]) }
    }

    func testAFolderCreatedOrMovedInIsReadFromItsOneEvent() async throws {
        let read = Gate()
        let pair = try await start(watches: true, instrumentation: .init(workspaceRead: { read.arrive("read") }))
        try await waitUntil("the workspace's files to be read") { read.arrivals.count == 1 }
        // A folder moved in: one event for the folder (as clients send for a rename), none for its files.
        try disk.write("moved/people/cecilia.vcf", WorkspaceFolderFixture.card("Carlsson", "Cecilia"))
        try disk.write("moved/notes.md", "# Dagbok\n")
        try disk.write("moved/.cache/x.md", "# Hidden\n")
        try pair.client.filesChanged([.init(uri: disk.uri("moved"), type: .created)])
        do { let found = try await names(pair); XCTAssertEqual(found, ["Cecilia Carlsson", "Dagbok", "Anna Lindqvist", "Åsa notes"]) }
        // Renamed away: its deletion event comes after the creation of the new name (events in any order).
        try FileManager.default.moveItem(at: disk.url.appendingPathComponent("moved"), to: disk.url.appendingPathComponent("renamed"))
        try pair.client.filesChanged([.init(uri: disk.uri("renamed"), type: .created), .init(uri: disk.uri("moved"), type: .deleted)])
        do { let found = try await names(pair); XCTAssertEqual(found, ["Cecilia Carlsson", "Dagbok", "Anna Lindqvist", "Åsa notes"]) }
        let uris = try await pair.client.workspaceSymbols(query: "dagbok").map(\.location.uri)
        XCTAssertEqual(uris, [disk.uri("renamed/notes.md")])
        // A deletion event for a file that is there again (deleted, then written back) keeps it.
        try pair.client.filesChanged([.init(uri: disk.uri("notes/ideas.md"), type: .deleted)])
        do { let found = try await names(pair); XCTAssertTrue(found.contains("Åsa notes")) }
        // An event for the workspace folder itself reads it again, keeping what is there.
        try disk.write("notes/more.md", "# Bertil\n")
        try pair.client.filesChanged([.init(uri: disk.url.absoluteString, type: .changed)])
        do { let found = try await names(pair); XCTAssertEqual(found, ["Bertil", "Cecilia Carlsson", "Dagbok", "Anna Lindqvist", "Åsa notes"]) }
    }
}
