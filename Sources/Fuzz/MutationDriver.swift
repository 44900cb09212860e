import Foundation

/// The seeded mutation driver: generates inputs from templates until a time or message budget is spent, runs each
/// against a fresh server, and stops at the first failure with the seed and the input.
struct MutationDriver {
    struct Options {
        var seconds: Double?
        var messages: Int?
        var inputs: Int?
        var seed = UInt64.random(in: 1...UInt64(UInt32.max))
        var artifacts = ".build/fuzz-artifacts"
        var replyTimeout = 5.0
        var progressEvery = 10.0
        /// Report each distinct failure and go on, instead of stopping at the first (for long runs while known
        /// bugs are still open). The exit status is still 1 if anything failed.
        var keepGoing = false
    }

    let options: Options

    /// Runs the loop; returns the exit status (0: budget spent without a failure).
    func run() -> Int32 {
        let seed = options.seed
        let budget = options.seconds ?? (options.messages == nil && options.inputs == nil ? 60 : .infinity)
        Report.line("thumbindex-fuzz: mutation driver, seed \(seed), budget "
            + [options.seconds.map { "\($0) s" } ?? (budget.isFinite ? "\(budget) s" : nil), options.messages.map { "\($0) messages" },
               options.inputs.map { "\($0) inputs" }].compactMap { $0 }.joined(separator: " / "))
        let artifacts = options.artifacts
        let crashPath = (artifacts as NSString).appendingPathComponent("crash-seed\(seed).bin")
        try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        CrashReporter.install(artifactPath: crashPath, description: "an input of seed \(seed)")
        let watchdog = Watchdog(limit: options.replyTimeout * 2 + 10) { input, label in
            Self.report(FuzzFailure(kind: .hang, detail: "LanguageServer.handle did not return"), input: input, label: label,
                        artifacts: artifacts, name: "hang-seed\(seed).bin")
        }

        let harness = FuzzHarness(replyTimeout: options.replyTimeout)
        var generator = InputGenerator(seed: seed)
        var totals = InputStats()
        var inputs = 0
        var failures = 0
        /// Failures already reported, by kind and the start of their detail with digits left out (ids, offsets).
        var seen: Set<String> = []
        let start = Date()
        var lastProgress = start
        while true {
            let elapsed = Date().timeIntervalSince(start)
            if elapsed >= budget || totals.frames >= (options.messages ?? .max) || inputs >= (options.inputs ?? .max) { break }
            if Date().timeIntervalSince(lastProgress) >= options.progressEvery {
                lastProgress = Date()
                Report.line("thumbindex-fuzz: " + Self.summary(totals, inputs: inputs, seconds: elapsed))
            }
            let input = generator.next()
            let label = "input #\(inputs) of seed \(seed)"
            CrashReporter.setCurrent(input)
            watchdog.begin(input, label: label)
            let result = harness.run(input)
            watchdog.end()
            switch result {
            case .success(let stats):
                totals.frames += stats.frames
                totals.messages += stats.messages
                totals.replies += stats.replies
                inputs += 1
            case .failure(let failure):
                failures += 1
                let signature = failure.kind.rawValue + String(failure.detail.filter { !$0.isNumber }.prefix(50))
                if seen.insert(signature).inserted {
                    Self.report(failure, input: input, label: label, artifacts: artifacts, name: "failure-seed\(seed)-\(inputs).bin")
                }
                guard options.keepGoing else { return 1 }
                inputs += 1
            }
        }
        let summary = "thumbindex-fuzz: " + Self.summary(totals, inputs: inputs, seconds: Date().timeIntervalSince(start)) + ", seed \(seed): "
        if failures == 0 {
            print(summary + "no crash, no hang, no invalid output")
            return 0
        }
        print(summary + "\(failures) failing inputs, \(seen.count) distinct (reported above)")
        return 1
    }

    static func summary(_ totals: InputStats, inputs: Int, seconds: Double) -> String {
        let rate = seconds > 0 ? Int(Double(totals.frames) / seconds) : 0
        return "\(totals.frames) messages (\(totals.messages) JSON-RPC messages, \(totals.replies) replies) "
            + "in \(inputs) inputs, \(String(format: "%.1f", seconds)) s, \(rate) messages/s"
    }

    /// Prints a failure with its input (escaped and in hex) and saves the input for `--replay`.
    static func report(_ failure: FuzzFailure, input: [UInt8], label: String, artifacts: String, name: String) {
        let setup = FuzzSetup(for: input)
        Report.line("\nthumbindex-fuzz: FAILURE on \(label) — \(failure)")
        Report.line("input (\(input.count) bytes; setup: \(setup.encoding) positions, hierarchical symbols \(setup.hierarchicalSymbols)):")
        Report.line(Report.escaped(input))
        Report.line("hex: " + Report.hex(Array(input.prefix(8192))) + (input.count > 8192 ? "…" : ""))
        if let path = Report.saveArtifact(input, directory: artifacts, name: name) {
            Report.line("saved to \(path); replay with: swift run thumbindex-fuzz --replay \(path)")
        }
    }
}

/// Runs saved inputs once each (a crash file from libFuzzer or the driver), printing what happened.
enum Replay {
    static func run(_ paths: [String], replyTimeout: Double) -> Int32 {
        let harness = FuzzHarness(replyTimeout: replyTimeout)
        var status: Int32 = 0
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                Report.line("thumbindex-fuzz: cannot read \(path)")
                return 2
            }
            let input = [UInt8](data)
            CrashReporter.setCurrent(input)
            switch harness.run(input) {
            case .success(let stats):
                Report.line("thumbindex-fuzz: \(path): ok (\(stats.frames) messages, \(stats.replies) replies)")
            case .failure(let failure):
                Report.line("thumbindex-fuzz: \(path): FAILURE — \(failure)")
                status = 1
            }
        }
        return status
    }
}
