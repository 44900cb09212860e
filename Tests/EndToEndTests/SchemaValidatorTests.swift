import Foundation
import XCTest

/// Parses JSON text the way the end-to-end tests read the server's output.
private func json(_ text: String) -> Any {
    // swiftlint:disable:next force_try
    try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

private func validator(_ schema: String) throws -> SchemaValidator {
    try SchemaValidator(schema: json(schema))
}

/// The validator itself: each keyword, booleans against numbers, `$ref`, error paths, bad schemas.
final class SchemaValidatorTests: XCTestCase {
    // MARK: JSON values from Foundation

    func testBooleansAreNotNumbersInJSONSerializationOutput() {
        let values = json("[true, false, 0, 1, 1.0, 1.5, -3, 1e2, 2.5e-3, 12345678901234567890, null, \"s\", [], {}]") as! [Any]
        let kinds = values.map { SchemaValidator.JSONKind($0).name }
        XCTAssertEqual(kinds, ["boolean", "boolean", "integer", "integer", "integer", "number", "integer", "integer",
                               "number", "integer", "null", "string", "array", "object"])
    }

    func testSwiftValuesAreClassifiedToo() {
        XCTAssertEqual(SchemaValidator.JSONKind(true).name, "boolean")
        XCTAssertEqual(SchemaValidator.JSONKind(1).name, "integer")
        XCTAssertEqual(SchemaValidator.JSONKind(2.0).name, "integer")
        XCTAssertEqual(SchemaValidator.JSONKind(2.5).name, "number")
        XCTAssertEqual(SchemaValidator.JSONKind(NSNumber(value: false)).name, "boolean")
        XCTAssertEqual(SchemaValidator.JSONKind(NSNumber(value: 0)).name, "integer")
        XCTAssertEqual(SchemaValidator.JSONKind(["a": 1]).name, "object")
        XCTAssertEqual(SchemaValidator.JSONKind(NSNull()).name, "null")
    }

    func testBooleanSchemaRejectsZeroAndOne() throws {
        let boolean = try validator(#"{"type": "boolean"}"#)
        XCTAssertEqual(boolean.validate(json("true")), [])
        XCTAssertEqual(boolean.validate(json("false")), [])
        XCTAssertEqual(boolean.validate(json("1")), ["$: expected boolean, got integer"])
        XCTAssertEqual(boolean.validate(json("0")), ["$: expected boolean, got integer"])
        XCTAssertEqual(boolean.validate(json("0.0")), ["$: expected boolean, got integer"])
    }

    func testIntegerSchemaRejectsBooleansAndFractions() throws {
        let integer = try validator(#"{"type": "integer"}"#)
        XCTAssertEqual(integer.validate(json("7")), [])
        XCTAssertEqual(integer.validate(json("7.0")), [], "JSON Schema counts 7.0 as an integer")
        XCTAssertEqual(integer.validate(json("-2147483648")), [])
        XCTAssertEqual(integer.validate(json("7.5")), ["$: expected integer, got number"])
        XCTAssertEqual(integer.validate(json("true")), ["$: expected integer, got boolean"])
        XCTAssertEqual(integer.validate(json("\"7\"")), ["$: expected integer, got string"])
    }

    func testNumberAcceptsIntegers() throws {
        let number = try validator(#"{"type": "number"}"#)
        XCTAssertEqual(number.validate(json("3")), [])
        XCTAssertEqual(number.validate(json("3.25")), [])
        XCTAssertEqual(number.validate(json("false")), ["$: expected number, got boolean"])
    }

    func testTypeArrays() throws {
        let nullableString = try validator(#"{"type": ["string", "null"]}"#)
        XCTAssertEqual(nullableString.validate(json("\"x\"")), [])
        XCTAssertEqual(nullableString.validate(json("null")), [])
        XCTAssertEqual(nullableString.validate(json("[]")), ["$: expected string or null, got array"])
        let each = try validator(#"{"type": "array", "items": {"type": ["object", "array", "null", "boolean"]}}"#)
        XCTAssertEqual(each.validate(json("[{}, [], null, true]")), [])
        XCTAssertEqual(each.validate(json("[{}, 2]")), ["$[1]: expected object or array or null or boolean, got integer"])
    }

    // MARK: Keywords

    func testPropertiesRequiredAndAdditionalProperties() throws {
        let schema = try validator(#"""
            {"type": "object",
             "properties": {"name": {"type": "string"}, "count": {"type": "integer"}},
             "required": ["name", "count"],
             "additionalProperties": false}
            """#)
        XCTAssertEqual(schema.validate(json(#"{"name": "A", "count": 1}"#)), [])
        XCTAssertEqual(schema.validate(json(#"{"name": "A"}"#)), [#"$: missing required property "count""#])
        XCTAssertEqual(schema.validate(json(#"{"name": "A", "count": 1, "extra": 2}"#)), ["$.extra: property not allowed"])
        XCTAssertEqual(schema.validate(json(#"{"name": 5, "count": "1"}"#)),
                       ["$.count: expected integer, got string", "$.name: expected string, got integer"])
        XCTAssertEqual(schema.validate(json("[]")), ["$: expected object, got array"])
    }

    func testRequiredMemberMayBeNull() throws {
        let schema = try validator(#"{"required": ["a"]}"#)
        XCTAssertEqual(schema.validate(json(#"{"a": null}"#)), [])
        XCTAssertEqual(schema.validate(json("{}")), [#"$: missing required property "a""#])
        XCTAssertEqual(schema.validate(json("3")), [], "required only applies to objects")
    }

    func testAdditionalPropertiesSchema() throws {
        let schema = try validator(#"{"properties": {"a": {}}, "additionalProperties": {"type": "integer"}}"#)
        XCTAssertEqual(schema.validate(json(#"{"a": "anything", "b": 1, "c": 2}"#)), [])
        XCTAssertEqual(schema.validate(json(#"{"b": 1, "odd key": "x"}"#)), [#"$["odd key"]: expected integer, got string"#])
    }

    func testItemsAndMinItems() throws {
        let schema = try validator(#"{"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 2}"#)
        XCTAssertEqual(schema.validate(json(#"["A", "B"]"#)), [])
        XCTAssertEqual(schema.validate(json(#"["A"]"#)), ["$: expected at least 2 items, got 1"])
        XCTAssertEqual(schema.validate(json(#"["A", "", 3]"#)),
                       ["$[1]: expected at least 1 characters, got 0", "$[2]: expected string, got integer"])
    }

    func testMinLengthCountsCharactersNotBytes() throws {
        let schema = try validator(#"{"minLength": 2}"#)
        XCTAssertEqual(schema.validate(json(#""Åä""#)), [])
        XCTAssertEqual(schema.validate(json(#""Å""#)), ["$: expected at least 2 characters, got 1"])
        XCTAssertEqual(schema.validate(json(#""\ud83d\ude00""#)), ["$: expected at least 2 characters, got 1"])
        XCTAssertEqual(schema.validate(json("5")), [], "minLength only applies to strings")
    }

    func testMinimumAndMaximum() throws {
        let schema = try validator(#"{"type": ["integer", "null"], "minimum": -1, "maximum": 100000}"#)
        XCTAssertEqual(schema.validate(json("-1")), [])
        XCTAssertEqual(schema.validate(json("100000")), [])
        XCTAssertEqual(schema.validate(json("null")), [])
        XCTAssertEqual(schema.validate(json("-2")), ["$: -2 is less than the minimum -1"])
        XCTAssertEqual(schema.validate(json("100001")), ["$: 100001 is greater than the maximum 100000"])
        let fractional = try validator(#"{"minimum": 0.5}"#)
        XCTAssertEqual(fractional.validate(json("0.25")), ["$: 0.25 is less than the minimum 0.5"])
        XCTAssertEqual(fractional.validate(json("true")), [], "minimum does not apply to booleans")
    }

    func testEnum() throws {
        let schema = try validator(#"{"enum": ["apple", "icu", null, 1]}"#)
        XCTAssertEqual(schema.validate(json(#""icu""#)), [])
        XCTAssertEqual(schema.validate(json("null")), [])
        XCTAssertEqual(schema.validate(json("1.0")), [], "1.0 equals 1")
        XCTAssertEqual(schema.validate(json("true")), [#"$: expected one of "apple", "icu", null, 1, got true"#])
        XCTAssertEqual(schema.validate(json(#""fancy""#)), [#"$: expected one of "apple", "icu", null, 1, got "fancy""#])
    }

    func testConstTellsTrueFromOne() throws {
        let schema = try validator(#"{"const": true}"#)
        XCTAssertEqual(schema.validate(json("true")), [])
        XCTAssertEqual(schema.validate(json("1")), ["$: expected true, got 1"])
        XCTAssertEqual(schema.validate(json("false")), ["$: expected true, got false"])
        let one = try validator(#"{"const": 1}"#)
        XCTAssertEqual(one.validate(json("true")), ["$: expected 1, got true"])
        let object = try validator(#"{"const": {"a": [1, "x", null]}}"#)
        XCTAssertEqual(object.validate(json(#"{"a": [1.0, "x", null]}"#)), [])
        XCTAssertEqual(object.validate(json(#"{"a": [1, "x"]}"#)).count, 1)
        XCTAssertEqual(object.validate(json(#"{"a": [1, "x", null], "b": 2}"#)).count, 1)
    }

    func testAnyOf() throws {
        let schema = try validator(#"""
            {"anyOf": [{"type": "string"},
                       {"type": "object", "properties": {"label": {"type": "string"}}, "required": ["label"]}]}
            """#)
        XCTAssertEqual(schema.validate(json(#""Åsa""#)), [])
        XCTAssertEqual(schema.validate(json(#"{"label": "Åsa", "data": 1}"#)), [])
        XCTAssertEqual(schema.validate(json(#"{"sortText": "x"}"#)),
                       [#"$: matches none of the 2 anyOf alternatives (closest, alternative 1: $: missing required property "label")"#])
    }

    func testOneOf() throws {
        let schema = try validator(#"""
            {"oneOf": [{"type": "null"},
                       {"type": "object", "properties": {"search": {"const": true}}, "required": ["search"]},
                       {"type": "object", "required": ["section"]}]}
            """#)
        XCTAssertEqual(schema.validate(json("null")), [])
        XCTAssertEqual(schema.validate(json(#"{"search": true}"#)), [])
        XCTAssertEqual(schema.validate(json(#"{"section": 1}"#)), [])
        XCTAssertEqual(schema.validate(json(#"{"search": true, "section": 1}"#)),
                       ["$: matches oneOf alternatives 1 and 2, expected exactly one"])
        XCTAssertEqual(schema.validate(json(#"{"search": false}"#)),
                       [#"$: matches none of the 3 oneOf alternatives (closest, alternative 1: $.search: expected true, got false)"#])
    }

    func testBooleanSchemas() throws {
        XCTAssertEqual(try validator("true").validate(json("[1]")), [])
        XCTAssertEqual(try validator("false").validate(json("1")), ["$: no value is allowed here"])
        let schema = try validator(#"{"properties": {"never": false, "any": true}}"#)
        XCTAssertEqual(schema.validate(json(#"{"any": [], "never": 0}"#)), ["$.never: no value is allowed here"])
    }

    func testNestedRefsAndErrorPaths() throws {
        let schema = try validator(#"""
            {"type": "object",
             "properties": {"sections": {"type": "array", "items": {"$ref": "#/$defs/Section"}},
                            "location": {"$ref": "#/$defs/Location"}},
             "$defs": {
               "Section": {"type": "object", "properties": {"count": {"type": "integer", "minimum": 1}}, "required": ["count"]},
               "Location": {"type": "object", "properties": {"range": {"$ref": "#/$defs/Range"}}},
               "Range": {"type": "object", "properties": {"start": {"$ref": "#/$defs/Position"}, "end": {"$ref": "#/$defs/Position"}}},
               "Position": {"type": "object", "properties": {"line": {"type": "integer", "minimum": 0}},
                            "required": ["line"], "additionalProperties": false}}}
            """#)
        XCTAssertEqual(schema.validate(json(#"{"sections": [{"count": 1}, {"count": 2}, {"count": "3"}]}"#)),
                       ["$.sections[2].count: expected integer, got string"])
        XCTAssertEqual(schema.validate(json(#"{"sections": [{"count": 0}]}"#)), ["$.sections[0].count: 0 is less than the minimum 1"])
        XCTAssertEqual(schema.validate(json(#"{"location": {"range": {"start": {"line": -1}, "end": {"character": 0}}}}"#)), [
            "$.location.range.end: missing required property \"line\"",
            "$.location.range.end.character: property not allowed",
            "$.location.range.start.line: -1 is less than the minimum 0",
        ])
    }

    func testRefToNestedDefsAndEscapedNames() throws {
        let schema = try validator(#"""
            {"$ref": "#/$defs/a~1b", "$defs": {"a/b": {"$ref": "#/$defs/outer/$defs/inner"},
                                              "outer": {"$defs": {"inner": {"type": "string"}}}}}
            """#)
        XCTAssertEqual(schema.validate(json(#""ok""#)), [])
        XCTAssertEqual(schema.validate(json("1")), ["$: expected string, got integer"])
    }

    func testRefCycleIsReportedNotFollowedForever() throws {
        let schema = try validator(##"{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}"##)
        let errors = schema.validate(json("1"))
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors[0].contains("$ref cycle"), errors[0])
    }

    // MARK: Schemas the validator refuses

    private func assertRejected(_ schema: String, mentioning words: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try validator(schema), file: file, line: line) { error in
            let text = String(describing: error)
            for word in words { XCTAssertTrue(text.contains(word), "\(text) does not mention \(word)", file: file, line: line) }
        }
    }

    func testUnknownKeywordsAreErrors() {
        assertRejected(#"{"type": "string", "pattern": "^a"}"#, mentioning: ["#/pattern", "unsupported keyword"])
        assertRejected(#"{"properties": {"a": {"type": "integer", "exclusiveMinimum": 0}}}"#,
                       mentioning: ["#/properties/a/exclusiveMinimum", "unsupported keyword"])
        assertRejected(#"{"$defs": {"X": {"allOf": []}}}"#, mentioning: ["#/$defs/X/allOf"])
        assertRejected(#"{"items": {"format": "uri"}}"#, mentioning: ["#/items/format"])
        assertRejected(#"{"anyOf": [{"type": "string"}, {"prefixItems": []}]}"#, mentioning: ["#/anyOf/1/prefixItems"])
        assertRejected(#"{"additionalProperties": {"maxLength": 3}}"#, mentioning: ["#/additionalProperties/maxLength"])
    }

    func testPropertyNamesAreNotKeywords() throws {
        let schema = try validator(#"{"properties": {"pattern": {"type": "string"}, "format": {}}, "required": ["pattern"]}"#)
        XCTAssertEqual(schema.validate(json(#"{"pattern": "x", "format": 1}"#)), [])
    }

    func testMalformedKeywordsAreErrors() {
        assertRejected(#"{"type": "float"}"#, mentioning: ["#/type", "float"])
        assertRejected(#"{"type": []}"#, mentioning: ["#/type"])
        assertRejected(#"{"required": "a"}"#, mentioning: ["#/required"])
        assertRejected(#"{"items": [{"type": "string"}]}"#, mentioning: ["#/items", "single schema"])
        assertRejected(#"{"minItems": -1}"#, mentioning: ["#/minItems"])
        assertRejected(#"{"minLength": 1.5}"#, mentioning: ["#/minLength"])
        assertRejected(#"{"minimum": "0"}"#, mentioning: ["#/minimum"])
        assertRejected(#"{"enum": []}"#, mentioning: ["#/enum"])
        assertRejected(#"{"oneOf": []}"#, mentioning: ["#/oneOf"])
        assertRejected(#"{"title": 3}"#, mentioning: ["#/title"])
        assertRejected(#"{"properties": {"a": 3}}"#, mentioning: ["#/properties/a", "object or a boolean"])
        assertRejected("[]", mentioning: ["#: a schema must be an object or a boolean"])
    }

    func testOnlyLocalDefsReferences() {
        assertRejected(#"{"$ref": "other.json#/$defs/A"}"#, mentioning: ["#/$ref", "only #/$defs/"])
        assertRejected(##"{"$ref": "#/properties/a"}"##, mentioning: ["#/$ref"])
        assertRejected(##"{"$ref": "#/$defs/Missing", "$defs": {"Present": {}}}"##, mentioning: ["#/$ref", "does not resolve"])
        assertRejected(##"{"properties": {"a": {"$ref": "#/$defs/Nope"}}}"##, mentioning: ["#/properties/a/$ref"])
    }

    func testSchemaFileThatIsNotJSON() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).json")
        try Data("{not json".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertThrowsError(try SchemaValidator(schemaFile: url)) { error in
            XCTAssertTrue(String(describing: error).contains("not valid JSON"), String(describing: error))
        }
    }

    func testProtocolDirectoryIsFoundFromThisFile() {
        let directory = SchemaValidator.protocolDirectory()
        XCTAssertEqual(directory.lastPathComponent, "schemas")
        XCTAssertEqual(directory.deletingLastPathComponent().lastPathComponent, "Protocol")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path), directory.path)
    }
}

/// The schemas and examples of `Protocol/`: every schema is usable, every example conforms to its schema
/// and is shown in `Protocol/README.md`.
final class ProtocolSchemaTests: XCTestCase {
    static let customMethods = [
        "thumbindex/indexTitles", "thumbindex/sectionFor", "thumbindex/sort", "thumbindex/partition",
        "thumbindex/sections", "thumbindex/entries", "thumbindex/jump",
        "thumbindex/workspaceSections", "thumbindex/workspaceEntries", "thumbindex/workspaceJump",
    ]

    private var schemas: URL { SchemaValidator.protocolDirectory() }
    private var examples: URL { schemas.deletingLastPathComponent().appendingPathComponent("examples") }

    private func files(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private func load(_ url: URL) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
    }

    func testEverySchemaUsesOnlySupportedKeywordsAndIsDocumented() throws {
        let urls = try files(in: schemas)
        XCTAssertFalse(urls.isEmpty)
        for url in urls {
            let name = url.lastPathComponent
            let object = try XCTUnwrap(try load(url) as? [String: Any], "\(name) is not a JSON object")
            XCTAssertEqual(object["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema", name)
            XCTAssertNotNil(object["$id"] as? String, "\(name) has no $id")
            XCTAssertNotNil(object["title"] as? String, "\(name) has no title")
            XCTAssertNotNil(object["description"] as? String, "\(name) has no description")
            XCTAssertNoThrow(try SchemaValidator(schemaFile: url), name)
        }
        let ids = try urls.compactMap { (try load($0) as? [String: Any])?["$id"] as? String }
        XCTAssertEqual(Set(ids).count, ids.count, "every $id is unique")
    }

    func testEveryCustomMethodHasParamsAndResultSchemasAndExamples() throws {
        for method in Self.customMethods {
            let base = method.replacingOccurrences(of: "/", with: ".")
            for kind in ["params", "result"] {
                let file = "\(base).\(kind).json"
                XCTAssertTrue(FileManager.default.fileExists(atPath: schemas.appendingPathComponent(file).path), "no schema \(file)")
                XCTAssertTrue(FileManager.default.fileExists(atPath: examples.appendingPathComponent(file).path), "no example \(file)")
            }
        }
    }

    /// `thumbindex.jump.search.result.json` → (method `thumbindex/jump`, schema `thumbindex.jump.result.json`).
    private func schemaFile(forExample name: String) -> (method: String, kind: String, schema: String)? {
        let parts = name.split(separator: ".").map(String.init)
        guard parts.count >= 4, parts[0] == "thumbindex", parts.last == "json" else { return nil }
        let kind = parts[parts.count - 2]
        guard kind == "params" || kind == "result" else { return nil }
        return ("thumbindex/\(parts[1])", kind, "thumbindex.\(parts[1]).\(kind).json")
    }

    func testEveryExampleConformsToItsSchema() throws {
        let urls = try files(in: examples)
        XCTAssertFalse(urls.isEmpty)
        for url in urls {
            let name = url.lastPathComponent
            guard let target = schemaFile(forExample: name) else {
                XCTFail("\(name): examples are named <method>[.<variant>].(params|result).json")
                continue
            }
            let validator = try SchemaValidator(schemaFile: schemas.appendingPathComponent(target.schema))
            XCTAssertEqual(validator.validate(try load(url)), [], "\(name) against \(target.schema)")
        }
    }

    /// The README shows each example as a request (`params`) or a response (`result`) in a ```json block.
    func testEveryExampleIsShownInTheREADME() throws {
        let readme = try String(contentsOf: schemas.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [[String: Any]] = []
        let parts = readme.components(separatedBy: "```")
        for (index, part) in parts.enumerated() where index % 2 == 1 && part.hasPrefix("json\n") {
            let body = String(part.dropFirst("json\n".count))
            if let object = try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) as? [String: Any] {
                blocks.append(object)
            }
        }
        XCTAssertFalse(blocks.isEmpty, "no ```json blocks in the README")
        for url in try files(in: examples) {
            guard let target = schemaFile(forExample: url.lastPathComponent) else { continue }
            let example = try load(url)
            let shown = blocks.contains { block in
                if target.kind == "params" {
                    return block["method"] as? String == target.method && block["params"].map { SchemaValidator.equal($0, example) } ?? false
                }
                return block["result"].map { SchemaValidator.equal($0, example) } ?? false
            }
            XCTAssertTrue(shown, "\(url.lastPathComponent) is not shown in Protocol/README.md")
        }
    }

    // MARK: The schemas catch what they should

    private func validator(_ file: String) throws -> SchemaValidator {
        try SchemaValidator(schemaFile: schemas.appendingPathComponent(file))
    }

    private func example(_ file: String) throws -> Any {
        try load(examples.appendingPathComponent(file))
    }

    func testSectionsResultRejectsAStringCount() throws {
        var result = try XCTUnwrap(try example("thumbindex.sections.result.json") as? [String: Any])
        var sections = try XCTUnwrap(result["sections"] as? [[String: Any]])
        sections[2]["count"] = "1"
        result["sections"] = sections
        XCTAssertEqual(try validator("thumbindex.sections.result.json").validate(result),
                       ["$.sections[2].count: expected integer, got string"])
    }

    func testIndexTargetsAllowMinusOneAndNullOnly() throws {
        let schema = try validator("thumbindex.partition.result.json")
        var result = try XCTUnwrap(try example("thumbindex.partition.result.json") as? [String: Any])
        var targets = try XCTUnwrap(result["indexTargets"] as? [Any])
        targets[1] = NSNull()
        result["indexTargets"] = targets
        XCTAssertEqual(schema.validate(result), [])
        targets[0] = -2
        targets[2] = true
        result["indexTargets"] = targets
        XCTAssertEqual(schema.validate(result), [
            "$.indexTargets[0]: -2 is less than the minimum -1",
            "$.indexTargets[2]: expected integer or null, got boolean",
        ])
    }

    func testJumpResultShapes() throws {
        let schema = try validator("thumbindex.jump.result.json")
        XCTAssertEqual(schema.validate(NSNull()), [])
        XCTAssertEqual(schema.validate(json(#"{"search": true}"#)), [])
        XCTAssertEqual(schema.validate(try example("thumbindex.jump.result.json")), [])
        XCTAssertEqual(schema.validate(json(#"{"search": 1}"#)).count, 1)
        XCTAssertEqual(schema.validate(json(#"{"section": 0, "title": "B", "offset": 0}"#)).count, 1)
    }

    func testEntriesResultIsStrict() throws {
        let schema = try validator("thumbindex.entries.result.json")
        var result = try XCTUnwrap(try example("thumbindex.entries.result.json") as? [String: Any])
        var entries = try XCTUnwrap(result["entries"] as? [[String: Any]])
        entries[0]["children"] = [Any]()
        entries[1]["kind"] = 27
        result["entries"] = entries
        XCTAssertEqual(schema.validate(result), [
            "$.entries[0].children: property not allowed",
            "$.entries[1].kind: 27 is greater than the maximum 26",
        ])
    }

    func testParamsSchemasCatchMistakes() throws {
        let jump = try validator("thumbindex.jump.params.json")
        XCTAssertEqual(jump.validate(json(#"{"textDocument": {"uri": "file:///a.txt"}, "index": 3}"#)), [])
        XCTAssertEqual(jump.validate(json(#"{"textDocument": {"uri": "file:///a.txt"}}"#)).count, 1, "needs indexTitle or index")
        XCTAssertEqual(jump.validate(json(#"{"textDocument": {"uri": "file:///a.txt"}, "index": null}"#)).count, 1)
        let entries = try validator("thumbindex.entries.params.json")
        XCTAssertEqual(entries.validate(json(#"{"textDocument": {"uri": "file:///a.txt"}, "offset": -1, "limit": 100001}"#)), [
            "$.limit: 100001 is greater than the maximum 100000",
            "$.offset: -1 is less than the minimum 0",
        ])
        let titles = try validator("thumbindex.indexTitles.params.json")
        XCTAssertEqual(titles.validate(json(#"{"style": "fancy", "includeSearch": 1}"#)), [
            "$.includeSearch: expected boolean or null, got integer",
            #"$.style: expected one of "apple", "icu", null, got "fancy""#,
        ])
        let sort = try validator("thumbindex.sort.params.json")
        XCTAssertEqual(sort.validate(json(#"{"items": ["a", {"label": "b", "sortText": null, "data": [1]}]}"#)), [])
        XCTAssertEqual(sort.validate(json(#"{"items": [{"sortText": "b"}]}"#)).count, 1)
        XCTAssertEqual(sort.validate(json(#"{"items": [42]}"#)).count, 1)
    }
}
