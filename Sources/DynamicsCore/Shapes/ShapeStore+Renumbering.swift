/// Moving shapes to other slots: the records of the shapes in slots `moved[k]` go to slots
/// `targets[k]`, `k` in `0..<count`, where `targets` holds the same slots as `moved` (in another
/// order), so the moves are a permutation of those slots and no other slot changes.
struct SlotMoves {
    let moved: UnsafePointer<Int32>
    let targets: UnsafePointer<Int32>
    let count: Int
    /// Per old slot, its new slot (every slot of the store; unmoved ones map to themselves).
    let newSlot: UnsafePointer<Int32>

    /// Applies the moves to one per-slot column at `base`, through `scratch` (room for `count`
    /// elements of the column's type).
    @inline(__always)
    func apply<T: BitwiseCopyable>(to base: UnsafeMutablePointer<T>, scratch: UnsafeMutableRawPointer) {
        let held = scratch.assumingMemoryBound(to: T.self)
        for k in 0..<count { held[k] = base[Int(moved[k])] }
        for k in 0..<count { base[Int(targets[k])] = held[k] }
    }
}

extension ShapeStore {
    /// The largest per-slot record (of the store, the moving grid and the moved flags), in
    /// 8-byte words: what the scratch of `apply(_:scratch:)` needs per moved shape.
    static let scratchWordsPerShape = (max(MemoryLayout<ShapeGeometryRecord>.stride, MemoryLayout<AABB>.stride,
                                           MemoryLayout<CellRange>.stride, MemoryLayout<UInt64>.stride) + 7) / 8

    /// Moves every per-slot record of the shapes by `moves`, rewrites the links between a body's
    /// shapes and the handle maps. The pools (vertices, edge lanes, groups) stay where they are:
    /// the records keep pointing into them.
    mutating func apply(_ moves: SlotMoves, scratch: UnsafeMutableRawPointer) {
        moves.apply(to: body.base, scratch: scratch)
        moves.apply(to: nextInBody.base, scratch: scratch)
        moves.apply(to: geometry.base, scratch: scratch)
        moves.apply(to: friction.base, scratch: scratch)
        moves.apply(to: restitution.base, scratch: scratch)
        moves.apply(to: density.base, scratch: scratch)
        moves.apply(to: category.base, scratch: scratch)
        moves.apply(to: mask.base, scratch: scratch)
        moves.apply(to: groupStart.base, scratch: scratch)
        moves.apply(to: groupCount.base, scratch: scratch)
        moves.apply(to: enableEvents.base, scratch: scratch)
        moves.apply(to: userData.base, scratch: scratch)
        moves.apply(to: aabb.base, scratch: scratch)
        moves.apply(to: fatAABB.base, scratch: scratch)
        moves.apply(to: placement.base, scratch: scratch)
        moves.apply(to: cells.base, scratch: scratch)
        moves.apply(to: largeIndex.base, scratch: scratch)
        moves.apply(to: idOfSlot.base, scratch: scratch)
        moves.apply(to: live.base, scratch: scratch)
        let ids = idOfSlot.base, slotOfID = slotOfID.base
        for k in 0..<moves.count {
            let t = Int(moves.targets[k])
            slotOfID[Int(ids[t])] = Int32(t)
        }
        // Every link, not only the moved shapes': a shape that stays (a static-grid shape of a
        // moving body) may link to one that moved.
        let next = nextInBody.base
        for s in 0..<slotCount where next[s] >= 0 { next[s] = moves.newSlot[Int(next[s])] }
    }
}
