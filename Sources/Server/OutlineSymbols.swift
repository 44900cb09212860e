import Collation
import Entries
import Foundation
import JSONRPC
import LowLevel
import Outlines
import ThumbIndexJSON
import ThumbIndexProtocol

/// DocumentSymbol JSON for an outline: what `textDocument/documentSymbol` sends and what
/// `thumbindex outline --json` prints, from one code path. Symbols are written straight to JSON text: a tree of `JSON`
/// values for 100k entries would cost more than sorting them. The groupings `sections` and `sorted` come from the
/// document's index (`sections(of:encoding:)`, `sorted(_:of:encoding:hierarchical:)`), `document` from its outline.
public enum OutlineSymbols {
    /// The symbols of an outline as the extractor nests them (the grouping `document`); for clients without
    /// hierarchical symbols, `SymbolInformation`s in document order with their parent's name as `containerName`.
    public static func nested(document: TextDocument, outline: DocumentOutline, encoding: PositionEncoding, hierarchical: Bool = true) -> StreamedJSON {
        let writer = SymbolWriter(document: document, encoding: encoding)
        var stream = JSONStream(capacity: outline.items.count * 240 + 1024)
        stream.beginArray()
        if hierarchical { writer.nested(outline.roots, into: &stream) } else { visit(outline.roots, parent: nil, writer: writer, into: &stream) }
        stream.endArray()
        return stream.finish()
    }
}

extension OutlineSymbols {
    /// The section symbols of the leading sections of a document not sorted yet, as one JSON array.
    static func sections(_ leading: [OutlineBeforeSort.SortedSection], document: TextDocument, encoding: PositionEncoding) -> StreamedJSON {
        let writer = SymbolWriter(document: document, encoding: encoding)
        var stream = JSONStream(capacity: leading.reduce(0) { $0 + $1.entries.count } * 240 + 1024)
        stream.beginArray()
        for section in leading { writer.section(title: section.title, entries: section.entries, range: section.range, into: &stream) }
        stream.endArray()
        return stream.finish()
    }

    /// How many entries the first part of a partial outline holds at least (whole sections).
    static let firstPartEntries = 2_000

    /// Runs of whole sections for partial results: the first small, so that it arrives soon, the others larger, so
    /// that a large outline is not cut into thousands of messages.
    static func partialRuns(of counts: [Int], first: Int = firstPartEntries, then: Int = 20_000) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0, entries = 0
        for (position, count) in counts.enumerated() {
            entries += count
            if entries >= (runs.isEmpty ? first : then) {
                runs.append(start ..< position + 1)
                start = position + 1
                entries = 0
            }
        }
        if start < counts.count { runs.append(start ..< counts.count) }
        return runs
    }

    /// The symbols of an index's entries `ids` in that order (`OutlineIndex.collationOrder(in:)` for the grouping
    /// `sorted`, or the sectioned order `view.order`), flat: `DocumentSymbol`s, or for clients without hierarchical
    /// symbols `SymbolInformation`s with their section's title as `containerName`. 20,000 entries or more are written
    /// on two cores, the halves joined.
    public static func sorted(_ ids: [Int32], of view: OutlineIndexView, encoding: PositionEncoding, hierarchical: Bool) -> StreamedJSON {
        let writer = SymbolWriter(document: view.document, encoding: encoding)
        let titles = view.collation.sectionTitles
        let halves = ids.count < 20_000 ? [0 ..< ids.count] : [0 ..< ids.count / 2, ids.count / 2 ..< ids.count]
        var results = [[StreamedJSON.Piece]](repeating: [], count: halves.count)
        results.withUnsafeMutableBufferPointer { results in Cores.run(halves.count) { half in
            var stream = JSONStream(capacity: halves[half].count * 240 + 1024)
            stream.beginArray()
            for id in ids[halves[half]] {
                if hierarchical {
                    writer.begin(view.entry(id), into: &stream)
                    stream.endObject()
                } else {
                    writer.information(view.entry(id), container: titles[view.titleIndex(of: id)], into: &stream)
                }
            }
            stream.endArray()
            let bytes = stream.finish().bytes
            results[half] = bytes.count > 2 ? [StreamedJSON.Piece(Array(bytes[1 ..< bytes.count - 1]))] : []  // the elements
        } }
        return StreamedJSON.array(joining: results)
    }

    private static func visit(_ entries: [Entry], parent: String?, writer: SymbolWriter, into stream: inout JSONStream) {
        for entry in entries {
            writer.information(entry, container: parent, into: &stream)
            visit(entry.children, parent: entry.name, writer: writer, into: &stream)
        }
    }
}

/// Writes DocumentSymbol objects with positions in the client's encoding.
struct SymbolWriter: Sendable {
    let document: TextDocument
    let encoding: PositionEncoding

    /// Opens the symbol's object and writes its members; the caller may add `children`, then closes it.
    func begin(_ entry: Entry, into stream: inout JSONStream) {
        stream.beginObject()
        stream.key("name"); stream.string(entry.name.isEmpty ? " " : entry.name)
        stream.key("kind"); stream.int(entry.kind.rawValue)
        let range = document.encodedRange(entry.range, encoding: encoding)
        let selection = entry.selectionRange == entry.range ? range : document.encodedRange(entry.selectionRange, encoding: encoding)
        stream.key("range"); PositionRange(range).write(into: &stream)
        stream.key("selectionRange"); PositionRange(selection).write(into: &stream)
        if let detail = entry.detail { stream.key("detail"); stream.string(detail) }
    }

    /// A section's symbol up to its children: the object and its `children` array left open.
    func sectionHead(title: String, first: Entry, count: Int, range: TextRange, into stream: inout JSONStream) {
        let span = Entry(
            name: title, kind: .namespace, detail: count == 1 ? "1 entry" : "\(count) entries",
            range: range, selectionRange: first.selectionRange)
        begin(span, into: &stream)
        stream.key("children")
        stream.beginArray()
    }

    /// A section from its title, its entries in sorted order and its symbol's range.
    func section(title: String, entries: [Entry], range: TextRange, into stream: inout JSONStream) {
        sectionHead(title: title, first: entries[0], count: entries.count, range: range, into: &stream)
        for entry in entries { begin(entry, into: &stream); stream.endObject() }
        stream.endArray()
        stream.endObject()
    }

    /// A `SymbolInformation` object.
    func information(_ entry: Entry, container: String?, into stream: inout JSONStream) {
        stream.beginObject()
        stream.key("name"); stream.string(entry.name.isEmpty ? " " : entry.name)
        stream.key("kind"); stream.int(entry.kind.rawValue)
        stream.key("location")
        stream.beginObject()
        stream.key("uri"); stream.string(document.uri)
        stream.key("range"); PositionRange(document.encodedRange(entry.range, encoding: encoding)).write(into: &stream)
        stream.endObject()
        if let container { stream.key("containerName"); stream.string(container) }
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
}
