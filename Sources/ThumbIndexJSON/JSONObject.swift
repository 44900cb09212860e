/// The members of a JSON object, in insertion order.
///
/// Setting an existing key replaces its value in place (so a duplicate key in parsed input keeps the first position
/// and the last value). Small objects — nearly all of them in LSP traffic — are searched linearly, which is cheaper
/// than hashing; a dictionary index is built only once an object grows past `indexThreshold` members.
/// Equality ignores order, as JSON does.
///
///     var range: JSONObject = ["start": 0]
///     range["end"] = 10
///     range.keys   // ["start", "end"]
public struct JSONObject: Sendable {
    /// One member: a key and its value.
    public typealias Element = (key: String, value: JSON)

    private var entries: [Element]
    /// Position of each key in `entries`; nil while the object is small.
    private var index: [String: Int]?

    static let indexThreshold = 12

    /// An empty object.
    public init() {
        entries = []
        index = nil
    }

    /// Members in the given order; a repeated key keeps its first position and takes its last value.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSON) {
        self.init()
        entries.reserveCapacity(members.underestimatedCount)
        for (key, value) in members { updateValue(value, forKey: key) }
    }

    /// The keys, in order.
    public var keys: [String] { entries.map(\.key) }
    /// The values, in the order of their keys.
    public var values: [JSON] { entries.map(\.value) }

    /// The value for `key`; setting nil removes the member.
    public subscript(key: String) -> JSON? {
        get {
            guard let position = position(of: key) else { return nil }
            return entries[position].value
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets `value` for `key`, appending the key if it is new; returns the old value.
    @discardableResult
    public mutating func updateValue(_ value: JSON, forKey key: String) -> JSON? {
        if let position = position(of: key) {
            let old = entries[position].value
            entries[position].value = value
            return old
        }
        entries.append((key, value))
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            rebuildIndex()
        }
        return nil
    }

    /// Removes the member `key`, if any; returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSON? {
        guard let position = position(of: key) else { return nil }
        let old = entries.remove(at: position).value
        if index != nil { rebuildIndex() }
        return old
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    /// The members in order, borrowed, for the writer's hot loop.
    func withUnsafeMembers<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try entries.withUnsafeBufferPointer(body)
    }

    private mutating func rebuildIndex() {
        var newIndex = [String: Int](minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() { newIndex[entry.key] = position }
        index = newIndex
    }
}

extension JSONObject: RandomAccessCollection {
    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of members.
    public var endIndex: Int { entries.count }
    /// The member at `position`, in insertion order.
    public subscript(position: Int) -> Element { entries[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Members in the order written; a repeated key keeps its first position and takes its last value.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}

extension JSONObject: Hashable {
    /// Equal when both have the same members with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.entries where rhs[key] != value { return false }
        return true
    }

    /// Hashes the members regardless of their order, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        // Order-independent: sum the members' own hashes.
        var sum = 0
        for entry in entries {
            var memberHasher = Hasher()
            memberHasher.combine(entry.key)
            memberHasher.combine(entry.value)
            sum &+= memberHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(sum)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    public var description: String { JSON.object(self).description }
}
