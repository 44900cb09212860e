import ThumbIndexJSON

/// A JSON file's bytes, with the line map that turns byte offsets into positions, for the shared `JSONParser`'s reads
/// of it: their errors name the file (when known), the line and the column.
struct JSONDocument {
    let map: RecordText
    var bytes: [UInt8] { map.bytes }
    private let fileName: String?

    init(_ text: String, fileName: String?) {
        map = RecordText(text)
        self.fileName = fileName
    }

    /// What `read` makes of the bytes, its error told as `failure(_:at:)` tells one.
    func parse<T>(_ read: () throws(JSONParseError) -> T) throws(ExtractionError) -> T {
        do {
            return try read()
        } catch {
            throw failure(error.problem, at: error.offset)
        }
    }

    /// "file:line:column: problem", or "line L, column C: problem" without a file name; the line and column are
    /// 1-based, the column counted in characters (Unicode scalars).
    func failure(_ problem: String, at offset: Int) -> ExtractionError {
        let (line, column) = map.humanPosition(ofOffset: offset)
        let place = fileName.map { "\($0):\(line):\(column)" } ?? "line \(line), column \(column)"
        return ExtractionError("\(place): \(problem)", line: line)
    }
}
