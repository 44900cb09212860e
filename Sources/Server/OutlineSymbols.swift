import Collation
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

    static func render(
        document: TextDocument, outline: DocumentOutline, sectioned: SectionedOutline?, grouping: Grouping,
        encoding: PositionEncoding, check: () throws(ResponseError) -> Void
    ) throws(ResponseError) -> JSON {
        func symbol(_ entry: Entry, children: [JSON]?) -> JSON {
            var object: JSONObject = [
                "name": .string(entry.name.isEmpty ? " " : entry.name),
                "kind": .int(Int64(entry.kind.rawValue)),
                "range": document.lspRange(entry.range, encoding: encoding).json,
                "selectionRange": document.lspRange(entry.selectionRange, encoding: encoding).json,
            ]
            if let detail = entry.detail { object["detail"] = .string(detail) }
            if let children { object["children"] = .array(children) }
            return .object(object)
        }
        guard let sectioned, grouping != .document else {
            func nested(_ entries: [Entry]) -> [JSON] {
                entries.map { symbol($0, children: $0.children.isEmpty ? nil : nested($0.children)) }
            }
            return .array(nested(outline.roots))
        }
        try check()
        if grouping == .sorted {
            return .array((0 ..< sectioned.totalCount).map { symbol(sectioned.item(at: $0).entry, children: nil) })
        }
        var sections: [JSON] = []
        sections.reserveCapacity(sectioned.order.ranges.count)
        for range in sectioned.order.ranges {
            try check()
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
            sections.append(symbol(span, children: entries.map { symbol($0, children: nil) }))
        }
        return .array(sections)
    }
}
