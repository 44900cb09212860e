/// A position in a document: a zero-based line and a column counted in UTF-8 bytes within that line.
///
/// Extractors speak UTF-8 columns because that is what they scan; the server converts to the client's
/// negotiated encoding (UTF-16, UTF-8 or UTF-32) using the line's text.
public struct TextPosition: Hashable, Comparable, Sendable {
    /// Zero-based line.
    public var line: Int
    /// UTF-8 bytes from the start of the line.
    public var column: Int

    /// A position at `line`, `column` bytes in.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Document order: by line, then by column.
    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A half-open range `[start, end)` in a document.
public struct TextRange: Hashable, Sendable {
    /// The first position in the range.
    public var start: TextPosition
    /// The position just past the range.
    public var end: TextPosition

    /// The range from `start` up to, not including, `end`.
    public init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }

    /// The whole of line `line`, whose text is `byteCount` UTF-8 bytes long.
    public static func line(_ line: Int, byteCount: Int) -> TextRange {
        TextRange(start: TextPosition(line: line, column: 0), end: TextPosition(line: line, column: byteCount))
    }

    /// The range `lines` lines further down (up, for a negative count).
    public func movedDown(_ lines: Int) -> TextRange {
        TextRange(start: TextPosition(line: start.line + lines, column: start.column),
                  end: TextPosition(line: end.line + lines, column: end.column))
    }

    /// Whether `other` lies wholly inside this range.
    public func contains(_ other: TextRange) -> Bool {
        start <= other.start && other.end <= end
    }
}

/// LSP `SymbolKind` values (LSP 3.17 §documentSymbol), as the raw integers clients expect.
public struct SymbolKind: RawRepresentable, Hashable, Sendable {
    /// The integer on the wire.
    public var rawValue: Int
    /// Any kind, including ones newer than this list.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// LSP's `File` (1).
    public static let file = SymbolKind(rawValue: 1)
    /// LSP's `Module` (2). JSON and YAML objects are shown as this.
    public static let module = SymbolKind(rawValue: 2)
    /// LSP's `Namespace` (3).
    public static let namespace = SymbolKind(rawValue: 3)
    /// LSP's `Package` (4).
    public static let package = SymbolKind(rawValue: 4)
    /// LSP's `Class` (5).
    public static let `class` = SymbolKind(rawValue: 5)
    /// LSP's `Method` (6).
    public static let method = SymbolKind(rawValue: 6)
    /// LSP's `Property` (7).
    public static let property = SymbolKind(rawValue: 7)
    /// LSP's `Field` (8).
    public static let field = SymbolKind(rawValue: 8)
    /// LSP's `Constructor` (9).
    public static let constructor = SymbolKind(rawValue: 9)
    /// LSP's `Enum` (10).
    public static let `enum` = SymbolKind(rawValue: 10)
    /// LSP's `Interface` (11).
    public static let interface = SymbolKind(rawValue: 11)
    /// LSP's `Function` (12).
    public static let function = SymbolKind(rawValue: 12)
    /// LSP's `Variable` (13).
    public static let variable = SymbolKind(rawValue: 13)
    /// LSP's `Constant` (14).
    public static let constant = SymbolKind(rawValue: 14)
    /// LSP's `String` (15). Plain-text lines, Markdown headings and table rows are entries of this kind.
    public static let string = SymbolKind(rawValue: 15)
    /// LSP's `Number` (16).
    public static let number = SymbolKind(rawValue: 16)
    /// LSP's `Boolean` (17).
    public static let boolean = SymbolKind(rawValue: 17)
    /// LSP's `Array` (18).
    public static let array = SymbolKind(rawValue: 18)
    /// LSP's `Object` (19). vCard contacts are entries of this kind.
    public static let object = SymbolKind(rawValue: 19)
    /// LSP's `Key` (20). Keys of `.strings` tables and string catalogs are entries of this kind.
    public static let key = SymbolKind(rawValue: 20)
    /// LSP's `Null` (21).
    public static let null = SymbolKind(rawValue: 21)
    /// LSP's `EnumMember` (22).
    public static let enumMember = SymbolKind(rawValue: 22)
    /// LSP's `Struct` (23).
    public static let `struct` = SymbolKind(rawValue: 23)
    /// LSP's `Event` (24).
    public static let event = SymbolKind(rawValue: 24)
    /// LSP's `Operator` (25).
    public static let `operator` = SymbolKind(rawValue: 25)
    /// LSP's `TypeParameter` (26).
    public static let typeParameter = SymbolKind(rawValue: 26)
}

/// One thing a person would look up in a document: a line, a heading, a contact, a key, a symbol.
public struct Entry: Hashable, Sendable {
    /// What the outline shows.
    public var name: String
    /// The kind clients show the entry's icon for.
    public var kind: SymbolKind
    /// A short extra text (a contact's organisation, a key's value, a symbol's signature).
    public var detail: String?
    /// The whole extent of the entry.
    public var range: TextRange
    /// The part to select when jumping to the entry; always inside `range`.
    public var selectionRange: TextRange
    /// The string the entry is sorted and sectioned by when it differs from `name` (a phonetic reading,
    /// a vCard SORT-AS); `nil` means `name`.
    public var collationString: String?
    /// Nested entries (Markdown subsections, JSON object members, members of a type).
    public var children: [Entry]

    /// An entry; `selectionRange` defaults to `range`.
    public init(
        name: String, kind: SymbolKind, detail: String? = nil, range: TextRange,
        selectionRange: TextRange? = nil, collationString: String? = nil, children: [Entry] = []
    ) {
        self.name = name
        self.kind = kind
        self.detail = detail
        self.range = range
        self.selectionRange = selectionRange ?? range
        self.collationString = collationString
        self.children = children
    }

    /// The string to collate by.
    public var sortString: String { collationString ?? name }
}

extension Entry {
    /// The entry `lines` lines further down (up, for a negative count): what an index that keeps entries relative to
    /// a line, or moves them with an edit, needs.
    public func movedDown(_ lines: Int) -> Entry {
        guard lines != 0 else { return self }
        var entry = self
        entry.range = range.movedDown(lines)
        entry.selectionRange = selectionRange.movedDown(lines)
        return entry
    }

    /// The entries handed to `add` in document order, each without children and with its depth (0 at the top), nested.
    static func nested(_ visit: (_ add: (Entry, Int) -> Void) -> Void) -> [Entry] {
        // The entries still open, one list per depth; a list is closed into its parent's last entry when a shallower
        // entry comes, or at the end.
        var open: [[Entry]] = [[]]
        func close(to depth: Int) {
            while open.count > depth + 1 {
                let children = open.removeLast()
                open[open.count - 1][open[open.count - 1].count - 1].children = children
            }
        }
        visit { entry, depth in
            close(to: depth)
            while open.count < depth + 1 { open.append([]) }
            open[depth].append(entry)
        }
        close(to: 0)
        return open[0]
    }

    /// `entries` and all their children, depth-first (document order), each without its children.
    public static func depthFirst(_ entries: consuming [Entry]) -> [Entry] {
        func count(_ entries: [Entry]) -> Int { entries.reduce(entries.count) { $0 + count($1.children) } }
        var flat: [Entry] = []
        flat.reserveCapacity(count(entries))
        // Each entry's children are taken out of it rather than copied with it (a JSON array of 100k objects has
        // 400k entries).
        func visit(_ entries: inout [Entry]) {
            for k in entries.indices {
                var children: [Entry] = []
                swap(&children, &entries[k].children)
                flat.append(entries[k])
                visit(&children)
            }
        }
        visit(&entries)
        return flat
    }
}
