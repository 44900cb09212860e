import Foundation
import JSONRPC
import ThumbIndexJSON
import XCTest

/// The built `thumbindex` binary, wherever SwiftPM put it.
enum Binary {
    static var url: URL {
        // Test bundles live next to the products on Linux (.build/<config>/).
        var directory = Bundle.main.bundleURL
        for _ in 0 ..< 3 {
            let candidate = directory.appendingPathComponent("thumbindex")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/thumbindex")
        return fromSource.standardizedFileURL
    }

    /// Runs the CLI to completion: (exit code, stdout, stderr).
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil, currentDirectory: URL? = nil
    ) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
    }
}

/// A running language server, driven as an editor would: framed messages over its stdin and stdout.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let errors = Pipe()
    private let connection: Connection
    private let lock = NSCondition()
    private var responses: [RequestID?: [Response]] = [:]
    private var batches: [[Message]] = []
    private(set) var notifications: [JSONRPC.Notification] = []
    private var nextID = 1
    private(set) var stderrText = ""

    init(arguments: [String] = [], framing: Framing = .contentLength, environment: [String: String]? = nil) throws {
        process.executableURL = Binary.url
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = errors
        try process.run()
        connection = Connection(
            input: fromServer.fileHandleForReading.fileDescriptor, output: toServer.fileHandleForWriting.fileDescriptor,
            framing: framing, closesFileDescriptors: false)
        connection.start { [weak self] incoming in self?.receive(incoming) }
        // stderr is read by a thread of its own with blocking reads, not a `readabilityHandler`: corelibs Foundation
        // cancels that handler's dispatch source asynchronously, and the pipe closing its descriptor first left a
        // stale epoll registration that crashed libdispatch's manager thread in a later test (CI, stop 30).
        let errors = self.errors
        let thread = Thread { [weak self] in
            let descriptor = errors.fileHandleForReading.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }  // EOF once the server and its descriptors are gone
                let text = String(decoding: buffer[..<count], as: UTF8.self)
                guard let self else { continue }
                self.lock.lock()
                self.stderrText += text
                self.lock.unlock()
            }
        }
        thread.name = "server stderr"
        thread.start()
    }

    deinit {
        // The stderr thread ends at EOF, when the terminated server's end of the pipe closes.
        if process.isRunning { process.terminate() }
    }

    private func receive(_ incoming: Incoming) {
        lock.lock()
        defer { lock.broadcast(); lock.unlock() }
        switch incoming {
        case .message(.response(let response)): responses[response.id, default: []].append(response)
        case .message(.notification(let notification)): notifications.append(notification)
        case .batch(let elements): batches.append(elements.compactMap { try? $0.get() })
        default: break
        }
    }

    // MARK: Sending

    func send(_ message: Message) throws {
        try connection.send(message)
    }

    /// Raw bytes, for framing that a well-behaved client would never send.
    func sendRaw(_ bytes: [UInt8]) throws {
        // Messages sent through the connection are written by its writer thread: let them go first, whole.
        guard connection.flush(timeout: 30) else { throw TimedOut("earlier messages were not written within 30 s") }
        try toServer.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    func sendRaw(_ text: String) throws { try sendRaw(Array(text.utf8)) }

    /// A Content-Length frame around an arbitrary body.
    func sendFrame(_ body: String) throws {
        try sendRaw("Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    func notify(_ method: String, _ params: JSON? = nil) throws {
        try send(.notification(JSONRPC.Notification(method: method, params: params)))
    }

    /// Sends a request and returns its id without waiting.
    @discardableResult
    func start(_ method: String, _ params: JSON? = nil, id: RequestID? = nil) throws -> RequestID {
        let id = id ?? lock.withLock { defer { nextID += 1 }; return RequestID.int(nextID) }
        try send(.request(Request(id: id, method: method, params: params)))
        return id
    }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: JSON? = nil, timeout: Double = 30) throws -> Response {
        try response(to: try start(method, params), timeout: timeout)
    }

    /// The result of a request that must succeed.
    func result(_ method: String, _ params: JSON? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> JSON {
        let response = try request(method, params)
        switch response.result {
        case .success(let result):
            // Every custom request's real params and result must match its schema in Protocol/.
            if method.hasPrefix("thumbindex/") {
                let name = method.replacingOccurrences(of: "/", with: ".")
                try SchemaCheck.assert(params ?? .null, matches: "\(name).params", file: file, line: line)
                try SchemaCheck.assert(result, matches: "\(name).result", file: file, line: line)
            }
            return result
        case .failure(let error):
            XCTFail("\(method) failed: \(error)", file: file, line: line)
            throw error
        }
    }

    /// The error code a request gets; fails the test when it succeeds.
    func errorCode(_ method: String, _ params: JSON? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> Int? {
        let response = try request(method, params)
        if case .failure(let error) = response.result { return error.code.rawValue }
        XCTFail("\(method) unexpectedly succeeded: \(response)", file: file, line: line)
        return nil
    }

    // MARK: Waiting

    func response(to id: RequestID?, timeout: Double = 30) throws -> Response {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if var list = responses[id], !list.isEmpty {
                let first = list.removeFirst()
                responses[id] = list
                return first
            }
            if !lock.wait(until: deadline) { throw TimedOut("no response to \(String(describing: id)) within \(timeout) s; stderr: \(stderrText)") }
        }
    }

    func batch(timeout: Double = 30) throws -> [Message] {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while batches.isEmpty {
            if !lock.wait(until: deadline) { throw TimedOut("no batch reply within \(timeout) s") }
        }
        return batches.removeFirst()
    }

    /// Waits for a `window/logMessage` whose text contains `text`.
    func logMessage(containing text: String, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let found = notifications.first(where: { $0.method == "window/logMessage" && ($0.params?["message"]?.stringValue ?? "").contains(text) }) {
                return found.params?["message"]?.stringValue ?? ""
            }
            if !lock.wait(until: deadline) { throw TimedOut("no log message containing \"\(text)\"; got \(notifications.map { $0.params?["message"]?.stringValue ?? "" })") }
        }
    }

    /// Waits for the process to end and returns its exit code.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { throw TimedOut("the server did not exit within \(timeout) s") }
            usleep(10_000)
        }
        return process.terminationStatus
    }

    func closeInput() throws { try toServer.fileHandleForWriting.close() }

    // MARK: Sessions

    /// initialize + initialized with the given options.
    @discardableResult
    func initialize(locale: String = "sv_SE", encodings: [String]? = nil, options: JSON = [:], hierarchicalSymbols: Bool = true) throws -> JSON {
        var initOptions = options.objectValue ?? [:]
        initOptions["locale"] = .string(locale)
        var capabilities: JSONObject = [:]
        if hierarchicalSymbols { capabilities["textDocument"] = ["documentSymbol": ["hierarchicalDocumentSymbolSupport": true]] }
        if let encodings { capabilities["general"] = ["positionEncodings": .array(encodings.map(JSON.string))] }
        let result = try self.result("initialize", ["processId": .null, "rootUri": .null, "capabilities": .object(capabilities), "initializationOptions": .object(initOptions)])
        try notify("initialized", [:])
        return result
    }

    func open(_ uri: String, _ text: String, language: String = "plaintext", version: Int = 1) throws {
        try notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": .string(language), "version": .int(Int64(version)), "text": .string(text)]])
    }

    func change(_ uri: String, version: Int, _ changes: [JSON]) throws {
        try notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(Int64(version))], "contentChanges": .array(changes)])
    }

    /// Names in sectioned order, through thumbindex/entries.
    func entryNames(_ uri: String) throws -> [String] {
        let page = try result("thumbindex/entries", ["textDocument": ["uri": .string(uri)], "offset": 0, "limit": 100_000])
        return page["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    func shutdownAndExit() throws -> Int32 {
        _ = try result("shutdown")
        try notify("exit")
        return try waitForExit()
    }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSON {
    ["start": ["line": .int(Int64(l1)), "character": .int(Int64(c1))], "end": ["line": .int(Int64(l2)), "character": .int(Int64(c2))]]
}

/// Validates JSON against `Protocol/schemas/<name>.json`, loading each schema once.
enum SchemaCheck {
    nonisolated(unsafe) private static var validators: [String: SchemaValidator] = [:]
    private static let lock = NSLock()

    static func assert(_ json: JSON, matches name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let validator = try lock.withLock { () throws -> SchemaValidator in
            if let cached = validators[name] { return cached }
            let url = SchemaValidator.protocolDirectory().appendingPathComponent("\(name).json")
            let validator = try SchemaValidator(schemaFile: url)
            validators[name] = validator
            return validator
        }
        let instance = try JSONSerialization.jsonObject(with: Data(json.serialized()), options: [.fragmentsAllowed])
        let problems = validator.validate(instance)
        XCTAssertTrue(problems.isEmpty, "\(name): \(problems.prefix(5).joined(separator: "; "))", file: file, line: line)
    }
}
