import ArgumentParser
import Collation
import Entries
import Foundation

extension IndexedCollation.Style: ExpressibleByArgument {}
extension CollationOptions.CaseFirst: ExpressibleByArgument {}

/// The collation options every command shares.
struct CollationArguments: ParsableArguments {
    @Option(name: .shortAndLong, help: "Locale identifier (default: LC_ALL, LC_COLLATE or LANG, else en).")
    var locale: String?

    @Option(help: "Section style: apple (A to Z, the locale's letters, #) or icu (ICU's buckets).")
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
            let collation = try IndexedCollation(locale: localeIdentifier, style: style, options: options)
            if let warning = collation.locale.regionWarning(given: localeIdentifier) {
                FileHandle.standardError.write(Data("thumbindex: warning: \(warning)\n".utf8))
            }
            return collation
        } catch {
            // Say where a locale nobody typed came from.
            if locale == nil, let source = CollationLocale.environmentSource(ProcessInfo.processInfo.environment) {
                throw CommandFailure("\(error.message) (from \(source.variable)=\(ProcessInfo.processInfo.environment[source.variable] ?? ""); give --locale to override)")
            }
            throw CommandFailure("--locale \(localeIdentifier): \(error.message)")
        }
    }
}

/// `--readings`, for the commands that sort names (`sort`, `outline`).
struct ReadingArguments: ParsableArguments {
    enum Choice: String, ExpressibleByArgument, CaseIterable { case auto, off }

    @Option(help: "Under ja: names in kanji sort and section by their MeCab readings (auto) or go to # (off).")
    var readings: Choice = .auto

    /// Whether readings apply under `collation`.
    func apply(to collation: IndexedCollation) -> Bool { readings == .auto && collation.locale.language == "ja" }

    /// Tells once, on stderr, that kanji names go to `#` because MeCab is missing.
    static func noteMissing() {
        guard let problem = Readings.shared.problem else { return }
        FileHandle.standardError.write(Data("thumbindex: note: \(problem)\n".utf8))
    }
}

/// A failure a person can act on; ArgumentParser prints it to stderr and exits non-zero.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Reads a whole file, or stdin for nil or "-".
func readInput(_ path: String?) throws -> [UInt8] {
    guard let path, path != "-" else { return try readAll(STDIN_FILENO, name: "standard input") }
    // open(2) and read(2) rather than FileManager: pipes, named FIFOs, /dev/stdin and process substitution
    // (`<(…)`, a /dev/fd path) have no size to read up front.
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
        switch errno {
        case ENOENT, ENOTDIR: throw CommandFailure("no such file: \(path)")
        case EACCES: throw CommandFailure("cannot read \(path): permission denied")
        default: throw CommandFailure("cannot read \(path): \(String(cString: strerror(errno)))")
        }
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw CommandFailure("\(path) is a directory, not a file") }
    return try readAll(fd, name: path)
}

/// Every byte of `fd` up to its end.
private func readAll(_ fd: Int32, name: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count == 0 { return bytes }
        if count < 0 {
            if errno == EINTR { continue }
            if errno == EISDIR { throw CommandFailure("\(name) is a directory, not a file") }
            throw CommandFailure("cannot read \(name): \(String(cString: strerror(errno)))")
        }
        bytes += chunk[..<count]
    }
}

/// Refuses input that is not text: a NUL byte, or more than a few bytes that are not UTF-8, means a binary file (or
/// another encoding), whose "lines" would only print garbage.
func requireText(_ bytes: [UInt8], name: String) throws {
    if let problem = TextCheck.problem(in: bytes) { throw CommandFailure("\(name): \(problem)") }
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
