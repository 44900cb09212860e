import ArgumentParser
import Foundation
import JSONRPC
import ThumbIndexJSON
import Server

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak the Language Server Protocol on stdin/stdout (the default).")

    @Flag(help: "Use stdin/stdout (the default; accepted for clients that pass it).")
    var stdio = false

    @Flag(help: "Newline-delimited JSON-RPC instead of Content-Length framing (for scripts and jq).")
    var jsonl = false

    static let terminalHint = """
        thumbindex: a language server, speaking LSP (JSON-RPC) on stdin/stdout for an editor to start; \
        `thumbindex --help` lists the commands (sort, outline, titles); to type messages by hand, \
        `thumbindex serve --jsonl` reads one JSON-RPC message per line. Ctrl-D quits.\n
        """

    static let jsonlHint = """
        thumbindex: a language server reading one JSON-RPC message per line, e.g. \
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}; Ctrl-D quits.\n
        """

    func run() throws {
        // A person who typed `thumbindex` in a terminal would otherwise face a blank screen. Only stderr, and only when
        // stdin is a terminal: an editor's pipe gets nothing but protocol.
        if isatty(STDIN_FILENO) == 1 {
            FileHandle.standardError.write(Data((jsonl ? Self.jsonlHint : Self.terminalHint).utf8))
        }
        let framing: Framing = jsonl ? .lines : isatty(STDOUT_FILENO) == 1 ? .contentLengthAtTerminal : .contentLength
        // From here on, nothing but protocol messages may reach the real stdout.
        let (input, output) = try StandardStreams.protectStdout()
        let connection = Connection(input: input, output: output, framing: framing)
        let server = LanguageServer(
            send: { message in try? connection.send(message) },
            sendBatch: { messages in try? connection.send(batch: messages) },
            exit: { code in
                // Stop reading, give the writer a bounded moment to deliver what is queued (a client that does not
                // read cannot hold the process), then exit.
                connection.close()
                connection.flush(timeout: 0.7)
                Foundation.exit(code)
            },
            waitForOutput: { giveUp in connection.waitUntilRead(below: LanguageServer.partsQueued, giveUp: giveUp) })
        connection.start(ending: LanguageServer.endsSession) { server.handle($0) }
        connection.waitUntilReaderFinished()
        // The reader ends after delivering .eof, which exits; this is a safety net.
        Foundation.exit(1)
    }
}
