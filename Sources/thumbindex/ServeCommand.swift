import ArgumentParser

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak the Language Server Protocol on stdin/stdout (the default).")

    @Flag(help: "Use stdin/stdout (the default; accepted for clients that pass it).")
    var stdio = false

    @Flag(help: "Newline-delimited JSON-RPC instead of Content-Length framing (for scripts and jq).")
    var jsonl = false

    func run() throws {
        throw CommandFailure("the language server is not built yet")
    }
}
