import Collation
import Entries
import JSONRPC
import ThumbIndexJSON

/// The document requests of fluent pagination (seeds/003): section metadata first, then pages of
/// entries by offset, and jumps from an index title to the first entry of its section.
extension LanguageServer {
    /// `thumbindex/sections` → counts and offsets per non-empty section, index titles and jump targets.
    static func sections(_ context: RequestContext) throws(ResponseError) -> JSON {
        let outline = try context.sectionedOutline()
        let collation = outline.collation
        let titles = try context.indexTitles(collation)
        return [
            "version": .int(Int64(outline.version)),
            "locale": .string(collation.locale.identifier),
            "totalCount": .int(Int64(outline.totalCount)),
            "sectionTitles": .array(collation.sectionTitles.map(JSON.string)),
            "sectionIndexTitles": .array(titles.titles.map(JSON.string)),
            "sections": .array(outline.order.ranges.map { range in
                [
                    "title": .string(collation.sectionTitles[range.section]),
                    "titleIndex": .int(Int64(range.section)),
                    "count": .int(Int64(range.range.count)),
                    "offset": .int(Int64(range.range.lowerBound)),
                ]
            }),
            "indexTargets": indexTargets(titles, collation: collation, nonEmpty: outline.order.nonEmptySections),
        ]
    }

    /// `thumbindex/entries` → one page of entries in sectioned order. A stale `version` gets -32801.
    static func entries(_ context: RequestContext) throws(ResponseError) -> JSON {
        let params = try Params(context.params)
        let offset = try params.int("offset")
        let limit = try params.int("limit", in: 0 ... 100_000)
        let document = try context.requireDocument()
        if let version = try params.optionalInt("version", in: Int(Int32.min) ... Int(Int32.max)), version != document.version {
            throw .contentModified("\(document.uri) is at version \(document.version), not \(version)")
        }
        let outline = try context.sectionedOutline()
        let end = min(outline.totalCount, offset + limit)
        var entries: [JSON] = []
        if offset < end {
            entries.reserveCapacity(end - offset)
            var section = outline.sectionPosition(of: offset)
            for position in offset ..< end {
                while outline.order.ranges[section].range.upperBound <= position { section += 1 }
                entries.append(entryJSON(outline.item(at: position).entry, section: section, document: document, encoding: context.encoding))
            }
        }
        return [
            "version": .int(Int64(outline.version)),
            "totalCount": .int(Int64(outline.totalCount)),
            "offset": .int(Int64(offset)),
            "entries": .array(entries),
        ]
    }

    /// `thumbindex/jump` → `{section, title, offset, location}`, `{search: true}`, or null for no entries.
    static func jump(_ context: RequestContext) throws(ResponseError) -> JSON {
        let params = try Params(context.params)
        let outline = try context.sectionedOutline()
        let collation = outline.collation
        let titles = try context.indexTitles(collation)
        let index: Int
        if let title = try params.optionalString("indexTitle") {
            guard let found = titles.titles.firstIndex(of: title) else {
                throw .invalidParams("\"\(title)\" is not an index title of \(collation.locale.identifier); they are \(titles.titles.joined(separator: " "))")
            }
            // A bullet (or ICU's repeated "…") stands for different runs: only its position says which.
            guard titles.titles.lastIndex(of: title) == found else {
                throw .invalidParams("\"\(title)\" appears more than once in the index titles; give its position as index")
            }
            index = found
        } else if params.has("index") {
            index = try params.int("index", in: 0 ... max(0, titles.titles.count - 1))
        } else {
            throw .invalidParams("params needs indexTitle (a string) or index (an integer)")
        }
        let target: JumpTarget
        do {
            target = try collation.jump(toIndexTitleAt: index, in: titles, nonEmptySections: outline.order.nonEmptySections)
        } catch {
            throw .invalidParams(error.message)
        }
        switch target {
        case .top: return ["search": true]
        case .nothing: return .null
        case .section(let position):
            let range = outline.order.ranges[position]
            let entry = outline.item(at: range.range.lowerBound).entry
            let document = try context.requireDocument()
            return [
                "section": .int(Int64(position)),
                "title": .string(collation.sectionTitles[range.section]),
                "offset": .int(Int64(range.range.lowerBound)),
                "location": ["uri": .string(document.uri), "range": document.lspRange(entry.selectionRange, encoding: context.encoding).json],
            ]
        }
    }

    static func entryJSON(_ entry: Entry, section: Int, document: TextDocument, encoding: PositionEncoding) -> JSON {
        var object: JSONObject = [
            "name": .string(entry.name),
            "kind": .int(Int64(entry.kind.rawValue)),
            "range": document.lspRange(entry.range, encoding: encoding).json,
            "selectionRange": document.lspRange(entry.selectionRange, encoding: encoding).json,
            "section": .int(Int64(section)),
        ]
        if let detail = entry.detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}
