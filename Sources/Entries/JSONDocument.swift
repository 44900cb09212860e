import ThumbIndexJSON

/// A JSON file parsed by the shared `JSONParser`, with the spans of its values and keys and the line map that turns
/// those byte offsets into positions. Errors name the file (when known), the line and the column.
struct JSONDocument {
    /// The document's value; nil when the text is only whitespace (a new, empty file).
    let root: JSONNode?
    let map: LineMap
    private let bytes: [UInt8]
    private let fileName: String?

    init(_ text: String, fileName: String?) throws(ExtractionError) {
        bytes = Array(text.utf8)
        map = LineMap(bytes)
        self.fileName = fileName
        do {
            root = try JSONParser().parseNode(bytes)
        } catch {
            throw Self.failure(error.problem, at: error.offset, bytes: bytes, map: map, fileName: fileName)
        }
    }

    /// "file:line:column: problem", or "line L, column C: problem" without a file name; the line and column are
    /// 1-based, the column counted in characters (Unicode scalars).
    func failure(_ problem: String, at offset: Int) -> ExtractionError {
        Self.failure(problem, at: offset, bytes: bytes, map: map, fileName: fileName)
    }

    private static func failure(_ problem: String, at offset: Int, bytes: [UInt8], map: LineMap,
                                fileName: String?) -> ExtractionError {
        let (line, column) = map.humanPosition(ofOffset: offset, in: bytes)
        let place = fileName.map { "\($0):\(line):\(column)" } ?? "line \(line), column \(column)"
        return ExtractionError("\(place): \(problem)", line: line)
    }
}
