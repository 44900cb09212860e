/// How an object in an array (JSON) or a mapping in a sequence (YAML) is named in an outline. Nobody looks up `[3]`
/// in a lettered index, so an item that names itself by one of `fields` (the first there, with a scalar value that is
/// not empty) is named by that value, with its place as its detail's start; other items keep their place, `[3]`, and
/// stay under `#`.
enum ArrayItemNames {
    /// The keys an item may name itself by, the first found winning.
    static let fields = ["name", "title", "id", "key", "label"]

    /// The item's name and detail: by `value(of:)` (a scalar value of a key, or nil) when one of `fields` has one.
    static func name(index: Int, detail: String?, value: (String) -> String?) -> (name: String, detail: String?) {
        for field in fields {
            if let named = value(field)?.singleLine, !named.allSatisfy({ $0 == " " }) {
                return (named, "[\(index)]" + (detail.map { ", " + $0 } ?? ""))
            }
        }
        return ("[\(index)]", detail)
    }
}
