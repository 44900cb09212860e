// Times the collation core on a file of lines, phase by phase, in the modes of ../shared/bench's reference:
//   all        bucket + sort (IndexedCollation.sectioned: sort keys, order, sections, on every core)
//   sort       sort keys + order only
//   bucket     sections only
//   foundation sort with Foundation's compare(_:options:range:locale:) — what a Swift user would write
// Usage: collation-bench FILE LOCALE [MODE] [--limit N]
// Prints one line on stdout: mode, n, per-phase milliseconds and a checksum of the result.
import Collation
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write("usage: collation-bench FILE LOCALE [all|sort|bucket|foundation] [--limit N]\n".data(using: .utf8)!)
    exit(2)
}
let mode = arguments.count > 3 && !arguments[3].hasPrefix("--") ? arguments[3] : "all"
let limit = arguments.firstIndex(of: "--limit").map { Int(arguments[$0 + 1])! } ?? Int.max

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
func checksum(_ values: [Int32]) -> UInt64 {
    values.reduce(1_469_598_103_934_665_603) { ($0 ^ UInt64(UInt32(bitPattern: $1))) &* 1_099_511_628_211 }
}

let t0 = now()
var bytes = [UInt8](FileManager.default.contents(atPath: arguments[1])!)
var batch = UTF8Batch(lines: bytes)
if batch.count > limit {
    batch = UTF8Batch((0 ..< limit).map { batch.string(at: $0) })
}
let t1 = now()
let collation = try IndexedCollation(locale: arguments[2])
let t2 = now()
var result: [Int32] = []
switch mode {
case "all":
    result = try collation.sectioned(batch).order
case "sort":
    result = try SortKeys(batch, collator: collation.collator).sortedOrder()
case "bucket":
    result = collation.sections(of: batch)
case "foundation":
    let strings = (0 ..< batch.count).map { batch.string(at: $0) }
    let locale = Locale(identifier: arguments[2])
    let sorted = strings.indices.sorted { a, b in
        strings[a].compare(strings[b], options: [], range: nil, locale: locale) == .orderedAscending
    }
    result = sorted.map { Int32($0) }
default:
    FileHandle.standardError.write("unknown mode \(mode)\n".data(using: .utf8)!)
    exit(2)
}
let t3 = now()
print(String(format: "mode=%@ n=%d read_ms=%.1f open_ms=%.1f work_ms=%.1f (%.0f ns/str) total_ms=%.1f checksum=%016llx",
             mode, batch.count, t1 - t0, t2 - t1, t3 - t2, (t3 - t2) * 1e6 / Double(max(batch.count, 1)), t3 - t0,
             checksum(result)))
