import Collation
import Entries
import JSONRPC

extension LanguageServer {
    /// `textDocument/documentSymbol`, grouped by `thumbindex.outline.grouping`.
    static func documentSymbol(_ context: RequestContext) throws(ResponseError) -> JSON {
        let document = try context.requireDocument()
        let encoding = context.encoding
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
        switch context.settings.grouping {
        case .document:
            let outline = try context.documentOutline()
            func nested(_ entries: [Entry]) -> [JSON] {
                entries.map { symbol($0, children: $0.children.isEmpty ? nil : nested($0.children)) }
            }
            return .array(nested(outline.roots))
        case .sorted:
            let sectioned = try context.sectionedOutline()
            try context.check()
            return .array((0 ..< sectioned.totalCount).map { symbol(sectioned.item(at: $0).entry, children: nil) })
        case .sections:
            let sectioned = try context.sectionedOutline()
            try context.check()
            var sections: [JSON] = []
            sections.reserveCapacity(sectioned.order.ranges.count)
            for range in sectioned.order.ranges {
                try context.check()
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

    /// `workspace/symbol`: entries of every open document whose name, or a word of it, starts with the
    /// query under the collation at primary strength (so `ost` finds `Östen` in German but not in
    /// Swedish, where Ö is a letter of its own), sorted by the collation.
    static func workspaceSymbol(_ context: RequestContext) throws(ResponseError) -> JSON {
        let query = try Params(context.params).string("query")
        let collation = try context.collation()
        let matcher = try PrefixMatcher(query: query, locale: collation.locale)
        var found: [(entry: Entry, document: TextDocument)] = []
        for document in context.server.documents.allDocuments {
            try context.check()
            let outline = context.server.documents.outline(of: document) {
                context.server.entries(of: $0, settings: context.settings)
            }
            for item in outline.items where matcher.matches(item.entry.name) {
                found.append((item.entry, document))
            }
        }
        try context.check()
        let sorted = collation.sorted(found) { $0.entry.sortString }
        return .array(sorted.map { match in
            [
                "name": .string(match.entry.name),
                "kind": .int(Int64(match.entry.kind.rawValue)),
                "location": [
                    "uri": .string(match.document.uri),
                    "range": match.document.lspRange(match.entry.selectionRange, encoding: context.encoding).json,
                ],
            ]
        })
    }
}

/// Collation-aware prefix matching at primary strength: case and accents that the locale does not
/// treat as letters of their own are ignored.
struct PrefixMatcher {
    private let collator: Collator
    private let queryKey: [UInt8]

    init(query: String, locale: CollationLocale) throws(ResponseError) {
        do {
            collator = try Collator(locale: locale, options: CollationOptions(strength: .primary))
        } catch {
            throw .invalidParams(error.message)
        }
        queryKey = Array(collator.sortKey(query).dropLast())  // without the terminating 0x00
    }

    func matches(_ name: String) -> Bool {
        if queryKey.isEmpty { return true }
        for word in Self.wordStarts(name) where collator.sortKey(String(name[word...])).starts(with: queryKey) {
            return true
        }
        return false
    }

    /// Where words start: the beginning, after spaces and punctuation, and at camelCase humps.
    static func wordStarts(_ name: String) -> [String.Index] {
        var starts: [String.Index] = []
        var previous: Character?
        for index in name.indices {
            let c = name[index]
            if let p = previous {
                let boundary = (!p.isLetter && !p.isNumber && (c.isLetter || c.isNumber)) || (p.isLowercase && c.isUppercase)
                if boundary { starts.append(index) }
            } else {
                starts.append(index)
            }
            previous = c
        }
        return starts
    }
}
