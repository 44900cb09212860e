import Collation
import Entries
import Foundation
import Outlines
import ThumbIndexJSON

extension Outline {
    /// Whether FILE is a folder: then the outline is the lettered index of its files (`FolderOutline`).
    var isFolder: Bool {
        var info = stat()
        return file != "-" && stat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `thumbindex outline DIR`: every entry of the folder's contacts, Markdown, tables, localization tables and
    /// plain text (`--language` names the one format to read instead), sectioned and sorted as one, each with the
    /// file and line it is on. Files skipped and limits met are said on standard error.
    func runFolder(collation: IndexedCollation, settings: ExtractionSettings) throws {
        var scan = FolderScan()
        if let languageId { scan.languages = [LanguageNames.resolve(languageId) ?? languageId] }
        let outline = try FolderOutline(root: file, scan: scan, collation: collation, settings: settings)
        for note in outline.notes { Messages.note(note) }
        let root = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        let relative = outline.files.map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : $0 }
        var out = StandardOutput()
        if json {
            let sections: [JSON] = outline.sectioned.ranges.map { range in
                [
                    "title": .string(collation.sectionTitles[range.section]),
                    "entries": .array(outline.sectioned.order[range.range].map { Self.json(outline.items[Int($0)], relative) }),
                ]
            }
            out.write((["sections": .array(sections)] as JSON).serialized())
            out.write("\n")
        } else {
            let style = Self.style
            let width = outline.items.map { relative[$0.file].count + String($0.entry.selectionRange.start.line + 1).count + 1 }.max() ?? 0
            for range in outline.sectioned.ranges {
                let count = range.range.count
                out.write(style.header(Self.printable(sectionTitleText(collation.sectionTitles, at: range.section))) + "  "
                          + style.dim(count == 1 ? "1 entry" : "\(count) entries") + "\n")
                for position in outline.sectioned.order[range.range] {
                    let item = outline.items[Int(position)]
                    let place = relative[item.file] + ":" + String(item.entry.selectionRange.start.line + 1)
                    var line = "  " + style.dim(Self.printable(place)) + String(repeating: " ", count: max(0, width - place.count) + 2)
                        + Self.printable(item.entry.name.isEmpty ? " " : item.entry.name)
                    if let detail = item.entry.detail, !detail.isEmpty { line += "  " + style.dim(Self.printable(detail)) }
                    out.write(line + "\n")
                }
            }
        }
        out.flush()
    }

    private static func json(_ item: FolderOutline.Item, _ files: [String]) -> JSON {
        var object: JSONObject = ["name": .string(item.entry.name), "file": .string(files[item.file]),
                                  "line": .int(Int64(item.entry.selectionRange.start.line + 1))]
        if let detail = item.entry.detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}
