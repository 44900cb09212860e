import Foundation
import ThumbIndexJSON

/// Source code outlines from Universal Ctags, for every language it parses (and Swift, defined by
/// `SwiftOptlib`). ctags is run directly, never through a shell, on a temporary copy of the document's
/// current text, with a time limit. When ctags is missing or fails the outline is empty and says why in
/// a warning; a source file is never an error.
public struct CtagsExtractor: EntryExtractor {
    /// The languageId of every language ctags is asked to outline.
    public static var languageIds: [String] { CtagsLanguages.all.map(\.languageId) }
    /// The file extensions of those languages.
    public static var fileExtensions: [String] { CtagsLanguages.all.flatMap(\.extensions) }

    /// The languageId the extractor was made for; nil lets the file name decide.
    public var languageId: String?
    /// Seconds ctags may run before it is stopped.
    public var timeout: TimeInterval

    /// An extractor that lets the file name pick the language.
    public init() { self.init(languageId: nil) }

    /// An extractor for `languageId` (nil: the file name decides), stopping ctags after `timeout` seconds.
    public init(languageId: String?, timeout: TimeInterval = 5) {
        self.languageId = languageId
        self.timeout = timeout
    }

    /// An extractor that tells ctags the language of `languageId`.
    public static func make(languageId: String) -> CtagsExtractor { CtagsExtractor(languageId: languageId) }

    /// The languageId of the language that owns the extension, or nil.
    public static func languageId(forExtension ext: String) -> String? {
        CtagsLanguages.language(forExtension: ext)?.languageId
    }

    /// Runs ctags on a copy of `text` and nests its tags by scope. Never throws: when ctags is missing, fails or
    /// times out, the outline is empty and a warning says why.
    public func extract(_ text: String, options: ExtractionOptions) throws -> Extraction {
        let language = languageId.flatMap(CtagsLanguages.language(id:))
            ?? options.fileName.flatMap(CtagsLanguages.language(forFileName:))
        guard let executable = CtagsRunner.locate(options.ctagsPath) else {
            let looked = options.ctagsPath.map { "at \($0)" } ?? "on PATH"
            return Extraction(entries: [], warnings: ["ctags was not found \(looked); install Universal Ctags to outline source code"])
        }
        var arguments = ["--options=NONE", "--output-format=json", "--fields=+nKzSe", "--sort=no"]
        if language?.ctagsName == SwiftOptlib.languageName { arguments += SwiftOptlib.arguments }
        if let language { arguments.append("--language-force=\(language.ctagsName)") }
        var fileName = options.fileName.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        if ["", ".", "..", "/"].contains(fileName) { fileName = "document.\(language?.extensions.first ?? "txt")" }
        let output: String
        do {
            output = try CtagsRunner(executable: executable, timeout: timeout).run(text: text, fileName: fileName, arguments: arguments)
        } catch {
            return Extraction(entries: [], warnings: [error.message])
        }
        let tags = CtagsTag.parse(jsonLines: output)
        let outline = CtagsOutline(text: text, tags: tags, isSwift: language?.ctagsName == SwiftOptlib.languageName)
        return Extraction(entries: outline.entries())
    }
}

/// One line of `ctags --output-format=json`.
struct CtagsTag {
    var name: String?
    var line: Int?
    var end: Int?
    var kind: String?
    var scope: String?
    var scopeKind: String?
    var signature: String?

    /// The tags of ctags' JSON lines: those of `_type` `tag` with a name and a line (other lines are left out).
    static func parse(jsonLines: String) -> [CtagsTag] {
        let parser = JSONParser()
        return jsonLines.split(whereSeparator: \.isNewline).compactMap { line in
            guard let tag = try? parser.parse(String(line)), tag["_type"]?.stringValue == "tag",
                  let name = tag["name"]?.stringValue, let number = tag["line"]?.intValue else { return nil }
            return CtagsTag(name: name, line: number, end: tag["end"]?.intValue, kind: tag["kind"]?.stringValue,
                            scope: tag["scope"]?.stringValue, scopeKind: tag["scopeKind"]?.stringValue, signature: tag["signature"]?.stringValue)
        }
    }
}

/// Runs ctags on a temporary file with a time limit. Output goes to a file rather than a pipe, so a
/// large outline cannot fill a pipe buffer and stall ctags while we wait for it to exit.
struct CtagsRunner {
    let executable: String
    let timeout: TimeInterval

    struct Failure: Error { var message: String }

    /// The explicit path when it is executable, else `ctags` on PATH (then the usual install places).
    static func locate(_ explicit: String?) -> String? {
        let fm = FileManager.default
        if let explicit { return fm.isExecutableFile(atPath: explicit) ? explicit : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let dirs = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/opt/homebrew/bin", "/usr/bin"]
        return dirs.map { $0 + "/ctags" }.first { fm.isExecutableFile(atPath: $0) }
    }

    func run(text: String, fileName: String, arguments: [String]) throws(Failure) -> String {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("thumbindex-ctags-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: dir) }
        let source = dir.appendingPathComponent(fileName)
        let tags = dir.appendingPathComponent("tags.json"), errors = dir.appendingPathComponent("stderr.txt")
        let process = Process()
        do {
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: source)
            _ = fm.createFile(atPath: errors.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments + ["-o", tags.path, source.path]
            process.currentDirectoryURL = dir
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
        } catch {
            throw Failure(message: "ctags could not be started: \(error.localizedDescription)")
        }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch {
            throw Failure(message: "ctags could not be started (\(executable)): \(error.localizedDescription)")
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            // Signal the process group, not only the process: Process starts ctags in a group of its own,
            // and a wrapper script's children would otherwise live on (and Process would not report the exit).
            let pid = process.processIdentifier
            let target = getpgid(pid) == pid ? -pid : pid
            kill(target, SIGTERM)
            if finished.wait(timeout: .now() + 1) == .timedOut {
                kill(target, SIGKILL)
                _ = finished.wait(timeout: .now() + 2)
            }
            throw Failure(message: "ctags took longer than \(Self.seconds(timeout)) and was stopped; the outline is empty")
        }
        guard process.terminationStatus == 0 else {
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            let lines = said.split(whereSeparator: \.isNewline).filter { !$0.contains("Notice: No options will be read") }
            throw Failure(message: "ctags failed (exit status \(process.terminationStatus))" + (lines.isEmpty ? "" : ": " + lines.prefix(3).joined(separator: "; ")))
        }
        return (try? String(contentsOf: tags, encoding: .utf8)) ?? ""
    }

    private static func seconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? "\(Int(t)) s" : "\(t) s"
    }
}
