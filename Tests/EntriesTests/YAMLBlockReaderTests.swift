import Foundation
import XCTest
@testable import Entries

/// The block reader against Yams: on random documents of block mappings and sequences (and the same documents with a
/// character changed, so that some are no longer of the kind the reader reads, or no longer YAML), what the reader
/// answers must be what Yams composes; and every unchanged document must be read. THUMBINDEX_SEED replays a run,
/// THUMBINDEX_YAML_DOCS sets the number of documents (default 3000).
final class YAMLBlockReaderTests: XCTestCase {
    func testTheReaderAnswersWhatYamsComposesOrNothing() {
        let env = ProcessInfo.processInfo.environment
        let seed = env["THUMBINDEX_SEED"].flatMap { UInt64($0) } ?? 20_261_126
        let count = env["THUMBINDEX_YAML_DOCS"].flatMap { Int($0) } ?? 3000
        var random = SplitMix64(seed: seed)
        var failures = 0, read = 0, mutatedRead = 0
        for k in 0 ..< count {
            let mutated = k % 2 == 1
            var doc = YAMLDocumentGenerator.document(&random)
            if mutated { doc = YAMLDocumentGenerator.mutate(doc, &random) }
            let outline = YAMLOutline(map: RecordText(Array(doc.utf8)))
            let fast = YAMLBlockReader.documents(outline)
            if !mutated, fast == nil {
                failures += 1
                XCTFail("THUMBINDEX_SEED=\(seed) document \(k): not read, though it is of the kind read\n\(doc.debugDescription)")
            }
            guard let fast else { continue }
            if mutated { mutatedRead += 1 } else { read += 1 }
            let composed: [YAMLNode]
            do {
                composed = try YAMLNode.composed(doc, in: outline)
            } catch {
                failures += 1
                XCTFail("THUMBINDEX_SEED=\(seed) document \(k): read, but Yams says \(error)\n\(doc.debugDescription)")
                continue
            }
            let expected = composed.flatMap { outline.children(of: $0, limit: outline.bytes.count) }
            let actual = fast.flatMap { outline.children(of: $0, limit: outline.bytes.count) }
            if expected != actual || composed.count != fast.count {
                failures += 1
                XCTFail("""
                    THUMBINDEX_SEED=\(seed) document \(k): entries differ from Yams'
                    document: \(doc.debugDescription)
                    yams:   \(Self.describe(expected))
                    reader: \(Self.describe(actual))
                    """)
            }
            if failures >= 5 { return }
        }
        // The mutations must leave some documents readable, or the comparison of changed ones tests nothing.
        XCTAssertGreaterThan(mutatedRead, count / 20, "changed documents still read (THUMBINDEX_SEED=\(seed))")
        if failures == 0 { print("yaml block reader: \(read) documents and \(mutatedRead) changed ones agree with Yams") }
    }

    /// A YAML tree's read (its top-level keys handed out as the block reader reads them, or as Yams composes the text
    /// when the reader gives up after some) hands out the extractor's entries flattened, on random documents and the
    /// same documents changed (THUMBINDEX_SEED replays a run).
    func testTheTreeReadHandsOutTheExtractorsEntries() throws {
        let seed = ProcessInfo.processInfo.environment["THUMBINDEX_SEED"].flatMap { UInt64($0) } ?? 20_261_127
        var random = SplitMix64(seed: seed)
        let format = try XCTUnwrap(TreeFormat(languageId: "yaml", options: ExtractionOptions()))
        var followed = 0, restarted = 0
        for k in 0 ..< 600 {
            var doc = YAMLDocumentGenerator.document(&random)
            if k % 2 == 1 { doc = YAMLDocumentGenerator.mutate(doc, &random) }
            var handed = HandedEntries()
            guard let shape = format.read(RecordText(doc), into: &handed) else { continue }
            followed += 1
            restarted += handed.restarts
            let extracted = try? extract("yaml", doc).entries
            XCTAssertEqual(shape.entryCount, handed.entries.count, "THUMBINDEX_SEED=\(seed) document \(k)")
            XCTAssertEqual(handed.entries, extracted.map(Entry.depthFirst), "THUMBINDEX_SEED=\(seed) document \(k)\n\(doc.debugDescription)")
        }
        XCTAssertGreaterThan(followed, 100, "documents followed key by key (THUMBINDEX_SEED=\(seed))")
        print("yaml tree: \(followed) of 600 documents read key by key, \(restarted) read again by Yams")
    }

    /// A key repeated in its mapping (spelled alike, or canonically equivalent, or quoted once) is left to Yams, which
    /// refuses it; keys that only look alike are read.
    func testARepeatedKeyIsLeftToYams() {
        for doc in ["a: 1\nb: 2\na: 3\n", "\u{E9}: 1\ne\u{301}: 2\n", "\"a\": 1\na: 2\n", "x:\n  k: 1\n  k: 2\n", "- a: 1\n  a: 2\n"] {
            let outline = YAMLOutline(map: RecordText(Array(doc.utf8)))
            XCTAssertNil(YAMLBlockReader.documents(outline), doc)
            if !doc.hasPrefix("\u{E9}") { XCTAssertThrowsError(try YAMLNode.composed(doc, in: outline), doc) }
        }
        let alike = "a: 1\nA: 2\n\u{E4}: 3\na\u{308}x: 4\n\"b\": 5\nb c: 6\n"
        XCTAssertEqual(YAMLBlockReader.documents(YAMLOutline(map: RecordText(Array(alike.utf8))))?.count, 1)
    }

    /// A top-level key repeated (spelled alike, canonically equivalent, quoted once, or with a value of another kind)
    /// gives no tree: the tree finds it by its hash, and the whole read reports it. Keys that only look alike are read.
    func testARepeatedTopLevelKeyGivesNoTree() throws {
        let format = try XCTUnwrap(TreeFormat(languageId: "yaml", options: ExtractionOptions()))
        for doc in ["a: 1\nb: 2\na: 3\n", "\u{E9}: 1\ne\u{301}: 2\n", "\"a\": 1\na: 2\n", "a: 1\nb:\n  c: 2\na:\n  - x\n",
                    "K: 1\n\u{212A}: 2\n", "x: \"a\\tb\"\n'x': 2\n"] {
            var handed = HandedEntries()
            XCTAssertNil(format.read(RecordText(doc), into: &handed), doc.debugDescription)
        }
        var handed = HandedEntries()
        let alike = "a: 1\nA: 2\n\u{E4}: 3\na\u{308}x: 4\n\"b\": 5\nb c: 6\n'a ': 7\n"
        XCTAssertEqual(format.read(RecordText(alike), into: &handed)?.entryCount, 7)
    }

    /// Hashes replaced as an edit replaces keys: refused when one coming is alike one kept or another coming, and then
    /// unchanged; a hash leaving and coming back is kept. Checked against a set, on random replacements.
    func testKeyHashesReplaceAsASetWould() throws {
        var random = SplitMix64(seed: 20_261_127)
        // Few distinct values among a thousand draws, so that replacements collide; spread over the 64 bits.
        func draw() -> Int { Int(truncatingIfNeeded: (random.next() % 600) &* 0x9E37_79B9_7F4A_7C15) }
        var expected = Set<Int>()
        while expected.count < 300 { expected.insert(draw()) }
        var hashes = try XCTUnwrap(KeyHashes(Array(expected)))
        XCTAssertNil(KeyHashes(Array(expected) + [expected.first!]), "a repeat")
        var refused = 0
        for step in 0 ..< 2000 {
            let kept = expected.sorted()
            let leaving = Set((0 ..< Int(random.next() % 4)).map { _ in kept[Int(random.next() % UInt64(kept.count))] })
            let coming = (0 ..< Int(random.next() % 4)).map { _ in
                step % 3 == 0 && !leaving.isEmpty ? leaving.sorted()[Int(random.next() % UInt64(leaving.count))] : draw()
            }
            let after = expected.subtracting(leaving)
            let fits = Set(coming).count == coming.count && after.isDisjoint(with: coming)
            XCTAssertEqual(hashes.replace(leaving, by: coming), fits, "step \(step)")
            if fits { expected = after.union(coming) } else { refused += 1 }
            for probe in expected.prefix(5) { XCTAssertFalse(hashes.replace([], by: [probe]), "step \(step): \(probe) kept") }
        }
        XCTAssertGreaterThan(refused, 100)
        XCTAssertEqual(KeyHashes(Array(expected)).map { _ in true }, true)
        // Two sets sorted apart and merged: refused when they share one; else the set of both.
        var fresh = Set<Int>()
        while fresh.count < 300 { fresh.insert(draw()) }
        let all = fresh.sorted()
        let (evens, odds) = (all.enumerated().filter { $0.offset % 2 == 0 }.map(\.element), all.enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        var merged = try XCTUnwrap(KeyHashes(merging: try XCTUnwrap(KeyHashes(evens)), try XCTUnwrap(KeyHashes(odds))))
        for hash in all { XCTAssertFalse(merged.replace([], by: [hash])) }
        XCTAssertNil(KeyHashes(merging: try XCTUnwrap(KeyHashes(evens)), try XCTUnwrap(KeyHashes(odds + [evens[7]]))))
    }

    /// Quoted keys and values of every length up to a few words, with an escape, a doubled quote or the other quote
    /// at every place (a quote is looked for eight bytes at a time): the tree's entries are the extractor's.
    func testQuotedScalarsCloseWhereTheyCloseAtEveryLength() throws {
        let format = try XCTUnwrap(TreeFormat(languageId: "yaml", options: ExtractionOptions()))
        var lines: [String] = []
        for k in 0 ..< 20 {
            let run = String(repeating: "é", count: k / 2) + String(repeating: "x", count: k - k / 2)
            lines.append("\"k\(run)\": 'v\(run)'")
            lines.append("'s\(run)''q': \"w\(run)\\\"q\"")
            lines.append("\"t\(run)'\": 'u\(run)\"\\'")
            lines.append("p\(run): \"\(run)\\t\(run)\"  # c")
        }
        let doc = lines.joined(separator: "\n") + "\n"
        var handed = HandedEntries()
        XCTAssertNotNil(format.read(RecordText(doc), into: &handed))
        XCTAssertEqual(handed.entries, Entry.depthFirst(try extract("yaml", doc).entries))
        XCTAssertEqual(handed.entries.count, 80)
    }

    /// A character YAML refuses is found wherever it is in a long line (the reader looks at eight bytes at a time).
    func testACharacterYAMLRefusesIsFoundAnywhereInALine() {
        // In ASCII, and among other scripts' letters (whose bytes are looked at eight at a time too), beside
        // characters allowed that share a refused one's first byte (C2, E2, EF).
        for long in ["key: " + String(repeating: "abc def, ", count: 5),
                     "key: " + String(repeating: "\u{E4}\u{F6} \u{65E5}\u{672C} \u{A0}\u{2019}\u{FF01}, ", count: 4)] {
            XCTAssertNotNil(YAMLBlockReader.documents(YAMLOutline(map: RecordText(Array((long + "\n").utf8)))), long)
            for bad in ["\u{7F}", "\u{1}", "\u{80}", "\u{85}", "\u{9F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\r"] {
                for at in [7, 20, 33, 34, 35, 36, 37, 38, 39, 40, long.utf8.count - 1] {
                    var line = Array(long.utf8)
                    // At a character's start: inside one, it would not be UTF-8.
                    let start = line.indices.dropFirst(at).first { line[$0] & 0xC0 != 0x80 } ?? line.count
                    line.insert(contentsOf: Array(bad.utf8), at: start)
                    XCTAssertNil(YAMLBlockReader.documents(YAMLOutline(map: RecordText(line + [0x0A]))), "\(bad.debugDescription) at \(start)")
                }
            }
        }
        let long = "key: " + String(repeating: "abc def, ", count: 5)
        XCTAssertNil(YAMLBlockReader.documents(YAMLOutline(map: RecordText(Array((long + "\n\tb: 1\n").utf8)))), "a tab starting a line")
    }

    /// Real documents written by others: the fixtures (`Fixtures/SOURCES.md`: a Rails locale, a GitHub workflow, a
    /// build manifest), and every `.yml`/`.yaml` under THUMBINDEX_YAML_DIR when it is set. Each is read as Yams reads it;
    /// the locale, a plain configuration file, must be read by the reader.
    func testRealDocumentsReadAsYamsReadsThem() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        var files = try FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: nil)
        if let dir = ProcessInfo.processInfo.environment["THUMBINDEX_YAML_DIR"] {
            files += try FileManager.default.contentsOfDirectory(at: URL(fileURLWithPath: dir), includingPropertiesForKeys: nil)
        }
        var read = 0, compared = 0
        for file in files where ["yml", "yaml"].contains(file.pathExtension) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let outline = YAMLOutline(map: RecordText(Array(text.utf8)))
            guard let composed = try? YAMLNode.composed(text, in: outline) else {
                XCTAssertNil(YAMLBlockReader.documents(outline), "\(file.lastPathComponent): Yams cannot read it, the reader must not either")
                continue
            }
            compared += 1
            guard let fast = YAMLBlockReader.documents(outline) else {
                XCTAssertNotEqual(file.lastPathComponent, "rails-i18n-sv.yml", "the locale is of the kind read")
                continue
            }
            read += 1
            let limit = outline.bytes.count
            XCTAssertEqual(fast.flatMap { outline.children(of: $0, limit: limit) },
                           composed.flatMap { outline.children(of: $0, limit: limit) }, file.lastPathComponent)
        }
        XCTAssertGreaterThan(read, 0)
        print("yaml block reader: \(read) of \(compared) real documents read, each as Yams reads it")
    }

    func testBlockScalarsAndFlowSequencesAreReadByTheReader() throws {
        let doc = "a: |\n  x\n   y\n\nb: >-\n  x\n  y\n\n  z\n   more\nc: [push, 'pull request', 3]\nd: {}\n"
        let outline = YAMLOutline(map: RecordText(Array(doc.utf8)))
        let read = try XCTUnwrap(YAMLBlockReader.documents(outline), "of the kind read")
        guard case .mapping(let pairs, _, _)? = read.first else { return XCTFail("a mapping") }
        var values: [String] = []
        for pair in pairs {
            switch pair.value {
            case .scalar(let string, _, _): values.append(string)
            case .sequence(let items, _): values.append("\(items.count) items")
            case .mapping(let keys, _, _): values.append("\(keys.count) keys")
            case .alias: values.append("alias")
            }
        }
        XCTAssertEqual(values, ["x\n y\n", "x y\nz\n more", "3 items", "0 keys"])
        let composed = try YAMLNode.composed(doc, in: outline)
        XCTAssertEqual(read.flatMap { outline.children(of: $0, limit: doc.utf8.count) },
                       composed.flatMap { outline.children(of: $0, limit: doc.utf8.count) })
    }

    func testPlainScalarsReadAsYamsResolvesThem() throws {
        let scalars = [
            "yes", "No", "TRUE", "off", "On", "y", "n", "ture", "~", "null", "NULL", "nul", "Null",
            "0", "-0", "+7", "00", "07", "08", "0o17", "0o8", "0o", "0b101", "0b2", "0b", "0x1F", "0xg", "0x", "1_000",
            "_1", "1_", "1:30", "0:30", "1:30:59", "1:60", "1:123", "1:30.5", "0:30.5", "1:5.", "1.", "1.5", "-1.5e3",
            "1e5", "1e", "1.e5", "1E+5", ".5", "._", ".5e+3", ".5e3", ".", "-.5", ".inf", "-.Inf", "+.INF", ".nan",
            "-.nan", ".NaN", "2001-12-14", "<<", "=", "+", "1 2", "1,000", "12:30:00", "0.1.2", "1__2", "0b_", "0x_",
            "０", "1\t", "v1", "e5", "x",
        ]
        for scalar in scalars {
            let doc = "k: \(scalar)\n"
            let outline = YAMLOutline(map: RecordText(Array(doc.utf8)))
            let yams = try YAMLNode.composed(doc, in: outline)
            guard case .mapping(let pairs, _, _)? = yams.first, case .scalar(_, let kind, _) = pairs[0].value else {
                XCTFail("\(scalar): not a mapping of one scalar")
                continue
            }
            XCTAssertEqual(YAMLPlainScalar.kind(Array(scalar.utf8).prefix { $0 != 0x09 }), kind, scalar.debugDescription)
        }
    }

    static func describe(_ entries: [Entry]) -> String {
        entries.map { e in
            "\(e.name.debugDescription)[\(e.kind.rawValue)] \(e.detail ?? "-") \(e.range.start.line):\(e.range.start.column)-"
                + "\(e.range.end.line):\(e.range.end.column) sel \(e.selectionRange.end.column) {\(describe(e.children))}"
        }.joined(separator: "; ")
    }
}

/// Random block YAML: nested mappings and sequences (compact `- key:` and `- - x` forms, sequences at their key's
/// indentation), plain and quoted scalars of every resolved type, escapes, one-line flow sequences of scalars, empty
/// flow collections, literal and folded block scalars, comments, blank lines, a leading `---`, CRLF line ends.
enum YAMLDocumentGenerator {
    static let plainKeys = ["name", "title", "id", "a", "Zoë", "Åsa", "key with spaces", "1", "true", "null", "-k",
                            "a#b", "a:b", "x.y", "日本", "key", "label", "<<", "on", ":sym", "?q", "a, b", "k ,z"]
    static let quotedKeys = ["\"name\"", "'title'", "\"a b\"", "'it''s'", "\"tab\\tkey\"", "\"\"", "\"1\"", "'x: y'",
                             "\"é\\u00e9\"", "\"id\""]
    static let plainValues = ["ThumbIndex", "1.2", "42", "-7", "0x1F", "0o17", "1_000", "1:30", ".inf", ".NaN", "yes",
                              "Off", "~", "null", "2001-12-14", "a b  c", "a:b", "a#b", "-x", "x - y", "x]", ":day", "?x",
                              "héllo wörld", "1e5", "＋", "x ,y", "[a, b]", "[]", "{}", "[ ]", "[1, \"x\", yes, ~]",
                              "['q', 2.5 ,  z z]", "[é, 日本]", "[a]  # c", String(repeating: "longer than a detail ", count: 5)]
    static let quotedValues = ["\"quoted\"", "'single'", "\"esc \\\" \\\\ \\/ \\n \\t \\r \\0 \\x41 \\u00e9 \\U0001F600\"",
                               "'it''s'", "\"\"", "''", "\"a # b\"", "'a: b'", "\"\\ \"", "\"tab\there\"",
                               "\"" + String(repeating: "quoted for more than a detail ", count: 3) + "\""]
    static let comments = ["", "", "", " # note", "  #x", "\t# tab comment"]

    static func document(_ random: inout SplitMix64) -> String {
        var lines: [String] = []
        if random.chance(10) { lines.append("---") }
        if random.chance(10) { lines.append("# header") }
        if random.chance(25) {
            sequence(indent: 0, depth: 0, into: &lines, &random)
        } else {
            mapping(indent: 0, depth: 0, into: &lines, &random)
        }
        let end = random.chance(15) ? "\r\n" : "\n"
        return lines.joined(separator: end) + (random.chance(80) ? end : "")
    }

    static func key(_ random: inout SplitMix64) -> String {
        random.chance(25) ? random.pick(quotedKeys) : random.pick(plainKeys)
    }

    static func scalar(_ random: inout SplitMix64) -> String {
        random.chance(30) ? random.pick(quotedValues) : random.pick(plainValues)
    }

    static let blockHeaders = ["|", ">", "|-", ">-", "|+", ">+"]

    /// A block scalar's lines: text, more indented text, blank lines (some with spaces), `#` as text.
    static func blockScalarLines(indent: Int, into lines: inout [String], _ random: inout SplitMix64) {
        let pad = String(repeating: " ", count: indent)
        lines.append(pad + "first line")
        for _ in 0 ..< random.below(5) {
            switch random.below(8) {
            case 0: lines.append("")
            case 1: lines.append(String(repeating: " ", count: random.below(indent + 3)))
            case 2: lines.append(pad + "  indented more")
            case 3: lines.append(pad + "# not a comment")
            default: lines.append(pad + random.pick(["text", "Zoë went: home", "a b  ", "- x", "key: v", "\"q\"", "é"]))
            }
        }
    }

    static func filler(_ lines: inout [String], _ random: inout SplitMix64) {
        if random.chance(8) { lines.append("") }
        if random.chance(5) { lines.append(String(repeating: " ", count: random.below(6)) + "# comment") }
    }

    static func mapping(indent: Int, depth: Int, firstPrefix: String? = nil, into lines: inout [String], _ random: inout SplitMix64) {
        let pad = String(repeating: " ", count: indent)
        var used = Set<String>()
        for n in 0 ..< 1 + random.below(4) {
            var k = key(&random)
            while used.contains(Self.unquoted(k)) { k = key(&random) }
            used.insert(Self.unquoted(k))
            let prefix = n == 0 ? (firstPrefix ?? pad) : pad
            let sep = random.chance(10) ? ":  " : ": "
            filler(&lines, &random)
            switch depth < 3 ? random.below(10) : 0 {
            case 0 ..< 5:
                lines.append(prefix + k + sep + scalar(&random) + random.pick(comments))
            case 5 where random.chance(50):
                lines.append(prefix + k + ": " + random.pick(blockHeaders) + random.pick(comments))
                blockScalarLines(indent: indent + 1 + random.below(3), into: &lines, &random)
            case 5:
                lines.append(prefix + k + ":" + random.pick(comments))  // null
            case 6, 7:
                lines.append(prefix + k + ":" + random.pick(comments))
                mapping(indent: indent + 1 + random.below(4), depth: depth + 1, into: &lines, &random)
            default:
                lines.append(prefix + k + ":" + random.pick(comments))
                sequence(indent: random.chance(40) ? indent : indent + 2, depth: depth + 1, into: &lines, &random)
            }
        }
    }

    static func sequence(indent: Int, depth: Int, firstPrefix: String? = nil, into lines: inout [String], _ random: inout SplitMix64) {
        let pad = String(repeating: " ", count: indent)
        for n in 0 ..< 1 + random.below(4) {
            let prefix = n == 0 ? (firstPrefix ?? pad) : pad
            filler(&lines, &random)
            let dash = random.chance(15) ? "-   " : "- "
            switch depth < 3 ? random.below(10) : 0 {
            case 0 ..< 4:
                lines.append(prefix + dash + scalar(&random) + random.pick(comments))
            case 4 where random.chance(40):
                lines.append(prefix + dash + random.pick(blockHeaders))
                blockScalarLines(indent: indent + 1 + random.below(3), into: &lines, &random)
            case 4:
                lines.append(prefix + "-" + random.pick(comments.filter { !$0.hasPrefix("\t") }))  // null (libyaml refuses `-\t`)
            case 5, 6, 7:
                // `- key: value` on the dash's line, its other keys below it.
                let column = prefix.count + dash.count
                mapping(indent: column, depth: depth + 1, firstPrefix: prefix + dash, into: &lines, &random)
            case 8:
                lines.append(prefix + "-")
                mapping(indent: indent + 1 + random.below(3), depth: depth + 1, into: &lines, &random)
            default:
                let column = prefix.count + dash.count
                sequence(indent: column, depth: depth + 1, firstPrefix: prefix + dash, into: &lines, &random)
            }
        }
    }

    static func unquoted(_ key: String) -> String {
        let outline = YAMLOutline(map: RecordText(Array("\(key): 1\n".utf8)))
        if case .mapping(let pairs, _, _)? = YAMLBlockReader.documents(outline)?.first { return pairs[0].name ?? key }
        return key
    }

    static let mutations = [" ", "  ", "\t", "-", "- ", ":", ": ", "#", " #", "\"", "'", "\\", "[", "{", "&a ", "*a",
                            "!!str ", "|", ">", "?", "%", "---", "...", "\n", "\n  ", "\r", "\u{85}", "x", "é", ",", "@"]

    /// The document with a few characters inserted, deleted or replaced.
    static func mutate(_ doc: String, _ random: inout SplitMix64) -> String {
        var chars = Array(doc)
        for _ in 0 ..< 1 + random.below(2) {
            let at = random.below(chars.count + 1)
            switch random.below(3) {
            case 0: chars.insert(contentsOf: random.pick(mutations), at: at)
            case 1: if at < chars.count { chars.remove(at: at) }
            default: if at < chars.count { chars.replaceSubrange(at ... at, with: random.pick(mutations)) }
            }
        }
        return String(chars)
    }
}
