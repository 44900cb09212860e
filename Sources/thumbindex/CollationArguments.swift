import ArgumentParser
import Collation
import Foundation

extension IndexedCollation.Style: ExpressibleByArgument {}
extension CollationOptions.CaseFirst: ExpressibleByArgument {}

/// The collation options every command shares.
struct CollationArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: "Locale identifier (default: LC_ALL, LC_COLLATE or LANG, else en).")
    var locale: String?

    @Option(help: "Section style: apple (A–Z, the locale's letters, #) or icu (ICU's buckets).")
    var style: IndexedCollation.Style = .apple

    @Flag(help: "Compare digits by numeric value (BCP 47 kn): item2 before item10.")
    var numeric = false

    @Option(name: .customLong("case-first"), help: "Which case sorts first among equal letters: off, lower, upper.")
    var caseFirst: CollationOptions.CaseFirst?

    var localeIdentifier: String {
        locale ?? CollationLocale.fromEnvironment(ProcessInfo.processInfo.environment)
    }

    func makeCollation() throws -> IndexedCollation {
        let options = CollationOptions(numeric: numeric ? true : nil, caseFirst: caseFirst)
        do {
            return try IndexedCollation(locale: localeIdentifier, style: style, options: options)
        } catch {
            // Say where a locale nobody typed came from.
            if locale == nil, let source = CollationLocale.environmentSource(ProcessInfo.processInfo.environment) {
                throw CommandFailure("\(error.message) (from \(source.variable)=\(ProcessInfo.processInfo.environment[source.variable] ?? ""); give --locale to override)")
            }
            throw CommandFailure(error.message)
        }
    }
}

/// A failure a person can act on; ArgumentParser prints it to stderr and exits non-zero.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Reads a whole file, or stdin for nil or "-".
func readInput(_ path: String?) throws -> [UInt8] {
    if let path, path != "-" {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw CommandFailure(exists ? (isDirectory.boolValue ? "\(path) is a directory" : "cannot read \(path)") : "no such file: \(path)")
        }
        return [UInt8](data)
    }
    return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
}

/// Buffered writes to stdout in large chunks (one `write` per megabyte, not per line).
struct StandardOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 20) }

    mutating func write<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func write(_ string: String) {
        write(string.utf8)
    }

    mutating func flush() {
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(1, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // stdout closed (e.g. piped into head): stop quietly
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
