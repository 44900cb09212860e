import ThumbIndexJSON

/// What the transport read: messages, or something wrong that the peer may need to be told about.
///
/// The transport answers nothing itself; the server decides. The usual answers:
/// - `.invalid(x)`: send `x.response` (-32700 for bad JSON, -32600 for a bad message; id null unless it was read).
/// - `.batch(elements)`: handle each element; collect the replies with `BatchCollector` so they go back as one array.
/// - `.framingError(e)`: log it, or answer with a parse error and id null; the framer has already resynchronised.
/// - `.eof`: the peer closed its end; nothing more will arrive.
public enum Incoming: Hashable, Sendable {
    /// One valid message.
    case message(Message)
    /// A JSON array of messages (never empty: an empty batch arrives as `.invalid`).
    case batch([Result<Message, InvalidMessage>])
    /// Bad JSON or a message that is not valid JSON-RPC 2.0, to be answered.
    case invalid(InvalidMessage)
    /// A frame that could not be cut out of the byte stream, or a failed read.
    case framingError(FramingError)
    /// The input has ended.
    case eof
}

extension Incoming {
    /// Turns one frame's bytes into an event: parse, then validate as a message or a batch.
    public static func decode(frame: [UInt8], parser: JSONParser = JSONParser()) -> Incoming {
        let json: JSON
        do {
            json = try parser.parse(frame)
        } catch {
            return .invalid(InvalidMessage(id: nil, error: .parseError("invalid JSON: \(error.message)")))
        }
        guard case .array(let elements) = json else {
            do {
                return .message(try Message(json))
            } catch {
                return .invalid(error)
            }
        }
        guard !elements.isEmpty else {
            let error = ResponseError.invalidRequest("empty batch: a batch must hold at least one message")
            return .invalid(InvalidMessage(id: nil, error: error))
        }
        return .batch(elements.map { element in
            do throws(InvalidMessage) { return .success(try Message(element)) } catch { return .failure(error) }
        })
    }
}
