/// Writes JSON text straight to bytes, for results too large to build as a tree of `JSON` values first
/// (a document-symbol list of 100k entries). Commas are placed automatically.
///
///     var stream = JSONStream()
///     stream.beginObject()
///     stream.key("name"); stream.string("Åsa")
///     stream.key("kind"); stream.int(15)
///     stream.endObject()
///     let result: JSON = .streamed(stream.finish())   // {"name":"Åsa","kind":15}
public struct JSONStream: ~Copyable {
    private var sink: ByteSink
    /// One flag per open container: whether the next member needs a comma before it.
    private var needsComma: [Bool] = []
    private var afterKey = false

    /// - Parameter capacity: the expected size in bytes; a good guess saves copying as the text grows.
    public init(capacity: Int = 1 << 16) {
        sink = ByteSink(capacity: max(capacity, 64))
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if let last = needsComma.last {
            if last { sink.append(UInt8(ascii: ",")) }
            needsComma[needsComma.count - 1] = true
        }
    }

    /// Opens an object; the members follow as `key(_:)` and a value each.
    public mutating func beginObject() {
        separate()
        sink.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        needsComma.removeLast()
        sink.append(UInt8(ascii: "}"))
    }

    /// Opens an array.
    public mutating func beginArray() {
        separate()
        sink.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        needsComma.removeLast()
        sink.append(UInt8(ascii: "]"))
    }

    /// An object member's key; the next value written is its value.
    public mutating func key(_ key: String) {
        separate()
        JSONWriter.writeString(key, into: &sink)
        sink.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A string value, escaped as `JSONWriter` escapes it.
    public mutating func string(_ value: String) {
        separate()
        JSONWriter.writeString(value, into: &sink)
    }

    /// An integer value.
    public mutating func int(_ value: Int) {
        separate()
        JSONWriter.writeInteger(Int64(value), into: &sink)
    }

    /// Any value, written compactly (`.streamed` text is spliced in as is).
    public mutating func value(_ value: JSON) {
        separate()
        JSONWriter.writeCompact(value, into: &sink)
    }

    /// The text written (complete once every container is closed).
    public consuming func finish() -> StreamedJSON {
        StreamedJSON(pieces: [StreamedJSON.Piece(sink.finish())])
    }
}
