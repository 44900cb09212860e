import Yams

/// A YAML node as the outline needs it: what it is, where it starts (a byte offset, nil when unknown) and, for a
/// mapping, its keys. Read straight off the bytes by `YAMLBlockReader`, or converted from what Yams composes.
indirect enum YAMLNode {
    case mapping([YAMLPair], start: Int?, flow: Bool)
    case sequence([YAMLNode], start: Int?)
    case scalar(String, SymbolKind, start: Int?)
    case alias(start: Int?)

    var start: Int? {
        switch self {
        case .mapping(_, let start, _), .sequence(_, let start), .scalar(_, _, let start), .alias(let start): return start
        }
    }

    /// The scalar value of the last key spelled `name` that reads as a string (as Yams' `mapping[name]` finds it).
    func scalar(of name: String) -> String? {
        guard case .mapping(let pairs, _, _) = self, let pair = pairs.last(where: { $0.stringKey == name }),
              case .scalar(let value, _, _) = pair.value else { return nil }
        return value
    }
}

/// A key of a mapping and its value.
struct YAMLPair {
    /// The key's text, nil for a key that is not a scalar.
    var name: String?
    /// The key's text when it reads as a string (a plain `1` is a number).
    var stringKey: String?
    var keyStart: Int?
    var value: YAMLNode
}

extension YAMLNode {
    /// What Yams composed, with its marks as byte offsets.
    init(_ node: Node, in outline: YAMLOutline) {
        let start = outline.offset(node.mark)
        switch node {
        case .mapping(let mapping):
            self = .mapping(mapping.map { pair in
                let stringKey = pair.key.scalar != nil && Tag.Name(rawValue: pair.key.tag.rawValue) == .str ? pair.key.string : nil
                return YAMLPair(name: pair.key.string, stringKey: stringKey, keyStart: outline.offset(pair.key.mark),
                                value: YAMLNode(pair.value, in: outline))
            }, start: start, flow: mapping.style == .flow)
        case .sequence(let sequence):
            self = .sequence(sequence.map { YAMLNode($0, in: outline) }, start: start)
        case .scalar(let scalar):
            self = .scalar(scalar.string, Self.kind(of: Tag.Name(rawValue: node.tag.rawValue)), start: start)
        case .alias:
            self = .alias(start: start)
        }
    }

    static func kind(of tag: Tag.Name) -> SymbolKind {
        switch tag {
        case .int, .float: return .number
        case .bool: return .boolean
        case .null: return .null
        default: return .string
        }
    }

    /// The documents of the outline's text (`text` when the caller has it as a string): read off its bytes where the
    /// block reader can, else composed by Yams, which throws its errors.
    static func documents(in outline: YAMLOutline, text: String? = nil) throws -> [YAMLNode] {
        if let read = YAMLBlockReader.documents(outline) { return read }
        return try composed(text ?? String(decoding: outline.bytes, as: UTF8.self), in: outline)
    }

    /// The documents of a text as Yams composes them.
    static func composed(_ text: String, in outline: YAMLOutline) throws -> [YAMLNode] {
        var roots: [YAMLNode] = []
        let parser = try Parser(yaml: text)
        while let root = try parser.nextRoot() { roots.append(YAMLNode(root, in: outline)) }
        return roots
    }
}
