import Foundation

/// thumbindex-fuzz: a fuzzer over framing, JSON parsing, dispatch and document edits of the language server.
///
/// Built plainly it is a seeded mutation driver; built with `-sanitize=fuzzer -D LIBFUZZER` it runs libFuzzer
/// (any argument not listed below goes to libFuzzer then). Both share the harness and its oracle (`FuzzHarness`).
///
///     thumbindex-fuzz [--seconds N] [--messages N] [--inputs N] [--seed S] [--artifacts DIR] [--timeout S] [--keep-going] [--server-log]
///     thumbindex-fuzz --replay FILE…               run saved inputs once each (server log shown)
///     thumbindex-fuzz --write-corpus DIR [--examples Protocol/examples] [--count N]
@main
struct FuzzMain {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func value(_ name: String) -> String? {
            guard let position = arguments.firstIndex(of: name), position + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(position...(position + 1)) }
            return arguments[position + 1]
        }
        func flag(_ name: String) -> Bool {
            guard let position = arguments.firstIndex(of: name) else { return false }
            arguments.remove(at: position)
            return true
        }
        let timeout = value("--timeout").flatMap(Double.init) ?? 5

        if let directory = value("--write-corpus") {
            let examples = value("--examples")
            let count = value("--count").flatMap(Int.init) ?? 200
            do {
                let written = try SeedCorpus.write(to: directory, examples: examples, count: count, seed: 1)
                print("thumbindex-fuzz: wrote \(written) seed inputs to \(directory)")
                exit(0)
            } catch {
                Report.line("thumbindex-fuzz: cannot write the corpus: \(error)")
                exit(2)
            }
        }
        if flag("--replay") {
            exit(Replay.run(arguments, replyTimeout: timeout))
        }

        #if LIBFUZZER
        exit(LibFuzzerEntry.run())
        #else
        var options = MutationDriver.Options()
        options.replyTimeout = timeout
        options.seconds = value("--seconds").flatMap(Double.init)
        options.messages = value("--messages").flatMap(Int.init)
        options.inputs = value("--inputs").flatMap(Int.init)
        if let seed = value("--seed") {
            guard let parsed = UInt64(seed) else { usage("--seed takes an unsigned integer, got \(seed)") }
            options.seed = parsed
        }
        if let artifacts = value("--artifacts") { options.artifacts = artifacts }
        if let every = value("--progress").flatMap(Double.init) { options.progressEvery = every }
        options.keepGoing = flag("--keep-going")
        let serverLog = flag("--server-log")
        guard arguments.isEmpty else { usage("unknown arguments: \(arguments.joined(separator: " "))") }
        if !serverLog { Report.silenceServerLog() }
        exit(MutationDriver(options: options).run())
        #endif
    }

    static func usage(_ problem: String) -> Never {
        Report.line("thumbindex-fuzz: \(problem)")
        Report.line("usage: thumbindex-fuzz [--seconds N] [--messages N] [--inputs N] [--seed S] [--artifacts DIR] [--timeout S] "
            + "[--progress S] [--keep-going] [--server-log] | --replay FILE… | --write-corpus DIR [--examples DIR] [--count N]")
        exit(2)
    }
}
