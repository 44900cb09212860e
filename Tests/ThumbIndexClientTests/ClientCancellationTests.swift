import Foundation
import ThumbIndexClient
import ThumbIndexProtocol
import XCTest

/// What the client writes when a request's task is cancelled, read raw from the pipe a server would read.
final class ClientCancellationTests: XCTestCase {
    /// The client, and the pipe its messages go into.
    private func client() -> (ThumbIndexClient, FileHandle, Pipe) {
        let toServer = Pipe(), fromServer = Pipe()
        let client = ThumbIndexClient(input: dup(fromServer.fileHandleForReading.fileDescriptor),
                                      output: dup(toServer.fileHandleForWriting.fileDescriptor))
        return (client, toServer.fileHandleForReading, fromServer)
    }

    /// Everything written up to and including the `initialized` notification sent as a marker.
    private func written(by client: ThumbIndexClient, _ reader: FileHandle) throws -> String {
        try client.notify(InitializedNotification.self, NoParams())
        var text = ""
        while !text.contains("\"initialized\"") {
            let data = reader.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }

    func testATaskCancelledBeforeItsRequestGoesOutSendsNothing() async throws {
        let (client, reader, answers) = client()
        // What goes out, up to a marker; a request that does go out would wait for an answer, so the reader ends it
        // by closing the server's side.
        let seen = Task.detached { () -> String in
            var text = ""
            while !text.contains("\"initialized\"") {
                let data = reader.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
                if text.contains("documentSymbol") { try? answers.fileHandleForWriting.close() }
            }
            return text
        }
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            for await _ in gate { break }
            return try await client.documentSymbols(uri: "file:///never.txt")
        }
        task.cancel()
        open.yield(())
        open.finish()
        let result = await task.result
        try client.notify(InitializedNotification.self, NoParams())
        let text = await seen.value
        XCTAssertFalse(text.contains("documentSymbol"), "the request was sent: \(text)")
        XCTAssertFalse(text.contains("$/cancelRequest"), "a cancel for an id the server never saw: \(text)")
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func testATaskCancelledAfterItsRequestWentOutCancelsIt() async throws {
        let (client, reader, answers) = client()
        let task = Task { try await client.documentSymbols(uri: "file:///slow.txt") }
        // The request is out once the pipe holds it.
        var text = ""
        while !text.contains("documentSymbol") { text += String(decoding: reader.availableData, as: UTF8.self) }
        task.cancel()
        text += try written(by: client, reader)
        XCTAssertTrue(text.contains("$/cancelRequest"), text)
        XCTAssertLessThan(text.range(of: "documentSymbol")!.lowerBound, text.range(of: "$/cancelRequest")!.lowerBound)
        // The server's answer to a cancelled request ends it.
        let reply = #"{"jsonrpc":"2.0","id":1,"error":{"code":-32800,"message":"cancelled"}}"#
        answers.fileHandleForWriting.write(Data("Content-Length: \(reply.utf8.count)\r\n\r\n\(reply)".utf8))
        do {
            _ = try await task.value
            XCTFail("a cancelled request has no result")
        } catch is CancellationError {}
    }
}
