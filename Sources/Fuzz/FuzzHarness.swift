import Foundation
import JSONRPC
import ThumbIndexJSON
import Server

/// Why an input failed. A crash needs no value: it ends the process.
struct FuzzFailure: Error, CustomStringConvertible {
    enum Kind: String {
        case invalidOutput = "invalid output"
        case hang
        case framing = "framing"
        case json = "JSON round trip"
        case setup = "setup"
    }

    var kind: Kind
    var detail: String

    var description: String { "\(kind.rawValue): \(detail)" }
}

struct InputStats {
    var frames = 0
    var messages = 0
    var replies = 0
}

/// Runs one input against a fresh server, as a client's byte stream, and judges what comes back.
///
/// Each input gets its own `LanguageServer` (initialized, documents open) so that an input alone reproduces a
/// failure and no input can hide a bug behind the state an earlier one left.
final class FuzzHarness {
    /// Seconds to wait for the replies an input is owed before calling it a hang.
    let replyTimeout: Double
    /// The sentinel's entries in an untouched session, by setup (ranges depend on the position encoding).
    private var pristine: [FuzzSetup: JSON] = [:]

    init(replyTimeout: Double) {
        self.replyTimeout = replyTimeout
    }

    func run(_ input: [UInt8]) -> Result<InputStats, FuzzFailure> {
        var framer = Framing.contentLength.makeFramer()
        let events = framer.feed(input) + framer.finish()
        if let problem = FramingOracle.check(input, whole: events) { return .failure(FuzzFailure(kind: .framing, detail: problem)) }

        let setup = FuzzSetup(for: input)
        let expectedSentinel: JSON
        switch pristineSentinel(setup) {
        case .success(let value): expectedSentinel = value
        case .failure(let failure): return .failure(failure)
        }
        let log = ReplyLog()
        let server: LanguageServer
        switch startServer(setup, log: log) {
        case .success(let started): server = started
        case .failure(let failure): return .failure(failure)
        }

        var expectations = Expectations()
        for event in events {
            if log.hasExited { break }  // the real process would be gone: nothing after exit is read
            let incoming: Incoming
            switch event {
            case .frame(let body):
                if let problem = OutputOracle.checkJSONRoundTrip(body) { return .failure(FuzzFailure(kind: .json, detail: problem)) }
                incoming = Self.sanitized(Incoming.decode(frame: body))
            case .error(let error):
                incoming = .framingError(error)
            }
            expectations.note(incoming)
            server.handle(incoming)
        }

        var probeID: RequestID?
        if !log.hasExited {
            var id = RequestID.string("fuzz-harness-probe")
            while expectations.carried.contains(id) { id = .string(id.description + "'") }
            expectations.expectSingle(id)
            probeID = id
            server.handle(.message(FuzzFixture.probe(id: id)))
        }
        guard log.wait(responses: expectations.singleCount, batches: expectations.batches.count, timeout: replyTimeout) else {
            return .failure(FuzzFailure(kind: .hang, detail: "replies still missing after \(replyTimeout) s: "
                + Self.missing(log.snapshot(), expectations)))
        }
        let snapshot = log.snapshot()
        if let problem = Self.judge(snapshot, expectations, exited: !snapshot.exits.isEmpty) {
            return .failure(FuzzFailure(kind: .invalidOutput, detail: problem))
        }
        if let probeID, !expectations.sentinelTouched,
           let problem = Self.checkProbe(snapshot.singles, id: probeID, expected: expectedSentinel, shutdown: expectations.shutdownSent) {
            return .failure(FuzzFailure(kind: .invalidOutput, detail: problem))
        }
        let replies = snapshot.singles.count + snapshot.batches.count
        return .success(InputStats(frames: expectations.frames, messages: expectations.messages, replies: replies))
    }

    // MARK: Setup

    /// A server that has answered `initialize` and has every fixture document open, with an empty reply log.
    private func startServer(_ setup: FuzzSetup, log: ReplyLog) -> Result<LanguageServer, FuzzFailure> {
        let server = LanguageServer(
            environment: [:], send: { log.record($0) }, sendBatch: { log.recordBatch($0) }, exit: { log.recordExit($0) })
        server.handle(.message(setup.initialize))
        server.handle(.message(.notification(Notification(method: "initialized", params: [:]))))
        for document in FuzzFixture.documents + [FuzzFixture.sentinel] { server.handle(.message(document.didOpen)) }
        let replies = log.snapshot().singles.compactMap { message -> Response? in
            if case .response(let response) = message { return response }
            return nil
        }
        guard replies.count == 1, case .success = replies[0].result else {
            return .failure(FuzzFailure(kind: .setup, detail: "initialize was not answered with one result: \(replies)"))
        }
        log.reset()
        return .success(server)
    }

    private func pristineSentinel(_ setup: FuzzSetup) -> Result<JSON, FuzzFailure> {
        if let known = pristine[setup] { return .success(known) }
        let log = ReplyLog()
        let server: LanguageServer
        switch startServer(setup, log: log) {
        case .success(let started): server = started
        case .failure(let failure): return .failure(failure)
        }
        server.handle(.message(FuzzFixture.probe(id: "pristine")))
        _ = log.wait(responses: 1, batches: 0, timeout: replyTimeout)
        guard case .response(let response)? = log.snapshot().singles.last, case .success(let value) = response.result,
              value["totalCount"]?.intValue == 7 else {
            return .failure(FuzzFailure(kind: .setup, detail: "the sentinel's entries in a fresh session: \(log.snapshot().singles)"))
        }
        pristine[setup] = value
        return .success(value)
    }

    /// Strips `ctags` settings from configuration changes: a mutated path must never make the fuzzer run a program.
    static func sanitized(_ incoming: Incoming) -> Incoming {
        switch incoming {
        case .message(let message): return .message(sanitized(message))
        case .batch(let elements): return .batch(elements.map { $0.map(sanitized) })
        default: return incoming
        }
    }

    private static func sanitized(_ message: Message) -> Message {
        guard case .notification(var notification) = message, notification.method == "workspace/didChangeConfiguration" else {
            return message
        }
        notification.params = notification.params.map(withoutCtags)
        return .notification(notification)
    }

    private static func withoutCtags(_ json: JSON) -> JSON {
        switch json {
        case .object(let object):
            return .object(JSONObject(object.filter { !$0.key.contains("ctags") }.map { ($0.key, withoutCtags($0.value)) }))
        case .array(let elements):
            return .array(elements.map(withoutCtags))
        default:
            return json
        }
    }

    // MARK: Judging

    /// Every message valid; every reply owed sent exactly once (at most once after `exit`, which abandons requests);
    /// no reply to an id the input did not carry; each batch answered by one array with its ids in batch order.
    static func judge(_ snapshot: (singles: [Message], batches: [[Message]], exits: [Int32]), _ expectations: Expectations,
                      exited: Bool) -> String? {
        var answered: [RequestID?: Int] = [:]
        for message in snapshot.singles {
            if let problem = OutputOracle.check(message) { return problem }
            if case .response(let response) = message { answered[response.id, default: 0] += 1 }
        }
        for (id, count) in answered where count > expectations.singles[id, default: 0] {
            return "id \(id?.description ?? "null") answered \(count) time(s), but the input carried it \(expectations.singles[id, default: 0]) time(s) outside batches"
        }
        var owed = expectations.batches
        for batch in snapshot.batches {
            if let problem = OutputOracle.checkBatch(batch) { return problem }
            let ids = batch.compactMap { message -> RequestID?? in
                if case .response(let response) = message { return .some(response.id) }
                return nil
            }
            guard let position = owed.firstIndex(of: ids) else {
                return "a batch reply with ids \(describe(ids)) answers no batch of the input; batches owed replies: \(owed.map(describe))"
            }
            owed.remove(at: position)
        }
        if exited { return nil }
        if answered != expectations.singles { return "replies missing: " + missing(snapshot, expectations) }
        if !owed.isEmpty { return "batches never answered: \(owed.map(describe))" }
        return nil
    }

    /// The sentinel must keep its exact entries; after `shutdown` the probe is refused with -32600 instead.
    static func checkProbe(_ singles: [Message], id: RequestID, expected: JSON, shutdown: Bool) -> String? {
        guard case .response(let response)? = singles.first(where: { if case .response(let r) = $0 { return r.id == id } else { return false } }) else {
            return "no reply to the probe"
        }
        switch response.result {
        case .success(let value) where value == expected:
            return nil
        case .failure(let error) where shutdown && error.code == .invalidRequest:
            return nil
        default:
            return "the untouched sentinel document's entries changed: \(Message.response(response)) instead of \(expected)"
        }
    }

    static func missing(_ snapshot: (singles: [Message], batches: [[Message]], exits: [Int32]), _ expectations: Expectations) -> String {
        var owed = expectations.singles
        for case .response(let response) in snapshot.singles { owed[response.id, default: 0] -= 1 }
        let ids = owed.filter { $0.value > 0 }.map { "\($0.key?.description ?? "null") ×\($0.value)" }
        return "single replies to \(ids.isEmpty ? "none" : ids.joined(separator: ", ")); "
            + "\(expectations.batches.count - snapshot.batches.count) of \(expectations.batches.count) batch replies"
    }

    private static func describe(_ ids: [RequestID?]) -> String {
        "[" + ids.map { $0?.description ?? "null" }.joined(separator: ", ") + "]"
    }
}
