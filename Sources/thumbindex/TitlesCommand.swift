import ArgumentParser
import Collation
import JSONRPC
import ThumbIndexJSON

struct Titles: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a locale's section titles and section index titles.")

    @OptionGroup var collation: CollationArguments

    @Flag(help: "Start the index titles with the {search} entry.")
    var search = false

    // `.unconditional`, so that `--max-titles -3` is read as a (bad) number, not as a missing value.
    @Option(name: .customLong("max-titles"), parsing: .unconditional, help: "Condense the index titles to at most N entries (• for elided runs).")
    var maxTitles: Int?

    func validate() throws {
        if let maxTitles, maxTitles < 1 { throw ValidationError("--max-titles must be at least 1, got \(maxTitles)") }
    }

    @Flag(help: "Print JSON: {\"locale\", \"sectionTitles\", \"sectionIndexTitles\"}.")
    var json = false

    func run() throws {
        let collation = try self.collation.makeCollation()
        let indexTitles: SectionIndexTitles
        do {
            indexTitles = try collation.sectionIndexTitles(includeSearch: search, maxTitles: maxTitles)
        } catch {
            throw CommandFailure(error.message)
        }
        var out = StandardOutput()
        if json {
            let value: JSON = [
                "locale": .string(collation.locale.identifier),
                "sectionTitles": .array(collation.sectionTitles.map(JSON.string)),
                "sectionIndexTitles": .array(indexTitles.titles.map(JSON.string)),
            ]
            out.write(value.serialized())
            out.write("\n")
        } else {
            out.write("locale: \(collation.locale.identifier)\n")
            out.write("sections: \(collation.sectionTitles.joined(separator: " "))\n")
            out.write("index: \(indexTitles.titles.joined(separator: " "))\n")
        }
        out.flush()
    }
}
