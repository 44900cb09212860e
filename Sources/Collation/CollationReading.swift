import Foundation
import LowLevel

/// A way to read strings that a locale's collation cannot read as its people do, and what to collate them by
/// instead: Japanese names in kanji by their MeCab readings (`Readings`), Chinese names by their surnames
/// (`ChineseNames`). Both read only strings that hold Han characters.
public protocol CollationReading: AnyObject, Sendable {
    /// Why strings cannot be read (what to install); nil when they can.
    var problem: String? { get }
    /// The string to collate `string` by; nil when it collates as written.
    func collationString(for string: String) -> String?
}

extension CollationReading {
    /// What to collate the strings of `batch` by: each one with Han characters by `collationString(for:)`, the
    /// others as they are; and whether any had Han (without readings, `problem` is then worth telling).
    public func collationStrings(_ batch: UTF8Batch) -> (batch: UTF8Batch, sawHan: Bool) {
        // On every core: a long list of distinct names is mostly the reader's time.
        let parts = batch.count < Thresholds.readingsOnEveryCore ? 1 : ProcessInfo.processInfo.activeProcessorCount
        var results = [(strings: [String], sawHan: Bool)](repeating: ([], false), count: parts)
        results.withUnsafeMutableBufferPointer { out in
            Cores.run(parts) { part in
                var sawHan = false
                let strings = (batch.count * part / parts ..< batch.count * (part + 1) / parts).map { i -> String in
                    let s = batch.string(at: i)
                    guard Readings.hasKanji(s) else { return s }
                    sawHan = true
                    return collationString(for: s) ?? s
                }
                out[part] = (strings, sawHan)
            }
        }
        let sawHan = results.contains { $0.sawHan }
        return sawHan && problem == nil ? (UTF8Batch(results.lazy.flatMap(\.strings)), true) : (batch, sawHan)
    }
}
