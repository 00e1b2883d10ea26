extension World {
    /// From this many moved proxies on, the ones that query the chains are put in cell order.
    static let cellOrderedMovedCount = 256

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
