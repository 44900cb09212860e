import JSONRPC
import ThumbIndexJSON

/// The session every input starts from: an initialized server with documents open, so that edits and document
/// requests in the input reach deep code instead of stopping at "not initialized" or "not open".
///
/// The setup varies with the input (position encoding, hierarchical symbols) but is a function of the input's bytes
/// alone, so a saved input reproduces exactly, in the driver and under libFuzzer alike.
struct FuzzSetup: Hashable {
    var encoding: String
    var hierarchicalSymbols: Bool

    static let encodings = ["utf-16", "utf-8", "utf-32"]

    init(for input: [UInt8]) {
        var sum = 0
        for byte in input { sum &+= Int(byte) }
        encoding = Self.encodings[sum % 3]
        hierarchicalSymbols = (sum / 3) % 4 != 0
    }

    /// The initialize request. ctags gets a path that does not exist: source-code documents then take the
    /// "ctags was not found" path instead of starting a process per input (the harness also strips `ctags`
    /// settings from the input, see `FuzzHarness.sanitized`, so that no input can make it run a program).
    var initialize: Message {
        let capabilities: JSON = [
            "general": ["positionEncodings": [.string(encoding)]],
            "textDocument": [
                "documentSymbol": ["hierarchicalDocumentSymbolSupport": .bool(hierarchicalSymbols)],
                // A sort's edit: made when resolved, or sent with `workspace/applyEdit` (one configuration each).
                "codeAction": ["resolveSupport": ["properties": .array(hierarchicalSymbols ? ["edit"] : [])]],
            ],
            // A letter jump asks the client to move its cursor (`window/showDocument`) when it says it can.
            "window": ["showDocument": ["support": .bool(hierarchicalSymbols)]],
            "workspace": ["applyEdit": true],
        ]
        return .request(Request(id: "fuzz-harness-initialize", method: "initialize", params: [
            "processId": nil, "rootUri": nil, "capabilities": capabilities,
            "initializationOptions": ["locale": "sv_SE", "thumbindex": ["ctags": ["path": .string(FuzzFixture.noCtags)]]],
        ]))
    }
}

enum FuzzFixture {
    struct Document {
        var uri: String
        var languageId: String
        var text: String

        var didOpen: Message {
            .notification(Notification(method: "textDocument/didOpen", params: [
                "textDocument": ["uri": .string(uri), "languageId": .string(languageId), "version": 1, "text": .string(text)],
            ]))
        }
    }

    static let noCtags = "/nonexistent/thumbindex-fuzz/ctags"

    /// Documents the templates edit and query: the Protocol/ examples' documents, one per extractor, and text with
    /// what position conversion gets wrong (astral characters, CR, CRLF, CJK, Arabic).
    static let documents: [Document] = [
        Document(uri: "file:///home/ana/artists.txt", languageId: "plaintext", text: "Zappa, Frank\nBrown, James\nDylan, Bob\n"),
        Document(uri: "file:///home/ana/empty.txt", languageId: "plaintext", text: ""),
        Document(uri: "file:///home/ana/namn.txt", languageId: "plaintext", text: "Östen Ek\nOskar Berg\nÅsa Lind\n"),
        Document(uri: "file:///fuzz/mixed.txt", languageId: "plaintext",
                 text: "Zorn 😀\r\nÅsa\rØrjan 𝔘x\n\n  ㄱ가\nあいう\r\nمرحبا\n😀😀"),
        Document(uri: "file:///fuzz/readme.md", languageId: "markdown",
                 text: "# Östen\n\nText\n## Åsa 😀\n```\n# not a heading\n```\nSetext\n------\n### Zorn\n"),
        Document(uri: "file:///fuzz/people.csv", languageId: "csv",
                 text: "name,city\nÖsten,Malmö\n\"Lind, Åsa\",\"Umeå\r\nNorr\"\nZorn,\n"),
        Document(uri: "file:///fuzz/data.json", languageId: "json",
                 text: "{\"zeta\": 1, \"alpha\": {\"ärla\": [1, {\"x\": null}]}, \"😀\": \"v\"}\n"),
        Document(uri: "file:///fuzz/contacts.vcf", languageId: "vcard",
                 text: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Märta Wallin\r\nN:Wallin;Märta;;;\r\nEND:VCARD\r\n"
                     + "BEGIN:VCARD\r\nFN:佐藤 花子\r\nX-PHONETIC-LAST-NAME:さとう\r\nEND:VCARD\r\n"),
        Document(uri: "file:///fuzz/Localizable.strings", languageId: "strings",
                 text: "/* c */\n\"fruit.banana\" = \"Banan\";\n\"colour.blue\" = \"Blå\";\n"),
        Document(uri: "file:///fuzz/config.yaml", languageId: "yaml", text: "zeta: 1\nalpha:\n  ärla: [1, 2]\n  beta: x\n"),
        Document(uri: "file:///fuzz/main.swift", languageId: "swift", text: "struct A {}\n"),
    ]

    /// A document no template names: after each input its entries must be exactly what they were (an input that
    /// edits one document must not leak into another). Plain text with primary-distinct names, so that settings
    /// an input may change (numeric, caseFirst) cannot legitimately reorder it; the probe names locale and style.
    static let sentinel = Document(uri: "file:///fuzz-harness/untouched-sentinel.txt", languageId: "plaintext",
                                   text: "Östen Ek\nÅsa Lind\nzebra\nÄrla\n日本\n😀 smile\r\nBertil\n")

    /// The last request of every input: the sentinel's entries. Its reply also shows the server still answers.
    static func probe(id: RequestID) -> Message {
        .request(Request(id: id, method: "thumbindex/entries", params: [
            "textDocument": ["uri": .string(sentinel.uri)], "offset": 0, "limit": 100, "locale": "sv_SE", "style": "apple",
        ]))
    }
}
