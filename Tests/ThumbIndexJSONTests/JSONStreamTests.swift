import ThumbIndexJSON
import XCTest

final class JSONStreamTests: XCTestCase {
    func testWritesWhatTheTreeWriterWrites() throws {
        var stream = JSONStream(capacity: 1)
        stream.beginArray()
        for i in 0 ..< 3 {
            stream.beginObject()
            stream.key("name"); stream.string("Å\"\(i)\n")
            stream.key("kind"); stream.int(-i)
            stream.key("range"); stream.value(["start": 1, "end": [true, nil]])
            stream.key("children"); stream.beginArray(); stream.endArray()
            stream.endObject()
        }
        stream.endArray()
        let text = stream.finish()
        let expected: JSON = .array((0 ..< 3).map { i in
            ["name": .string("Å\"\(i)\n"), "kind": .int(Int64(-i)), "range": ["start": 1, "end": [true, nil]], "children": []]
        })
        XCTAssertEqual(text.bytes, expected.serialized())
        XCTAssertEqual(JSON.streamed(text), expected, "written text equals the value it spells")
        XCTAssertEqual(JSON.streamed(text)[1]?["kind"], -1)
        XCTAssertEqual(JSON.streamed(text).arrayValue?.count, 3, "accessors see through written text")
        XCTAssertEqual(JSON.streamed(text)[0]?["name"]?.stringValue, "Å\"0\n")
    }

    func testAnArrayJoinedFromPartsHoldsTheirElementsInOrderAndLeavesEmptyPartsOut() {
        func piece(_ text: String) -> StreamedJSON.Piece { StreamedJSON.Piece(Array(text.utf8)) }
        let joined = StreamedJSON.array(joining: [[piece("1,"), piece("2")], [], [piece("\"x\"")], []])
        XCTAssertEqual(String(decoding: joined.bytes, as: UTF8.self), "[1,2,\"x\"]")
        XCTAssertEqual(joined.count, 9)
        XCTAssertEqual(String(decoding: StreamedJSON.array(joining: []).bytes, as: UTF8.self), "[]")
        XCTAssertEqual(String(decoding: StreamedJSON.array(joining: [[], []]).bytes, as: UTF8.self), "[]")
    }
}
