import Foundation
import JSONRPC
import Server
import ThumbIndexClient
import ThumbIndexProtocol

/// A language server and a client in this process, talking over two pipes: server tests that are typed, short and
/// fast, through the same transport and the same code an editor reaches.
///
///     let pair = try await InProcessPair.start(locale: "sv_SE")
///     try pair.client.open(uri: "file:///a.txt", languageId: "plaintext", text: "Östen\nÅsa\n")
///     let sections = try await pair.client.sections(uri: "file:///a.txt")
public final class InProcessPair: @unchecked Sendable {
    public let client: ThumbIndexClient
    public let server: LanguageServer
    private let serverConnection: Connection
    private let exits: ExitRecorder

    /// The code the server asked to exit with (after `exit` or end of input), nil while it runs.
    public var exitCode: Int32? { exits.code }

    private init(client: ThumbIndexClient, server: LanguageServer, serverConnection: Connection, exits: ExitRecorder) {
        self.client = client
        self.server = server
        self.serverConnection = serverConnection
        self.exits = exits
    }

    /// Starts both ends and initializes the server with `params` (the locale, when given, replaces its locale).
    /// `instrumentation` injects what a test controls instead of the clock: the progress delay, a hook before each
    /// handler (see `Gate`); `waitForOutput`, what a request sending parts waits on before each (default: the
    /// client reading all but `LanguageServer.partsQueued` bytes).
    public static func start(
        locale: String? = "en_US",
        initialize params: InitializeRequest.Params = InitializeRequest.Params(positionEncodings: ["utf-16"]),
        instrumentation: LanguageServer.Instrumentation = LanguageServer.Instrumentation(),
        waitForOutput: (@Sendable (_ giveUp: () -> Bool) -> Void)? = nil
    ) async throws -> InProcessPair {
        let (clientConnection, serverConnection) = try Connection.pair()
        let exits = ExitRecorder()
        let server = LanguageServer(
            environment: [:],
            send: { try? serverConnection.send($0) },
            sendBatch: { try? serverConnection.send(batch: $0) },
            exit: { code in
                exits.record(code)
                serverConnection.close()
            },
            waitForOutput: waitForOutput ?? { giveUp in serverConnection.waitUntilRead(below: LanguageServer.partsQueued, giveUp: giveUp) },
            instrumentation: instrumentation)
        serverConnection.start(ending: LanguageServer.endsSession) { server.handle($0) }
        let client = ThumbIndexClient(connection: clientConnection)
        let pair = InProcessPair(client: client, server: server, serverConnection: serverConnection, exits: exits)
        var params = params
        if let locale { params.locale = locale }
        try await client.initialize(params)
        return pair
    }

    deinit {
        serverConnection.close()
        client.connection.close()
    }
}

/// The server's exit code, recorded from the thread that ends it.
private final class ExitRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: Int32?
    var code: Int32? { lock.withLock { recorded } }
    func record(_ code: Int32) { lock.withLock { recorded = code } }
}
