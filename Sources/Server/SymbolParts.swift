import Dispatch
import LowLevel
import Outlines
import Synchronization
import ThumbIndexJSON

/// Which sections of a `documentSymbol` reply in parts go out streamed, and in what pieces.
///
/// A part is whole sections, written in pieces on every core, and one section can be most of a document (the `#` of
/// a million names in many scripts: 570k symbols, 120 MB of JSON). Such a section goes out streamed: its pieces are
/// written once to count their bytes (the frame's length), the first ones kept, and the rest written again a piece at
/// a time as the client reads (`StreamedJSON`), so the server holds 16 MB of it instead of the whole part and its
/// copies.
public struct StreamedSections: Sendable {
    /// Sections of this many entries or more are streamed.
    public var entries: Int
    /// Entries in one piece of a streamed section (4,096: about a megabyte of JSON).
    public var entriesInPiece: Int
    /// Pieces of a streamed section kept from counting (16: about 16 MB), so that a part's start is not written twice.
    public var keptPieces: Int

    /// Sections of `entries` or more streamed in pieces of `entriesInPiece`, the first `keptPieces` kept.
    public init(entries: Int = 50_000, entriesInPiece: Int = 4_096, keptPieces: Int = 16) {
        self.entries = entries
        self.entriesInPiece = entriesInPiece
        self.keptPieces = keptPieces
    }
}

extension OutlineSymbols {
    /// The part holding `sections` (positions in the non-empty sections) of `view`: each section's symbols written on
    /// every core in pieces of `entriesInPiece`, all kept, but those of a section of `streaming.entries` or more, whose
    /// pieces after the first `keptPieces` are made again as the client reads.
    static func part(_ sections: Range<Int>, of view: OutlineIndexView, encoding: PositionEncoding, streaming: StreamedSections) -> StreamedJSON {
        let writer = SymbolWriter(document: view.document, encoding: encoding)
        let pieces = sectionPieces(sections, of: view, writer: writer) { section, offsets in
            childPieces(offsets, of: view, writer: writer, entriesInPiece: streaming.entriesInPiece,
                        kept: section.count >= streaming.entries ? streaming.keptPieces : .max)
        }
        return StreamedJSON.array(joining: [pieces])
    }

    /// Every section symbol of an index, as one JSON array in pieces, written on two cores for a large outline (the
    /// sections cut where about half the entries are on each side). Each section's symbols are kept with the index
    /// and written again only for the entries that changed (a generic client asks for the whole outline after every
    /// edit); the kept bytes go to the transport as they are, where a reply of 20 MB in one buffer (and its copies)
    /// came back as fresh pages every time.
    public static func sections(of view: OutlineIndexView, encoding: PositionEncoding) -> StreamedJSON {
        let total = view.sections.reduce(0) { $0 + $1.count }
        let cut = total < 20_000 ? view.sections.count : (view.sections.firstIndex { $0.offset + $0.count >= total / 2 }.map { $0 + 1 } ?? view.sections.count)
        let halves = [0 ..< cut, cut ..< view.sections.count].filter { !$0.isEmpty }
        let writer = SymbolWriter(document: view.document, encoding: encoding)
        let variant = PositionEncoding.allCases.firstIndex(of: encoding) ?? 0
        var results = [[StreamedJSON.Piece]](repeating: [], count: halves.count)
        results.withUnsafeMutableBufferPointer { results in Cores.run(halves.count) { half in
            let pieces = sectionPieces(halves[half], of: view, writer: writer) { section, offsets in
                let make = { (k: Int) -> [UInt8] in
                    var symbol = JSONStream(capacity: 256)
                    writer.begin(view.entry(at: offsets.lowerBound + k), into: &symbol)
                    symbol.endObject()
                    return symbol.finish().bytes
                }
                return view.memo.joined(
                    section: section.titleIndex, changes: view.changes(ofSection: section.titleIndex), ids: { offsets.map(view.id(at:)) },
                    lastChange: view.lastChange(of:), stamp: { view.stamp(at: offsets.lowerBound + $0) }, variant: variant, make: make
                ).map(StreamedJSON.Piece.init)
            }
            results[half] = pieces
        } }
        return StreamedJSON.array(joining: results)
    }

    /// The section symbols of `sections`, comma-separated, as pieces: each section's head, then the pieces of its
    /// children `children` gives (from the section and its offsets in the sectioned order), then its close.
    private static func sectionPieces(
        _ sections: Range<Int>, of view: OutlineIndexView, writer: SymbolWriter,
        children: (SectionSummary, Range<Int>) -> [StreamedJSON.Piece]
    ) -> [StreamedJSON.Piece] {
        var pieces: [StreamedJSON.Piece] = []
        var glue: [UInt8] = []  // what goes between two sections' children: the end of one, the head of the next
        for position in sections {
            if position > sections.lowerBound { glue.append(UInt8(ascii: ",")) }
            let section = view.sections[position]
            var head = JSONStream(capacity: 512)
            writer.sectionHead(title: section.title, first: view.entry(at: section.offset), count: section.count,
                               range: view.sectionRange(ofSectionAt: position), into: &head)
            glue += head.finish().bytes
            pieces.append(StreamedJSON.Piece(glue))
            pieces += children(section, section.offset ..< section.offset + section.count)
            glue = Array("]}".utf8)
        }
        if !glue.isEmpty { pieces.append(StreamedJSON.Piece(glue)) }
        return pieces
    }

    /// The symbols of the entries at `offsets`, comma-separated, as pieces of `entriesInPiece` written now on every
    /// core (to count them); the first `kept` are kept as written, the others are made again when their turn comes.
    private static func childPieces(
        _ offsets: Range<Int>, of view: OutlineIndexView, writer: SymbolWriter, entriesInPiece: Int, kept: Int
    ) -> [StreamedJSON.Piece] {
        let step = max(1, entriesInPiece)
        let runs = stride(from: offsets.lowerBound, to: offsets.upperBound, by: step).map { $0 ..< min($0 + step, offsets.upperBound) }
        let make = { @Sendable (k: Int) -> [UInt8] in
            var stream = JSONStream(capacity: runs[k].count * 240 + 64)
            stream.beginArray()
            for offset in runs[k] {
                writer.begin(view.entry(at: offset), into: &stream)
                stream.endObject()
            }
            stream.endArray()
            let array = stream.finish().bytes
            // The elements without their brackets, after a comma when other pieces come before.
            return (k == 0 ? [] : [UInt8(ascii: ",")]) + array[1 ..< array.count - 1]
        }
        let ahead = PiecesAhead(count: runs.count, make: make)
        var pieces = [StreamedJSON.Piece?](repeating: nil, count: runs.count)
        pieces.withUnsafeMutableBufferPointer { pieces in Cores.run(runs.count) { k in
            let bytes = make(k)
            pieces[k] = k < kept ? StreamedJSON.Piece(bytes) : StreamedJSON.Piece(count: bytes.count) { ahead.bytes(k) }
        } }
        return pieces.map { $0! }
    }
}

/// Pieces made one ahead: when the writer thread asks for piece k, piece k + 1 is begun on another core, so that
/// one is written while the next is made (the writer alone would write the section's symbols on one core).
private final class PiecesAhead: Sendable {
    private let count: Int
    private let make: @Sendable (Int) -> [UInt8]
    /// The piece made ahead (or being made: nil bytes), if any.
    private let next = Mutex<(k: Int, bytes: [UInt8]?)?>(nil)
    private let made = DispatchSemaphore(value: 0)

    init(count: Int, make: @escaping @Sendable (Int) -> [UInt8]) {
        self.count = count
        self.make = make
    }

    func bytes(_ k: Int) -> [UInt8] {
        var bytes: [UInt8]?
        if next.withLock({ $0?.k }) == k {
            made.wait()
            bytes = next.withLock { ready in defer { ready = nil }; return ready?.bytes }
        }
        if k + 1 < count {
            next.withLock { $0 = (k + 1, nil) }
            DispatchQueue.global().async { [self] in
                let ahead = make(k + 1)
                next.withLock { if $0?.k == k + 1 { $0 = (k + 1, ahead) } }
                made.signal()
            }
        }
        return bytes ?? make(k)
    }
}
