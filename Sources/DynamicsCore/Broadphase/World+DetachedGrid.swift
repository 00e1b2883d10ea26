/// The moving grid without chains, while most of its proxies move every step.
///
/// The linked grid pays per moved proxy: its nodes are unlinked and linked again, serially, in
/// the finalisation. That pays when few proxies move and the queries walk the chains. When a
/// large share moves, the pair search reads `CellRuns` rebuilt from every node anyway; the world
/// then empties the chains (detaches the grid) and keeps only each proxy's cell range, which the
/// finalisation writes in its parallel pass. The runs are built from those ranges in parallel
/// (`CellRuns.build(proxiesOf:…)`), and the pairs of two moving proxies come from one sweep of
/// them (`sweepMovingRuns`). When moves become few again, the chains are rebuilt once from the
/// ranges (attached), unless the moving proxies cannot pair among themselves. Both ways give the
/// same pairs.
extension World: PassRunner {
    /// The grid detaches when at least one in this many of its proxies moved in a step…
    static let movedShareToDetach = 4
    /// …and attaches again when fewer than one in this many did, unless the moving proxies cannot
    /// pair among themselves: then the chains would serve only the rare moved static proxy and
    /// the user's queries, and rebuilding them, serially, cost more than the scans they save
    /// (joint-grid attached and detached again 13 times in 500 steps, and moved its proxies in
    /// the chains, serially, in the 60 steps in between).
    static let movedShareToStayDetached = 8

    /// Detaches or attaches the moving grid for a pair search of `movedCount` moved proxies.
    func chooseMovingGridMode(movedCount: Int) {
        if movingGridDetached {
            if movedCount * Self.movedShareToStayDetached < movingProxyCount && movingFilters.mayPair(with: movingFilters) {
                attachMovingGrid()
            }
        } else if detachesMovingGrid && movingProxyCount > 0 && movedCount * Self.movedShareToDetach >= movingProxyCount {
            detachMovingGrid()
        }
    }

    /// Empties the moving grid's chains; its proxies keep their placement and cells.
    func detachMovingGrid() {
        movingGrid.removeAll()
        movingGridDetached = true
    }

    /// Links every moving-grid proxy into the chains again, in slot order.
    func attachMovingGrid() {
        movingGridDetached = false
        movingGrid.removeAll()
        let placement = UnsafePointer(shapes.placement.base), cells = UnsafePointer(shapes.cells.base)
        for s in 0..<shapes.slotCount where placement[s] == .movingGrid { movingGrid.insert(Int32(s), cells[s]) }
    }

    /// Whether any of `moved` will query the moving grid while it is detached: a moving proxy if
    /// the moving filters may pair among themselves, any other (static or large) proxy if not.
    func detachedGridIsQueried(by moved: UnsafeMutableBufferPointer<Int32>) -> Bool {
        if movingFilters.mayPair(with: movingFilters) { return true }
        let placement = UnsafePointer(shapes.placement.base)
        for m in moved where placement[Int(m)] != .movingGrid { return true }
        return false
    }

    /// The most nodes of the last build per bucket of the table the proxies' runs are built in
    /// (the table is the smallest power of two that keeps to it: one to two nodes a bucket). The
    /// bucket passes of the build (counting, placing) and of the sweep cost per bucket, and with
    /// the table sized for two buckets per node they outweighed the longer runs of a fuller one
    /// (one thread, the pairs part: tumbler 0.321 → 0.293 ms a step, smash 0.88 to 0.95 → 0.78 to
    /// 0.81, rain-10k 1.00 to 1.05 → 0.93 to 1.00; four nodes a bucket was slower again in the
    /// tumbler).
    static let runNodesPerBucket = 2

    /// Builds `movingRuns` from the cells of every moving-grid proxy, one part per worker, in a table
    /// of at least one bucket per `runNodesPerBucket` of the last build's nodes (of two nodes per
    /// proxy at first).
    func buildMovingRunsFromProxies() {
        // A few hundred slots are not worth waking the workers for.
        let parts = shapes.slotCount >= 1024 ? max(pool.workerCount, 1) : 1
        let source = ProxyRunsSource(placement: UnsafePointer(shapes.placement.base),
                                     cells: UnsafePointer(shapes.cells.base),
                                     boxes: UnsafePointer(shapes.fatAABB.base), slotCount: shapes.slotCount,
                                     partCount: parts)
        let expectedNodes = movingRuns.isBuiltFromProxies ? movingRuns.entryCount : 2 * movingProxyCount
        var bucketBits = 10
        while (1 << bucketBits) * Self.runNodesPerBucket < expectedNodes { bucketBits += 1 }
        movingRuns.build(proxiesOf: source, bucketShift: UInt64(64 - bucketBits), scratch: &proxyRunsScratch,
                         tasks: tasks, runner: self)
    }

    /// Appends the moving-grid proxies whose cells meet `range`: `SpatialHash.query` on the
    /// moving grid, by a scan while it is detached.
    func appendMovingProxies(meeting range: CellRange, into found: inout Column<Int32>) {
        if !movingGridDetached {
            movingGrid.query(range, proxyCells: UnsafePointer(shapes.cells.base), into: &found)
            return
        }
        for s in 0..<shapes.slotCount where shapes.placement[s] == .movingGrid {
            let r = shapes.cells[s]
            if r.minX <= range.maxX && range.minX <= r.maxX && r.minY <= range.maxY && range.minY <= r.maxY {
                found.append(Int32(s))
            }
        }
    }
}
