import Entries

/// `--language` as people type it: any case (`Markdown`, `YAML`), and the file extensions they know the formats by
/// (`md`, `yml`, `vcf`, `txt`, `py`).
enum LanguageNames {
    /// A few names that are neither a languageId nor an extension.
    private static let aliases = ["plain": "plaintext", "text": "plaintext", "vcard": "vcard", "c++": "cpp", "objc": "objective-c"]

    /// The languageId `name` means, or nil.
    static func resolve(_ name: String) -> String? {
        let lowered = name.lowercased()
        if Extractors.languageIds.contains(lowered) { return lowered }
        if let alias = aliases[lowered] { return alias }
        guard !lowered.isEmpty, !lowered.contains("/") else { return nil }
        return Extractors.languageId(forPath: "file." + lowered)
    }

    /// What shell completion offers: the formats, and the short names people type.
    static var completions: [String] {
        var seen = Set<String>()
        return (Extractors.languageIds + ["md", "yml", "vcf", "txt"]).filter { seen.insert($0).inserted }
    }
}
