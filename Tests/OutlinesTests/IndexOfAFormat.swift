import Collation
import Entries
@testable import Outlines

/// Indexes as the tests make them: of a format they choose (not the one a document's plan would), the build's other
/// inputs set by `set`. Not checked against their invariants on the way: some tests hand in wrong ones on purpose.
extension OutlineIndex {
    static func make(
        _ document: TextDocument, collation: IndexedCollation, format: Format, readings: (any CollationReading)? = nil,
        records: RecordFormat? = nil, tree: TreeFormat? = nil, set: (inout IndexInputs) -> Void = { _ in },
        extract: @escaping @Sendable (TextDocument) -> [Entry]
    ) throws(CollationError) -> OutlineIndex {
        try IndexPlan(format: format, readings: readings, records: records, tree: tree).index(document, collation: collation, set: set, extract: extract)
    }
}

extension IndexPlan {
    func index(
        _ document: TextDocument, collation: IndexedCollation, set: (inout IndexInputs) -> Void = { _ in },
        extract: @escaping @Sendable (TextDocument) -> [Entry]
    ) throws(CollationError) -> OutlineIndex {
        var inputs = IndexInputs(extract: extract)
        set(&inputs)
        return try OutlineIndex.make(document, collation: collation, plan: self, inputs: inputs)
    }
}
