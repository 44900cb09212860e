import Foundation

/// A JSON Schema (draft 2020-12) validator for the small subset of keywords that `Protocol/schemas` uses.
///
/// It works on what `JSONSerialization` returns (`Any`), telling booleans from numbers and integers from
/// other numbers the same way on Linux and on Darwin. A schema that uses any keyword outside the subset is
/// rejected when it is loaded, so a schema can never pass because a keyword was silently ignored.
///
/// Supported: `$schema`, `$id`, `title`, `description`, `type`, `properties`, `required`,
/// `additionalProperties`, `items` (one schema), `enum`, `const`, `minimum`, `maximum`, `minItems`,
/// `minLength`, `anyOf`, `oneOf`, `$ref` (only `#/$defs/…` in the same file) and `$defs`.
///
///     let validator = try SchemaValidator(schemaFile: SchemaValidator.protocolDirectory()
///         .appendingPathComponent("thumbindex.sections.result.json"))
///     validator.validate(result)   // [] or ["$.sections[2].count: expected integer, got string"]
struct SchemaValidator {
    /// Why a schema cannot be used: every problem found, one per line.
    struct SchemaError: Error, CustomStringConvertible {
        var problems: [String]
        var description: String { problems.joined(separator: "\n") }
    }

    static let supportedKeywords: Set<String> = [
        "$schema", "$id", "title", "description", "type", "properties", "required", "additionalProperties",
        "items", "enum", "const", "minimum", "maximum", "minItems", "minLength", "anyOf", "oneOf", "$ref", "$defs",
    ]
    static let typeNames: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]

    let schema: Any
    /// How the schema is named in errors (its file name, or "schema").
    let name: String

    init(schemaFile: URL) throws {
        let data = try Data(contentsOf: schemaFile)
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw SchemaError(problems: ["\(schemaFile.lastPathComponent): not valid JSON: \(error.localizedDescription)"])
        }
        try self.init(schema: json, name: schemaFile.lastPathComponent)
    }

    init(schema: Any, name: String = "schema") throws {
        let problems = Self.problems(inSchema: schema)
        guard problems.isEmpty else { throw SchemaError(problems: problems.map { "\(name): \($0)" }) }
        self.schema = schema
        self.name = name
    }

    /// `Protocol/schemas` of the repository holding `filePath` (by default this very file).
    static func protocolDirectory(from filePath: String = #filePath) -> URL {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("Protocol/schemas")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        // Tests/EndToEndTests/SchemaValidator.swift → <repo>/Protocol/schemas, even before it exists.
        return URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Protocol/schemas")
    }

    /// Every way `instance` breaks the schema, as `path: problem` lines; empty when it conforms.
    func validate(_ instance: Any) -> [String] {
        var errors: [String] = []
        check(instance, against: schema, path: "$", depth: 0, errors: &errors)
        return errors
    }

    // MARK: - Validation

    private static let maxDepth = 256

    private func check(_ instance: Any, against schema: Any, path: String, depth: Int, errors: inout [String]) {
        guard depth < Self.maxDepth else {
            errors.append("\(path): schema nests deeper than \(Self.maxDepth) levels (a $ref cycle?)")
            return
        }
        if let allowed = schema as? Bool, JSONKind(schema) == .boolean {
            if !allowed { errors.append("\(path): no value is allowed here") }
            return
        }
        guard let schema = schema as? [String: Any] else { return }  // rejected at load time
        let kind = JSONKind(instance)

        if let reference = schema["$ref"] as? String {
            if let target = Self.resolve(reference, in: self.schema) {
                check(instance, against: target, path: path, depth: depth + 1, errors: &errors)
            } else {
                errors.append("\(path): cannot resolve $ref \(reference)")
            }
        }

        if let type = schema["type"] {
            let names = (type as? [Any] ?? [type]).compactMap { $0 as? String }
            let matches = names.contains { $0 == kind.name || ($0 == "number" && kind == .integer) }
            if !matches {
                errors.append("\(path): expected \(names.joined(separator: " or ")), got \(kind.name)")
                return  // the other keywords would only repeat the mismatch
            }
        }

        if let constant = schema["const"], !Self.equal(instance, constant) {
            errors.append("\(path): expected \(Self.render(constant)), got \(Self.render(instance))")
        }
        if let choices = schema["enum"] as? [Any], !choices.contains(where: { Self.equal(instance, $0) }) {
            errors.append("\(path): expected one of \(choices.map(Self.render).joined(separator: ", ")), got \(Self.render(instance))")
        }

        if kind == .integer || kind == .number, let value = (instance as? NSNumber)?.doubleValue ?? Self.double(instance) {
            if let minimum = schema["minimum"].flatMap(Self.double), value < minimum {
                errors.append("\(path): \(Self.render(instance)) is less than the minimum \(Self.render(schema["minimum"]!))")
            }
            if let maximum = schema["maximum"].flatMap(Self.double), value > maximum {
                errors.append("\(path): \(Self.render(instance)) is greater than the maximum \(Self.render(schema["maximum"]!))")
            }
        }

        if kind == .string, let string = instance as? String, let minLength = schema["minLength"].flatMap(Self.double) {
            let length = string.unicodeScalars.count
            if Double(length) < minLength {
                errors.append("\(path): expected at least \(Int(minLength)) characters, got \(length)")
            }
        }

        if kind == .array, let array = instance as? [Any] {
            if let minItems = schema["minItems"].flatMap(Self.double), Double(array.count) < minItems {
                errors.append("\(path): expected at least \(Int(minItems)) items, got \(array.count)")
            }
            if let items = schema["items"] {
                for (index, element) in array.enumerated() {
                    check(element, against: items, path: "\(path)[\(index)]", depth: depth + 1, errors: &errors)
                }
            }
        }

        if kind == .object, let object = instance as? [String: Any] {
            for case let key as String in schema["required"] as? [Any] ?? [] where object[key] == nil {
                errors.append("\(path): missing required property \(Self.render(key))")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in object.keys.sorted() {
                let value = object[key]!
                let memberPath = Self.memberPath(path, key)
                if let propertySchema = properties[key] {
                    check(value, against: propertySchema, path: memberPath, depth: depth + 1, errors: &errors)
                } else if let additional = schema["additionalProperties"] {
                    if JSONKind(additional) == .boolean, let allowed = additional as? Bool {
                        if !allowed { errors.append("\(memberPath): property not allowed") }
                    } else {
                        check(value, against: additional, path: memberPath, depth: depth + 1, errors: &errors)
                    }
                }
            }
        }

        if let alternatives = schema["anyOf"] as? [Any] {
            let results = alternatives.map { alternative -> [String] in
                var found: [String] = []
                check(instance, against: alternative, path: path, depth: depth + 1, errors: &found)
                return found
            }
            if !results.contains(where: \.isEmpty) {
                errors.append("\(path): matches none of the \(alternatives.count) anyOf alternatives\(closest(results, alternatives, kind))")
            }
        }

        if let alternatives = schema["oneOf"] as? [Any] {
            let results = alternatives.map { alternative -> [String] in
                var found: [String] = []
                check(instance, against: alternative, path: path, depth: depth + 1, errors: &found)
                return found
            }
            let matching = results.indices.filter { results[$0].isEmpty }
            if matching.isEmpty {
                errors.append("\(path): matches none of the \(alternatives.count) oneOf alternatives\(closest(results, alternatives, kind))")
            } else if matching.count > 1 {
                errors.append("\(path): matches oneOf alternatives \(matching.map(String.init).joined(separator: " and ")), expected exactly one")
            }
        }
    }

    /// The errors of the alternative that came closest, so a failed anyOf/oneOf still says what is wrong:
    /// one whose `type` fits the instance if any, else any; the fewest errors first.
    private func closest(_ results: [[String]], _ alternatives: [Any], _ kind: JSONKind) -> String {
        func score(_ index: Int) -> (Int, Int) { (typeFits(alternatives[index], kind) ? 0 : 1, results[index].count) }
        guard let best = results.indices.min(by: { score($0) < score($1) }) else { return "" }
        return " (closest, alternative \(best): \(results[best].joined(separator: "; ")))"
    }

    /// Whether a schema's `type` (following `$ref`s) admits a value of this kind; true when it says nothing.
    private func typeFits(_ schema: Any, _ kind: JSONKind, depth: Int = 0) -> Bool {
        guard depth < Self.maxDepth, let object = schema as? [String: Any] else { return true }
        if let reference = object["$ref"] as? String, let target = Self.resolve(reference, in: self.schema),
           !typeFits(target, kind, depth: depth + 1) {
            return false
        }
        guard let type = object["type"] else { return true }
        let names = (type as? [Any] ?? [type]).compactMap { $0 as? String }
        return names.contains { $0 == kind.name || ($0 == "number" && kind == .integer) }
    }

    /// The schema a `#/$defs/…` reference (a JSON Pointer fragment) names within `root`, or nil.
    private static func resolve(_ reference: String, in root: Any) -> Any? {
        guard reference.hasPrefix("#/$defs/") else { return nil }
        var node: Any = root
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let object = node as? [String: Any], let next = object[key] else { return nil }
            node = next
        }
        return node
    }

    private static func memberPath(_ path: String, _ key: String) -> String {
        let isIdentifier = !key.isEmpty && key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ($0.isASCII && CharacterSet.alphanumerics.contains($0)) }
            && !(key.unicodeScalars.first.map { CharacterSet.decimalDigits.contains($0) } ?? false)
        return isIdentifier ? "\(path).\(key)" : "\(path)[\(render(key))]"
    }

    // MARK: - Checking the schema itself

    /// Problems that make a schema unusable: unknown keywords, keywords of the wrong shape, unresolvable
    /// `$ref`s. Paths are JSON Pointers into the schema (`#/properties/sections/items`).
    static func problems(inSchema root: Any) -> [String] {
        var problems: [String] = []
        checkSchema(root, root: root, pointer: "#", problems: &problems)
        return problems
    }

    private static func checkSchema(_ schema: Any, root: Any, pointer: String, problems: inout [String]) {
        if JSONKind(schema) == .boolean { return }
        guard let object = schema as? [String: Any] else {
            problems.append("\(pointer): a schema must be an object or a boolean, got \(JSONKind(schema).name)")
            return
        }
        func problem(_ keyword: String, _ message: String) {
            problems.append("\(pointer)/\(escape(keyword)): \(message)")
        }
        func isNonNegativeInteger(_ value: Any) -> Bool {
            JSONKind(value) == .integer && (double(value) ?? -1) >= 0
        }
        for keyword in object.keys.sorted() {
            let value = object[keyword]!
            let kind = JSONKind(value)
            let here = "\(pointer)/\(escape(keyword))"
            switch keyword {
            case "$schema", "$id", "title", "description":
                if kind != .string { problem(keyword, "must be a string, got \(kind.name)") }
            case "type":
                let names = value as? [Any] ?? [value]
                if kind == .array && names.isEmpty { problem(keyword, "must not be an empty array") }
                for name in names {
                    guard let name = name as? String, JSONKind(name) == .string, typeNames.contains(name) else {
                        problem(keyword, "\(render(name)) is not a type (expected one of \(typeNames.sorted().joined(separator: ", ")))")
                        continue
                    }
                }
                if kind != .string && kind != .array { problem(keyword, "must be a string or an array of strings, got \(kind.name)") }
            case "properties", "$defs":
                guard let members = value as? [String: Any], kind == .object else {
                    problem(keyword, "must be an object, got \(kind.name)")
                    continue
                }
                for name in members.keys.sorted() {
                    checkSchema(members[name]!, root: root, pointer: "\(here)/\(escape(name))", problems: &problems)
                }
            case "required":
                guard let names = value as? [Any], kind == .array, names.allSatisfy({ JSONKind($0) == .string }) else {
                    problem(keyword, "must be an array of strings")
                    continue
                }
            case "additionalProperties", "items":
                if kind == .array { problem(keyword, "must be a single schema (arrays of schemas are not supported)") }
                else { checkSchema(value, root: root, pointer: here, problems: &problems) }
            case "enum":
                if kind != .array { problem(keyword, "must be an array, got \(kind.name)") }
                else if (value as? [Any])?.isEmpty ?? true { problem(keyword, "must not be empty") }
            case "const":
                break
            case "minimum", "maximum":
                if kind != .integer && kind != .number { problem(keyword, "must be a number, got \(kind.name)") }
            case "minItems", "minLength":
                if !isNonNegativeInteger(value) { problem(keyword, "must be a non-negative integer, got \(render(value))") }
            case "anyOf", "oneOf":
                guard let alternatives = value as? [Any], kind == .array, !alternatives.isEmpty else {
                    problem(keyword, "must be a non-empty array of schemas")
                    continue
                }
                for (index, alternative) in alternatives.enumerated() {
                    checkSchema(alternative, root: root, pointer: "\(here)/\(index)", problems: &problems)
                }
            case "$ref":
                guard let reference = value as? String, kind == .string else {
                    problem(keyword, "must be a string, got \(kind.name)")
                    continue
                }
                guard reference.hasPrefix("#/$defs/") else {
                    problem(keyword, "\(render(reference)) is not supported: only #/$defs/… within the same file")
                    continue
                }
                if resolve(reference, in: root) == nil { problem(keyword, "\(render(reference)) does not resolve") }
            default:
                problem(keyword, "unsupported keyword (the validator knows \(supportedKeywords.sorted().joined(separator: ", ")))")
            }
        }
    }

    private static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    // MARK: - JSON values as Foundation gives them

    /// The JSON type of a value from `JSONSerialization` (or a Swift literal): booleans are told apart from
    /// numbers by their class, never by `as? Bool` (which accepts any NSNumber 0 or 1 on Linux), and a number
    /// is an integer when it has no fractional part, as JSON Schema says (`1.0` is an integer).
    enum JSONKind: Equatable {
        case null, boolean, integer, number, string, array, object, unknown

        /// The class of `NSNumber(value: true)`: `__NSCFBoolean` on Darwin and in swift-corelibs-foundation.
        private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

        init(_ value: Any) {
            switch value {
            case is NSNull: self = .null
            case is String, is NSString: self = .string
            case is [Any], is NSArray: self = .array
            case is [String: Any], is NSDictionary: self = .object
            default:
                if type(of: value) == Bool.self {
                    self = .boolean
                } else if Self.isSwiftInteger(value) {
                    self = .integer
                } else if let double = value as? Double, type(of: value) == Double.self || type(of: value) == Float.self {
                    self = double.isFinite && double == double.rounded() ? .integer : .number
                } else if let number = value as? NSNumber {
                    if ObjectIdentifier(type(of: number)) == ObjectIdentifier(Self.booleanClass) {
                        self = .boolean
                    } else if ["f", "d"].contains(String(cString: number.objCType)) {
                        let double = number.doubleValue
                        self = double.isFinite && double == double.rounded() ? .integer : .number
                    } else {
                        self = .integer
                    }
                } else if Self.isNil(value) {
                    self = .null
                } else {
                    self = .unknown
                }
            }
        }

        var name: String {
            switch self {
            case .null: "null"
            case .boolean: "boolean"
            case .integer: "integer"
            case .number: "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            case .unknown: "a value that is not JSON"
            }
        }

        private static func isSwiftInteger(_ value: Any) -> Bool {
            let integerTypes: [Any.Type] = [Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
                                            UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self]
            return integerTypes.contains { $0 == type(of: value) }
        }

        private static func isNil(_ value: Any) -> Bool {
            let mirror = Mirror(reflecting: value)
            return mirror.displayStyle == .optional && mirror.children.isEmpty
        }
    }

    /// A number as a Double, nil for anything else (booleans included).
    static func double(_ value: Any) -> Double? {
        switch JSONKind(value) {
        case .integer, .number:
            if let number = value as? NSNumber { return number.doubleValue }
            if let double = value as? Double { return double }
            if let int = value as? Int { return Double(int) }
            return nil
        default:
            return nil
        }
    }

    /// JSON equality, as `enum` and `const` need it: numbers by value (1 == 1.0), booleans never equal to numbers,
    /// arrays in order, objects by members.
    static func equal(_ a: Any, _ b: Any) -> Bool {
        let kindA = JSONKind(a), kindB = JSONKind(b)
        switch (kindA, kindB) {
        case (.integer, .integer), (.integer, .number), (.number, .integer), (.number, .number):
            if let x = a as? NSNumber, let y = b as? NSNumber,
               JSONKind.isExactInteger(x), JSONKind.isExactInteger(y) {
                return x.compare(y) == .orderedSame
            }
            return double(a) == double(b)
        case (.null, .null): return true
        case (.boolean, .boolean): return (a as? Bool) == (b as? Bool)
        case (.string, .string): return (a as? String) == (b as? String)
        case (.array, .array):
            guard let x = a as? [Any], let y = b as? [Any], x.count == y.count else { return false }
            return zip(x, y).allSatisfy { equal($0, $1) }
        case (.object, .object):
            guard let x = a as? [String: Any], let y = b as? [String: Any], x.count == y.count else { return false }
            return x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
        default:
            return false
        }
    }

    /// A value as compact JSON text, for messages.
    static func render(_ value: Any) -> String {
        switch JSONKind(value) {
        case .null: return "null"
        case .boolean: return (value as? Bool ?? false) ? "true" : "false"
        case .integer:
            if let number = value as? NSNumber, !["f", "d"].contains(String(cString: number.objCType)) { return number.stringValue }
            if let double = double(value), abs(double) < 1e15 { return String(Int64(double)) }
            return String(describing: value)
        case .number: return double(value).map { String($0) } ?? String(describing: value)
        case .string, .array, .object:
            if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]),
               let text = String(data: data, encoding: .utf8) {
                return text
            }
            return String(describing: value)
        case .unknown: return String(describing: value)
        }
    }
}

extension SchemaValidator.JSONKind {
    /// An NSNumber stored as an integer type (so compared exactly, beyond 2^53).
    static func isExactInteger(_ number: NSNumber) -> Bool {
        !["f", "d"].contains(String(cString: number.objCType))
            && ObjectIdentifier(type(of: number)) != ObjectIdentifier(type(of: NSNumber(value: true)))
    }
}
