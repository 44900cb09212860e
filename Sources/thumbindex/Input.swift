import ArgumentParser
import Foundation

/// Reads a whole file, or stdin for nil or "-".
func readInput(_ path: String?) throws -> [UInt8] {
    guard let path, path != "-" else { return try readAll(STDIN_FILENO, name: "standard input") }
    // open(2) and read(2) rather than FileManager: pipes, named FIFOs, /dev/stdin and process substitution
    // (`<(…)`, a /dev/fd path) have no size to read up front.
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw CommandFailure(path: path, String(cString: strerror(errno))) }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw CommandFailure(path: path, String(cString: strerror(EISDIR))) }
    return try readAll(fd, name: path)
}

/// The name of an input in messages: its path, or "standard input".
func inputName(_ path: String?) -> String {
    guard let path, path != "-" else { return "standard input" }
    return path
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
            throw CommandFailure(path: name, String(cString: strerror(errno)))
        }
        bytes += chunk[..<count]
    }
}

/// `--encoding`, for the commands that read a file (`sort`, `outline`).
struct EncodingArguments: ParsableArguments {
    @Option(help: "The input's encoding: auto (UTF-8, or UTF-16 with a byte-order mark), utf-8, utf-16, utf-16le, utf-16be or latin1.")
    var encoding: TextEncoding = .auto

    /// The input as UTF-8 without a byte-order mark, or a failure that says what it is and what to do.
    func decode(_ bytes: [UInt8], name: String) throws -> [UInt8] {
        try TextDecoder(name: name).decode(bytes, as: encoding)
    }
}

enum TextEncoding: String, CaseIterable, ExpressibleByArgument {
    case auto, utf8 = "utf-8", utf16 = "utf-16", utf16le = "utf-16le", utf16be = "utf-16be", latin1

    /// As people type them: UTF8, utf_16LE, ISO-8859-1, latin-1.
    init?(argument: String) {
        let name = argument.lowercased().replacingOccurrences(of: "_", with: "-")
        switch name {
        case "utf8": self = .utf8
        case "utf16": self = .utf16
        case "utf16le": self = .utf16le
        case "utf16be": self = .utf16be
        case "latin-1", "iso-8859-1", "iso8859-1", "l1": self = .latin1
        default:
            guard let known = Self(rawValue: name) else { return nil }
            self = known
        }
    }
}
