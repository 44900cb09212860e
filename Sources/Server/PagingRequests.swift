import Collation
import Entries
import JSONRPC
import Outlines
import ThumbIndexProtocol

/// The document requests of fluent pagination (seeds/003): section metadata first, then pages of entries by offset,
/// and jumps from an index title to the first entry of its section.
extension LanguageServer {
    static func sections(_ context: RequestContext, _ params: SectionsRequest.Params) throws(ResponseError) -> SectionsRequest.Result {
        let layout = try context.sectionLayout(params.textDocument, params.collation)
        let collation = layout.collation
        let titles = try context.indexTitles(collation, params.titles)
        return .init(
            version: layout.version, locale: collation.locale.identifier, totalCount: layout.totalCount,
            sectionTitles: collation.sectionTitles, sectionIndexTitles: titles.titles,
            sections: layout.sections.map { .init(title: $0.title, titleIndex: $0.titleIndex, count: $0.count, offset: $0.offset) },
            indexTargets: indexTargets(titles, nonEmptySections: layout.nonEmptySections))
    }

    static func entries(_ context: RequestContext, _ params: EntriesRequest.Params) throws(ResponseError) -> EntriesRequest.Result {
        let document = try context.requireDocument(params.textDocument)
        if let version = params.version, version != document.version {
            throw .contentModified("\(document.uri) is at version \(document.version), not \(version)")
        }
        let outline = try context.sectionedOutline(params.textDocument, params.collation)
        let entries = outline.page(offset: params.offset, limit: params.limit).map { item in
            entry(item.entry, section: item.section, document: document, encoding: context.encoding)
        }
        return .init(version: outline.version, totalCount: outline.totalCount, offset: params.offset, entries: entries)
    }

    static func jump(_ context: RequestContext, _ params: JumpRequest.Params) throws(ResponseError) -> JumpRequest.Result {
        let outline = try context.sectionedOutline(params.textDocument, params.collation)
        let collation = outline.collation
        let titles = try context.indexTitles(collation, params.titles)
        let index: Int
        switch params.title {
        case .title(let title):
            do throws(CollationError) { index = try titles.position(of: title, locale: collation.locale) } catch { throw .invalidParams(error.message) }
        case .index(let position):
            let last = max(0, titles.titles.count - 1)
            guard (0 ... last).contains(position) else { throw .invalidParams("params.index must be in 0...\(last), got \(position)") }
            index = position
        }
        let jump: SectionedOutline.Jump
        do throws(CollationError) { jump = try outline.jump(toIndexTitleAt: index, in: titles) } catch { throw .invalidParams(error.message) }
        switch jump {
        case .search: return .search
        case .nothing: return .nothing
        case .section(let position, let title, let offset, let entry):
            let document = try context.requireDocument(params.textDocument)
            let range = document.encodedRange(entry.selectionRange, encoding: context.encoding)
            return .section(section: position, title: title, offset: offset, location: Location(uri: document.uri, range: PositionRange(range)))
        }
    }

    static func entry(_ entry: Entry, section: Int, document: TextDocument, encoding: PositionEncoding) -> EntriesRequest.Entry {
        EntriesRequest.Entry(
            name: entry.name, detail: entry.detail, kind: SymbolKind(rawValue: entry.kind.rawValue),
            range: PositionRange(document.encodedRange(entry.range, encoding: encoding)),
            selectionRange: PositionRange(document.encodedRange(entry.selectionRange, encoding: encoding)), section: section)
    }
}
