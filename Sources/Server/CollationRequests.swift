import Collation
import JSONRPC
import Outlines
import ThumbIndexProtocol

/// The stateless `thumbindex/*` requests: collation for scripts and for symbols from other servers.
extension LanguageServer {
    static func indexTitles(_ context: RequestContext, _ params: IndexTitlesRequest.Params) throws(ResponseError) -> IndexTitlesRequest.Result {
        let collation = try context.collation(params.collation)
        let titles = try context.indexTitles(collation, params.titles)
        return .init(locale: collation.locale.identifier, sectionTitles: collation.sectionTitles, sectionIndexTitles: titles.titles)
    }

    static func sectionFor(_ context: RequestContext, _ params: SectionForRequest.Params) throws(ResponseError) -> SectionForRequest.Result {
        let collation = try context.collation(params.collation)
        let batch = collationStrings(params.strings.map(SortItem.init), names: params.names, collation, context)
        try context.check()
        return .init(sections: collation.sections(of: batch).map { Int($0) })
    }

    static func sort(_ context: RequestContext, _ params: SortRequest.Params) throws(ResponseError) -> SortRequest.Result {
        let collation = try context.collation(params.collation)
        let batch = collationStrings(params.items, names: params.names, collation, context)
        try context.check()
        let order = try context.sorting { () throws(CollationError) in try SortKeys(batch, collator: collation.collator).sortedOrder() }
        return .init(items: order.map { params.items[Int($0)] }, order: order.map { Int($0) })
    }

    static func partition(_ context: RequestContext, _ params: PartitionRequest.Params) throws(ResponseError) -> PartitionRequest.Result {
        let collation = try context.collation(params.collation)
        let batch = collationStrings(params.items, names: params.names, collation, context)
        let titles = try context.indexTitles(collation, params.titles)
        try context.check()
        let sectioned = try context.sorting { () throws(CollationError) in try collation.sectioned(batch) }
        return .init(
            locale: collation.locale.identifier, sectionTitles: collation.sectionTitles, sectionIndexTitles: titles.titles,
            sections: sectioned.ranges.map { range in
                .init(title: collation.sectionTitles[range.section], titleIndex: range.section,
                      items: sectioned.order[range.range].map { params.items[Int($0)] })
            },
            indexTargets: indexTargets(titles, nonEmptySections: sectioned.nonEmptySections))
    }

    static func indexTargets(_ titles: SectionIndexTitles, nonEmptySections: [Int]) -> [IndexTarget] {
        titles.jumpTargets(nonEmptySections: nonEmptySections).map { target in
            switch target {
            case .top: return .search
            case .section(let position): return .section(position)
            case .nothing: return .nothing
            }
        }
    }

    /// What items collate by: `sortText ?? label`; a label with Han characters and no `sortText` by its reading, as
    /// entries of documents are: under `ja` (readings on) its MeCab reading, and as a person's name under a pinyin
    /// or zhuyin index when the request says the items are names (and `thumbindex.names` is not `off`).
    private static func collationStrings(_ items: [SortItem], names: Bool, _ collation: IndexedCollation, _ context: RequestContext) -> UTF8Batch {
        let reading: (any CollationReading)? = collation.locale.language == "ja"
            ? (context.settings.readings ? Readings.shared : nil)
            : (names && context.settings.names != .off ? ChineseNames.reader(for: collation) : nil)
        var batch = UTF8Batch([String]())
        var sawHan = false
        for item in items {
            if let reading, item.json["sortText"] == nil, Readings.hasKanji(item.collationString) {
                sawHan = true
                batch.append(reading.collationString(for: item.collationString) ?? item.collationString)
            } else {
                batch.append(item.collationString)
            }
        }
        if sawHan, let problem = reading?.problem { context.server.logOnce("readings", .warning, problem) }
        return batch
    }
}
