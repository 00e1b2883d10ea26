extension World {
    /// From this many moved proxies on, the ones that query the chains are put in cell order.
    static let cellOrderedMovedCount = 256

    /// Whether a pair search of `movedCount` moved proxies, with `runs`, puts them in cell order
    /// first: when there are enough of them and their queries walk a grid's chains.
    ///
    /// Where no moving proxy's filter admits either grid (the joint grid's circles collide with
    /// nothing), the queries walk no chains and the order gains nothing: sorting the joint grid's
    /// 10 000 moved proxies was a serial 2.5 % of its two-thread samples.
    func ordersMovedByCell(movedCount: Int, runs: RunsInUse) -> Bool {
        guard !runs.moving && !runs.sweepsMoving && movedCount >= Self.cellOrderedMovedCount else { return false }
        let walksMovingChains = !movingGridDetached && movingFilters.mayPair(with: movingFilters)
        let walksStaticChains = !runs.static && staticGrid.liveNodes > 0 && movingFilters.mayPair(with: staticFilters)
        return walksMovingChains || walksStaticChains
    }

    /// Puts `moved` in the order of a Z-curve over each proxy's first cell (ties by slot), so
    /// that neighbours' queries follow each other and find the chains they share still in cache.
    ///
    /// Proxies are marked moved in body order, which in a stirred pile has little to do with
    /// where they are: each query walked its cells' chains from the last-level cache, a
    /// dependent load per node. The pairs found do not depend on the order (each pair of two
    /// moved proxies comes from its larger proxy, and the candidates are sorted), so neither do
    /// the contacts. perf, junkyard, one thread, the settled pile (`-D 3500`), six alternating
    /// runs: the pair search's samples against the contact passes' 0.75 → 0.69 on average.
    func orderMovedByCell(_ moved: UnsafeMutableBufferPointer<Int32>) {
        // The locality pass's keys, free between its passes.
        localityKeys.resizeUninitialized(to: moved.count)
        let keys = localityKeys.base, cells = UnsafePointer(shapes.cells.base)
        for i in 0..<moved.count {
            let c = cells[Int(moved[i])]
            keys[i] = UInt64(Self.zCurvePlace(cellX: c.minX, cellY: c.minY)) << 32 | UInt64(UInt32(bitPattern: moved[i]))
        }
        keySorter.sort(localityKeys.buffer)
        for i in 0..<moved.count { moved[i] = Int32(truncatingIfNeeded: keys[i] & 0xFFFF_FFFF) }
    }
}
