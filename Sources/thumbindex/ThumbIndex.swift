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
            With no subcommand, thumbindex speaks the Language Server Protocol on stdin/stdout. \
            Locale identifiers are accepted as people write them: sv_SE, sv-SE, AR_sa, zh-TW-u-co-zhuyin.
            """,
        version: LanguageServer.version,
        subcommands: [Serve.self, Titles.self, Sort.self, Outline.self, Check.self],
        defaultSubcommand: Serve.self
    )

    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// ArgumentParser's own `main`, with the arguments checked first and every error printed in the tool's style.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        checkCommand(arguments)
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            Messages.exit(with: error)
        }
    }

    /// A first argument that is no command would otherwise go to the default one (`serve`), whose usage would then be
    /// shown; `help` of an unknown command would show the tool's help and exit 0. Both are usage errors. A flag of
    /// the other commands given first (`thumbindex --locale sv`) says which commands take it.
    static func checkCommand(_ arguments: [String]) {
        let unknown = { (name: String) -> Never in
            Messages.say("unknown command '\(name)' (commands: \(commandNames.joined(separator: ", ")))")
            FileHandle.standardError.write(Data("USAGE: thumbindex <subcommand>\nTry 'thumbindex --help' for more information.\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        guard let first = arguments.first else { return }
        if first == "help" {
            if let name = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }), !commandNames.contains(name) { unknown(name) }
            return
        }
        if !first.hasPrefix("-") {
            if !commandNames.contains(first) { unknown(first) }
            return
        }
        let option = String(first.prefix { $0 != "=" })
        let taking = configuration.subcommands.filter { takes($0, option) }
        if !taking.isEmpty, !takes(ThumbIndex.self, option), !takes(Serve.self, option) {
            let names = taking.map { $0._commandName }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            Messages.usageError("\(option) is an option of \(list), not of the language server: put it after the command (thumbindex \(names[0]) \(arguments.joined(separator: " ")) …)")
        }
    }

    /// Whether `command`'s help lists `option` (`-l`, `--locale`).
    private static func takes(_ command: ParsableCommand.Type, _ option: String) -> Bool {
        let help = command == ThumbIndex.self ? helpMessage(columns: 1000) : helpMessage(for: command, columns: 1000)
        return help.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" }).contains { $0 == option }
    }
}
