/// Polygons' edge lanes (`EdgeLanes`), one copy for each distinct polygon.
///
/// Shapes with the same polygon in their bodies' frames share one copy: the same bits, so every
/// collision and box reads the same values as from a copy of its own. A pile is mostly one or a
/// few polygons (the junkyard's 8 000 pentagons, a pyramid's boxes), and one copy of each stays
/// in the first-level cache. With a copy per shape, the junkyard's lanes were a megabyte, twice
/// the second-level cache, and the first loads of each collision's lanes drew two thirds of the
/// separating-edge search's samples.
struct EdgeLanePool: ~Copyable {
    /// Every distinct polygon's lanes, one after another.
    private(set) var floats = Column<Float>()
    /// Where a polygon's lanes start, by the hash of their bits (`hash`). Two polygons whose
    /// hashes collide keep a copy each: the later one is stored but not listed.
    private var startByHash: [UInt64: Int32] = [:]
    /// Each copy in use, by its start.
    private var copies: [Int32: Copy] = [:]
    /// Floats that no shape uses any more.
    private(set) var garbage = 0

    /// A copy's length in floats, and how many shapes use it.
    private struct Copy {
        var count: Int
        var users: Int
    }

    /// The start of `lanes` in the pool, stored now unless a shape already uses the same bits.
    mutating func add(_ lanes: [Float]) -> Int32 {
        let key = lanes.withUnsafeBufferPointer { Self.hash($0) }
        if let start = startByHash[key], holds(lanes, at: Int(start)) {
            copies[start]?.users += 1
            return start
        }
        let start = Int32(floats.count)
        for f in lanes { floats.append(f) }
        if startByHash[key] == nil { startByHash[key] = start }
        copies[start] = Copy(count: lanes.count, users: 1)
        return start
    }

    /// One shape no longer uses the copy at `start`; when none does, its floats are garbage.
    mutating func release(start: Int32) {
        guard let copy = copies[start] else { return }
        if copy.users > 1 {
            copies[start]?.users -= 1
            return
        }
        copies[start] = nil
        let key = Self.hash(UnsafeBufferPointer(start: floats.base + Int(start), count: copy.count))
        if startByHash[key] == start { startByHash[key] = nil }
        garbage += copy.count
    }

    /// The bytes of the copies in use (garbage left out).
    var liveBytes: Int { (floats.count - garbage) * MemoryLayout<Float>.stride }

    /// Whether enough of the pool is garbage to rewrite it (`compacted`).
    var needsCompaction: Bool { garbage > 1024 && garbage * 2 > floats.count }

    /// Rewrites the pool without garbage, the copies in their order, and returns where each
    /// copy in use moved.
    mutating func compacted() -> [Int32: Int32] {
        var moved: [Int32: Int32] = [:]
        var newFloats = Column<Float>(capacity: max(16, floats.count - garbage))
        var newCopies: [Int32: Copy] = [:]
        for (start, copy) in copies.sorted(by: { $0.key < $1.key }) {
            let newStart = Int32(newFloats.count)
            for i in 0..<copy.count { newFloats.append(floats[Int(start) + i]) }
            moved[start] = newStart
            newCopies[newStart] = copy
        }
        var newStartByHash: [UInt64: Int32] = [:]
        for (key, start) in startByHash { if let newStart = moved[start] { newStartByHash[key] = newStart } }
        floats = newFloats
        startByHash = newStartByHash
        copies = newCopies
        garbage = 0
        return moved
    }

    /// Whether the floats at `start` are `lanes`, bit for bit.
    private func holds(_ lanes: [Float], at start: Int) -> Bool {
        guard start + lanes.count <= floats.count else { return false }
        for (i, f) in lanes.enumerated() where floats[start + i].bitPattern != f.bitPattern { return false }
        return true
    }

    /// FNV-1a over the floats' bits and their count.
    private static func hash(_ lanes: UnsafeBufferPointer<Float>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for f in lanes { h = (h ^ UInt64(f.bitPattern)) &* 0x0000_0100_0000_01B3 }
        return (h ^ UInt64(lanes.count)) &* 0x0000_0100_0000_01B3
    }
}
