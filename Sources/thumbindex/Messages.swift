import ArgumentParser
import Foundation

/// One style for everything the tool says on stderr, as coreutils does: `thumbindex: PATH: message` for a file's
/// problem, `thumbindex: message` otherwise, `thumbindex: warning: …` for what may be wrong but did not stop the
/// command, `thumbindex: note: …` for what it did on its own. Exit status 1 for errors, 64 (EX_USAGE) for usage errors.
enum Messages {
    static func say(_ line: String) {
        FileHandle.standardError.write(Data("thumbindex: \(line)\n".utf8))
    }

    static func warning(_ text: String) { say("warning: \(text)") }

    static func note(_ text: String) { say("note: \(text)") }

    /// Prints `error` in the tool's style and exits with its status; help and --version go to stdout with status 0.
    static func exit(with error: Error) -> Never {
        if let failure = error as? CommandFailure {
            say(failure.description)
            Foundation.exit(1)
        }
        let code = ThumbIndex.exitCode(for: error)
        var text = ThumbIndex.fullMessage(for: error)
        if code == .success {
            // Through `StandardOutput`, so that help that cannot be written (`> /dev/full`) is an error, not silence.
            var out = StandardOutput()
            if !text.isEmpty { out.write(text + "\n") }
            out.flush()
            Foundation.exit(0)
        }
        // ArgumentParser starts its messages with "Error: "; the rest (usage, "See … --help") is kept.
        if text.hasPrefix("Error: ") { text = "thumbindex: " + text.dropFirst("Error: ".count) }
        if !text.isEmpty { FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8)) }
        Foundation.exit(code.rawValue)
    }

    /// A usage error found before ArgumentParser sees the arguments: the message, then how to get help.
    static func usageError(_ text: String, help: String = "thumbindex --help") -> Never {
        say(text)
        FileHandle.standardError.write(Data("Try '\(help)' for more information.\n".utf8))
        Foundation.exit(ExitCode.validationFailure.rawValue)
    }
}

/// A failure a person can act on: printed as `thumbindex: DESCRIPTION`, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
    /// A problem with a file: `PATH: problem`.
    init(path: String, _ problem: String) { self.description = "\(path): \(problem)" }
}
