import ThumbIndexClient
import ThumbIndexJSON
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// The whole `documentSymbol` reply after edits, whose sections the server keeps and writes again only when an edit
/// changed them, equals the reply for the same text opened fresh.
final class SymbolsAfterEditsTests: XCTestCase {
    private let names = ["Anna", "Alma", "Bo", "Bertil", "Åsa", "Östen", "Zorn", "Cecilia", "Ärla", "Axel"]

    private func symbols(_ pair: InProcessPair, _ uri: String) async throws -> [DocumentSymbol] {
        guard case .symbols(let symbols) = try await pair.client.documentSymbols(uri: uri).decoded() else {
            XCTFail("no symbols for \(uri)")
            return []
        }
        return symbols
    }

    /// Edits that keep the line count (a name changed, a line blanked so that its neighbours' sections touch, and
    /// filled again) and edits that add or remove lines, each followed by the whole reply; a seeded run of random
    /// ones after them.
    func testTheReplyAfterEveryEditEqualsAFreshOne() async throws {
        for (encoding, style) in [("utf-16", "plaintext"), ("utf-8", "csv"), ("utf-32", "vcard")] {
            let seed = UInt64(ProcessInfo.processInfo.environment["THUMBINDEX_SEED"] ?? "") ?? 0x5EC7_10A5
            try await run(encoding: encoding, languageId: style, seed: seed)
        }
    }

    private func record(_ name: String, _ languageId: String) -> [String] {
        switch languageId {
        case "csv": ["\(name),x"]
        case "vcard": ["BEGIN:VCARD", "FN:\(name)", "END:VCARD"]
        default: [name]
        }
    }

    private func run(encoding: String, languageId: String, seed: UInt64) async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE", initialize: InitializeRequest.Params(positionEncodings: [encoding]))
        var state = seed
        func next(_ bound: Int) -> Int {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let header = languageId == "csv" ? ["name,detail"] : []
        var lines = header
        // Alma first, then Anna and Bo by turns: A's symbol range covers Alma and the Anna after it, up to a Bo.
        for n in 0 ..< 40 {
            let name: String = (n == 0 ? "Alma" : n % 2 == 1 ? "Anna" : "Bo") + " \(n)"
            lines += record(name, languageId)
        }
        let uri = "file:///edited", fixed = header.count
        try pair.client.open(uri: uri, languageId: languageId, text: lines.joined(separator: "\n") + "\n")
        _ = try await symbols(pair, uri)
        for step in 1 ... 60 {
            // A line of a record's name (plain text: any line past the header).
            let nameLines = lines.indices.filter { $0 >= fixed && (languageId != "vcard" || lines[$0].hasPrefix("FN:")) }
            // The first edits are aimed at the Bo between A's first entries: blanked (A's range then runs on), named
            // again, then lines added and removed there.
            let line = step <= 4 ? nameLines[2] : nameLines[next(nameLines.count)]
            let name = names[next(names.count)] + " x\(step)"
            let text: String, oldEnd: Int
            switch step <= 4 ? [1, 0, 2, 3][step - 1] : next(4) {
            case 0: (text, oldEnd) = (languageId == "vcard" ? "FN:\(name)\n" : languageId == "csv" ? "\(name),y\n" : name + "\n", line + 1)
            case 1: (text, oldEnd) = (languageId == "vcard" ? "FN:\n" : languageId == "csv" ? ",y\n" : "\n", line + 1)  // no name: neighbours touch
            case 2: (text, oldEnd) = (record(name, languageId).joined(separator: "\n") + "\n", line)  // lines added
            default: (text, oldEnd) = ("", languageId == "vcard" ? line : line + 1)  // a line removed (a vCard: nothing)
            }
            let range = PositionRange(start: Position(line: line, character: 0), end: Position(line: oldEnd, character: 0))
            try pair.client.change(uri: uri, version: step + 1, range: range, text: text)
            lines.replaceSubrange(line ..< oldEnd, with: text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
            let fresh = "file:///fresh\(step)"
            try pair.client.open(uri: fresh, languageId: languageId, text: lines.joined(separator: "\n") + "\n")
            let mine = try await symbols(pair, uri), theirs = try await symbols(pair, fresh)
            guard mine == theirs else {
                return XCTFail("\(languageId), \(encoding), seed \(seed): the reply after edit \(step) (lines \(line) ..< \(oldEnd) ← \(text.debugDescription)) differs from a fresh one")
            }
            try pair.client.close(uri: fresh)
        }
    }
}
