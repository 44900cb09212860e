/// Which entry starts at each place of a document (a line; a JSON value's depth-first place) and the place of each
/// entry, kept current by edits that add and remove places.
///
/// The places are kept in blocks of at most `maxBlock`, each entry's place as its block and its offset in it. An edit
/// changes one block, the entries after it in that block, and the first places of the blocks after it (a few
/// thousand numbers for ten million lines): not a table of every line moved and every entry's line shifted, which
/// was 80 MB of memory traffic for each line added to ten million.
struct EntryPlaces {
    /// The most places a block holds: an offset fits in `offsetBits`.
    static let maxBlock = 1 << offsetBits
    private static let offsetBits = 10
    private static let none = UInt32.max

    /// The id at each place of a block (-1: no entry starts there), by block id.
    private var blocks: [[Int32]] = []
    /// Block ids in document order.
    private var order: [Int32] = []
    /// The first place of each block, by its index in `order`.
    private var firstPlace: [Int] = []
    /// Each block id's index in `order`; -1 for a free block id.
    private var orderOf: [Int32] = []
    private var freeBlocks: [Int32] = []
    /// Where entry `id` is: its block id and its offset in the block, packed; `none` for an id without a place.
    private var slot: [UInt32] = []
    /// The number of places.
    private(set) var count = 0

    /// Places `0 ..< count` where entry `id` starts at `positions[id]` (distinct places), with room kept for the
    /// ids an edit adds.
    init(count: Int, positions: [Int32]) {
        var start = 0
        while start < count {
            let size = min(Self.maxBlock, count - start)
            appendBlock(Array(repeating: -1, count: size), firstPlace: start)
            start += size
        }
        self.count = count
        // The blocks are aligned to `maxBlock` until the first edit: a place's block and offset are its high and
        // low bits.
        slot.reserveCapacity(positions.count + positions.count / 16 + 16)
        for (id, place) in positions.enumerated() {
            let b = Int(place) >> Self.offsetBits, offset = Int(place) & (Self.maxBlock - 1)
            blocks[b][offset] = Int32(id)
            slot.append(Self.pack(b, offset))
        }
    }

    private mutating func appendBlock(_ ids: [Int32], firstPlace place: Int) {
        let b = Int32(blocks.count)
        blocks.append(ids)
        orderOf.append(Int32(order.count))
        order.append(b)
        firstPlace.append(place)
    }

    var indices: Range<Int> { 0 ..< count }

    /// The number of ids the table has room for (live or not): the next new id.
    var idCount: Int { slot.count }

    /// The id of the entry starting at `place`, or -1.
    subscript(place: Int) -> Int32 {
        let o = blockIndex(containing: place)
        return blocks[Int(order[o])][place - firstPlace[o]]
    }

    /// The id at every place, in order (-1: no entry starts there).
    var ids: [Int32] { order.flatMap { blocks[Int($0)] } }

    /// The place of entry `id`, or -1 for an id with none (a free id).
    func place(of id: Int32) -> Int32 {
        let packed = slot[Int(id)]
        guard packed != Self.none else { return -1 }
        let b = Int(packed >> Self.offsetBits)
        return Int32(firstPlace[Int(orderOf[b])] + Int(packed & UInt32(Self.maxBlock - 1)))
    }

    /// Whether entry `id` has a place.
    func isPlaced(_ id: Int32) -> Bool { Int(id) < slot.count && slot[Int(id)] != Self.none }

    /// Entry `id` starts at `place` (which held no entry); an id past the ones known is added.
    mutating func put(_ id: Int32, at place: Int) {
        if Int(id) >= slot.count { slot.append(contentsOf: repeatElement(Self.none, count: Int(id) + 1 - slot.count)) }
        let o = blockIndex(containing: place)
        let b = Int(order[o]), offset = place - firstPlace[o]
        blocks[b][offset] = id
        slot[Int(id)] = Self.pack(b, offset)
    }

    /// Entry `id` loses its place (its text is gone; the id is free).
    mutating func remove(_ id: Int32) {
        let place = place(of: id)
        guard place >= 0 else { return }
        let packed = slot[Int(id)]
        blocks[Int(packed >> Self.offsetBits)][Int(packed & UInt32(Self.maxBlock - 1))] = -1
        slot[Int(id)] = Self.none
    }

    /// Places `range` become `count` places holding no entry; the entries that started there lose their place, and
    /// the places after move by the difference.
    mutating func replace(_ range: Range<Int>, withEmpty newCount: Int) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "places \(range) outside 0 ..< \(count)")
        guard !range.isEmpty || newCount > 0 else { return }
        if order.isEmpty { appendBlock([], firstPlace: 0) }
        let o = blockIndex(containing: range.lowerBound)
        // The blocks the range reaches into become one.
        while o + 1 < order.count, range.upperBound > firstPlace[o + 1] { mergeNext(o) }
        let b = Int(order[o]), first = firstPlace[o]
        let local = range.lowerBound - first ..< range.upperBound - first
        for k in local where blocks[b][k] >= 0 { slot[Int(blocks[b][k])] = Self.none }
        blocks[b].replaceSubrange(local, with: repeatElement(-1, count: newCount))
        let delta = newCount - range.count
        if delta != 0 {
            for k in local.lowerBound + newCount ..< blocks[b].count where blocks[b][k] >= 0 { slot[Int(blocks[b][k])] = Self.pack(b, k) }
            firstPlace.withUnsafeMutableBufferPointer { starts in
                for p in o + 1 ..< starts.count { starts[p] += delta }
            }
            count += delta
        }
        balance(o)
    }

    /// Keeps block `o` between an eighth of `maxBlock` and `maxBlock` places (the last block may hold fewer): joined
    /// with a neighbour when small, cut into halves when large.
    private mutating func balance(_ o: Int) {
        var o = o
        if blocks[Int(order[o])].count < Self.maxBlock / 8 && order.count > 1 {
            if o + 1 == order.count { o -= 1 }
            mergeNext(o)
        }
        let b = Int(order[o]), size = blocks[b].count
        guard size > Self.maxBlock else { return }
        // Halves, so that the next edits of this block have room.
        let pieces = (size + Self.maxBlock / 2 - 1) / (Self.maxBlock / 2)
        var cuts = (1 ..< pieces).map { size * $0 / pieces }
        cuts.append(size)
        let whole = blocks[b]
        blocks[b] = Array(whole[0 ..< cuts[0]])
        var new: [Int32] = []
        for k in 0 ..< pieces - 1 {
            let piece = Array(whole[cuts[k] ..< cuts[k + 1]])
            let id: Int
            if let free = freeBlocks.popLast() { id = Int(free); blocks[id] = piece } else { id = blocks.count; blocks.append(piece); orderOf.append(-1) }
            for (offset, entry) in piece.enumerated() where entry >= 0 { slot[Int(entry)] = Self.pack(id, offset) }
            new.append(Int32(id))
        }
        order.insert(contentsOf: new, at: o + 1)
        firstPlace.insert(contentsOf: cuts.dropLast().map { firstPlace[o] + $0 }, at: o + 1)
        renumber(from: o + 1)
    }

    /// Block `o + 1` joins the end of block `o`.
    private mutating func mergeNext(_ o: Int) {
        let b = Int(order[o]), next = Int(order[o + 1])
        let offset = blocks[b].count
        for (k, entry) in blocks[next].enumerated() where entry >= 0 { slot[Int(entry)] = Self.pack(b, offset + k) }
        blocks[b] += blocks[next]
        blocks[next] = []
        freeBlocks.append(Int32(next))
        orderOf[next] = -1
        order.remove(at: o + 1)
        firstPlace.remove(at: o + 1)
        renumber(from: o + 1)
    }

    private mutating func renumber(from o: Int) {
        for k in o ..< order.count { orderOf[Int(order[k])] = Int32(k) }
    }

    /// The index in `order` of the block holding `place`; `count` itself is in the last block.
    private func blockIndex(containing place: Int) -> Int {
        precondition(place >= 0 && place <= count && !order.isEmpty, "place \(place) outside 0 ..< \(count)")
        return firstPlace.lastIndex(notAbove: place)
    }

    /// The rules the table breaks, one sentence each (for the index's `invariantViolations(in:)`): the blocks in
    /// order cover `0 ..< count` one after another, each of at most `maxBlock` places (and, but for the last, at
    /// least an eighth of that), and every id's slot names the block and offset that hold it.
    func violations() -> [String] {
        var problems: [String] = []
        var place = 0
        for (o, b) in order.enumerated() {
            let block = blocks[Int(b)]
            if orderOf[Int(b)] != Int32(o) { problems.append("block \(b) is at \(o) in order, but says \(orderOf[Int(b)])") }
            if firstPlace[o] != place { problems.append("block \(b) starts at \(firstPlace[o]), after \(place) places") }
            if block.count > Self.maxBlock || o + 1 < order.count && block.count < Self.maxBlock / 8 {
                problems.append("block \(b) holds \(block.count) places")
            }
            for (offset, id) in block.enumerated() where id >= 0 && (Int(id) >= slot.count || slot[Int(id)] != Self.pack(Int(b), offset)) {
                problems.append("block \(b) names id \(id) at \(offset), but the id's slot says otherwise")
            }
            place += block.count
        }
        if place != count { problems.append("the blocks hold \(place) places, not \(count)") }
        for (b, o) in orderOf.enumerated() where o < 0 && !freeBlocks.contains(Int32(b)) { problems.append("block \(b) is neither used nor free") }
        return problems
    }

    private static func pack(_ block: Int, _ offset: Int) -> UInt32 { UInt32(block) << offsetBits | UInt32(offset) }
}
