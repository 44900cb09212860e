import ArgumentParser
import Server

/// `thumbindex`: with no arguments (or `serve`, or `--stdio`) a language server on stdin/stdout;
/// otherwise a command-line tool over the same collation core.
@main
struct ThumbIndex: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbindex",
        abstract: "Locale-aware sectioned outlines: a language server and command-line tools.",
        discussion: """
            With no subcommand, thumbindex speaks the Language Server Protocol on stdin/stdout.
            Locale identifiers are accepted as people write them: sv_SE, sv-SE, AR_sa, zh-TW-u-co-zhuyin.
            """,
        version: LanguageServer.version,
        subcommands: [Serve.self, Titles.self, Sort.self, Outline.self],
        defaultSubcommand: Serve.self
    )
}
