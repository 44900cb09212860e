import Collation
import JSONRPC
import ThumbIndexJSON

/// The stateless `thumbindex/*` requests: collation for scripts and for symbols from other servers.
extension LanguageServer {
    /// `thumbindex/indexTitles` → `{locale, sectionTitles, sectionIndexTitles}`.
    static func indexTitles(_ context: RequestContext) throws(ResponseError) -> JSON {
        let collation = try context.collation()
        let titles = try context.indexTitles(collation)
        return [
            "locale": .string(collation.locale.identifier),
            "sectionTitles": .array(collation.sectionTitles.map(JSON.string)),
            "sectionIndexTitles": .array(titles.titles.map(JSON.string)),
        ]
    }

    /// `thumbindex/sectionFor` → `{sections: [int]}`, positions in `sectionTitles`.
    static func sectionFor(_ context: RequestContext) throws(ResponseError) -> JSON {
        let strings = try Params(context.params).array("strings")
        var batch = UTF8Batch([String]())
        for (i, value) in strings.enumerated() {
            guard let string = value.stringValue else { throw .invalidParams("params.strings[\(i)] must be a string, got \(value.kindName)") }
            batch.append(string)
        }
        let collation = try context.collation()
        try context.check()
        return ["sections": .array(collation.sections(of: batch).map { .int(Int64($0)) })]
    }

    /// `thumbindex/sort` → `{items, order}`: the items as given, in collation order, and their input positions.
    static func sort(_ context: RequestContext) throws(ResponseError) -> JSON {
        let (items, batch) = try readItems(context)
        let collation = try context.collation()
        try context.check()
        let order = SortKeys(batch, collator: collation.collator).sortedOrder()
        return ["items": .array(order.map { items[Int($0)] }), "order": .array(order.map { .int(Int64($0)) })]
    }

    /// `thumbindex/partition` → sections of the items, each sorted, with index titles and jump targets.
    static func partition(_ context: RequestContext) throws(ResponseError) -> JSON {
        let (items, batch) = try readItems(context)
        let collation = try context.collation()
        let titles = try context.indexTitles(collation)
        try context.check()
        let sectioned = collation.sectioned(batch)
        let sections: [JSON] = sectioned.ranges.map { range in
            [
                "title": .string(collation.sectionTitles[range.section]),
                "titleIndex": .int(Int64(range.section)),
                "items": .array(sectioned.order[range.range].map { items[Int($0)] }),
            ]
        }
        return [
            "locale": .string(collation.locale.identifier),
            "sectionTitles": .array(collation.sectionTitles.map(JSON.string)),
            "sectionIndexTitles": .array(titles.titles.map(JSON.string)),
            "sections": .array(sections),
            "indexTargets": indexTargets(titles, collation: collation, nonEmpty: sectioned.nonEmptySections),
        ]
    }

    /// For each index title: the position in the non-empty sections to jump to, -1 for `{search}`, null
    /// when there are no entries (seeds/002's rule for sparse sections).
    static func indexTargets(_ titles: SectionIndexTitles, collation: IndexedCollation, nonEmpty: [Int]) -> JSON {
        .array(titles.targets.map { target in
            switch target {
            case .search: return .int(-1)
            case .section(let section):
                if case .section(let position) = IndexedCollation.jump(toSection: section, nonEmptySections: nonEmpty) {
                    return .int(Int64(position))
                }
                return .null
            }
        })
    }

    /// Items are strings or `{label, sortText?, data?}`; the collation string is `sortText ?? label`.
    private static func readItems(_ context: RequestContext) throws(ResponseError) -> ([JSON], UTF8Batch) {
        let items = try Params(context.params).array("items")
        var batch = UTF8Batch([String]())
        for (i, item) in items.enumerated() {
            if let string = item.stringValue {
                batch.append(string)
                continue
            }
            guard case .object = item else {
                throw .invalidParams("params.items[\(i)] must be a string or an object {label, sortText?, data?}, got \(item.kindName)")
            }
            let object = try Params(item, path: "params.items[\(i)]")
            let label = try object.string("label")
            batch.append(try object.optionalString("sortText") ?? label)
        }
        return (items, batch)
    }
}
