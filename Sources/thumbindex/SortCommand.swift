import ArgumentParser
import Collation
import Entries
import JSONRPC
import ThumbIndexJSON

struct Sort: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sort lines the way sort(1) would under a locale, optionally in lettered sections.",
        discussion: "Reads FILE, or stdin when FILE is absent or '-'. Equal lines keep their input order.")

    @OptionGroup var collation: CollationArguments
    @OptionGroup var readings: ReadingArguments
    @OptionGroup var input: EncodingArguments

    @Flag(help: "Group lines into sections; each non-empty section starts with a '== TITLE ==' line.")
    var sections = false

    @Flag(help: "Print JSON: {\"items\": [...]} sorted, or with --sections {\"sections\": [{\"title\", \"items\"}]}.")
    var json = false

    @Argument(help: "The file to sort.", completion: .file())
    var file: String?

    func run() throws {
        let collation = try self.collation.makeCollation()
        let bytes = try input.decode(readInput(file), name: inputName(file))
        let batch = UTF8Batch(lines: bytes)
        // What the lines collate by: themselves, or their readings (the lines printed stay as written).
        var keys = batch
        if let reading = readings.lineReading(under: collation) {
            let read = reading.collationStrings(batch)
            keys = read.batch
            if read.sawHan, let problem = reading.problem { Messages.warning(problem) }
        }
        var out = StandardOutput()
        if !sections {
            let order = try SortKeys(keys, collator: collation.collator).sortedOrder()
            if json {
                out.write((["items": .array(order.map { .string(batch.string(at: Int($0))) })] as JSON).serialized())
                out.write("\n")
                out.flush()
                return
            }
            for i in order {
                out.write(batch[Int(i)])
                out.write(CollectionOfOne(UInt8(ascii: "\n")))
            }
        } else {
            let sectioned = try collation.sectioned(keys)
            if json {
                let sections: [JSON] = sectioned.ranges.map { range in
                    [
                        "title": .string(collation.sectionTitles[range.section]),
                        "items": .array(sectioned.order[range.range].map { .string(batch.string(at: Int($0))) }),
                    ]
                }
                out.write((["sections": .array(sections)] as JSON).serialized())
                out.write("\n")
            } else {
                for range in sectioned.ranges {
                    out.write("== \(sectionTitleText(collation.sectionTitles, at: range.section)) ==\n")
                    for i in sectioned.order[range.range] {
                        out.write(batch[Int(i)])
                        out.write(CollectionOfOne(UInt8(ascii: "\n")))
                    }
                }
            }
        }
        out.flush()
    }
}
