import ArgumentParser
import Foundation
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

    /// A first argument that is no subcommand would otherwise go to the default one (`serve`), whose usage would then
    /// be shown: say it is an unknown command and show the tool's usage instead.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let commands = configuration.subcommands.map { $0._commandName } + ["help"]
        if let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) {
            FileHandle.standardError.write(Data("Error: unknown command '\(first)' (commands: \(commands.dropLast().joined(separator: ", ")))\n\n\(helpMessage())\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        main(nil)
    }
}
