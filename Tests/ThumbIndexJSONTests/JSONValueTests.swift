import ThumbIndexJSON
import XCTest

final class JSONValueTests: XCTestCase {
    func testSubscriptsAndAccessors() {
        let value: JSON = ["name": "Åsa", "count": 3, "ratio": 1.5, "ok": true, "none": nil, "list": [1, "two"]]
        XCTAssertEqual(value["name"]?.stringValue, "Åsa")
        XCTAssertEqual(value["count"]?.intValue, 3)
        XCTAssertEqual(value["ratio"]?.doubleValue, 1.5)
        XCTAssertEqual(value["ok"]?.boolValue, true)
        XCTAssertEqual(value["none"]?.isNull, true)
        XCTAssertEqual(value["list"]?[1]?.stringValue, "two")
        XCTAssertNil(value["list"]?[2])
        XCTAssertNil(value["list"]?[-1])
        XCTAssertNil(value["missing"])
        XCTAssertNil(value[0], "an object has no index subscript")
        XCTAssertNil(JSON.string("x")["key"])
        XCTAssertEqual(value["list"]?.arrayValue?.count, 2)
        XCTAssertEqual(value.objectValue?.keys, ["name", "count", "ratio", "ok", "none", "list"])
    }

    func testIntValueIsExactOnly() {
        XCTAssertEqual(JSON.int(42).intValue, 42)
        XCTAssertEqual(JSON.double(2.0).intValue, 2)
        XCTAssertNil(JSON.double(1.5).intValue)
        XCTAssertNil(JSON.double(1e300).intValue)
        XCTAssertNil(JSON.double(.nan).intValue)
        XCTAssertNil(JSON.string("1").intValue)
        XCTAssertEqual(JSON.int(.max).intValue, .max)
        XCTAssertEqual(JSON.int(7).doubleValue, 7.0)
    }

    func testNumbersCompareByValue() {
        XCTAssertEqual(JSON.int(1), JSON.double(1.0))
        XCTAssertNotEqual(JSON.int(1), JSON.double(1.5))
        XCTAssertEqual(Set<JSON>([.int(1), .double(1.0)]).count, 1, "equal values must hash alike")
        XCTAssertNotEqual(JSON.int(1), JSON.string("1"))
        XCTAssertNotEqual(JSON.bool(true), JSON.int(1))
    }

    func testObjectsKeepInsertionOrderAndCompareUnordered() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 10  // replaced in place
        XCTAssertEqual(object.keys, ["b", "a", "c"])
        XCTAssertEqual(object["b"], 10)
        object["a"] = nil
        XCTAssertEqual(object.keys, ["b", "c"])

        let one: JSON = ["x": 1, "y": 2]
        let other: JSON = ["y": 2, "x": 1]
        XCTAssertEqual(one, other)
        XCTAssertEqual(one.hashValue, other.hashValue)
        XCTAssertNotEqual(one, ["x": 1] as JSON)
    }

    func testLargeObjectsUseTheirIndexCorrectly() {
        var object = JSONObject()
        for number in 0..<100 { object["key\(number)"] = .int(Int64(number)) }
        XCTAssertEqual(object.count, 100)
        XCTAssertEqual(object["key57"], 57)
        object["key57"] = nil
        XCTAssertNil(object["key57"])
        XCTAssertEqual(object["key58"], 58)
        XCTAssertEqual(object.keys.first, "key0")
        object["key3"] = "three"
        XCTAssertEqual(object[3].value, "three")
    }

    func testDescriptionIsCompactJSON() {
        let value: JSON = ["a": [1, 2.5, "x\n"], "b": nil]
        XCTAssertEqual(value.description, #"{"a":[1,2.5,"x\n"],"b":null}"#)
    }
}
