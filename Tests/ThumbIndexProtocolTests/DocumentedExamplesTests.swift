import Foundation
import JSONRPC
import ThumbIndexJSON
import ThumbIndexProtocol
import XCTest

/// The types read and write exactly what `Protocol/README.md` documents: every example in `Protocol/examples`
/// decodes into its request's types and encodes back to the same JSON.
final class DocumentedExamplesTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Protocol/examples").standardizedFileURL

    /// Decodes `file` as `T` and checks that it encodes back to the same value.
    private func roundTrip<T: JSONCodable>(_ type: T.Type, _ file: String, line: UInt = #line) throws {
        let url = Self.examples.appendingPathComponent(file)
        let json = try JSONParser().parse(Array(try Data(contentsOf: url)))
        let decoded: T
        do {
            decoded = try T(json: json, path: "example")
        } catch {
            return XCTFail("\(file) does not decode as \(T.self): \(error.message)", line: line)
        }
        XCTAssertEqual(decoded.json, json, "\(file) does not encode back to itself", line: line)
    }

    func testEveryExampleRoundTrips() throws {
        func pair<P: JSONCodable, R: JSONCodable>(_ params: P.Type, _ result: R.Type) -> (params: (String) throws -> Void, result: (String) throws -> Void) {
            ({ try self.roundTrip(P.self, $0) }, { try self.roundTrip(R.self, $0) })
        }
        let requests = [
            "indexTitles": pair(IndexTitlesRequest.Params.self, IndexTitlesRequest.Result.self),
            "sectionFor": pair(SectionForRequest.Params.self, SectionForRequest.Result.self),
            "sort": pair(SortRequest.Params.self, SortRequest.Result.self),
            "partition": pair(PartitionRequest.Params.self, PartitionRequest.Result.self),
            "sections": pair(SectionsRequest.Params.self, SectionsRequest.Result.self),
            "entries": pair(EntriesRequest.Params.self, EntriesRequest.Result.self),
            "jump": pair(JumpRequest.Params.self, JumpRequest.Result.self),
            "workspaceSections": pair(WorkspaceSectionsRequest.Params.self, WorkspaceSectionsRequest.Result.self),
            "workspaceEntries": pair(WorkspaceEntriesRequest.Params.self, WorkspaceEntriesRequest.Result.self),
            "workspaceJump": pair(WorkspaceJumpRequest.Params.self, WorkspaceJumpRequest.Result.self),
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).sorted()
        XCTAssertGreaterThan(files.count, 10)
        for file in files {
            // thumbindex.<method>[.<variant>].(params|result).json
            let parts = file.split(separator: ".").map(String.init)
            guard parts.count >= 4, let types = requests[parts[1]] else { XCTFail("no request type for \(file)"); continue }
            try (parts[parts.count - 2] == "params" ? types.params : types.result)(file)
        }
    }

    func testBadFieldsAreNamedByTheirPath() {
        func message<T: JSONDecodable>(_ type: T.Type, _ json: JSON) -> String? {
            do {
                _ = try T(json: json, path: "params")
                return nil
            } catch {
                XCTAssertEqual(error.code, .invalidParams)
                return error.message
            }
        }
        XCTAssertEqual(message(EntriesRequest.Params.self, ["textDocument": ["uri": "file:///a"], "offset": 0, "limit": -1]),
                       "params.limit must be in 0...100000, got -1")
        XCTAssertEqual(message(EntriesRequest.Params.self, ["textDocument": ["uri": 3], "offset": 0, "limit": 1]),
                       "params.textDocument.uri must be a string, got a number")
        XCTAssertEqual(message(SortRequest.Params.self, ["items": ["a", ["sortText": "b"]]]), "params.items[1].label is missing")
        XCTAssertEqual(message(SortRequest.Params.self, ["items": ["a", 7]]),
                       "params.items[1] must be a string or an object {label, sortText?, data?}, got a number")
        XCTAssertEqual(message(IndexTitlesRequest.Params.self, ["style": "fancy"]), "params.style must be apple or icu, got fancy")
        // A sort's params are a partition's: the index titles' members are checked as the schema says, though unused.
        XCTAssertEqual(message(SortRequest.Params.self, ["items": ["a"], "maxIndexTitles": 0]), "params.maxIndexTitles must be in 1...100000, got 0")
        XCTAssertEqual(message(EntriesRequest.Params.self, ["offset": 0, "limit": 1]), "params.textDocument is missing")
        XCTAssertEqual(message(JumpRequest.Params.self, ["textDocument": ["uri": "file:///a"]]),
                       "params needs indexTitle (a string) or index (an integer)")
        XCTAssertEqual(message(DidChangeNotification.Params.self, [
            "textDocument": ["uri": "file:///a", "version": 2],
            "contentChanges": [["range": ["start": ["line": 0, "character": 0], "end": ["line": 0]], "text": ""]],
        ]), "params.contentChanges[0].range.end.character is missing")
        XCTAssertEqual(message(CancelRequestNotification.Params.self, ["id": true]), "params.id must be a number or a string, got a boolean")
        XCTAssertNil(message(ShutdownRequest.Params.self, .object([:])))
    }

    func testDocumentSymbolResultsDecodeByShape() throws {
        let range: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 3]]
        let nested: JSON = [["name": "A", "kind": 3, "range": range, "selectionRange": range,
                             "children": [["name": "Abe", "kind": 15, "range": range, "selectionRange": range]]]]
        guard case .symbols(let symbols) = try DocumentSymbolResult(json: nested, path: "result") else { return XCTFail("not symbols") }
        XCTAssertEqual(symbols.first?.children?.first?.name, "Abe")
        let flat: JSON = [["name": "Abe", "kind": 15, "location": ["uri": "file:///a", "range": range], "containerName": "A"]]
        guard case .information(let information) = try DocumentSymbolResult(json: flat, path: "result") else { return XCTFail("not information") }
        XCTAssertEqual(information.first?.containerName, "A")
        var stream = JSONStream()
        stream.value(nested)
        let text = stream.finish()
        XCTAssertEqual(try DocumentSymbolResult.written(.streamed(text)).decoded(), .symbols(symbols))
        let pieces = StreamedJSON(pieces: [StreamedJSON.Piece(Array(text.bytes.prefix(7))), StreamedJSON.Piece(Array(text.bytes.dropFirst(7)))])
        XCTAssertEqual(try DocumentSymbolResult.written(.streamed(pieces)).decoded(), .symbols(symbols), "written in pieces")
    }
}
