// Times the language server through its real binary, beside the collation core on the same strings.
// Usage: server-bench THUMBINDEX_BINARY FILE [LOCALE] [RUNS]
//   FILE: one entry per line (opened as a plaintext document).
// Prints median milliseconds for: spawn + initialize round trip; documentSymbol (sections grouping,
// first and repeated); thumbindex/sections; a page of 200 thumbindex/entries; a one-line didChange
// followed by thumbindex/sections; and the core's partition of the same strings in-process.
import Collation
import Foundation
import JSONRPC
import ThumbIndexJSON

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: server-bench THUMBINDEX FILE [LOCALE] [RUNS]\n".utf8))
    exit(2)
}
let binary = arguments[1]
let text = try String(contentsOfFile: arguments[2], encoding: .utf8)
let locale = arguments.count > 3 ? arguments[3] : "sv_SE"
let runs = arguments.count > 4 ? Int(arguments[4])! : 5

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
func median(_ values: [Double]) -> Double { let s = values.sorted(); return s[s.count / 2] }

/// A server process driven over raw pipes: requests are written as frames and responses are cut out by
/// their Content-Length without parsing, so the timings are the server's, not a JSON parser's. Only
/// the responses the benchmark reads (`parse: true`) are parsed.
final class Client {
    let process = Process()
    let toServer: FileHandle
    let fromServer: FileHandle
    var buffer: [UInt8] = []
    var nextID = 0

    init() throws {
        let input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        toServer = input.fileHandleForWriting
        fromServer = output.fileHandleForReading
    }

    private func write(_ message: Message) throws {
        let body = message.serialized()
        try toServer.write(contentsOf: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + Data(body))
    }

    /// The next frame's body.
    private func readFrame() -> ArraySlice<UInt8> {
        while true {
            if let headerEnd = buffer.firstRange(of: [13, 10, 13, 10]) {
                let header = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
                let length = Int(header.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))!
                if buffer.count >= headerEnd.upperBound + length {
                    let body = buffer[headerEnd.upperBound ..< headerEnd.upperBound + length]
                    buffer.removeSubrange(..<(headerEnd.upperBound + length))
                    return body
                }
            }
            let chunk = fromServer.availableData
            precondition(!chunk.isEmpty, "the server closed its output")
            buffer += chunk
        }
    }

    func request(_ method: String, _ params: JSON, parse: Bool = true) throws -> JSON {
        nextID += 1
        try write(.request(Request(id: .int(nextID), method: method, params: params)))
        let prefix = Array("{\"jsonrpc\":\"2.0\",\"id\":\(nextID),".utf8)
        while true {
            let body = readFrame()
            guard body.starts(with: prefix) else { continue }  // a log message, say
            if !parse { return .null }
            guard case .message(.response(let response)) = Incoming.decode(frame: Array(body)) else { fatalError("bad reply") }
            return try response.result.get()
        }
    }

    func notify(_ method: String, _ params: JSON) throws {
        try write(.notification(JSONRPC.Notification(method: method, params: params)))
    }

    func close() throws {
        _ = try request("shutdown", .null)
        try notify("exit", .null)
        process.waitUntilExit()
    }
}

// Hierarchical symbols, as editors announce them (without it the server answers flat SymbolInformation[]).
let initParams: JSON = ["capabilities": ["textDocument": ["documentSymbol": ["hierarchicalDocumentSymbolSupport": true]]], "initializationOptions": ["locale": .string(locale)]]
let uri: JSON = "file:///bench.txt"
let document: JSON = ["uri": uri]
var timings: [String: [Double]] = [:]
let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count

for run in 0 ..< runs {
    let t0 = now()
    let client = try Client()
    _ = try client.request("initialize", initParams)
    timings["spawn + initialize", default: []].append(now() - t0)
    try client.notify("initialized", [:])
    try client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "plaintext", "version": 1, "text": .string(text)]])

    var t = now()
    _ = try client.request("textDocument/documentSymbol", ["textDocument": document], parse: false)
    timings["documentSymbol (first: extract + sort + section)", default: []].append(now() - t)
    t = now()
    _ = try client.request("textDocument/documentSymbol", ["textDocument": document], parse: false)
    timings["documentSymbol (again, cached outline)", default: []].append(now() - t)

    t = now()
    let sections = try client.request("thumbindex/sections", ["textDocument": document])
    timings["thumbindex/sections", default: []].append(now() - t)
    let total = sections["totalCount"]!.intValue!
    t = now()
    let pages = 50
    for p in 0 ..< pages {
        _ = try client.request("thumbindex/entries", ["textDocument": document, "offset": .int(Int64((p * 7919 * 200) % max(total - 200, 1))), "limit": 200], parse: false)
    }
    timings["thumbindex/entries (page of 200)", default: []].append((now() - t) / Double(pages))

    t = now()
    try client.notify("textDocument/didChange", [
        "textDocument": ["uri": uri, "version": .int(Int64(2 + run))],
        "contentChanges": [["range": ["start": ["line": .int(Int64(lineCount / 2)), "character": 0], "end": ["line": .int(Int64(lineCount / 2)), "character": 0]], "text": "Ändrad rad "]],
    ])
    _ = try client.request("thumbindex/sections", ["textDocument": document])
    timings["didChange (one line) + thumbindex/sections", default: []].append(now() - t)
    try client.close()

    let strings = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    t = now()
    let collation = try IndexedCollation(locale: locale)
    _ = try collation.partition(strings, by: { $0 })
    timings["core partition of the same strings (in-process)", default: []].append(now() - t)
}

print("input: \(arguments[2]) (\(lineCount) lines), locale \(locale), \(runs) runs, median ms")
for key in timings.keys.sorted() {
    print(String(format: "%-52@ %8.1f", key as NSString, median(timings[key]!)))
}
