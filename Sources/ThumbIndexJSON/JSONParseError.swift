/// Why some bytes are not JSON, and where (a byte offset from the start of the text).
///
/// `message` names the place as a byte offset, which suits a JSON-RPC reply. `problem` says what is wrong without
/// naming a place, for callers that show the place their own way, such as an editor's file, line and column:
///
///     message  "unexpected '}' at byte 8, expected a string key"
///     problem  "expected a key in double quotes, found '}'"
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sentence a person can act on, such as "unexpected '}' at byte 17, expected a value".
    public var message: String
    /// The byte offset of the problem, counted from the first byte of the text.
    public var offset: Int
    /// What is wrong in plain words, without the offset, such as "expected a value, found '}'".
    public var problem: String

    /// An error whose `problem` is its `message`.
    public init(_ message: String, offset: Int) {
        self.init(message, problem: message, offset: offset)
    }

    /// An error with both wordings: `message` with the offset in it, `problem` without.
    public init(_ message: String, problem: String, offset: Int) {
        self.message = message
        self.problem = problem
        self.offset = offset
    }

    /// The message, with the offset in it.
    public var description: String { message }
}
