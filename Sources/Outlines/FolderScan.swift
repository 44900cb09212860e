import Entries
import Foundation

/// The files of a folder that a lettered index of the folder reads: by extension (contacts, Markdown, tables,
/// localization tables and plain text by default; source code only when asked), never leaving the folder, and
/// within limits so that a home directory given as the folder is not read whole.
///
/// - Hidden files and folders, and the folders build tools and package managers fill (`node_modules`, `.build`,
///   `build`, `target`, `DerivedData`, `Pods`, `vendor`, `__pycache__`), are skipped everywhere.
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

    public init() {}

    /// A file to read: its path, and the format its extension names.
    public struct File: Sendable, Hashable {
        public var path: String
        public var languageId: String
    }

    /// The files of `root` to read, in path order, and what a person should hear about (skipped files, a limit met).
    public func files(in root: String) -> (files: [File], notes: [String]) {
        let fm = FileManager.default
        let top = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        var files: [File] = [], notes: [String] = [], bytes = 0
        var seen: Set<String> = [top]
        var pending = [top]
        while let folder = pending.popLast() {
            let names: [String]
            do {
                names = try fm.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                notes.append("\(folder): cannot be read, skipped (\(Self.reason(error)))")
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let path = folder == "/" ? "/" + name : folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }  // gone meanwhile
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
                    if !Self.skippedFolders.contains(name), seen.insert(target).inserted { pending.append(target) }
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
                files.append(File(path: path, languageId: languageId))
                bytes += size
            }
        }
        return (files.sorted { $0.path < $1.path }, notes)
    }

    private static func reason(_ error: Error) -> String {
        ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { String(cString: strerror(Int32($0.code))) }
            ?? error.localizedDescription
    }
}
