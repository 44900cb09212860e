import JSONRPC
import ThumbIndexJSON

/// A position in a document: a zero-based line and a column counted in the session's position encoding.
public struct Position: JSONCodable, Hashable, Comparable, CustomStringConvertible {
    /// Zero-based line.
    public var line: Int
    /// Code units of the session's position encoding from the start of the line.
    public var character: Int

    /// A position at `line`, `character` code units in.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Reads a `Position` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        line = try fields.int("line")
        character = try fields.int("character")
    }

    /// The `Position` as JSON.
    public var json: JSON { ["line": .int(Int64(line)), "character": .int(Int64(character))] }
    /// `line:character`.
    public var description: String { "\(line):\(character)" }

    /// Document order: by line, then by character.
    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    /// Writes the position as `json` is, straight into `stream`.
    public func write(into stream: inout JSONStream) {
        stream.beginObject()
        stream.key("line"); stream.int(line)
        stream.key("character"); stream.int(character)
        stream.endObject()
    }
}

/// A range between two positions (LSP `Range`; named so that it does not hide `Swift.Range`).
public struct PositionRange: JSONCodable, Hashable, CustomStringConvertible {
    /// The first position in the range.
    public var start: Position
    /// The position just past the range.
    public var end: Position

    /// The range from `start` up to `end`.
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// Reads a `PositionRange` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        start = try fields.decode("start")
        end = try fields.decode("end")
    }

    /// The `PositionRange` as JSON.
    public var json: JSON { ["start": start.json, "end": end.json] }
    /// `start-end`.
    public var description: String { "\(start)-\(end)" }

    /// Writes the range as `json` is, straight into `stream` (a million symbols' ranges, no `JSON` values made).
    public func write(into stream: inout JSONStream) {
        stream.beginObject()
        stream.key("start"); start.write(into: &stream)
        stream.key("end"); end.write(into: &stream)
        stream.endObject()
    }
}

/// A range in a document.
public struct Location: JSONCodable, Hashable {
    /// The document's uri.
    public var uri: String
    /// The range within it.
    public var range: PositionRange

    /// A location from its members.
    public init(uri: String, range: PositionRange) {
        self.uri = uri
        self.range = range
    }

    /// Reads a `Location` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        uri = try fields.decode("uri")
        range = try fields.decode("range")
    }

    /// The `Location` as JSON.
    public var json: JSON { ["uri": .string(uri), "range": range.json] }
}

/// `{uri}`: names an open document.
public struct TextDocumentIdentifier: JSONCodable, Hashable {
    /// The document's uri, as the client opened it.
    public var uri: String

    /// An identifier for the document `uri`.
    public init(uri: String) { self.uri = uri }

    /// Reads a `TextDocumentIdentifier` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        uri = try Fields(json, path: path).decode("uri")
    }

    /// The `TextDocumentIdentifier` as JSON.
    public var json: JSON { ["uri": .string(uri)] }
}

/// `{uri, version}`: a document at the version an edit brings it to.
public struct VersionedTextDocumentIdentifier: JSONCodable, Hashable {
    /// The document's uri.
    public var uri: String
    /// The client's version of the document.
    public var version: Int

    /// An identifier for the document `uri` at `version`.
    public init(uri: String, version: Int) {
        self.uri = uri
        self.version = version
    }

    /// Reads a `VersionedTextDocumentIdentifier` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        uri = try fields.decode("uri")
        version = try fields.int("version", in: Int(Int32.min) ... Int(Int32.max))
    }

    /// The `VersionedTextDocumentIdentifier` as JSON.
    public var json: JSON { ["uri": .string(uri), "version": .int(Int64(version))] }
}

/// A document as the client opens it.
public struct TextDocumentItem: JSONCodable, Hashable {
    /// The document's uri, which later requests name it by.
    public var uri: String
    /// Chooses the extractor: `plaintext`, `markdown`, `csv`, `vcard`, `swift`, … (see `Protocol/README.md`).
    public var languageId: String
    /// The client's version of the text; each change brings a new one.
    public var version: Int
    /// The full text.
    public var text: String {
        get { utf8.string }
        set { utf8 = UTF8String(newValue) }
    }
    /// The full text's UTF-8: a long text received is never made a `String` (see `UTF8String`).
    public var utf8: UTF8String

    /// A document from its members.
    public init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        utf8 = UTF8String(text)
    }

    /// Reads a `TextDocumentItem` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        uri = try fields.decode("uri")
        languageId = try fields.decode("languageId")
        version = try fields.int("version", in: Int(Int32.min) ... Int(Int32.max))
        utf8 = try fields.decode("text")
    }

    /// The `TextDocumentItem` as JSON.
    public var json: JSON {
        ["uri": .string(uri), "languageId": .string(languageId), "version": .int(Int64(version)), "text": .utf8String(utf8)]
    }
}

/// LSP `SymbolKind`: a number from 1 (File) to 26 (TypeParameter); any number is kept as sent.
public struct SymbolKind: RawRepresentable, JSONCodable, Hashable {
    /// The number sent.
    public var rawValue: Int
    /// Any kind, including ones this type has no constant for.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `Namespace` (3): what the server gives a section in an outline.
    public static let namespace = SymbolKind(rawValue: 3)
    /// `String` (15).
    public static let string = SymbolKind(rawValue: 15)

    /// Reads a `SymbolKind` from JSON; an error (`-32602`) names the path of the bad member.
    public init(json: JSON, path: String) throws(ResponseError) { rawValue = try Int(json: json, path: path) }
    /// The `SymbolKind` as JSON.
    public var json: JSON { .int(Int64(rawValue)) }
}
