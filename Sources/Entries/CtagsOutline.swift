import LowLevel

/// Turns ctags tags into nested entries: kinds mapped to LSP kinds, each tag placed under its scope
/// parent (ctags' `scope` field), or, when ctags gives no scope (regex parsers such as Swift's), under
/// the innermost tag whose lines contain it.
struct CtagsOutline {
    let map: RecordText
    var bytes: [UInt8] { map.bytes }
    let tags: [CtagsTag]
    let isSwift: Bool
    let hasScopes: Bool

    init(text: String, tags input: [CtagsTag], isSwift: Bool) {
        let map = RecordText(text)
        self.map = map
        self.isSwift = isSwift
        // Only tags on lines of this text (ctags saw the same text, but be safe).
        var tags = input.filter { $0.line.map { $0 >= 1 && $0 <= map.lineCount } ?? false }
        if isSwift { tags = SwiftDeclarations(map: map).refine(tags) }
        hasScopes = tags.contains { !($0.scope ?? "").isEmpty }
        self.tags = tags.enumerated().sorted { ($0.element.line!, $0.offset) < ($1.element.line!, $1.offset) }.map(\.element)
    }

    private struct Node {
        var tag: CtagsTag
        var first: Int  // 0-based lines
        var last: Int
        var children: [Int] = []
    }

    func entries() -> [Entry] {
        var nodes = tags.map { t in
            let first = t.line! - 1
            return Node(tag: t, first: first, last: min(max((t.end ?? t.line!) - 1, first), map.lineCount - 1))
        }
        var byName: [String: [Int]] = [:]
        for (i, node) in nodes.enumerated() { byName[node.tag.name!, default: []].append(i) }
        var roots: [Int] = []
        for i in nodes.indices {
            if let p = parent(of: i, nodes, byName) { nodes[p].children.append(i) } else { roots.append(i) }
        }
        return roots.compactMap { entry(for: $0, nodes, parentTagKind: nil) }
    }

    private func parent(of i: Int, _ nodes: [Node], _ byName: [String: [Int]]) -> Int? {
        let tag = nodes[i].tag
        if let scope = tag.scope, !scope.isEmpty {
            // The parent's name ends the scope ("Foo.Inner" → Inner); look up only tags of that name.
            let last = String(scope.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }.reversed())
            let candidates = (byName[last] ?? []).filter { j in
                j != i && (tag.scopeKind == nil || nodes[j].tag.kind == tag.scopeKind) && Self.qualifies(nodes[j].tag, as: scope)
            }
            // The nearest declaration at or before the tag (a name may be declared twice).
            if let best = candidates.filter({ nodes[$0].first <= nodes[i].first }).max(by: { nodes[$0].first < nodes[$1].first })
                ?? candidates.first {
                return best
            }
        }
        // Containment, for parsers that give no scopes at all (regex ones such as Swift's): the innermost
        // earlier tag whose lines enclose this one. A parser that gives scopes is trusted to leave out the
        // ones that have none (a #define inside a namespace is not in it).
        guard !hasScopes else { return nil }
        var best: Int?
        for j in nodes.indices where j < i && nodes[j].last > nodes[j].first
            && nodes[j].first <= nodes[i].first && nodes[i].last <= nodes[j].last
            && !(nodes[j].first == nodes[i].first && nodes[j].last == nodes[i].last) {
            if best == nil || nodes[j].first >= nodes[best!].first { best = j }
        }
        return best
    }

    /// Whether `scope` ("Outer.Inner", "N::S") names `tag`: its own scope, a separator, its name.
    static func qualifies(_ tag: CtagsTag, as scope: String) -> Bool {
        guard let name = tag.name, scope.hasSuffix(name) else { return false }
        let head = scope.dropLast(name.count)
        guard let own = tag.scope, !own.isEmpty else { return head.isEmpty }
        guard head.hasPrefix(own) else { return false }
        let separator = head.dropFirst(own.count)
        return (1...2).contains(separator.count) && separator.allSatisfy { !$0.isLetter && !$0.isNumber && $0 != "_" }
    }

    private func entry(for i: Int, _ nodes: [Node], parentTagKind: String?) -> Entry? {
        let node = nodes[i]
        let kind = Self.kind(node.tag, parentTagKind: parentTagKind)
        let children = node.children.compactMap { entry(for: $0, nodes, parentTagKind: node.tag.kind) }
        let name = node.tag.name!
        let lineStart = map.lineStarts[node.first], lineEnd = map.lineEnd(node.first)
        var selection = map.lineRange(node.first)
        if !name.isEmpty, let at = bytes.withUnsafeBufferPointer({ ByteSearch.first(Array(name.utf8), in: $0, from: lineStart, to: lineEnd) }) {
            selection = map.range(from: at, to: at + name.utf8.count)
        }
        return Entry(name: name, kind: kind, detail: node.tag.signature,
                     range: TextRange(start: TextPosition(line: node.first, column: 0), end: map.endOfLine(node.last)),
                     selectionRange: selection, children: children)
    }

    /// Kinds of tags whose functions are methods and whose variables are properties.
    static let typeKinds: Set<String> = [
        "class", "struct", "enum", "interface", "protocol", "extension", "actor", "union", "record", "trait",
        "object", "implementation", "impl",
    ]

    /// ctags kind names (they differ by parser) to LSP symbol kinds.
    static func kind(_ tag: CtagsTag, parentTagKind: String?) -> SymbolKind {
        let insideType = parentTagKind.map(typeKinds.contains) ?? false
        switch tag.kind ?? "" {
        case "function", "func", "subroutine", "procedure", "prototype", "subprogram":
            return insideType ? .method : .function
        case "method", "singletonMethod", "getter", "setter", "accessor": return .method
        case "member": return tag.signature != nil ? .method : .field
        case "field", "attribute", "slot", "component": return .field
        case "property": return .property
        case "class", "actor", "object", "record": return .class
        case "struct", "union": return .struct
        case "enum", "enumeration": return .enum
        case "enumerator", "enumConstant", "case", "constructorOfEnum": return .enumMember
        case "interface", "protocol", "trait", "role": return .interface
        case "namespace", "extension", "implementation", "impl": return .namespace
        case "package", "packageName": return .package
        case "module", "library", "unit": return .module
        case "macro", "define", "constant", "const", "enumconst": return .constant
        case "typedef", "alias", "typealias", "type", "typeParameter": return .typeParameter
        case "variable", "var", "globalVar", "local", "parameter": return insideType ? .property : .variable
        case "constructor", "init", "initializer": return .constructor
        case "event": return .event
        case "operator": return .operator
        case "heading", "chapter", "section", "subsection", "part", "label", "anchor": return .string
        default: return .variable
        }
    }
}
