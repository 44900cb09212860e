/// Messages a client might send, as JSON text: every method of Protocol/README.md with its params, the documents of
/// its examples (`FuzzFixture`), and the values at the edges of what each member accepts. Written as text rather than
/// built as `JSON` so that ids and numbers keep their exact spelling (`1.0`, `-0`, 20-digit integers) and strings can
/// carry lone surrogate escapes.
struct MessageTemplates {
    var random: FuzzRandom
    private var nextID = 1
    /// Ids sent recently, as JSON text, for cancellations and duplicated ids.
    private var recentIDs: [String] = ["1"]

    init(random: FuzzRandom) { self.random = random }

    // MARK: Messages

    /// One message: mostly a request or a notification, sometimes a response, an invalid message or a batch.
    mutating func message(allowBatch: Bool = true) -> String {
        switch random.below(100) {
        case 0..<45: return request()
        case 45..<88: return notification()
        case 88..<91: return response()
        case 91..<95: return invalid()
        default: return allowBatch ? batch() : request()
        }
    }

    mutating func batch() -> String {
        let count = random.percent(5) ? 0 : 1 + random.count(typical: 4, max: 12)
        return "[" + (0..<count).map { _ in message(allowBatch: false) }.joined(separator: ",") + "]"
    }

    mutating func request() -> String {
        let (method, params) = requestBody()
        return "{\"jsonrpc\":\"2.0\",\"id\":\(id()),\"method\":\(q(method))\(params.map { ",\"params\":" + $0 } ?? "")}"
    }

    mutating func notification() -> String {
        let (method, params) = notificationBody()
        return "{\"jsonrpc\":\"2.0\",\"method\":\(q(method))\(params.map { ",\"params\":" + $0 } ?? "")}"
    }

    mutating func response() -> String {
        random.percent(50)
            ? "{\"jsonrpc\":\"2.0\",\"id\":\(id()),\"result\":\(random.pick(["null", "{}", "[1]", "\"x\""]))}"
            : "{\"jsonrpc\":\"2.0\",\"id\":\(id()),\"error\":{\"code\":\(random.pick(["-32601", "1", "1.5"])),\"message\":\"m\"}}"
    }

    mutating func invalid() -> String {
        random.pick([
            "{\"id\":\(id()),\"method\":\"thumbindex/sort\"}", "{\"jsonrpc\":\"1.0\",\"id\":\(id()),\"method\":\"shutdown\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}", "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"x\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":\(id()),\"method\":7}", "{\"jsonrpc\":\"2.0\",\"id\":\(id()),\"method\":\"x\",\"params\":\"p\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":\(id()),\"result\":1,\"error\":{}}", "{\"jsonrpc\":\"2.0\",\"id\":\(id())}",
            "{\"jsonrpc\":\"2.0\",\"id\":\(id()),\"error\":{\"code\":\"x\"}}", "{\"foo\":1}", "42", "\"s\"", "null", "[]", "",
            "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":[1]}", "{\"jsonrpc\":\"2.0\",\"id\":true}",
        ])
    }

    // MARK: Requests

    private mutating func requestBody() -> (String, String?) {
        let document = "\"textDocument\":{\"uri\":\(q(uri()))}"
        switch random.below(100) {
        case 0..<10: return ("textDocument/documentSymbol", "{\(document)}")
        case 10..<17: return ("workspace/symbol", object(["\"query\":\(q(random.pick(["", "ost", "lind", "Å", "z", "😀", "map", "ㄱ"])))"] + collation()))
        case 17..<24: return ("thumbindex/indexTitles", object(collation() + indexOptions()))
        case 24..<31: return ("thumbindex/sectionFor", object(["\"strings\":" + strings()] + collation() + nameOption()))
        case 31..<40: return ("thumbindex/sort", object(["\"items\":" + items()] + collation() + nameOption()))
        case 40..<48: return ("thumbindex/partition", object(["\"items\":" + items()] + collation() + indexOptions() + nameOption()))
        case 48..<60: return ("thumbindex/sections", object([document] + collation() + indexOptions()))
        case 60..<75:
            var members = [document, "\"offset\":" + number(), "\"limit\":" + number()]
            if random.percent(50) { members.append("\"version\":" + random.pick(["1", "2", "0", "-1", "2147483648", "1.0", "\"1\""])) }
            return ("thumbindex/entries", object(members + collation()))
        case 75..<87:
            let target = random.percent(50)
                ? "\"indexTitle\":" + q(random.pick(["A", "B", "C", "Z", "#", "Å", "Ö", "{search}", "•", "ㄱ", "あ", "", "a"]))
                : "\"index\":" + random.pick(["0", "1", "26", "27", "28", "99", "-1", "2147483648", "1.5"])
            return ("thumbindex/jump", object([document, target] + collation() + indexOptions()))
        case 87..<90:
            return ("initialize", "{\"capabilities\":{\"general\":{\"positionEncodings\":[\"utf-8\"]}}}")
        case 90..<91:
            return ("shutdown", random.percent(50) ? nil : "null")
        case 91..<95:
            switch random.below(3) {
            case 0: return ("thumbindex/workspaceSections", object(collation() + indexOptions()))
            case 1: return ("thumbindex/workspaceEntries", object(["\"offset\":" + number(), "\"limit\":" + number()] + collation()))
            default: return ("thumbindex/workspaceJump", object(["\"indexTitle\":" + q(random.pick(["A", "Ö", "#", "", "•"]))] + collation()))
            }
        case 95..<98:
            // The letter jump of clients with no plugin: its lists, and its command with good and broken arguments.
            switch random.below(3) {
            case 0:
                // Jumps, sorts and keep-sorted fixes: at a cursor or a selection, for every kind or some.
                let only = random.pick(["", ",\"only\":[\"source\"]", ",\"only\":[\"quickfix\"]", ",\"only\":[\"source.sortEntries\",\"x\"]", ",\"only\":7"])
                return ("textDocument/codeAction", "{\(document),\"range\":{\"start\":\(position()),\"end\":\(position())},\"context\":{\"diagnostics\":[]\(only)}}")
            case 1: return ("textDocument/codeLens", "{\(document)}")
            default:
                // A sort's data as the server hands it out, or broken: resolved, or run as the command.
                let data = random.pick(["{\(document),\"version\":\(version()),\"scope\":" + q(random.pick(["document", "container", "selection", "x"]))
                    + ",\"range\":{\"start\":\(position()),\"end\":\(position())}}", "{\(document)}", "1", "null"])
                if random.percent(40) { return ("codeAction/resolve", "{\"title\":\"Sort\",\"kind\":\"source.sortEntries\",\"data\":\(data)}") }
                let argument = random.pick(["{\(document),\"index\":" + random.pick(["0", "1", "27", "-1"]) + "}", "{\(document)}", "1", "null", data])
                return ("workspace/executeCommand", "{\"command\":" + q(random.pick(["thumbindex.jump", "thumbindex.sortEntries", "x", ""])) + ",\"arguments\":[\(argument)]}")
            }
        default:
            return (random.pick(["textDocument/hover", "thumbindex/nope", "", "$/x", "thumbindex/sort/"]), random.percent(50) ? nil : "{}")
        }
    }

    // MARK: Notifications

    private mutating func notificationBody() -> (String, String?) {
        let uri = uri()
        switch random.below(100) {
        case 0..<15:
            return ("textDocument/didOpen", "{\"textDocument\":{\"uri\":\(q(uri)),\"languageId\":\(q(languageID())),"
                + "\"version\":\(version()),\"text\":\(textLiteral())}}")
        case 15..<55:
            let changes = (0..<random.count(typical: 2, max: 8)).map { _ in change() }.joined(separator: ",")
            return ("textDocument/didChange", "{\"textDocument\":{\"uri\":\(q(uri)),\"version\":\(version())},\"contentChanges\":[\(changes)]}")
        case 55..<63: return ("textDocument/didClose", "{\"textDocument\":{\"uri\":\(q(uri))}}")
        case 63..<65: return ("textDocument/didSave", "{\"textDocument\":{\"uri\":\(q(uri))}}")
        case 65..<75: return ("workspace/didChangeConfiguration", "{\"settings\":\(settings())}")
        case 75..<88: return ("$/cancelRequest", "{\"id\":\(random.percent(85) ? random.pick(recentIDs) : id())}")
        case 88..<91: return ("$/setTrace", "{\"value\":\(q(random.pick(["off", "messages", "verbose"])))}")
        case 91..<95: return ("initialized", "{}")
        case 95..<96: return ("exit", nil)
        case 96..<98:
            let type = random.pick(["1", "2", "3", "0", "\"1\""])
            return ("workspace/didChangeWatchedFiles", "{\"changes\":[{\"uri\":\(q(uri)),\"type\":\(type)}]}")
        default: return (random.pick(["$/progress", "textDocument/willSave", "exit/"]), "{}")
        }
    }

    /// A content change: a range edit (LSP's incremental sync), sometimes a whole-text replacement. Most ranges are
    /// ordered and near the text, because one bad change rejects the whole notification (all or nothing) and the
    /// edits must land for later requests to see edited text; the rest are anything `position()` gives.
    private mutating func change() -> String {
        if random.percent(10) { return "{\"text\":\(textLiteral())}" }
        let range: String
        if random.percent(10) {
            range = "{\"start\":\(position()),\"end\":\(position())}"
        } else {
            let line = random.below(6), character = random.below(9)
            let endLine = line + (random.percent(70) ? 0 : random.below(3))
            let endCharacter = endLine == line ? character + random.below(5) : random.below(9)
            range = "{\"start\":{\"line\":\(line),\"character\":\(character)},\"end\":{\"line\":\(endLine),\"character\":\(endCharacter)}}"
        }
        return "{\"range\":\(range),\"text\":\(random.percent(40) ? "\"\"" : textLiteral())}"
    }

    /// Lines and columns near the start of the fixture documents, where the CRLFs and astral characters are, plus
    /// past-the-end, negative and out-of-range values.
    private mutating func position() -> String {
        let line = random.percent(85) ? String(random.below(6)) : random.pick(["-1", "9", "100", "2147483647", "2147483648", "1.0", "\"0\""])
        let character = random.percent(85) ? String(random.below(9))
            : random.pick(["-1", "12", "13", "1000", "2147483647", "1e2", "0.5", "null"])
        return "{\"line\":\(line),\"character\":\(character)}"
    }

    private mutating func settings() -> String {
        var members: [String] = []
        for _ in 0..<(1 + random.below(3)) {
            members.append(random.pick([
                "\"locale\":" + q(locale()), "\"thumbindex.locale\":" + q(locale()),
                "\"thumbindex\":{\"style\":\(q(random.pick(["apple", "icu", "x"])))}",
                "\"thumbindex\":{\"outline\":{\"grouping\":\(q(random.pick(["sections", "sorted", "document", "bogus"])))}}",
                "\"outline.grouping\":\(q(random.pick(["sorted", "document"])))", "\"grouping\":\"document\"",
                "\"thumbindex.numeric\":\(random.pick(["true", "false", "1"]))",
                "\"thumbindex.caseFirst\":\(q(random.pick(["off", "lower", "upper", "x"])))",
                "\"thumbindex.index.includeSearch\":\(random.pick(["true", "false", "null"]))",
                "\"thumbindex.index.maxTitles\":\(random.pick(["1", "3", "9", "0", "-5", "100000", "1e9", "\"9\""]))",
                "\"thumbindex.localization.tables\":\(random.pick(["[\"Examples/Localizable\"]", "[\"/nonexistent/fuzz\"]", "[]", "\"x\""]))",
                "\"thumbindex.csv.column\":\(random.pick(["0", "1", "\"city\"", "-1", "\"nope\"", "99"]))",
                "\"thumbindex.vcard.familyNameFirst\":\(random.pick(["true", "false"]))",
                "\"thumbindex.names\":\(q(random.pick(["auto", "on", "off", "x"])))",
                "\"thumbindex.csv.readingColumns\":\(random.pick(["[\"Yomi\"]", "[0, 2]", "[\"nope\"]", "\"x\"", "[]"]))",
                "\"thumbindex.ctags.path\":\"/bin/false\"",
            ]))
        }
        return random.percent(5) ? random.pick(["null", "[]", "1"]) : object(members)
    }

    // MARK: Values

    /// An id as JSON text: mostly fresh integers, sometimes a recent one again, sometimes one at the edges.
    mutating func id() -> String {
        let text: String
        switch random.below(100) {
        case 0..<70: text = String(nextID); nextID += 1
        case 70..<82: text = random.pick(recentIDs)
        default:
            text = random.pick(["\"a\"", "\"\"", "\"ü😀\"", "0", "-1", "2147483648", "9223372036854775807", "9223372036854775808",
                                "-9223372036854775809", "1.0", "1e2", "-0", "0.5", "1E+2", "123456789012345678901234567890",
                                "\"\\ud83d\"", "\"1\"", "-0.0"])
        }
        recentIDs.append(text)
        if recentIDs.count > 8 { recentIDs.removeFirst() }
        return text
    }

    private mutating func uri() -> String {
        random.percent(85) ? random.pick(FuzzFixture.documents).uri
            : random.pick(["file:///fuzz/new.txt", "file:///fuzz/new.md", "untitled:Untitled-1", "file:///%F0%9F%98%80.csv", ""])
    }

    private mutating func languageID() -> String {
        random.pick(["plaintext", "markdown", "csv", "tsv", "vcard", "strings", "xcstrings", "json", "yaml", "cobol", "", "PlainText", "swift"])
    }

    private mutating func version() -> String {
        random.percent(92) ? String(random.below(5)) : random.pick(["-1", "2147483647", "2147483648", "1.5", "null", "\"2\""])
    }

    private mutating func locale() -> String {
        random.pick(["sv_SE", "en_US", "ja_JP", "ko_KO", "AR_sa", "zh", "zh-TW", "zh-TW-u-co-zhuyin", "ja_JP@collation=unihan",
                     "de", "xx_Bogus!", "", "klingon!!", "root", "en-u-kn-true", "sv-SE-u-co-standard", "C", "sv_SE.UTF-8"])
    }

    private mutating func collation() -> [String] {
        var members: [String] = []
        if random.percent(40) { members.append("\"locale\":" + q(locale())) }
        if random.percent(20) { members.append("\"style\":" + random.pick(["\"apple\"", "\"icu\"", "\"x\"", "1", "null"])) }
        return members
    }

    /// The stateless requests' `names` option, sometimes of the wrong type.
    private mutating func nameOption() -> [String] {
        random.percent(30) ? ["\"names\":" + random.pick(["true", "false", "null", "\"on\"", "1"])] : []
    }

    private mutating func indexOptions() -> [String] {
        var members: [String] = []
        if random.percent(40) { members.append("\"includeSearch\":" + random.pick(["true", "false", "\"yes\"", "null"])) }
        if random.percent(30) {
            members.append("\"maxIndexTitles\":" + random.pick(["1", "2", "3", "4", "9", "27", "100000", "100001", "0", "-1", "1.5", "\"9\""]))
        }
        return members
    }

    private mutating func number() -> String {
        random.percent(75) ? String(random.below(12))
            : random.pick(["100", "100000", "100001", "2147483647", "2147483648", "-1", "1e300", "1.0", "\"0\"", "null", "9223372036854775807"])
    }

    private static let names = ["Östen", "Åsa", "Ärla", "Zorn", "zebra", "Anders", "Wallin", "Vallin", "Ümit Özdemir", "42:an", "item2",
                                "item10", "佐藤", "さとう", "曾国藩", "單雄信", "欧阳 修", "曾", "ㄱ가", "مرحبا", "😀", "𝔘nicode", "", " ", "ß", "é", "İ", "👩‍👩‍👧"]

    private mutating func strings() -> String {
        let count = random.count(typical: 6, max: 200)
        return "[" + (0..<count).map { _ in random.percent(97) ? q(random.pick(Self.names)) : random.pick(["1", "null", "{}"]) }
            .joined(separator: ",") + "]"
    }

    private mutating func items() -> String {
        let count = random.count(typical: 6, max: 200)
        return "[" + (0..<count).map { _ in
            switch random.below(10) {
            case 0..<6: return q(random.pick(Self.names))
            case 6..<9: return "{\"label\":\(q(random.pick(Self.names))),\"sortText\":\(q(random.pick(Self.names))),\"data\":{\"id\":\(random.below(99))}}"
            default: return random.pick(["{\"label\":1}", "{}", "2", "{\"label\":\"x\",\"sortText\":3}", "[]"])
            }
        }.joined(separator: ",") + "]"
    }

    private static let fragments = ["Östen Ek", "Åsa Lind", "Zorn", "zebra", "😀", "𝔘", "ㄱ가", "あいう", "مرحبا", "42 Street", "#", "\n", "\r\n",
                                    "\r", "\n\n", " ", "\t", "# ", "## ", "```\n", "---\n", ",", "\"", "\"\"", "BEGIN:VCARD\nFN:", "END:VCARD\n",
                                    "\"k\" = \"v\";\n", "{\"a\":", "}", "[", "]", ": ", "- ", "\u{0}", "\u{FEFF}", "e\u{301}", "\u{200D}", "👩‍👩‍👧",
                                    "# keep-sorted start\n", "// keep-sorted end\n", "keep-sorted start locale=sv numeric=yes case=no skip_lines=1 x=y\n",
                                    "1. ", "  - ", "/* c */\n"]

    /// Document text as a JSON string literal; now and then with a lone surrogate escape, which the parser turns
    /// into U+FFFD.
    private mutating func textLiteral() -> String {
        let text = (0..<random.count(typical: 8, max: 400)).map { _ in random.pick(Self.fragments) }.joined()
        let literal = q(text)
        return random.percent(5) ? String(literal.dropLast()) + random.pick(["\\ud83d\"", "\\udc00\"", "\\u0000\""]) : literal
    }

    // MARK: JSON text

    private func object(_ members: [String]) -> String { "{" + members.joined(separator: ",") + "}" }

    /// A JSON string literal.
    func q(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += "\\u00" + Report.hexByte(UInt8(scalar.value))
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
