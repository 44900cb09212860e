import JSONRPC
import ThumbIndexJSON
import ThumbIndexProtocol
import XCTest

/// A `didOpen`'s text, long as a document's is, reaches the item as the UTF-8 the parser unescaped (the same storage,
/// no `String` made of it); a short one, or one built from a string, is the same text either way.
final class TextDocumentItemTests: XCTestCase {
    private func message(_ text: String) -> [UInt8] {
        let params: JSON = ["textDocument": ["uri": "file:///a.vcf", "languageId": "vcard", "version": 3, "text": .string(text)]]
        return JSONWriter().write(["jsonrpc": "2.0", "method": .string(DidOpenNotification.method), "params": params])
    }

    func testALongTextIsTheParsedUTF8() throws {
        let text = String(repeating: "BEGIN:VCARD\r\nFN:Örjan Östberg\r\nEND:VCARD\r\n", count: JSONParser.longString / 40 + 1)
        let json = try JSONParser().parse(message(text))
        guard case .utf8String(let parsed)? = json["params"]?["textDocument"]?["text"] else { return XCTFail("the text was made a String") }
        let item = try DidOpenNotification.Params(json: json["params"]!, path: "params").textDocument
        XCTAssertEqual(item.text, text)
        XCTAssertEqual(item.utf8.bytes, Array(text.utf8))
        let base = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        XCTAssertEqual(base(item.utf8.bytes), base(parsed.bytes), "the text was copied")
        // Written back as the string it is.
        XCTAssertEqual(try JSONParser().parse(JSONWriter().write(item.json))["text"], .string(text))
        XCTAssertEqual(item, TextDocumentItem(uri: "file:///a.vcf", languageId: "vcard", version: 3, text: text))
    }

    func testAShortTextIsTheSame() throws {
        let json = try JSONParser().parse(message("Åsa\nBo\n"))
        let item = try DidOpenNotification.Params(json: json["params"]!, path: "params").textDocument
        XCTAssertEqual(item.text, "Åsa\nBo\n")
        XCTAssertEqual(item.utf8.bytes, Array("Åsa\nBo\n".utf8))
        XCTAssertEqual(item, TextDocumentItem(uri: "file:///a.vcf", languageId: "vcard", version: 3, text: "Åsa\nBo\n"))
        XCTAssertThrowsError(try DidOpenNotification.Params(json: ["textDocument": ["uri": "u", "languageId": "x", "version": 1, "text": 5]], path: "params"))
    }
}
