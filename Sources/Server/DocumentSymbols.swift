import Collation
import Entries
import JSONRPC

extension LanguageServer {
    /// `textDocument/documentSymbol`, grouped by `thumbindex.outline.grouping`.
    static func documentSymbol(_ context: RequestContext) throws(ResponseError) -> JSON {
        let document = try context.requireDocument()
        let grouping = context.settings.grouping
        let sectioned = grouping == .document ? nil : try context.sectionedOutline()
        let outline: DocumentOutline
        if let sectioned { outline = sectioned.outline } else { outline = try context.documentOutline() }
        return try OutlineSymbols.render(document: document, outline: outline, sectioned: sectioned, grouping: grouping,
                                         encoding: context.encoding, check: context.check)
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
            let language = collation.locale.language
            let outline = context.server.documents.outline(of: document, key: context.settings.localizationTables.isEmpty ? "" : language) {
                context.server.entries(of: $0, settings: context.settings, language: language)
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
