/// Why a collation could not be made or used. The message names the input a person gave.
public struct CollationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers that answer each kind differently.
    public enum Kind: Hashable, Sendable {
        /// The identifier is not a locale (`12`, `sv__SE!`), or names a language ICU has no data for.
        case invalidLocale
        /// An option value is out of range (e.g. `maxIndexTitles` of 0).
        case invalidArgument
        /// ICU failed (out of memory, missing data).
        case icu
        /// The work was given up because what it was for is gone (a document closed while its index was made).
        case cancelled
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence for a person, naming the input at fault.
    public var message: String

    /// An error of `kind`, with the message to show.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
