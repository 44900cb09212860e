import Collation
import Entries
import Foundation

/// The files of a folder that a lettered index of the folder reads: by extension (contacts, Markdown, tables,
/// localization tables and plain text by default; source code only when asked), never leaving the folder, and
/// within limits so that a home directory given as the folder is not read whole.
///
/// - Hidden files and folders, and the folders build tools and package managers fill (`node_modules`, `.build`,
///   `build`, `target`, `DerivedData`, `Pods`, `vendor`, `__pycache__`), are skipped everywhere (each folder with a
///   note).
/// - A symbolic link is followed only when what it points at is inside the folder (and each folder is read once, so a
///   link loop ends); links out of it are skipped.
/// - A file over `maxFileBytes`, and a file that is not text, is skipped with a note; unreadable files and folders,
///   and a folder deleted while it is read, are noted and skipped.
/// - At `maxFiles` files or `maxBytes` bytes the scan stops, with a note saying so and how to widen it.
public struct FolderScan: Sendable {
    /// The languageIds read by default.
    public static let defaultLanguages: Set<String> = ["vcard", "markdown", "csv", "tsv", "strings", "xcstrings", "plaintext"]
    /// Folder names skipped wherever they are.
    public static let skippedFolders: Set<String> = ["node_modules", "build", "target", "DerivedData", "Pods", "vendor", "__pycache__"]

    /// The formats read, by languageId.
    public var languages = FolderScan.defaultLanguages
    public var maxFileBytes = 16 << 20
    public var maxFiles = 20_000
    public var maxBytes = 1 << 30
    /// How a file's bytes become UTF-8 text (`thumbindex outline --encoding`); nil when it is UTF-8, or UTF-16 with a
    /// byte-order mark, or not text. Nil from it: the file is not text in that encoding.
    public var decode: (@Sendable ([UInt8]) -> [UInt8]?)?

    public init() {}

    /// The file extensions of the formats read (for a file watcher's glob), each once.
    public var fileExtensions: [String] {
        var seen: Set<String> = []
        return Extractors.all.flatMap { $0.fileExtensions }.filter { ext in
            guard let id = Extractors.languageId(forPath: "f." + ext), languages.contains(id) else { return false }
            return seen.insert(ext).inserted
        }
    }

    /// A file to read: its path, the format its extension names, and its size and modification time when it was
    /// found (a poll of the folder reads it again when they differ).
    public struct File: Sendable, Hashable {
        public var path: String
        public var languageId: String
        public var stamp = Stamp()
    }

    /// A file's size and modification time (nanoseconds).
    public struct Stamp: Sendable, Hashable {
        var size = 0
        var modified: Int64 = 0

        init() {}
        init(_ info: stat) {
            size = Int(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        }

        /// The stamp to keep for a file read now: one no file matches when it was modified so recently (within a
        /// second or two) that a change after the read could leave its size and time as they were, since file times
        /// move in coarse ticks (git's "racily clean" files). Such a file is read again at the next poll.
        var settled: Stamp {
            guard modified / 1_000_000_000 >= Int64(time(nil)) - 1 else { return self }
            var racy = self
            racy.modified = .min
            return racy
        }
    }

    /// The files of `root` to read, in path order, and what a person should hear about (skipped files, a limit met).
    /// `top` is the folder links may point into (by default `root`; a subfolder read again on its own passes its
    /// workspace folder).
    public func files(in root: String, within top: String? = nil) -> (files: [File], notes: [String]) {
        let fm = FileManager.default
        let start = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        let top = top.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path } ?? start
        var files: [File] = [], notes: [String] = [], bytes = 0
        var seen: Set<String> = [start]
        var pending = [start]
        while let folder = pending.popLast() {
            let names: [String]
            do {
                names = try fm.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                notes.append("\(folder): cannot be read, skipped (\(Self.reason(error)))")
                continue
            }
            for name in names {
                let path = folder == "/" ? "/" + name : folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }  // gone meanwhile
                if name.hasPrefix(".") {
                    // A hidden folder is named (what it held is left out); hidden files are dotfiles, not documents.
                    if info.st_mode & S_IFMT == S_IFDIR { notes.append("\(path): a hidden folder, skipped") }
                    continue
                }
                var kind = info.st_mode & S_IFMT
                var target = path
                if kind == S_IFLNK {
                    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                    guard resolved == top || resolved.hasPrefix(top == "/" ? "/" : top + "/") else {
                        notes.append("\(path): a link out of \(root), not followed")
                        continue
                    }
                    guard stat(resolved, &info) == 0 else { continue }
                    kind = info.st_mode & S_IFMT
                    target = resolved
                }
                if kind == S_IFDIR {
                    if Self.skippedFolders.contains(name) {
                        notes.append("\(path): a build or package folder, skipped")
                    } else if seen.insert(target).inserted {
                        pending.append(target)
                    }
                    continue
                }
                guard kind == S_IFREG, let languageId = Extractors.languageId(forPath: name), languages.contains(languageId) else { continue }
                let size = Int(info.st_size)
                if size > maxFileBytes {
                    notes.append("\(path): \(size) bytes, over the limit of \(maxFileBytes); skipped")
                    continue
                }
                if files.count >= maxFiles || bytes + size > maxBytes {
                    notes.append("stopped at \(files.count) files and \(bytes) bytes under \(root): give a narrower folder to read the rest")
                    return (files.sorted { $0.path < $1.path }, notes)
                }
                files.append(File(path: path, languageId: languageId, stamp: Stamp(info)))
                bytes += size
            }
        }
        return (files.sorted { $0.path < $1.path }, notes)
    }

    /// The file at `path` as `files(in: root)` would find it, or nil when a scan would not read it (an extension not
    /// read, a hidden or skipped folder on the way from `root`, not a regular file, over the size limit, outside
    /// `root`): how one file created or changed in a watched folder is told.
    public func file(at path: String, in root: String) -> File? {
        let path = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let languageId = languageId(ofFileAt: path, in: root) else { return nil }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maxFileBytes else { return nil }
        return File(path: path, languageId: languageId, stamp: Stamp(info))
    }

    /// The format a scan of `root` would read a file at `path` (standardized) in, by its name and where it is alone
    /// (the disk is not asked): nil for an extension not read, a hidden or skipped folder on the way, or outside `root`.
    public func languageId(ofFileAt path: String, in root: String) -> String? {
        guard let steps = Self.steps(from: root, to: path), let name = steps.last,
              !steps.dropLast().contains(where: { Self.skippedFolders.contains(String($0)) }),
              let languageId = Extractors.languageId(forPath: String(name)), languages.contains(languageId) else { return nil }
        return languageId
    }

    /// Whether a scan of `root` reads the folder at `path` (`root` itself, or inside it, neither hidden nor skipped on
    /// the way).
    public func readsFolder(at path: String, in root: String) -> Bool {
        let path = URL(fileURLWithPath: path).standardizedFileURL.path
        if path == URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path { return true }
        guard let steps = Self.steps(from: root, to: path) else { return false }
        return !steps.contains(where: { Self.skippedFolders.contains(String($0)) })
    }

    /// The names on the way from `root` to `path`, or nil when `path` is not inside `root` or a name is hidden.
    private static func steps(from root: String, to path: String) -> [Substring]? {
        let top = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        guard path.hasPrefix(top == "/" ? "/" : top + "/") else { return nil }
        let steps = path.dropFirst(top.count).split(separator: "/")
        return steps.contains(where: { $0.hasPrefix(".") }) ? nil : steps
    }

    private static func reason(_ error: Error) -> String {
        ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { String(cString: strerror(Int32($0.code))) }
            ?? error.localizedDescription
    }
}

extension FolderScan.File {
    /// The file's text as a document (a BOM dropped, UTF-16 decoded; or as `decode` reads it), or nil when it cannot
    /// be read or is not text.
    func document(decode: (@Sendable ([UInt8]) -> [UInt8]?)? = nil) -> TextDocument? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var bytes = [UInt8](data)
        if let decode {
            guard let text = decode(bytes) else { return nil }
            bytes = text
        } else if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard case .success(let utf8) = TextEncodings.utf8(fromUTF16: bytes[2...], bigEndian: bytes[0] == 0xFE) else { return nil }
            bytes = utf8
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        if TextEncodings.firstInvalidUTF8(bytes[...]) != nil { return nil }
        return TextDocument(uri: URL(fileURLWithPath: path).absoluteString, languageId: languageId, version: 0, utf8: bytes)
    }
}
