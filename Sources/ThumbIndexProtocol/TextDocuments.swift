import JSONRPC
import ThumbIndexJSON

/// A position in a document: a zero-based line and a column counted in the session's position encoding.
public struct Position: JSONCodable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        line = try fields.int("line")
        character = try fields.int("character")
    }

    public var json: JSON { ["line": .int(Int64(line)), "character": .int(Int64(character))] }
    public var description: String { "\(line):\(character)" }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A range between two positions (LSP `Range`; named so that it does not hide `Swift.Range`).
public struct PositionRange: JSONCodable, Hashable, CustomStringConvertible {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        start = try fields.decode("start")
        end = try fields.decode("end")
    }

    public var json: JSON { ["start": start.json, "end": end.json] }
    public var description: String { "\(start)-\(end)" }
}

/// A range in a document.
public struct Location: JSONCodable, Hashable {
    public var uri: String
    public var range: PositionRange

    public init(uri: String, range: PositionRange) {
        self.uri = uri
        self.range = range
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        uri = try fields.decode("uri")
        range = try fields.decode("range")
    }

    public var json: JSON { ["uri": .string(uri), "range": range.json] }
}

/// `{uri}`: names an open document.
public struct TextDocumentIdentifier: JSONCodable, Hashable {
    public var uri: String

    public init(uri: String) { self.uri = uri }

    public init(json: JSON, path: String) throws(ResponseError) {
        uri = try Fields(json, path: path).decode("uri")
    }

    public var json: JSON { ["uri": .string(uri)] }
}

/// `{uri, version}`: a document at the version an edit brings it to.
public struct VersionedTextDocumentIdentifier: JSONCodable, Hashable {
    public var uri: String
    public var version: Int

    public init(uri: String, version: Int) {
        self.uri = uri
        self.version = version
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        uri = try fields.decode("uri")
        version = try fields.int("version", in: Int(Int32.min) ... Int(Int32.max))
    }

    public var json: JSON { ["uri": .string(uri), "version": .int(Int64(version))] }
}

/// A document as the client opens it.
public struct TextDocumentItem: JSONCodable, Hashable {
    public var uri: String
    /// Chooses the extractor: `plaintext`, `markdown`, `csv`, `vcard`, `swift`, … (see `Protocol/README.md`).
    public var languageId: String
    public var version: Int
    public var text: String

    public init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }

    public init(json: JSON, path: String) throws(ResponseError) {
        let fields = try Fields(json, path: path)
        uri = try fields.decode("uri")
        languageId = try fields.decode("languageId")
        version = try fields.int("version", in: Int(Int32.min) ... Int(Int32.max))
        text = try fields.decode("text")
    }

    public var json: JSON {
        ["uri": .string(uri), "languageId": .string(languageId), "version": .int(Int64(version)), "text": .string(text)]
    }
}

/// LSP `SymbolKind`: a number from 1 (File) to 26 (TypeParameter); any number is kept as sent.
public struct SymbolKind: RawRepresentable, JSONCodable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let namespace = SymbolKind(rawValue: 3)
    public static let string = SymbolKind(rawValue: 15)

    public init(json: JSON, path: String) throws(ResponseError) { rawValue = try Int(json: json, path: path) }
    public var json: JSON { .int(Int64(rawValue)) }
}
