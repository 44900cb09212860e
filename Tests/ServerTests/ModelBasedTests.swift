import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

/// Issue 9: seeded random interleavings of document notifications and concurrent requests against a reference
/// model of the text, one server per position encoding.
///
/// `THUMBINDEX_MODEL_SEED` (decimal or 0x-hex) replays a run; `THUMBINDEX_MODEL_STEPS` is the number of steps per
/// encoding (default 2000, about 7 s per encoding in a debug build; run 100000 locally before a release):
///
///     THUMBINDEX_MODEL_STEPS=100000 swift test --filter ServerTests.ModelBasedTests
///     THUMBINDEX_MODEL_SEED=0x1234 swift test --filter ServerTests.ModelBasedTests/testUTF16
final class ModelBasedTests: XCTestCase {
    static let defaultSeed: UInt64 = 0x7468_756D_6269_6478  // "thumbidx"

    static var seed: UInt64 {
        guard let text = ProcessInfo.processInfo.environment["THUMBINDEX_MODEL_SEED"] else { return defaultSeed }
        let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let value else { fatalError("THUMBINDEX_MODEL_SEED must be a decimal or 0x-hex UInt64, got \(text)") }
        return value
    }

    static var steps: Int {
        ProcessInfo.processInfo.environment["THUMBINDEX_MODEL_STEPS"].flatMap { Int($0) } ?? 2000
    }

    func testUTF8() throws { try run(offering: ["utf-16", "utf-32", "utf-8"], expecting: .utf8) }
    func testUTF16() throws { try run(offering: nil, expecting: .utf16) }
    func testUTF32() throws { try run(offering: ["utf-16", "utf-32"], expecting: .utf32) }

    private func run(offering encodings: [String]?, expecting encoding: ModelEncoding, test: String = #function) throws {
        let server = try InProcessServer(offering: encodings)
        XCTAssertEqual(server.encoding, encoding, "the encoding chosen from \(encodings ?? [])")
        let run = ModelRun(seed: Self.seed, server: server)
        let started = Date()
        do {
            try run.run(steps: Self.steps)
            // Late duplicates: shutdown is answered only after every request before it has finished, so once its
            // reply is here any stray reply is too (no sleep that a slow machine could outlast).
            XCTAssertEqual(try server.result(of: server.request("shutdown", [:])), .null)
            let anomalies = server.store.anomalies
            if !anomalies.isEmpty { throw ModelFailure(description: anomalies.joined(separator: "; ")) }
        } catch {
            let replay = "THUMBINDEX_MODEL_SEED=\(Self.seed) THUMBINDEX_MODEL_STEPS=\(run.step) swift test --filter ServerTests.ModelBasedTests/\(test.prefix { $0 != "(" })"
            XCTFail("""
                seed \(Self.seed), \(encoding.rawValue), step \(run.step): \(error)
                replay: \(replay)
                last operations:
                \(run.trace.suffix(40).joined(separator: "\n"))
                """)
            return
        }
        print("model-based test \(encoding.rawValue): \(Self.steps) steps, seed \(Self.seed), \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        print("  " + run.stats.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
    }
}

/// A document closed and reopened under the same version with other text must be served from the new text, not
/// from anything derived from the old one (caches keyed by uri and version would hand back the old entries).
final class ReopenSameVersionTests: XCTestCase {
    func testReopenWithSameVersionServesTheNewText() throws {
        let server = try InProcessServer(offering: ["utf-16"], grouping: "document")
        let uri = "file:///reopen.txt"
        server.open(uri, languageId: "plaintext", version: 1, text: "Zebra\nApple\nMango\nKiwi\nBanana\n")
        let before = [
            server.request("workspace/symbol", ["query": ""]),
            server.request("textDocument/documentSymbol", documentParams(uri)),
            server.request("thumbindex/entries", documentParams(uri, ["offset": 0, "limit": 100])),
        ]
        XCTAssertEqual(try server.result(of: before[0]).arrayValue?.count, 5)
        XCTAssertEqual(try server.result(of: before[1]).arrayValue?.count, 5)
        XCTAssertEqual(try server.result(of: before[2])["totalCount"], 5)
        server.close(uri)
        server.open(uri, languageId: "plaintext", version: 1, text: "Östen\n")

        let symbols = try server.result(of: server.request("workspace/symbol", ["query": ""]))
        XCTAssertEqual(symbols.arrayValue?.compactMap { $0["name"]?.stringValue }, ["Östen"])
        let outline = try server.result(of: server.request("textDocument/documentSymbol", documentParams(uri)))
        XCTAssertEqual(outline.arrayValue?.compactMap { $0["name"]?.stringValue }, ["Östen"])
        XCTAssertEqual(outline[0]?["range"], ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 5]])
        let page = try server.result(of: server.request("thumbindex/entries", documentParams(uri, ["offset": 0, "limit": 100])))
        XCTAssertEqual(page["totalCount"], 1)
        XCTAssertEqual(page["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["Östen"])
        let sections = try server.result(of: server.request("thumbindex/sections", documentParams(uri)))
        XCTAssertEqual(sections["totalCount"], 1)
        XCTAssertEqual(server.store.anomalies, [])
    }

    /// The same while requests on the old text are still running: what they derive must not be kept for the new text.
    func testReopenWhileRequestsRunServesTheNewText() throws {
        let server = try InProcessServer(offering: ["utf-16"], grouping: "document")
        let uri = "file:///race.txt"
        let old = (0 ..< 400).map { "Name \($0)" }.joined(separator: "\n")
        for round in 0 ..< 20 {
            server.open(uri, languageId: "plaintext", version: 1, text: old)
            let before = [
                server.request("workspace/symbol", ["query": ""]),
                server.request("textDocument/documentSymbol", documentParams(uri)),
                server.request("thumbindex/entries", documentParams(uri, ["offset": 0, "limit": 1000])),
            ]
            server.close(uri)
            server.open(uri, languageId: "plaintext", version: 1, text: "Östen\n")
            let symbols = try server.result(of: server.request("workspace/symbol", ["query": ""]))
            let outline = try server.result(of: server.request("textDocument/documentSymbol", documentParams(uri)))
            let page = try server.result(of: server.request("thumbindex/entries", documentParams(uri, ["offset": 0, "limit": 1000])))
            let got = [
                "workspace/symbol": Self.names(symbols), "documentSymbol": Self.names(outline),
                "thumbindex/entries": Self.names(page["entries"]),
                "documentSymbol before": "\(try server.result(of: before[1]).arrayValue?.count ?? -1)",
                "thumbindex/entries before": "\(try server.result(of: before[2])["totalCount"]?.intValue ?? -1)",
            ]
            _ = try server.result(of: before[0])
            let want = [
                "workspace/symbol": "Östen", "documentSymbol": "Östen", "thumbindex/entries": "Östen",
                "documentSymbol before": "400", "thumbindex/entries before": "400",
            ]
            guard got == want else {
                return XCTFail("round \(round): \(got.filter { want[$0.key] != $0.value }.sorted { $0.key < $1.key }), expected \(want)")
            }
            server.close(uri)
        }
        XCTAssertEqual(server.store.anomalies, [])
    }

    /// The names of a list of symbols, at most three of them and the count of the rest.
    static func names(_ symbols: JSON?) -> String {
        let names = symbols?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        return (names.prefix(3) + (names.count > 3 ? ["… \(names.count - 3) more"] : [])).joined(separator: ", ")
    }
}
