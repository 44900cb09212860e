import ICUShim

/// Collator settings named after their BCP 47 `-u-` keys. `nil` means "the locale's default".
///
///     var options = CollationOptions()
///     options.numeric = true            // kn: "item2" before "item10", what code outlines want
///     options.caseFirst = .upper        // kf
public struct CollationOptions: Hashable, Sendable, Codable {
    /// Which case sorts first (`kf`).
    public enum CaseFirst: String, Hashable, Sendable, Codable, CaseIterable {
        /// `off`: no rule, the tertiary difference decides (lowercase first in most locales); `lower`: lowercase first;
        /// `upper`: uppercase first.
        case off, lower, upper
    }

    /// How fine a difference counts (`ks`).
    public enum Strength: String, Hashable, Sendable, Codable, CaseIterable {
        /// `primary`: base letters only; `secondary`: accents too; `tertiary`: case too (most locales' default);
        /// `quaternary`: punctuation too, when it is ignored at the other levels; `identical`: code points break the
        /// last ties.
        case primary, secondary, tertiary, quaternary, identical
    }

    /// `kn`: digits compare by numeric value.
    public var numeric: Bool?
    /// `kf`: which case sorts first among otherwise equal strings.
    public var caseFirst: CaseFirst?
    /// `ks`: how fine differences count.
    public var strength: Strength?
    /// `ka`: `true` ("shifted") ignores spaces and punctuation.
    public var ignorePunctuation: Bool?
    /// `kc`: a separate case level.
    public var caseLevel: Bool?

    /// Options as given; every `nil` leaves the locale's default.
    public init(
        numeric: Bool? = nil, caseFirst: CaseFirst? = nil, strength: Strength? = nil,
        ignorePunctuation: Bool? = nil, caseLevel: Bool? = nil
    ) {
        self.numeric = numeric
        self.caseFirst = caseFirst
        self.strength = strength
        self.ignorePunctuation = ignorePunctuation
        self.caseLevel = caseLevel
    }

    var shim: TICollatorOptions {
        func flag(_ value: Bool?) -> Int32 { value.map { $0 ? 1 : 0 } ?? Int32(TI_DEFAULT) }
        let caseFirst: Int32 = switch self.caseFirst {
        case nil: Int32(TI_DEFAULT)
        case .off: 0
        case .lower: 1
        case .upper: 2
        }
        let strength: Int32 = switch self.strength {
        case nil: Int32(TI_DEFAULT)
        case .primary: 1
        case .secondary: 2
        case .tertiary: 3
        case .quaternary: 4
        case .identical: 5
        }
        return TICollatorOptions(
            numeric: flag(numeric), caseFirst: caseFirst, strength: strength,
            alternate: flag(ignorePunctuation), caseLevel: flag(caseLevel))
    }

    init(resolved shim: TICollatorOptions) {
        numeric = shim.numeric == 1
        caseFirst = [.off, .lower, .upper][Int(shim.caseFirst)]
        strength = [.primary, .secondary, .tertiary, .quaternary, .identical][Int(shim.strength) - 1]
        ignorePunctuation = shim.alternate == 1
        caseLevel = shim.caseLevel == 1
    }
}
