import Foundation
import JSONRPC
import ThumbIndexJSON
import SeededRandom

/// A document as the model knows it. A closed document keeps its last version, for reopening with it.
struct ModelDocument {
    var uri: String
    var languageId: String
    var version: Int
    var text: TextModel
    var isOpen: Bool
}

/// A request in flight and what its reply must be, decided when it was sent. Document requests work on a
/// snapshot taken on arrival, so they are checked against the model as it was then; `workspace/symbol` reads the
/// documents when it runs, so it is checked exactly only when no notification was sent before its reply.
struct SentRequest {
    var id: RequestID
    var method: String
    var params: JSON
    var snapshot: ModelDocument?
    var grouping: String
    var openDocuments: [ModelDocument]
    var notificationsAtSend: Int
    var cancelled = false
}

struct ModelFailure: Error, CustomStringConvertible {
    var description: String
}

/// The random walk of issue 9 against one server: document notifications interleaved with requests and
/// cancellations, every reply checked against the reference model, and after every step a fresh look at every
/// open document.
final class ModelRun {
    let seed: UInt64
    let server: InProcessServer
    var random: RandomEdits
    var documents: [String: ModelDocument] = [:]
    var grouping = "document"
    var inFlight: [SentRequest] = []
    var notifications = 0
    var tokens = 0
    var step = 0
    /// What was done in the last steps, for the failure report.
    private(set) var trace: [String] = []
    private var expectedCache: [String: [ModelSymbol]] = [:]
    /// How often each kind of operation and reply occurred, to see that the walk covers what it should.
    var stats: [String: Int] = [:]

    func count(_ key: String) { stats[key, default: 0] += 1 }

    var encoding: ModelEncoding { server.encoding }

    init(seed: UInt64, server: InProcessServer) {
        self.seed = seed
        self.server = server
        random = RandomEdits(rng: SplitMix64(seed: seed))
    }

    func run(steps: Int) throws {
        for s in 1 ... max(1, steps) {
            step = s
            trace.append("— step \(s)")
            for _ in 0 ... random.below(4) {
                switch random.below(100) {
                case 0 ..< 45: try notification()
                case 45 ..< 90: sendRequest()
                default: cancel()
                }
            }
            try settle()
            try checkFresh()
            if trace.count > 80 { trace.removeFirst(trace.count - 60) }
            if s % 10_000 == 0 { print("model-based test \(encoding.rawValue): step \(s)") }
        }
    }

    func note(_ line: String) { trace.append(line) }

    // MARK: Notifications

    private func notification() throws {
        let open = documents.values.filter(\.isOpen).map(\.uri).sorted()
        let closed = documents.values.filter { !$0.isOpen }.map(\.uri).sorted()
        let roll = random.below(100)
        if documents.count < 6 && (open.isEmpty || roll < 6) {
            try openDocument(uri: "file:///model/doc\(documents.count).\(random.chance(50) ? "md" : "txt")", version: random.below(4))
        } else if open.isEmpty || (roll < 14 && !closed.isEmpty) {
            // Reopened with the version it had when it was closed, and other text.
            let uri = random.pick(closed)
            count("reopen with the same version")
            try openDocument(uri: uri, version: documents[uri]!.version)
        } else if roll < 17 {
            try openDocument(uri: random.pick(open), version: random.below(10))  // opened again while open
        } else if roll < 22 {
            try reopenRace(uri: random.pick(open))
        } else if roll < 30 {
            let uri = random.pick(random.chance(90) || closed.isEmpty ? open : closed)
            let logs = server.store.logCount
            server.close(uri)
            notifications += 1
            count(documents[uri]!.isOpen ? "close" : "close when not open")
            note("close \(uri)\(documents[uri]!.isOpen ? "" : " (not open)")")
            try expectLog(from: logs, errorPrefix: documents[uri]!.isOpen ? nil : "textDocument/didClose")
            documents[uri]!.isOpen = false
        } else if roll < 34 {
            grouping = random.pick(["sections", "sorted", "document"])
            server.notify("workspace/didChangeConfiguration", ["settings": ["thumbindex": ["outline": ["grouping": .string(grouping)]]]])
            notifications += 1
            count("configuration")
            note("configuration grouping=\(grouping)")
        } else {
            try change(uri: random.pick(random.chance(97) || closed.isEmpty ? open : closed))
        }
    }

    /// Requests on a document still running while it is closed and reopened with the same version (or opened again
    /// over itself): what they derive from the old text must not be served for the new one.
    private func reopenRace(uri: String) throws {
        count("reopen race")
        let version = documents[uri]!.version
        send("workspace/symbol", ["query": ""], uri: nil)
        send("textDocument/documentSymbol", documentParams(uri, symbolTokens()), uri: uri)
        send("thumbindex/entries", documentParams(uri, ["offset": 0, "limit": 100_000]), uri: uri)
        if random.chance(70) {
            server.close(uri)
            notifications += 1
            note("close \(uri)")
            documents[uri]!.isOpen = false
        }
        try openDocument(uri: uri, version: version)
        send("workspace/symbol", ["query": ""], uri: nil)
    }

    private func openDocument(uri: String, version: Int) throws {
        let wasOpen = documents[uri]?.isOpen ?? false
        let languageId = documents[uri].map { random.chance(80) ? $0.languageId : random.pick(["plaintext", "markdown"]) }
            ?? (uri.hasSuffix(".md") ? "markdown" : "plaintext")
        let text = random.documentText()
        let logs = server.store.logCount
        server.open(uri, languageId: languageId, version: version, text: text)
        notifications += 1
        count(wasOpen ? "open while open" : "open")
        note("open \(uri) v\(version) \(languageId)\(wasOpen ? " (already open)" : "") \(text.debugDescription)")
        documents[uri] = ModelDocument(uri: uri, languageId: languageId, version: version, text: TextModel(text), isOpen: true)
        let warnings = server.store.logs(from: logs).filter { $0.type == 2 && $0.message.contains("opened again") }
        if warnings.count != (wasOpen ? 1 : 0) {
            throw ModelFailure(description: "opening \(uri) \(wasOpen ? "again" : "anew") logged \(warnings.count) 'opened again' warnings")
        }
    }

    private func change(uri: String) throws {
        let document = documents[uri]!
        let changes = random.changes(of: document.text, encoding)
        let version = document.version + 1 + (random.chance(10) ? random.below(5) : 0)
        let after = document.isOpen ? document.text.applying(changes, encoding) : nil
        let logs = server.store.logCount
        server.change(uri, version: version, changes)
        notifications += 1
        count(after == nil ? "change refused" : "change applied")
        note("change \(uri) v\(version) \(after == nil ? "REFUSED" : "ok") \(changes)")
        try expectLog(from: logs, errorPrefix: after == nil ? "textDocument/didChange" : nil)
        if let after {
            documents[uri]!.text = after
            documents[uri]!.version = version
        }
    }

    /// The error the server logged for a notification it refused (one, starting with `errorPrefix`), or none.
    private func expectLog(from start: Int, errorPrefix: String?) throws {
        // A request on a text holding NUL logs that it is binary (the model expects no entries for it): not about the
        // notification.
        let errors = server.store.logs(from: start).filter { $0.type == 1 && !$0.message.hasSuffix(": a binary file (it holds NUL bytes), not text") }
        if let errorPrefix {
            guard errors.count == 1, errors[0].message.hasPrefix(errorPrefix) else {
                throw ModelFailure(description: "expected one error logged for \(errorPrefix) (the model refuses it), got \(errors)")
            }
        } else if !errors.isEmpty {
            throw ModelFailure(description: "the model accepts the notification, the server logged \(errors)")
        }
    }

    // MARK: Requests

    @discardableResult
    func send(_ method: String, _ params: JSON, uri: String?) -> RequestID {
        let id = server.request(method, params)
        let snapshot = uri.flatMap { documents[$0] }.flatMap { $0.isOpen ? $0 : nil }
        inFlight.append(SentRequest(
            id: id, method: method, params: params, snapshot: snapshot, grouping: grouping,
            openDocuments: documents.values.filter(\.isOpen), notificationsAtSend: notifications))
        note("request \(id) \(method) \(params)")
        return id
    }

    private func sendRequest() {
        let uris = documents.keys.sorted() + ["file:///model/never-opened.txt"]
        let uri = random.chance(95) && !documents.isEmpty ? random.pick(documents.keys.sorted()) : random.pick(uris)
        switch random.below(5) {
        case 0:
            send("textDocument/documentSymbol", documentParams(uri, symbolTokens()), uri: uri)
        case 1:
            send("thumbindex/sections", documentParams(uri, ["includeSearch": .bool(random.chance(50))]), uri: uri)
        case 2:
            var extra: JSONObject = random.chance(70)
                ? ["offset": 0, "limit": 100_000] : ["offset": JSON(random.below(4)), "limit": JSON(random.below(4))]
            if random.chance(30), let version = documents[uri]?.version { extra["version"] = JSON(version - random.below(2)) }
            send("thumbindex/entries", documentParams(uri, extra), uri: uri)
        case 3:
            let titles = (UnicodeScalar("A").value ... UnicodeScalar("Z").value).map { String(UnicodeScalar($0)!) } + ["#"]
            let extra: JSONObject = switch random.below(3) {
            case 0: ["indexTitle": .string(random.pick(titles))]
            case 1: ["index": JSON(random.below(titles.count))]
            default: ["indexTitle": "{search}", "includeSearch": true]
            }
            send("thumbindex/jump", documentParams(uri, extra), uri: uri)
        default:
            send("workspace/symbol", ["query": .string(random.chance(60) ? "" : random.pick(["a", "ö", "Ber", "ti", "日", "😀", "zz"]))], uri: nil)
        }
    }

    /// A `documentSymbol`'s tokens, each or both or neither: `w…` for work done, `p…` for partial results, never
    /// used twice.
    private func symbolTokens() -> JSONObject {
        tokens += 1
        var params: JSONObject = [:]
        if random.chance(40) { params["workDoneToken"] = .string("w\(tokens)") }
        if random.chance(40) { params["partialResultToken"] = .string("p\(tokens)") }
        if !params.isEmpty { count("documentSymbol with tokens") }
        return params
    }

    /// `$/cancelRequest` for a request of this step (perhaps already answered), or for an id never sent.
    private func cancel() {
        if inFlight.isEmpty || random.chance(10) {
            server.notify("$/cancelRequest", ["id": 999_999_999])
            note("cancel 999999999 (never sent)")
            return
        }
        let index = random.below(inFlight.count)
        inFlight[index].cancelled = true
        count("cancel")
        server.notify("$/cancelRequest", ["id": inFlight[index].id.json])
        note("cancel \(inFlight[index].id)")
    }

    // MARK: Checks

    /// Waits for every request in flight, then checks that each was answered once, and answered right.
    func settle() throws {
        let missing = server.store.wait(for: inFlight.map(\.id), timeout: 30)
        if !missing.isEmpty { throw ModelFailure(description: "no reply within 30 s to ids \(missing)") }
        let anomalies = server.store.anomalies
        if !anomalies.isEmpty { throw ModelFailure(description: anomalies.joined(separator: "; ")) }
        for request in inFlight {
            guard let reply = server.store.take(request.id) else { throw ModelFailure(description: "the reply to \(request.id) is gone") }
            try check(request, reply, exact: request.notificationsAtSend == notifications)
            if case .failure(let error) = reply.result { count("reply \(error.code)") } else { count("reply result") }
        }
        inFlight = []
    }

    /// The entries of every open document and of the workspace, asked after the step.
    private func checkFresh() throws {
        for document in documents.values.filter(\.isOpen).sorted(by: { $0.uri < $1.uri }) {
            stats["max lines", default: 0] = max(stats["max lines", default: 0], document.text.lineCount)
            send("thumbindex/entries", documentParams(document.uri, ["offset": 0, "limit": 100_000, "version": JSON(document.version)]), uri: document.uri)
            send("textDocument/documentSymbol", documentParams(document.uri), uri: document.uri)
        }
        send("workspace/symbol", ["query": ""], uri: nil)
        try settle()
    }

    /// The expected symbols of a document's text (memoized by language and text).
    func expected(_ document: ModelDocument) throws -> [ModelSymbol] {
        let key = document.languageId + "\u{0}" + document.text.text
        if let cached = expectedCache[key] { return cached }
        if expectedCache.count > 256 { expectedCache = [:] }
        let symbols = try document.text.expectedSymbols(languageId: document.languageId, encoding)
        expectedCache[key] = symbols
        return symbols
    }
}
