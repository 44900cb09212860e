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
        XCTAssertEqual(JSON.serialized(text), expected, "a serialized value equals the value it spells")
        XCTAssertEqual(JSON.serialized(text)[1]?["kind"], -1)
        XCTAssertEqual(JSON.serialized(text).arrayValue?.count, 3, "accessors see through serialized text")
        XCTAssertEqual(JSON.serialized(text)[0]?["name"]?.stringValue, "Å\"0\n")
    }

    func testConcatenatingArrays() {
        func array(_ values: [JSON]) -> SerializedJSON {
            var stream = JSONStream()
            stream.beginArray()
            for value in values { stream.value(value) }
            stream.endArray()
            return stream.finish()
        }
        let joined = SerializedJSON.concatenating(arrays: [array([1, 2]), array([]), array(["x"]), array([])])
        XCTAssertEqual(String(decoding: joined.bytes, as: UTF8.self), "[1,2,\"x\"]")
        XCTAssertEqual(String(decoding: SerializedJSON.concatenating(arrays: []).bytes, as: UTF8.self), "[]")
    }
}
