// Times the language server through its real binary, beside the collation core on the same strings.
// Usage: server-bench THUMBINDEX_BINARY FILE [LOCALE] [RUNS]
//   FILE: one entry per line (opened as a plaintext document).
// Prints median milliseconds for: spawn + initialize round trip; documentSymbol (sections grouping,
// first and repeated); thumbindex/sections; a page of 200 thumbindex/entries; a one-line didChange
// followed by thumbindex/sections; and the core's partition of the same strings in-process.
import Collation
import Foundation
import JSONRPC

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

/// A server process and a blocking request helper.
final class Client: @unchecked Sendable {
    let process = Process()
    let connection: Connection
    let condition = NSCondition()
    var responses: [RequestID: Response] = [:]
    var nextID = 0

    init() throws {
        let input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        connection = Connection(input: output.fileHandleForReading.fileDescriptor, output: input.fileHandleForWriting.fileDescriptor, closesFileDescriptors: false)
        connection.start { [weak self] incoming in
            guard let self, case .message(.response(let response)) = incoming, let id = response.id else { return }
            self.condition.lock()
            self.responses[id] = response
            self.condition.broadcast()
            self.condition.unlock()
        }
    }

    func request(_ method: String, _ params: JSON) throws -> JSON {
        condition.lock()
        nextID += 1
        let id = RequestID.int(nextID)
        condition.unlock()
        try connection.send(.request(Request(id: id, method: method, params: params)))
        condition.lock()
        defer { condition.unlock() }
        while responses[id] == nil { condition.wait() }
        return try responses.removeValue(forKey: id)!.result.get()
    }

    func notify(_ method: String, _ params: JSON) throws {
        try connection.send(.notification(JSONRPC.Notification(method: method, params: params)))
    }

    func close() throws {
        _ = try request("shutdown", .null)
        try notify("exit", .null)
        process.waitUntilExit()
    }
}

let initParams: JSON = ["capabilities": [:], "initializationOptions": ["locale": .string(locale)]]
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
    let symbols = try client.request("textDocument/documentSymbol", ["textDocument": document])
    timings["documentSymbol (first: extract + sort + section)", default: []].append(now() - t)
    precondition((symbols.arrayValue?.count ?? 0) > 0)
    t = now()
    _ = try client.request("textDocument/documentSymbol", ["textDocument": document])
    timings["documentSymbol (again, cached outline)", default: []].append(now() - t)

    t = now()
    let sections = try client.request("thumbindex/sections", ["textDocument": document])
    timings["thumbindex/sections", default: []].append(now() - t)
    let total = sections["totalCount"]!.intValue!
    t = now()
    let pages = 50
    for p in 0 ..< pages {
        _ = try client.request("thumbindex/entries", ["textDocument": document, "offset": .int(Int64((p * 7919 * 200) % max(total - 200, 1))), "limit": 200])
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
    _ = collation.partition(strings, by: { $0 })
    timings["core partition of the same strings (in-process)", default: []].append(now() - t)
}

print("input: \(arguments[2]) (\(lineCount) lines), locale \(locale), \(runs) runs, median ms")
for key in timings.keys.sorted() {
    print(String(format: "%-52@ %8.1f", key as NSString, median(timings[key]!)))
}
