/// The strings shown in the thumb index, and which section each stands for.
///
/// Usually the section titles themselves. `{search}` (UITableViewIndexSearch) may come first, and on a
/// short screen the titles are condensed to at most `maxTitles` entries, a bullet `•` standing for each
/// elided run, as iOS does.
public struct SectionIndexTitles: Hashable, Sendable {
    /// The title of the search entry, UIKit's `UITableViewIndexSearch`.
    public static let search = "{search}"
    /// The title that stands for a run of elided titles.
    public static let bullet = "•"

    /// What one index title stands for.
    public enum Target: Hashable, Sendable {
        /// The `{search}` entry: the top of the list.
        case search
        /// A position in `sectionTitles`.
        case section(Int)
    }

    /// The strings to show, in order.
    public let titles: [String]
    /// What each title stands for; a bullet stands for the middle of its elided run.
    public let targets: [Target]
}

/// Where a touch on an index title lands, given which sections have entries.
public enum JumpTarget: Hashable, Sendable {
    /// The `{search}` entry: scroll to the top.
    case top
    /// A position in the list of non-empty sections.
    case section(Int)
    /// There are no entries at all.
    case nothing
}

extension IndexedCollation {
    /// Index titles (Apple's `sectionIndexTitles`), the same as `sectionTitles` unless asked otherwise.
    public var sectionIndexTitles: [String] { sectionTitles }

    /// Index titles with the `{search}` entry first and/or condensed to at most `maxTitles` entries
    /// (the search entry counts). Condensing keeps the first and last titles and never yields a lone `•`.
    ///
    /// - Throws: `CollationError` of kind `.invalidArgument` when `maxTitles` leaves no room for one section title.
    public func sectionIndexTitles(includeSearch: Bool = false, maxTitles: Int? = nil) throws(CollationError)
        -> SectionIndexTitles
    {
        let searchSlots = includeSearch ? 1 : 0
        if let maxTitles, maxTitles < 1 + searchSlots {
            throw CollationError(
                .invalidArgument,
                "maxIndexTitles must be at least \(1 + searchSlots)\(includeSearch ? " with the search entry" : ""), got \(maxTitles)")
        }
        var titles = includeSearch ? [SectionIndexTitles.search] : []
        var targets: [SectionIndexTitles.Target] = includeSearch ? [.search] : []
        let room = (maxTitles ?? Int.max) - searchSlots
        let n = sectionTitles.count
        if n <= room {
            titles += sectionTitles
            targets += (0 ..< n).map { .section($0) }
            return SectionIndexTitles(titles: titles, targets: targets)
        }
        // k kept titles and a bullet in each of the k-1 gaps fit when 2k-1 <= room. An even room leaves
        // one slot empty rather than hide an elision without its bullet.
        let kept = room >= 3 ? (room + 1) / 2 : min(room, 2)
        let keptSections = (0 ..< kept).map { j in kept == 1 ? 0 : j * (n - 1) / (kept - 1) }
        let bulletGaps = room >= 3 ? Set((1 ..< max(kept, 1)).filter { keptSections[$0] - keptSections[$0 - 1] > 1 }) : []
        for (j, section) in keptSections.enumerated() {
            if bulletGaps.contains(j) {
                let previous = keptSections[j - 1]
                titles.append(SectionIndexTitles.bullet)
                targets.append(.section((previous + 1 + section - 1) / 2))
            }
            titles.append(sectionTitles[section])
            targets.append(.section(section))
        }
        return SectionIndexTitles(titles: titles, targets: targets)
    }

    /// The section an index title stands for (Apple's `sectionForSectionIndexTitleAtIndex:`), or `nil`
    /// for the `{search}` entry. An index out of range is an error, never a section out of range.
    public func sectionTitleIndex(forIndexTitleAt index: Int, in titles: SectionIndexTitles) throws(CollationError)
        -> Int?
    {
        guard titles.targets.indices.contains(index) else {
            throw CollationError(
                .invalidArgument, "index title position \(index) is out of range 0..<\(titles.targets.count)")
        }
        if case .section(let s) = titles.targets[index] { return s }
        return nil
    }

    /// Where to jump for an index title when only some sections have entries: the nearest non-empty
    /// section at or before the title's section, else the first non-empty one after it.
    ///
    /// - Parameters:
    ///   - index: the position of the touched title in `titles`.
    ///   - titles: the index titles as shown.
    ///   - nonEmptySections: title positions of the sections that have entries, ascending.
    /// - Throws: `CollationError` of kind `.invalidArgument` when `index` is out of range.
    public func jump(toIndexTitleAt index: Int, in titles: SectionIndexTitles, nonEmptySections: [Int])
        throws(CollationError) -> JumpTarget
    {
        guard let section = try sectionTitleIndex(forIndexTitleAt: index, in: titles) else { return .top }
        return Self.jump(toSection: section, nonEmptySections: nonEmptySections)
    }

    /// The same rule on a title position, giving a position in `nonEmptySections`. The table view tutorial's example:
    /// with entries only under Brown, Dylan and Zappa, A→B, C→B, E…Y→D, #→Z.
    public static func jump(toSection section: Int, nonEmptySections: [Int]) -> JumpTarget {
        guard !nonEmptySections.isEmpty else { return .nothing }
        // Binary search: the last non-empty section at or before `section`.
        var low = 0, high = nonEmptySections.count
        while low < high {
            let mid = (low + high) / 2
            if nonEmptySections[mid] <= section { low = mid + 1 } else { high = mid }
        }
        return .section(low == 0 ? 0 : low - 1)
    }
}
