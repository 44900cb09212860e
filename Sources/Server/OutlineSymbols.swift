import Collation
import Foundation
import Entries
import JSONRPC

/// DocumentSymbol JSON for an outline: what `textDocument/documentSymbol` sends and what
/// `thumbindex outline --json` prints, from one code path.
public enum OutlineSymbols {
    /// The outline of a file's text, as the server would send it (UTF-16 positions).
    public static func documentSymbols(
        text: String, uri: String, languageId: String, collation: IndexedCollation, grouping: Grouping,
        options: ExtractionOptions = ExtractionOptions(), localization: LocalizationTable? = nil
    ) throws -> (symbols: JSON, warnings: [String]) {
        let document = TextDocument(uri: uri, languageId: languageId, version: 0, text: text)
        let extraction = try Extractors.extract(text, languageId: languageId, options: options)
        let entries = localization.map { Localization.apply($0, to: extraction.entries) } ?? extraction.entries
        let outline = DocumentOutline(version: 0, roots: entries)
        let sectioned = grouping == .document ? nil : SectionedOutline(outline: outline, collation: collation)
        let symbols = try render(document: document, outline: outline, sectioned: sectioned, grouping: grouping, encoding: .utf16) {}
        return (symbols, extraction.warnings)
    }

    /// Writes the symbols straight to JSON text: a tree of `JSON` values for 100k entries would cost
    /// more than sorting them. Sections are written on every core and the parts joined.
    static func render(
        document: TextDocument, outline: DocumentOutline, sectioned: SectionedOutline?, grouping: Grouping,
        encoding: PositionEncoding, check: () throws(ResponseError) -> Void
    ) throws(ResponseError) -> JSON {
        let writer = SymbolWriter(document: document, encoding: encoding)
        guard let sectioned, grouping != .document else {
            var stream = JSONStream(capacity: outline.items.count * 240 + 1024)
            stream.beginArray()
            writer.nested(outline.roots, into: &stream)
            stream.endArray()
            return .serialized(stream.finish())
        }
        try check()
        let ranges = sectioned.order.ranges
        let total = sectioned.totalCount
        // Cut the sections (or, when sorted, the entries) into one run per core of about equal size.
        let parts = total < 20_000 ? 1 : 2
        var cuts = [0]
        if grouping == .sorted {
            cuts += (1 ..< parts).map { total * $0 / parts } + [total]
        } else {
            var next = 1
            for (i, range) in ranges.enumerated() where next < parts && range.range.lowerBound >= total * next / parts {
                cuts.append(i)
                next += 1
            }
            cuts.append(ranges.count)
        }
        let bounds = cuts
        let results = UnsafeSendableBox([SerializedJSON?](repeating: nil, count: cuts.count - 1))
        DispatchQueue.concurrentPerform(iterations: bounds.count - 1) { part in
            let slice = bounds[part] ..< bounds[part + 1]
            // About 220 bytes per entry: reserving them up front saves copying a growing buffer.
            var stream = JSONStream(capacity: (grouping == .sorted ? slice.count : slice.reduce(0) { $0 + ranges[$1].range.count }) * 240 + 1024)
            stream.beginArray()
            if grouping == .sorted {
                for position in slice {
                    writer.begin(sectioned.outline.items[Int(sectioned.order.collationOrder[position])].entry, into: &stream)
                    stream.endObject()
                }
            } else {
                for range in ranges[slice] { writer.section(range, of: sectioned, into: &stream) }
            }
            stream.endArray()
            results.set(part, stream.finish())
        }
        try check()
        return .serialized(SerializedJSON.concatenating(arrays: results.values.compactMap { $0 }))
    }
}

/// Results written by concurrent workers, each to its own slot.
private final class UnsafeSendableBox: @unchecked Sendable {
    private(set) var values: [SerializedJSON?]
    private let lock = NSLock()
    init(_ values: [SerializedJSON?]) { self.values = values }
    func set(_ index: Int, _ value: SerializedJSON) { lock.withLock { values[index] = value } }
}

/// Writes DocumentSymbol objects with positions in the client's encoding.
private struct SymbolWriter: Sendable {
    let document: TextDocument
    let encoding: PositionEncoding

    /// Opens the symbol's object and writes its members; the caller may add `children`, then closes it.
    func begin(_ entry: Entry, into stream: inout JSONStream) {
        stream.beginObject()
        stream.key("name"); stream.string(entry.name.isEmpty ? " " : entry.name)
        stream.key("kind"); stream.int(entry.kind.rawValue)
        let range = document.lspRange(entry.range, encoding: encoding)
        let selection = entry.selectionRange == entry.range ? range : document.lspRange(entry.selectionRange, encoding: encoding)
        stream.key("range"); write(range, into: &stream)
        stream.key("selectionRange"); write(selection, into: &stream)
        if let detail = entry.detail { stream.key("detail"); stream.string(detail) }
    }

    /// A section: one parent symbol spanning its entries, named by its title, the entries inside.
    func section(_ range: SectionedOrder.SectionRange, of sectioned: SectionedOutline, into stream: inout JSONStream) {
        let entries = range.range.map { sectioned.item(at: $0).entry }
        // A section spans its entries; its selection is its first entry's, so it lies inside.
        var start = entries[0].range.start, end = entries[0].range.end
        for entry in entries {
            start = min(start, entry.range.start)
            end = max(end, entry.range.end)
        }
        let span = Entry(
            name: sectioned.collation.sectionTitles[range.section], kind: .namespace,
            detail: entries.count == 1 ? "1 entry" : "\(entries.count) entries",
            range: TextRange(start: start, end: end), selectionRange: entries[0].selectionRange)
        begin(span, into: &stream)
        stream.key("children")
        stream.beginArray()
        for entry in entries { begin(entry, into: &stream); stream.endObject() }
        stream.endArray()
        stream.endObject()
    }

    func nested(_ entries: [Entry], into stream: inout JSONStream) {
        for entry in entries {
            begin(entry, into: &stream)
            if !entry.children.isEmpty {
                stream.key("children")
                stream.beginArray()
                nested(entry.children, into: &stream)
                stream.endArray()
            }
            stream.endObject()
        }
    }

    private func write(_ range: LSPRange, into stream: inout JSONStream) {
        stream.beginObject()
        stream.key("start"); write(range.start, into: &stream)
        stream.key("end"); write(range.end, into: &stream)
        stream.endObject()
    }

    private func write(_ position: LSPPosition, into stream: inout JSONStream) {
        stream.beginObject()
        stream.key("line"); stream.int(position.line)
        stream.key("character"); stream.int(position.character)
        stream.endObject()
    }
}
