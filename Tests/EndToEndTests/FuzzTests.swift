import Foundation
import JSONRPC
import ThumbIndexJSON
import SeededRandom
import XCTest

/// Seeded random damage to valid messages: whatever arrives, the server answers or ignores it, stays up,
/// and keeps the open document intact.
final class FuzzTests: XCTestCase {
    func testDamagedMessagesNeverTakeTheServerDown() throws {
        let server = try ServerProcess()
        try server.initialize(locale: "sv_SE", encodings: ["utf-16"])
        try server.open("file:///keep.txt", "Östen\nAnna\nÅsa\n")
        let uri: JSON = "file:///keep.txt"
        let templates: [JSON] = [
            ["jsonrpc": "2.0", "id": "fuzz-1", "method": "thumbindex/sections", "params": ["textDocument": ["uri": uri]]],
            ["jsonrpc": "2.0", "id": "fuzz-2", "method": "thumbindex/entries", "params": ["textDocument": ["uri": uri], "offset": 0, "limit": 2]],
            ["jsonrpc": "2.0", "id": "fuzz-3", "method": "thumbindex/jump", "params": ["textDocument": ["uri": uri], "indexTitle": "Ö"]],
            ["jsonrpc": "2.0", "id": "fuzz-4", "method": "thumbindex/partition", "params": ["items": ["b", ["label": "a"]], "maxIndexTitles": 5]],
            ["jsonrpc": "2.0", "id": "fuzz-5", "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": uri]]],
            ["jsonrpc": "2.0", "id": "fuzz-6", "method": "workspace/symbol", "params": ["query": "ö"]],
            // Edits to another document only, so that keep.txt must come through untouched.
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///scratch.txt", "languageId": "plaintext", "version": 1, "text": "x\n😀\n"]]],
            ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": ["textDocument": ["uri": "file:///scratch.txt", "version": 2], "contentChanges": [["range": range(1, 1, 1, 2), "text": "y"]]]],
            ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": "fuzz-5"]],
        ]
        var random = SplitMix64(seed: 20_261_122)
        for round in 0 ..< 2000 {
            var bytes = templates[round % templates.count].serialized()
            for _ in 0 ..< Int.random(in: 0 ... 4, using: &random) {
                let position = Int.random(in: 0 ..< bytes.count, using: &random)
                switch Int.random(in: 0 ..< 4, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0 ... 255, using: &random)
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(contentsOf: Array("{[\"\\:,".utf8).shuffled(using: &random).prefix(2), at: position)
                default: bytes.replaceSubrange(position ..< min(bytes.count, position + 3), with: Array("1e999".utf8))
                }
            }
            // Keep keep.txt out of reach: a damaged message must not become an edit or a close of it.
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains("keep.txt") && (text.contains("didChange") || text.contains("didClose") || text.contains("didOpen")) { continue }
            // Every fifth frame gets a damaged header too: a wrong length, a bare LF, a lower-case or junk line.
            var header = "Content-Length: \(bytes.count)\r\n\r\n"
            if round % 5 == 0 {
                switch Int.random(in: 0 ..< 5, using: &random) {
                case 0: header = "Content-Length: \(bytes.count + Int.random(in: -8 ... 8, using: &random))\r\n\r\n"
                case 1: header = "Content-Length: \(bytes.count)\n\r\n"
                case 2: header = "content-length: \(bytes.count)\r\nX-Junk: \u{1}\r\n\r\n"
                case 3: header = "Content-Length: \(bytes.count)\r\nContent-Length: 3\r\n\r\n"
                default: header = "Content-Type: application/json\r\n\r\n"
                }
            }
            try server.sendRaw(Array(header.utf8) + bytes)
        }
        // Whatever state the framer is left in, spaces finish a pending body and a blank line ends a header.
        try server.sendRaw(String(repeating: " ", count: 64) + "\r\n\r\n")
        var alive = false
        for attempt in 0 ..< 5 where !alive {
            let id = try server.start("thumbindex/indexTitles", [:], id: .string("probe-\(attempt)"))
            alive = (try? server.response(to: id, timeout: 3)) != nil
        }
        XCTAssertTrue(alive, "the server answers again after the damage")
        // Still alive, answering, and the document is intact.
        XCTAssertEqual(try server.entryNames("file:///keep.txt"), ["Anna", "Åsa", "Östen"])
        XCTAssertTrue(server.process.isRunning)
        XCTAssertEqual(try server.shutdownAndExit(), 0)
    }
}
