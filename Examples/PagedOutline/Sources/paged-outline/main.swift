// Opens a file in a thumbindex server and pages through its sectioned outline as an editor would: the count and the
// sections first, then pages on demand, the next one preloaded, a jump to a letter, and a page after an edit.
import Foundation
import ThumbIndexClient
import ThumbIndexProtocol

func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: paged-outline FILE [--locale sv_SE] [--page-size 200] [--server PATH] [--language plaintext]
        Pages through FILE's outline with PagedArray and prints what it sees and how long it took.

        """.utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(i ... i + 1) }
    return arguments[i + 1]
}
let locale = option("--locale") ?? "en_US"
let pageSize = option("--page-size").flatMap(Int.init) ?? 200
let server = option("--server") ?? "thumbindex"
let language = option("--language")
guard arguments.count == 1 else { usage() }
let path = arguments[0]
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    FileHandle.standardError.write(Data("paged-outline: cannot read \(path) as UTF-8 text\n".utf8))
    exit(1)
}
let languageId = language ?? ["md": "markdown", "csv": "csv", "tsv": "tsv", "vcf": "vcard"][(path as NSString).pathExtension] ?? "plaintext"
let uri = URL(fileURLWithPath: path).absoluteString

func milliseconds(since start: ContinuousClock.Instant) -> String {
    let duration = ContinuousClock.now - start
    let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.1f ms", ms)
}

func show(_ entry: EntriesRequest.Entry) -> String { "\(entry.name) (line \(entry.selectionRange.start.line + 1))" }

let client = try await ThumbIndexClient.launch(executable: server, locale: locale)
try client.open(uri: uri, languageId: languageId, text: text)

// 1. The count and the sections, before any entry is loaded.
var start = ContinuousClock.now
let entries = try await client.pagedEntries(uri: uri, pageSize: pageSize)
let sections = try await client.sections(uri: uri)
print("\(entries.count) entries in \(sections.sections.count) sections, \(entries.pageCount) pages of \(pageSize): \(milliseconds(since: start))")

// 2. The first page: a placeholder at first, then loaded (and the next page preloaded).
start = ContinuousClock.now
if case .placeholder = entries[0] { print("entries[0] is a placeholder until its page loads") }
if entries.count > 0 {
    let first = try await entries.element(at: 0)
    print("first entry: \(show(first)) after \(milliseconds(since: start)); pages loaded: \(entries.loadedPages.sorted())")
}

// 3. A thumb index: the first entry of every section, each read through the array.
start = ContinuousClock.now
var thumb: [String] = []
for section in sections.sections {
    let entry = try await entries.element(at: section.offset)
    thumb.append("\(section.title) \(entry.name)")
}
print("first entry of each of \(sections.sections.count) sections: \(milliseconds(since: start))")
for line in thumb.prefix(12) { print("  \(line)") }
if thumb.count > 12 { print("  … \(thumb.count - 12) more") }

// 4. Scrolling: a window of 50 rows moving down 5,000 rows; loads for pages scrolled past are cancelled.
start = ContinuousClock.now
var row = 0
var pagesRead = 0
while row < min(entries.count, 5_000) {
    entries.cancelLoads(outside: row ..< min(entries.count, row + 50))
    _ = try await entries.element(at: row)
    row += 50
    pagesRead += 1
}
print("scrolled \(row) rows (\(pagesRead) windows): \(milliseconds(since: start)); pages loaded: \(entries.loadedPages.count)")

// 5. A jump, as a touch on the thumb index would do it.
if let title = sections.sectionIndexTitles.dropFirst(sections.sectionIndexTitles.count / 2).first {
    start = ContinuousClock.now
    if case .section(_, let landed, let offset, _) = try await client.jump(uri: uri, to: .title(title)) {
        let entry = try await entries.element(at: offset)
        print("jump to \(title): section \(landed) at \(offset), \(show(entry)): \(milliseconds(since: start))")
    }
}

// 6. An edit: the array starts over with the new version (ContentModified on its next page → a new snapshot).
try client.change(uri: uri, version: 2, range: PositionRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)),
                  text: "Aaron Aardvark\n")
entries.invalidate()
start = ContinuousClock.now
let fresh = try await entries.element(at: 0)
print("after an edit: \(entries.count) entries (version \(entries.version)), first \(show(fresh)): \(milliseconds(since: start))")

try await client.shutdown()
