import Foundation

/// Why an extractor could not make entries from a document: one sentence a person can act on, naming the
/// file and line when there is one ("Localizable.strings:12: expected ';' after the value").
public struct ExtractionError: LocalizedError, CustomStringConvertible, Hashable, Sendable {
    /// The sentence to show, with the file and line when known.
    public var message: String
    /// 1-based line of the problem, when it has one (also already part of `message`).
    public var line: Int?

    /// An error with a finished message.
    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    /// "file:line: problem", leaving out what is unknown; `line` is 1-based.
    public init(file: String?, line: Int?, _ problem: String) {
        var prefix = file.map { $0 + ":" } ?? ""
        if let line { prefix += (prefix.isEmpty ? "line \(line): " : "\(line): ") } else if !prefix.isEmpty { prefix += " " }
        self.init(prefix + problem, line: line)
    }

    /// The message.
    public var description: String { message }

    /// Foundation's `localizedDescription` shows the message too (rather than "operation couldn't be completed").
    public var errorDescription: String? { message }

    /// No extractor serves `languageId`.
    public static func noExtractor(languageId: String) -> ExtractionError {
        ExtractionError("no entries for languageId \(languageId)")
    }
}
