import Foundation
import ICUShim

/// A locale identifier, accepted the way people write it and checked against ICU's data.
///
/// `sv_SE`, `sv-SE`, `AR_sa`, `zh-TW-u-co-zhuyin` and `ja_JP@collation=unihan` are all accepted;
/// `identifier` is the canonical BCP 47 form (`sv-SE`, `ar-SA`, `ja-JP-u-co-unihan`). A malformed
/// identifier or a language ICU knows nothing of is an error, never a silent fallback to root.
///
///     let locale = try CollationLocale("AR_sa")   // locale.identifier == "ar-SA"
public struct CollationLocale: Hashable, Sendable, CustomStringConvertible {
    /// Canonical BCP 47 form.
    public let identifier: String
    /// ICU's own form (`zh_TW@collation=zhuyin`), what the shim opens.
    public let icuIdentifier: String

    /// Checks and canonicalizes an identifier written in any of the usual forms.
    ///
    /// - Throws: `CollationError` of kind `.invalidLocale` when the identifier is malformed or names a language ICU has
    ///   no data for.
    public init(_ identifier: String) throws(CollationError) {
        var bcp47 = [CChar](repeating: 0, count: 160)
        var icu = [CChar](repeating: 0, count: 160)
        var error = [CChar](repeating: 0, count: Int(TI_ERROR_CAPACITY))
        let status = ti_locale_resolve(identifier, &bcp47, 160, &icu, 160, &error, TI_ERROR_CAPACITY)
        guard status == 0 else {
            throw CollationError(.invalidLocale, String(nulTerminated: error))
        }
        self.identifier = String(nulTerminated: bcp47)
        self.icuIdentifier = String(nulTerminated: icu)
    }

    /// Every locale ICU has data for, as ICU ids (`sv_SE`, `zh_Hant_TW`, …).
    public static var available: [String] {
        (0 ..< ti_locale_count()).compactMap { ti_locale_at($0).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } }
    }

    /// The region subtag when it is no ISO 3166 region (`XX` for `sv-XX`, `KO` for the seeds' `ko-KO`), else nil.
    /// ICU accepts any region and collates by the language, so such a region is worth a warning, not an error.
    public var unknownRegion: String? {
        let subtags = identifier.split(separator: "-").dropFirst()
        // After the language: an optional four-letter script, then the region (two letters or three digits).
        let candidate = subtags.first.flatMap { $0.count == 4 ? subtags.dropFirst().first : $0 }
        guard let region = candidate, region.count == 2 || (region.count == 3 && region.allSatisfy(\.isNumber)) else { return nil }
        return Self.isoRegions.contains(region.uppercased()) ? nil : String(region)
    }

    private static let isoRegions = Set(Locale.Region.isoRegions.map(\.identifier))

    /// A warning for a region that is not one, naming it (nil when there is nothing to say).
    public func regionWarning(given: String) -> String? {
        unknownRegion.map { "\(given): \($0) is not a known region; collating as \(language)" }
    }

    /// The language subtag (`sv` for `sv-SE`).
    public var language: String {
        String(identifier.prefix { $0 != "-" })
    }

    /// The canonical identifier.
    public var description: String { identifier }

    /// The locale a command-line tool should use when none is given: `LC_ALL`, then `LC_COLLATE`,
    /// then `LANG` (POSIX names such as `sv_SE.UTF-8` lose their encoding), else `en`.
    public static func fromEnvironment(_ environment: [String: String]) -> String {
        environmentSource(environment)?.locale ?? "en"
    }

    /// The variable the environment's locale comes from, and that locale as an identifier: the encoding
    /// is dropped and glibc's `@latin`/`@cyrillic` modifiers become scripts (`sr_RS@latin` → `sr_Latn_RS`).
    public static func environmentSource(_ environment: [String: String]) -> (variable: String, locale: String)? {
        for name in ["LC_ALL", "LC_COLLATE", "LANG"] {
            guard var value = environment[name], !value.isEmpty else { continue }
            var modifier = ""
            if let at = value.firstIndex(of: "@") {
                modifier = String(value[value.index(after: at)...]).lowercased()
                value = String(value[..<at])
            }
            if let dot = value.firstIndex(of: ".") { value = String(value[..<dot]) }
            if value == "C" || value == "POSIX" { return (name, "en") }
            let script = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva"][modifier]
            if let script {
                var parts = value.split(separator: "_").map(String.init)
                parts.insert(script, at: min(1, parts.count))
                value = parts.joined(separator: "_")
            }
            return (name, value)
        }
        return nil
    }
}
