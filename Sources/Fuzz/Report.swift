#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where the fuzzer's own lines go, and how inputs are shown in them.
///
/// The server logs every failed notification to stderr, which under fuzzing is a flood that costs more than the
/// fuzzing itself. So the fuzzer keeps a private duplicate of stderr for its reports and points descriptor 2 at
/// /dev/null (`silenceServerLog`); `--server-log` keeps the server's log, for replaying one input.
enum Report {
    /// The descriptor reports are written to: stderr, or its private duplicate once the server's log is silenced.
    nonisolated(unsafe) static var fd: Int32 = 2

    static func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        write(bytes)
    }

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Keeps a duplicate of stderr for reports and sends descriptor 2 (the server's log) to /dev/null.
    static func silenceServerLog() {
        let duplicate = dup(2)
        guard duplicate >= 0 else { return }
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return }
        dup2(null, 2)
        close(null)
        fd = duplicate
    }

    /// The input as a Swift/C-style escaped string: printable ASCII as is, \r \n \t, other bytes as \xNN.
    /// Long inputs are cut in the middle so that both ends, where framing problems show, stay visible.
    static func escaped(_ bytes: [UInt8], limit: Int = 4096) -> String {
        if bytes.count > limit {
            let head = escaped(Array(bytes.prefix(limit / 2)), limit: limit)
            let tail = escaped(Array(bytes.suffix(limit / 2)), limit: limit)
            return head + "…[\(bytes.count - limit) bytes not shown]…" + tail
        }
        var text = ""
        for byte in bytes {
            switch byte {
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0x5C: text += "\\\\"
            case 0x22: text += "\\\""
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\x" + hexByte(byte)
            }
        }
        return "\"" + text + "\""
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map(hexByte).joined()
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// Writes an input to `directory/name` (creating the directory) and returns the path, or nil on failure.
    @discardableResult
    static func saveArtifact(_ bytes: [UInt8], directory: String, name: String) -> String? {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(name)
        return FileManager.default.createFile(atPath: path, contents: Data(bytes)) ? path : nil
    }
}
