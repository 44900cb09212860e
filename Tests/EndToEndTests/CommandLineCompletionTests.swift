import Foundation
import XCTest

/// Shell completion offers what can follow: file names for the file argument, the formats for `--language`, the
/// locales ICU knows for `--locale`. Bash is driven for real; the zsh and fish scripts are read.
final class CommandLineCompletionTests: XCTestCase {
    /// What bash's completion of `line` (the words after `thumbindex`) offers, run in `directory`.
    private func bashCompletes(_ line: String, in directory: String) throws -> [String] {
        let script = try Binary.run(["--generate-completion-script", "bash"]).1
        let path = (directory as NSString).appendingPathComponent("thumbindex.bash")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let driver = """
            source ./thumbindex.bash
            COMP_LINE="$BIN $LINE"; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<<"$COMP_LINE"
            [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _thumbindex "$BIN" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["--norc", "--noprofile", "-c", driver]
        bash.currentDirectoryURL = URL(fileURLWithPath: directory)
        bash.environment = ["BIN": Binary.url.path, "LINE": line, "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        bash.standardOutput = out
        bash.standardError = FileHandle.nullDevice
        try bash.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bash.waitUntilExit()
        return printed.split(separator: "\n").map(String.init).filter { $0 != "thumbindex.bash" }.sorted()
    }

    func testBashCompletesFilesFormatsAndLocales() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw XCTSkip("no bash") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-completion-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["names.txt", "notes.md"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: (directory as NSString).appendingPathComponent(name), contents: Data()), name)
        }
        XCTAssertEqual(try bashCompletes("outline na", in: directory), ["names.txt"])
        XCTAssertEqual(try bashCompletes("sort ", in: directory), ["names.txt", "notes.md"])
        XCTAssertEqual(try bashCompletes("outline --strings no", in: directory), ["notes.md"])
        XCTAssertEqual(try bashCompletes("outline --language mark", in: directory), ["markdown"])
        XCTAssertEqual(try bashCompletes("outline --language y", in: directory), ["yaml", "yml"])
        XCTAssertEqual(try bashCompletes("sort --locale sv_", in: directory), ["sv_AX", "sv_FI", "sv_SE"])
        XCTAssertEqual(try bashCompletes("titles -l ja", in: directory), ["ja", "ja_JP"])
        XCTAssertEqual(try bashCompletes("outline --encoding la", in: directory), ["latin1"])
    }

    func testZshAndFishCompleteTheSame() throws {
        let (_, zsh, _) = try Binary.run(["--generate-completion-script", "zsh"])
        XCTAssertTrue(zsh.contains("':file:_files'"), "zsh: files for the file argument")
        XCTAssertTrue(zsh.contains("---completion outline -- --locale"), "zsh: locales from the binary")
        XCTAssertTrue(zsh.contains("___language=('plaintext'"), "zsh: the formats")
        let (_, fish, _) = try Binary.run(["--generate-completion-script", "fish"])
        XCTAssertTrue(fish.contains("---completion sort -- --locale"), "fish: locales from the binary")
        XCTAssertTrue(fish.contains("-rfka 'plaintext text markdown "), "fish: the formats")
        XCTAssertTrue(fish.contains("\"thumbindex outline\" -eq 1' -F\n"), "fish: files for the file argument")
    }
}
