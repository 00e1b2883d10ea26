extension World {
    /// Appends to `part.candidates` the keys of the new overlapping pairs of two moving-grid
    /// proxies, at least one of them moved, that share a cell of the moving runs' `buckets`.
    ///
    /// With the grid detached, most proxies moved and the runs hold every node. Instead of one
    /// query per moved proxy (a hash, a bucket start and a run read per cell, each a cache miss
    /// at random), each bucket's run is read once, front to back, and its entries of the same
    /// cell are paired with each other. A pair is reported from the first cell its two proxies
    /// share, as the queries report it, so the set of pairs is the same; the entries' `edges` tell
    /// which cell that is, so the test needs no other read and no branch.
    func sweepMovingRuns(buckets: Range<Int>, into part: inout PairSearchPart) {
        // The sweep reads the entries' `edges`, which only runs built from the proxies carry.
        assert(movingRuns.isBuiltFromProxies, "the moving runs are swept only when built from the proxies")
        // Borrowed stores, as in `searchPairs`: no exclusivity check per read.
        Self.sweepMovingRuns(buckets: buckets, into: &part, runs: movingRuns, shapes: shapes, bodies: bodies,
                             movedFlag: movedFlag, pairs: pairs, jointedBodyPairs: jointedBodyPairs)
    }

    private static func sweepMovingRuns(buckets: Range<Int>, into part: inout PairSearchPart, runs: borrowing CellRuns,
                                        shapes: borrowing ShapeStore, bodies: borrowing BodyStore,
                                        movedFlag: borrowing Column<Bool>, pairs: borrowing PairTable,
                                        jointedBodyPairs: borrowing PairTable) {
        let starts = runs.bucketStarts, entries = runs.runEntries
        let isMoved = UnsafePointer(movedFlag.base)
        let prefetchesPairs = pairs.count >= World.prefetchingPairCount
        // The proxies' moved flags are read at random, by proxy, a byte each: 100 kB in a scene
        // of 100 000 shapes, which the second-level cache holds. Loading them a few buckets
        // ahead (as when the sweep read the proxies' 16-byte cells too) read every entry twice:
        // without it, smash stepped 1.04x as fast and rain-100k 1.01x.
        part.overlapping.removeAll()
        for b in buckets {
            let first = Int(starts[b]), end = Int(starts[b + 1])
            let count = end - first
            guard count >= 2 else { continue }
            part.found.reserve(count)
            part.bucketEntries.reserve(count)
            let hits = part.found.base, ordered = part.bucketEntries.base
            // The bucket's entries with the moved proxies' first (from the front) and the others
            // after them (from the back), without branches: each entry is written at both ends of
            // the gap, and only the end it belongs to moves on. A pair needs a moved proxy, so
            // each is then an entry of the moved part with a later entry: of n entries with m
            // moved, m(m−1)/2 + m(n−m) tests instead of n(n−1)/2, and no flag read per test.
            var front = 0, back = count - 1
            for e in first..<end {
                let entry = entries[e]
                let moved = Int(CellRuns.bit(isMoved[Int(entry.proxy)]))
                ordered[front] = entry
                ordered[back] = entry
                front &+= moved
                back &-= 1 &- moved
            }
            let movedCount = front
            for i in 0..<min(movedCount, count - 1) {
                let a = ordered[i]
                // Same cell, boxes overlapping, and the first cell the two share (a pair is
                // reported from that one alone): as good as random, so tested without branches;
                // every later entry is written, only the hits advance.
                var found = 0
                for j in (i + 1)..<count {
                    let c = ordered[j]
                    hits[found] = Int32(truncatingIfNeeded: j)
                    found &+= Int(CellRuns.bit(c.key == a.key) & (CellRuns.separated(a.box, c.box) ^ 1)
                                  & CellRunEntry.firstSharedCell(a, c))
                }
                for h in 0..<found {
                    // Most of these pairs have a contact already, and the table is read at
                    // random: the lookups wait in a batch, their slots loading meanwhile.
                    let key = PairTable.key(a.proxy, ordered[Int(hits[h])].proxy)
                    if prefetchesPairs { pairs.prefetch(key) }
                    part.overlapping.append(key)
                    if part.overlapping.count == Self.sweepBatch {
                        keepNewPairs(&part, shapes: shapes, bodies: bodies, pairs: pairs, jointedBodyPairs: jointedBodyPairs)
                    }
                }
            }
        }
        keepNewPairs(&part, shapes: shapes, bodies: bodies, pairs: pairs, jointedBodyPairs: jointedBodyPairs)
    }

    /// Appends to `part.candidates` the keys of the new overlapping pairs of a static-grid proxy
    /// and a moving-grid proxy, at least one of them moved, for the static runs' `entries`.
    ///
    /// Each moved proxy used to query the static runs, cell by cell: a hash and a bucket read at
    /// random per cell, and in a bin or a container most of those buckets are empty. Here each
    /// static node (a wall's cell) reads the moving runs' bucket of its cell instead. A pair is
    /// reported from the first cell its two proxies share, as the queries report it; a moved static
    /// proxy's own query may report it too, and the sorted candidates keep one.
    func sweepStaticRuns(entries: Range<Int>, into part: inout PairSearchPart) {
        assert(movingRuns.isBuiltFromProxies, "the static runs are swept only against moving runs built from the proxies")
        Self.sweepStaticRuns(entries: entries, into: &part, staticRuns: staticRuns, movingRuns: movingRuns,
                             shapes: shapes, bodies: bodies, movedFlag: movedFlag, pairs: pairs,
                             jointedBodyPairs: jointedBodyPairs)
    }

    private static func sweepStaticRuns(entries: Range<Int>, into part: inout PairSearchPart,
                                        staticRuns: borrowing CellRuns, movingRuns: borrowing CellRuns,
                                        shapes: borrowing ShapeStore, bodies: borrowing BodyStore,
                                        movedFlag: borrowing Column<Bool>, pairs: borrowing PairTable,
                                        jointedBodyPairs: borrowing PairTable) {
        let statics = staticRuns.runEntries, moving = movingRuns.runEntries
        let cells = UnsafePointer(shapes.cells.base), isMoved = UnsafePointer(movedFlag.base)
        let prefetchesPairs = pairs.count >= World.prefetchingPairCount
        part.overlapping.removeAll()
        for i in entries {
            // Runs built from a grid carry no `edges`: the static node's come from its proxy's cells.
            var node = statics[i]
            let x = Int32(truncatingIfNeeded: node.key >> 32), y = Int32(truncatingIfNeeded: node.key)
            node.edges = CellRunEntry.edges(x: x, y: y, of: cells[Int(node.proxy)])
            let staticMoved = isMoved[Int(node.proxy)]
            for e in movingRuns.bucketEntries(ofCell: node.key, x: x, y: y) {
                let c = moving[e]
                guard c.key == node.key && CellRuns.separated(node.box, c.box) == 0
                    && CellRunEntry.firstSharedCell(node, c) != 0 && (staticMoved || isMoved[Int(c.proxy)]) else { continue }
                let key = PairTable.key(node.proxy, c.proxy)
                if prefetchesPairs { pairs.prefetch(key) }
                part.overlapping.append(key)
                if part.overlapping.count == Self.sweepBatch {
                    keepNewPairs(&part, shapes: shapes, bodies: bodies, pairs: pairs, jointedBodyPairs: jointedBodyPairs)
                }
            }
        }
        keepNewPairs(&part, shapes: shapes, bodies: bodies, pairs: pairs, jointedBodyPairs: jointedBodyPairs)
    }

    /// Overlapping pairs the sweep holds before it looks them up in the pair table.
    static let sweepBatch = 32

    /// Moves the batch's pairs that have no contact and may collide to the candidates.
    private static func keepNewPairs(_ part: inout PairSearchPart, shapes: borrowing ShapeStore, bodies: borrowing BodyStore,
                                     pairs: borrowing PairTable, jointedBodyPairs: borrowing PairTable) {
        for i in 0..<part.overlapping.count {
            let key = part.overlapping[i]
            if pairs.contains(key) { continue }
            let a = Int32(truncatingIfNeeded: key >> 32), c = Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)
            guard canCollide(a, c, shapes: shapes, bodies: bodies, jointedBodyPairs: jointedBodyPairs) else { continue }
            part.candidates.append(key)
        }
        part.overlapping.removeAll()
    }
}
