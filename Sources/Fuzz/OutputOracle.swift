import JSONRPC
import ThumbIndexJSON

/// What counts as invalid output: checks on every message the server sends, and on the JSON layer itself.
enum OutputOracle {
    /// The error codes Protocol/README.md lists as sent. -32603 (InternalError) is documented as never sent.
    static let documentedCodes: Set<Int> = [-32700, -32600, -32601, -32602, -32002, -32800, -32801, -32803]

    /// Server output echoes client values (sort items' `data`) inside a few levels of its own, so it may nest a
    /// little deeper than the 512 levels the server accepts; a client parser has no such small limit.
    static let outputParser = JSONParser(maxDepth: 2048)

    /// One message as it would go on the wire (alone, or as an element of a batch reply): it must be compact JSON
    /// with no raw line break (`--jsonl` frames by lines), parse back into a valid JSON-RPC 2.0 message, serialize
    /// to the same bytes again, and have a shape Protocol/README.md allows.
    static func check(_ message: Message) -> String? {
        let wire = message.serialized()
        if let problem = checkWire(wire) { return problem }
        let parsed: Message
        do {
            parsed = try Message(try outputParser.parse(wire))
        } catch let error as JSONParseError {
            return "the server's message is not valid JSON (\(error.message)): \(text(wire))"
        } catch {
            return "the server's message is not valid JSON-RPC 2.0 (\(error)): \(text(wire))"
        }
        let again = parsed.serialized()
        guard again == wire else { return "the server's message changes when parsed and written again: \(text(wire)) → \(text(again))" }
        return checkShape(parsed, wire: wire)
    }

    /// A batch reply: a non-empty JSON array of responses, each valid on its own.
    static func checkBatch(_ messages: [Message]) -> String? {
        guard !messages.isEmpty else { return "the server sent an empty batch reply" }
        let wire = JSONWriter().write(.array(messages.map(\.json)))
        if let problem = checkWire(wire) { return problem }
        guard case .array(let elements)? = try? outputParser.parse(wire), elements.count == messages.count else {
            return "a batch reply does not parse back into an array of \(messages.count): \(text(wire))"
        }
        for message in messages {
            guard case .response = message else { return "a batch reply holds a non-response: \(text(message.serialized()))" }
            if let problem = check(message) { return "in a batch reply: " + problem }
        }
        return nil
    }

    private static func checkWire(_ wire: [UInt8]) -> String? {
        if wire.contains(0x0A) || wire.contains(0x0D) { return "the server's JSON holds a raw line break: \(text(wire))" }
        guard String(validating: wire, as: UTF8.self) != nil else { return "the server's JSON is not UTF-8: \(text(wire))" }
        return nil
    }

    private static func checkShape(_ message: Message, wire: [UInt8]) -> String? {
        switch message {
        case .request(let request):
            // The requests a client can bring about: a letter jump moving the cursor of a client that said it can, a
            // sort sent as an edit to one that makes edits.
            let showsDocument = request.method == "window/showDocument" && request.params?["uri"]?.stringValue != nil
                && request.params?["selection"]?["start"]?["line"]?.intValue != nil
            let appliesEdit = request.method == "workspace/applyEdit" && request.params?["edit"]?["changes"]?.objectValue != nil
            guard showsDocument || appliesEdit else {
                return "the server sent a request other than a well-formed window/showDocument or workspace/applyEdit: \(text(wire))"
            }
        case .notification(let notification):
            if notification.method == "textDocument/publishDiagnostics" {
                guard notification.params?["uri"]?.stringValue != nil, let diagnostics = notification.params?["diagnostics"]?.arrayValue,
                      diagnostics.allSatisfy({ $0["range"]?["start"]?["line"]?.intValue != nil && $0["message"]?.stringValue != nil }) else {
                    return "a textDocument/publishDiagnostics without a uri and diagnostics with ranges and messages: \(text(wire))"
                }
                return nil
            }
            guard notification.method == "window/logMessage" || notification.method == "window/showMessage" else {
                return "the server sent a notification other than window/logMessage, window/showMessage or textDocument/publishDiagnostics: \(text(wire))"
            }
            guard let type = notification.params?["type"]?.intValue, (1...4).contains(type),
                  notification.params?["message"]?.stringValue != nil else {
                return "\(notification.method) without an integer type 1…4 and a string message: \(text(wire))"
            }
        case .response(let response):
            if case .failure(let error) = response.result {
                guard documentedCodes.contains(error.code.rawValue) else {
                    return "an error code Protocol/README.md does not list as sent (\(error.code.rawValue)): \(text(wire))"
                }
                guard error.data == nil else { return "an error with data, which no error carries: \(text(wire))" }
            }
        }
        return nil
    }

    /// The JSON layer on its own: any body the parser accepts must be written so that it parses to the same value,
    /// and written again to the same bytes.
    static func checkJSONRoundTrip(_ body: [UInt8]) -> String? {
        guard let value = try? JSONParser().parse(body) else { return nil }
        let written = JSONWriter().write(value)
        let reparsed: JSON
        do {
            reparsed = try JSONParser().parse(written)
        } catch {
            return "JSONWriter's output of a parsed body does not parse (\(error.message)): \(text(written))"
        }
        guard reparsed == value else { return "a parsed body changes value when written and parsed again: \(text(written))" }
        let rewritten = JSONWriter().write(reparsed)
        guard rewritten == written else { return "JSONWriter is not stable: \(text(written)) → \(text(rewritten))" }
        return nil
    }

    static func text(_ bytes: [UInt8]) -> String { Report.escaped(bytes, limit: 600) }
}

/// A framer must cut the same events out of a stream however the stream is split into reads.
enum FramingOracle {
    /// Feeds `input` in pieces of 1…13 bytes (sizes from a generator seeded by the input, so reproducible) and
    /// compares the events with those of one feed of the whole input.
    static func check(_ input: [UInt8], whole: [FramerEvent]) -> String? {
        var framer = Framing.contentLength.makeFramer()
        var events: [FramerEvent] = []
        var state = UInt64(truncatingIfNeeded: input.count) &* 0x9E37_79B9_7F4A_7C15 | 1
        var start = 0
        while start < input.count {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let end = min(input.count, start + 1 + Int(state % 13))
            events += framer.feed(Array(input[start..<end]))
            start = end
        }
        events += framer.finish()
        guard events != whole else { return nil }
        let position = (0..<min(events.count, whole.count)).first { events[$0] != whole[$0] } ?? min(events.count, whole.count)
        return "ContentLengthFramer cuts different events when the stream arrives in small pieces: event \(position) is "
            + "\(describe(events, position)) in pieces but \(describe(whole, position)) at once"
    }

    private static func describe(_ events: [FramerEvent], _ position: Int) -> String {
        guard position < events.count else { return "missing" }
        switch events[position] {
        case .frame(let body): return "frame " + OutputOracle.text(body)
        case .error(let error): return "error '\(error.message)' at \(error.offset)"
        }
    }
}
