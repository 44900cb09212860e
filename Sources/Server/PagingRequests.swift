import Collation
import Entries
import JSONRPC
import Outlines
import ThumbIndexProtocol

/// The document requests of fluent pagination (as AWPagedArray does it): section metadata first, then pages of entries
/// by offset, and jumps from an index title to the first entry of its section.
extension LanguageServer {
    static func sections(_ context: RequestContext, _ params: SectionsRequest.Params) throws(ResponseError) -> Handled<SectionsRequest.Result> {
        try context.sectionLayout(params.textDocument, params.collation).map { layout throws(ResponseError) in
            sectionsResult(layout, version: layout.version, totalCount: layout.totalCount, titles: try context.indexTitles(layout.collation, params.titles))
        }
    }

    /// The answer of `thumbindex/sections` (and `workspaceSections`) from a sorted outline.
    static func sectionsResult(
        _ outline: some SortedSections, version: Int, totalCount: Int, titles: SectionIndexTitles, complete: Bool? = nil
    ) -> SectionsRequest.Result {
        let collation = outline.collation, sections = outline.sections
        return .init(
            version: version, locale: collation.locale.identifier, totalCount: totalCount, sectionTitles: collation.sectionTitles,
            sectionIndexTitles: titles.titles,
            sections: sections.map { .init(title: $0.title, titleIndex: $0.titleIndex, count: $0.count, offset: $0.offset) },
            indexTargets: indexTargets(titles, nonEmptySections: sections.map(\.titleIndex)), complete: complete)
    }

    static func entries(_ context: RequestContext, _ params: EntriesRequest.Params) throws(ResponseError) -> Handled<EntriesRequest.Result> {
        // A stale `version` was refused on arrival (`LanguageServer.receive`), before any wait for a worker or a build.
        let outline = try context.outline(params.textDocument, params.collation)
        if params.offset >= 0, params.offset <= Int.max - params.limit,
           let (page, total) = try context.sorting({ () throws(CollationError) in try outline.pageBeforeIndex(params.offset ..< params.offset + params.limit) }) {
            let document = outline.document
            let entries = page.map { entry($0.entry, section: $0.section, document: document, encoding: context.encoding) }
            return .done(.init(version: document.version, totalCount: total, offset: params.offset, entries: entries))
        }
        return try context.withIndex(params.textDocument, params.collation) { index, document throws(ResponseError) in
            let entries = index.page(offset: params.offset, limit: params.limit, in: document).map { item in
                entry(item.entry, section: item.section, document: document, encoding: context.encoding)
            }
            return .init(version: index.version, totalCount: index.count, offset: params.offset, entries: entries)
        }
    }

    static func jump(_ context: RequestContext, _ params: JumpRequest.Params) throws(ResponseError) -> Handled<JumpRequest.Result> {
        try context.withIndex(params.textDocument, params.collation) { index, document throws(ResponseError) in
            let collation = index.collation
            let titles = try context.indexTitles(collation, params.titles)
            return try jumpResult(index, to: try titlePosition(params.title, in: titles, collation: collation), in: titles) { offset in
                let entry = index.page(offset: offset, limit: 1, in: document)[0].entry
                return Location(uri: document.uri, range: PositionRange(document.encodedRange(entry.selectionRange, encoding: context.encoding)))
            }
        }
    }

    /// Where a touch on the index title at `position` of `titles` lands in `outline` (a document's or the
    /// workspace's); `firstEntry` is where the entry at an offset (a section's first) is.
    static func jumpResult(
        _ outline: some SortedSections, to position: Int, in titles: SectionIndexTitles, firstEntry: (_ offset: Int) -> Location
    ) throws(ResponseError) -> JumpRequest.Result {
        let target: JumpTarget
        do throws(CollationError) { target = try outline.jumpTarget(toIndexTitleAt: position, in: titles) } catch { throw .invalidParams(error.message) }
        switch target {
        case .top: return .search
        case .nothing: return .nothing
        case .section(let at):
            let section = outline.sections[at]
            return .section(section: at, title: section.title, offset: section.offset, location: firstEntry(section.offset))
        }
    }

    /// The position in `titles` of the touched title of a jump.
    static func titlePosition(_ title: JumpRequest.Title, in titles: SectionIndexTitles, collation: IndexedCollation) throws(ResponseError) -> Int {
        switch title {
        case .title(let title):
            do throws(CollationError) { return try titles.position(of: title, locale: collation.locale) } catch { throw .invalidParams(error.message) }
        case .index(let given):
            let last = max(0, titles.titles.count - 1)
            guard (0 ... last).contains(given) else { throw .invalidParams("params.index must be in 0...\(last), got \(given)") }
            return given
        }
    }

    static func entry(_ entry: Entry, section: Int, document: TextDocument, encoding: PositionEncoding) -> EntriesRequest.Entry {
        EntriesRequest.Entry(
            name: entry.name, detail: entry.detail, kind: SymbolKind(rawValue: entry.kind.rawValue),
            range: PositionRange(document.encodedRange(entry.range, encoding: encoding)),
            selectionRange: PositionRange(document.encodedRange(entry.selectionRange, encoding: encoding)), section: section)
    }
}
