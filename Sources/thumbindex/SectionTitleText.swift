/// A section's title as text output shows it. ICU's style titles its underflow, inflow and overflow sections all `…`;
/// on a page of text two `== … ==` could not be told apart, so each says where it stands among the letters
/// (`… (before A)`, `… (between Z and Α)`, `… (after Ö)`). JSON keeps the titles as they are.
func sectionTitleText(_ titles: [String], at index: Int) -> String {
    let title = titles[index]
    guard title == "…" else { return title }
    let before = titles[..<index].last { $0 != "…" }, after = titles[(index + 1)...].first { $0 != "…" }
    switch (before, after) {
    case (nil, let next?): return "… (before \(next))"
    case (let previous?, nil): return "… (after \(previous))"
    case (let previous?, let next?): return "… (between \(previous) and \(next))"
    case (nil, nil): return title
    }
}
