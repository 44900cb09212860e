/// Why a collation could not be made or used. The message names the input a person gave.
public struct CollationError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The identifier is not a locale (`12`, `sv__SE!`), or names a language ICU has no data for.
        case invalidLocale
        /// An option value is out of range (e.g. `maxIndexTitles` of 0).
        case invalidArgument
        /// ICU failed (out of memory, missing data).
        case icu
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
