import Foundation
import ThumbIndexJSON
import ThumbIndexProtocol
import XCTest

/// `Protocol/schemas/settings.json` is the one source of the settings: the server's `Settings` reads every key it
/// names and holds no other (the editors and the docs are checked against it by `editors/test.sh`).
final class SettingsSchemaTests: XCTestCase {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Protocol/schemas/settings.json").standardizedFileURL

    /// Every leaf of the schema under `thumbindex`, dotted (`outline.grouping`), with its schema.
    private func leaves() throws -> [(key: String, schema: JSON)] {
        let root = try JSONParser().parse(Array(try Data(contentsOf: Self.schema)))
        var found: [(String, JSON)] = []
        func visit(_ node: JSON, prefix: String) {
            guard let properties = node["properties"]?.objectValue else { return }
            for (name, child) in properties {
                let key = prefix.isEmpty ? name : "\(prefix).\(name)"
                if child["properties"] != nil { visit(child, prefix: key) } else { found.append((key, child)) }
            }
        }
        guard let thumbindex = root["properties"]?["thumbindex"] else { throw XCTSkip("no thumbindex object in the schema") }
        visit(thumbindex, prefix: "")
        return found
    }

    /// A value of the setting's type that is not its default.
    private func sample(_ schema: JSON, default settings: Settings, key: String) -> JSON {
        if let choices = schema["enum"]?.arrayValue?.compactMap(\.stringValue) {
            let current = ["style": settings.style.rawValue, "outline.grouping": settings.grouping.rawValue][key]
            return .string(choices.last { $0 != current }!)
        }
        let types = schema["type"]?.arrayValue?.compactMap(\.stringValue) ?? [schema["type"]?.stringValue].compactMap { $0 }
        if types.contains("boolean") {
            return .bool(["vcard.familyNameFirst": !settings.familyNameFirst, "workspace.index": !settings.workspaceIndex][key] ?? true)
        }
        if types.contains("integer") { return 3 }
        if types.contains("array") { return ["Resources"] }
        return "sv_SE"
    }

    func testTheServerReadsEverySettingOfTheSchemaAndNoOther() throws {
        let leaves = try leaves()
        XCTAssertGreaterThanOrEqual(leaves.count, 11)
        for (key, schema) in leaves {
            let defaults = Settings()
            for form: JSON in [["thumbindex": .object(JSONObject(nested(key, sample(schema, default: defaults, key: key))))],
                               .object(JSONObject([("thumbindex." + key, sample(schema, default: defaults, key: key))]))] {
                var settings = defaults
                XCTAssertEqual(settings.update(from: form), [], "\(key) in \(form)")
                XCTAssertNotEqual(settings, defaults, "setting \(key) (\(form)) changed nothing")
            }
        }
        // Settings holds one value per setting: a stored property the schema does not name would fail here.
        XCTAssertEqual(Mirror(reflecting: Settings()).children.count, leaves.count, "Settings and the schema disagree on the number of settings")
    }

    func testNamesAndReadingColumnsAreCheckedLikeTheOthers() {
        var settings = Settings()
        XCTAssertEqual(settings.update(from: ["thumbindex": ["names": "maybe", "csv": ["readingColumns": [1, true]]]]), [
            "setting thumbindex.csv.readingColumns must be an array of column indexes or header names",
            "setting thumbindex.names must be auto, on or off, got maybe",
        ])
        XCTAssertEqual(settings, Settings(), "bad values are skipped")
        XCTAssertEqual(settings.update(from: ["thumbindex.names": "on", "thumbindex.csv.readingColumns": [2, "Yomi"]]), [])
        XCTAssertEqual(settings.names, .on)
        XCTAssertEqual(settings.csvReadingColumns, [.index(2), .name("Yomi")])
    }

    func testANameOutsideAClosedSetIsReportedWithTheNamesThereAre() {
        var settings = Settings()
        XCTAssertEqual(settings.update(from: ["thumbindex": ["style": "fancy", "outline": ["grouping": "flat"], "caseFirst": "none"]]), [
            "setting thumbindex.style must be apple or icu, got fancy",
            "setting thumbindex.outline.grouping must be sections, sorted or document, got flat",
            "setting thumbindex.caseFirst must be off, lower or upper, got none",
        ])
        XCTAssertEqual(settings.update(from: ["grouping": "nested"]),
                       ["setting thumbindex.outline.grouping must be sections, sorted or document, got nested"])
        XCTAssertEqual(settings, Settings(), "bad values are skipped")
        XCTAssertEqual(settings.update(from: ["style": "icu", "grouping": "sorted", "thumbindex.caseFirst": "upper"]), [])
        XCTAssertEqual(settings.style, .icu)
        XCTAssertEqual(settings.grouping, .sorted)
        XCTAssertEqual(settings.caseFirst, .upper)
    }

    private func nested(_ key: String, _ value: JSON) -> [(String, JSON)] {
        let parts = key.split(separator: ".").map(String.init)
        var node = value
        for part in parts.dropFirst().reversed() { node = .object(JSONObject([(part, node)])) }
        return [(parts[0], node)]
    }
}
