import Collation
import Entries
import Foundation
import Outlines
import ThumbIndexJSON

extension Outline {
    /// Whether FILE is a folder: then the outline is the lettered index of its files.
    var isFolder: Bool {
        var info = stat()
        return file != "-" && stat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `thumbindex outline DIR`: every entry of the folder's contacts, Markdown, tables, localization tables and
    /// plain text (`--language` names the one format to read instead), sectioned and sorted as one, each with the
    /// file and line it is on. Files skipped and limits met are said on standard error.
    ///
    /// It is the server's thumb index of a workspace folder (`WorkspaceFiles`, `WorkspaceIndex`): the same files read
    /// the same way, in the same order (equal names by file uri, then place in the file).
    func runFolder(collation: IndexedCollation, settings: ExtractionSettings) throws {
        var scan = FolderScan()
        if let languageId = format.languageId { scan.languages = [LanguageNames.resolve(languageId) ?? languageId] }
        if input.encoding != .auto {
            let encoding = input.encoding
            scan.decode = { try? TextDecoder(name: "").decode($0, as: encoding) }
        }
        let files = WorkspaceFiles(roots: [file], scan: scan, settings: settings, collation: collation, encoding: .utf8)
        let root = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        let relative = { (uri: String) -> String in
            let path = URL(string: uri)?.path ?? uri
            return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }
        // Notes name files as typed (DIR/a.txt), as the compiler-style messages of a file do.
        let typed = file.hasSuffix("/") ? String(file.dropLast()) : file
        for note in files.scanAll() {
            var note = note.hasPrefix(root + "/") || note.hasPrefix(root + ":") ? typed + note.dropFirst(root.count) : note
            if input.encoding == .auto, note.hasSuffix("not UTF-8 or UTF-16 text; skipped") { note += " (--encoding latin1 reads Latin-1)" }
            Messages.note(note)
        }
        var paths: [Int32: String] = [:]  // each file's relative path, made once
        let sections = files.withIndex { index, _ in
            index.sections.map { section in
                (title: section.titleIndex, entries: index.items(section.offset ..< section.offset + section.count).map { found in
                    let file = index.file(of: found.item), k = Int(found.item.entry)
                    let path = paths[found.item.file] ?? relative(file.uri)
                    paths[found.item.file] = path
                    return (name: file.name(k), detail: file.detail(k), file: path, line: file.selection(k).start.line + 1)
                })
            }
        }
        if sections.isEmpty {
            let formats = scan.languages.sorted().joined(separator: ", ")
            throw CommandFailure(path: file, "nothing to outline: no entries in its files of the formats read (\(formats); --language names another)")
        }
        var out = StandardOutput()
        if json {
            let sections: [JSON] = sections.map { section in
                [
                    "title": .string(collation.sectionTitles[section.title]),
                    "entries": .array(section.entries.map { entry in
                        var object: JSONObject = ["name": .string(entry.name), "file": .string(entry.file), "line": .int(Int64(entry.line))]
                        if let detail = entry.detail { object["detail"] = .string(detail) }
                        return .object(object)
                    }),
                ]
            }
            out.write((["sections": .array(sections)] as JSON).serialized())
            out.write("\n")
        } else {
            let style = Self.style
            let width = sections.lazy.flatMap(\.entries).map { $0.file.count + String($0.line).count + 1 }.max() ?? 0
            for section in sections {
                let count = section.entries.count
                out.write(style.header(Self.printable(sectionTitleText(collation.sectionTitles, at: section.title))) + "  "
                          + style.dim(count == 1 ? "1 entry" : "\(count) entries") + "\n")
                for entry in section.entries {
                    let place = entry.file + ":" + String(entry.line)
                    var line = "  " + style.dim(Self.printable(place)) + String(repeating: " ", count: max(0, width - place.count) + 2)
                        + Self.printable(entry.name.isEmpty ? " " : entry.name)
                    if let detail = entry.detail, !detail.isEmpty { line += "  " + style.dim(Self.printable(detail)) }
                    out.write(line + "\n")
                }
            }
        }
        out.flush()
    }
}
