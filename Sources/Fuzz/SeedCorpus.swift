import Foundation

/// The seed corpus for libFuzzer: the Protocol/ examples as framed requests, and clean template inputs.
///
/// libFuzzer mutates bytes blindly; starting it from well-formed, framed messages of every method lets it reach the
/// handlers at once instead of spending its first minutes discovering `Content-Length`.
enum SeedCorpus {
    /// Writes the corpus into `directory`; `examples` is Protocol/examples (its `*.params.json` files become
    /// requests of the method their name gives). Returns the number of files written.
    static func write(to directory: String, examples: String?, count: Int, seed: UInt64) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written = 0
        func save(_ bytes: [UInt8], _ name: String) throws {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            try Data(bytes).write(to: url)
            written += 1
        }

        var allExamples: [UInt8] = []
        if let examples {
            let names = try FileManager.default.contentsOfDirectory(atPath: examples).filter { $0.hasSuffix(".params.json") }.sorted()
            for (position, name) in names.enumerated() {
                // thumbindex.jump.search.params.json → thumbindex/jump
                let parts = name.split(separator: ".")
                guard parts.count >= 3, let params = FileManager.default.contents(atPath: examples + "/" + name) else { continue }
                let body = Array("{\"jsonrpc\":\"2.0\",\"id\":\(position + 1),\"method\":\"\(parts[0])/\(parts[1])\",\"params\":".utf8)
                    + [UInt8](params) + Array("}".utf8)
                let framed = ContentLengthFrame.frame(body)
                allExamples += framed
                try save(framed, "example-" + name.replacingOccurrences(of: ".params.json", with: ""))
            }
            if !allExamples.isEmpty { try save(allExamples, "examples-all") }
        }

        var generator = InputGenerator(seed: seed)
        for index in 0..<count {
            try save(generator.clean(messages: 1 + index % 6), "template-\(index)")
        }
        return written
    }
}
