import Foundation
import Synchronization

/// Picks the best of several language tags (lproj folder names, string-catalog localizations) for a
/// wanted one. `_` and `-` are the same and case does not matter: `sv`, `sv-SE` and `sv_SE` all match
/// `sv`. Order: the exact tag, then ever shorter prefixes of it (`zh-Hant-TW` → `zh-Hant` → `zh`), each
/// first as a tag of its own and then as the start of a longer one, the language's likely region first
/// (`sv` → `sv-SE` before `sv-FI`, `pt` → `pt-BR`; then alphabetically, for a stable choice). Nothing else: Base and English are not stand-ins for another language, and a script never
/// stands in for another script (`zh-Hans` is not `zh-Hant`).
enum LanguageMatch {
    static func normalize(_ tag: String) -> String {
        tag.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// Answers already given: a string catalog asks once per key, nearly always with the same localizations, and
    /// a match costs CLDR's likely subtags (it was 40% of opening a catalog of 91k keys).
    private static let answers = Mutex<[[String]: String?]>([:])

    static func best(_ wanted: String, among candidates: [String]) -> String? {
        let question = [wanted] + candidates
        if let known = answers.withLock({ $0[question] }) { return known }
        let answer = match(wanted, among: candidates)
        answers.withLock { answers in
            if answers.count >= 4096 { answers.removeAll() }
            answers[question] = answer
        }
        return answer
    }

    private static func match(_ wanted: String, among candidates: [String]) -> String? {
        let w = normalize(wanted).split(separator: "-").map(String.init)
        guard !w.isEmpty else { return nil }
        let normalized = candidates.map { (tag: $0, parts: normalize($0).split(separator: "-").map(String.init)) }
        for length in stride(from: w.count, through: 1, by: -1) {
            let prefix = Array(w.prefix(length))
            if let exact = normalized.first(where: { $0.parts == prefix }) { return exact.tag }
            let region = likelyRegion(prefix.joined(separator: "-"))
            let longer = normalized
                .filter { $0.parts.count > length && Array($0.parts.prefix(length)) == prefix && sameScript(w, $0.parts) }
                .sorted { ($0.parts.last != region ? 1 : 0, $0.tag) < ($1.parts.last != region ? 1 : 0, $1.tag) }
            if let first = longer.first { return first.tag }
        }
        return nil
    }

    /// The region a language is most likely meant for ("sv" → "se"), from CLDR's likely subtags.
    private static func likelyRegion(_ tag: String) -> String? {
        let maximal = Locale.Language(identifier: Locale.Language(identifier: tag).maximalIdentifier)
        return maximal.region?.identifier.lowercased()
    }

    /// False when both tags name a script subtag (four letters after the language) and they differ.
    private static func sameScript(_ a: [String], _ b: [String]) -> Bool {
        guard a.count > 1, b.count > 1, a[1].count == 4, b[1].count == 4 else { return true }
        return a[1] == b[1]
    }
}
