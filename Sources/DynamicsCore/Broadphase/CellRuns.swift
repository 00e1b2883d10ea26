/// A spatial hash's nodes copied out bucket by bucket, each with its proxy's box, for the pair
/// search's many queries.
///
/// Walking a bucket's linked chain is one dependent load per node, followed by a box test whose
/// outcome is as good as random: tumbler's 900 queries a step walk 70 nodes each, and that walk
/// was a fifth of its step. Here a bucket's nodes are one contiguous run that a query reads
/// front to back, testing the boxes without branches. Building the runs is a counting sort of
/// the live nodes by bucket (a pass over the nodes, two over the buckets), so it pays only when
/// the queries are many; the chains answer the same queries, in another order, when they are few.
/// While most proxies move, the moving grid keeps no chains and its runs are built from the
/// proxies' cells instead (`build(proxiesOf:…)`), then swept for pairs (`World.sweepMovingRuns`).
struct CellRuns: ~Copyable {
    /// Where each bucket's run starts; the run of bucket `b` ends where that of `b + 1` starts.
    private var start = Column<Int32>()
    private var entries = Column<CellRunEntry>()
    /// The grid version the runs were built from, if any (none when built from proxies).
    private var builtVersion: UInt64?
    /// The runs' own table: 2^(64 − `bucketShift`) buckets (a grid's, or sized for the proxies).
    private var bucketShift: UInt64 = 64
    /// A range holding every cell of the runs (see `SpatialHash.occupied`).
    private var occupied = SpatialHash.nothingOccupied

    /// How many nodes the runs hold.
    var entryCount: Int { entries.count }
    /// Whether the last build was `build(proxiesOf:…)`.
    private(set) var isBuiltFromProxies = false
    /// The buckets of the runs' table.
    var bucketCount: Int { 1 << Int(64 - bucketShift) }
    /// Where each bucket's run starts, and (at `bucketCount`) where the last one ends.
    var bucketStarts: UnsafePointer<Int32> { UnsafePointer(start.base) }
    /// The runs, bucket after bucket.
    var runEntries: UnsafePointer<CellRunEntry> { UnsafePointer(entries.base) }

    /// Whether the runs hold `grid`'s nodes as they are. The boxes are copies: where a proxy's box
    /// can change without a node changing (the moving grid), the caller rebuilds regardless.
    func isCurrent(for grid: borrowing SpatialHash) -> Bool { builtVersion == grid.version }

    /// Copies `grid`'s live nodes, bucket by bucket, with each proxy's box from `boxes`. Nodes
    /// keep their order inside a bucket. Grows its storage only when the grid grew.
    mutating func build(_ grid: borrowing SpatialHash, boxes: UnsafePointer<AABB>) {
        let bucketCount = grid.bucketMask + 1
        let nodeCount = grid.nodeKey.count
        start.resizeUninitialized(to: bucketCount + 1)
        let counts = start.base
        counts.update(repeating: 0, count: bucketCount + 1)
        let keys = grid.nodeKey.base, proxies = grid.nodeProxy.base
        var live = 0
        for n in 0..<nodeCount where proxies[n] >= 0 {
            counts[grid.bucket(keys[n]) + 1] += 1
            live += 1
        }
        for b in 0..<bucketCount { counts[b + 1] += counts[b] }
        // `counts[b]` is now where bucket b starts; scattering moves it to where b ends, which is
        // where b + 1 starts, and a shift by one restores the starts.
        entries.resizeUninitialized(to: live)
        let out = entries.base
        for n in 0..<nodeCount where proxies[n] >= 0 {
            let b = grid.bucket(keys[n])
            let p = proxies[n]
            out[Int(counts[b])] = CellRunEntry(key: keys[n], proxy: p, edges: 0, box: boxes[Int(p)])
            counts[b] += 1
        }
        var b = bucketCount
        while b > 0 { counts[b] = counts[b - 1]; b -= 1 }
        counts[0] = 0
        builtVersion = grid.version
        isBuiltFromProxies = false
        bucketShift = grid.bucketShift
        occupied = grid.occupied
    }

    /// Sizes the runs for `entryCount` nodes in 2^(64 − `bucketShift`) buckets covering the cells
    /// of `occupied`, for a build that fills them from outside (`build(proxiesOf:…)`), and
    /// returns the bucket starts (one more than the buckets) and the entries to fill.
    mutating func prepareExternalBuild(entryCount: Int, bucketShift: UInt64, occupied: CellRange)
        -> (starts: UnsafeMutablePointer<Int32>, entries: UnsafeMutablePointer<CellRunEntry>) {
        start.resizeUninitialized(to: (1 << (64 - bucketShift)) + 1)
        entries.resizeUninitialized(to: entryCount)
        builtVersion = nil
        isBuiltFromProxies = true
        self.bucketShift = bucketShift
        self.occupied = occupied
        return (start.base, entries.base)
    }

    /// The proxies whose cells meet `range` and whose boxes overlap `box`, each once (from the
    /// first cell it and the range share), appended to `results`: the set
    /// `SpatialHash.query(_:overlapping:boxes:proxyCells:into:)` gives.
    ///
    /// Whether an entry's box overlaps is as good as random, and a branch per test mispredicted
    /// on about every fourth entry: the entries are tested without branches, every proxy is
    /// written past the end of `results` and only the hits advance the end.
    func query(_ range: CellRange, overlapping box: AABB,
               proxyCells: UnsafePointer<CellRange>, into results: inout Column<Int32>) {
        let occupied = occupied, shift = bucketShift
        let minX = max(range.minX, occupied.minX), maxX = min(range.maxX, occupied.maxX)
        let minY = max(range.minY, occupied.minY), maxY = min(range.maxY, occupied.maxY)
        guard minX <= maxX && minY <= maxY else { return }
        let starts = start.base, runs = entries.base
        for y in minY...maxY {
            for x in minX...maxX {
                let key = SpatialHash.key(x, y)
                let b = SpatialHash.bucket(key, shift: shift)
                let first = Int(starts[b]), end = Int(starts[b + 1])
                guard first < end else { continue }
                results.reserve(results.count + end - first)
                let out = results.base + results.count
                var found = 0
                for e in first..<end {
                    let entry = runs[e]
                    out[found] = entry.proxy
                    found &+= Int(Self.bit(entry.key == key) & (Self.separated(box, entry.box) ^ 1))
                }
                // The proxy is reported from the first cell it shares with the range.
                var kept = 0
                for i in 0..<found {
                    let p = out[i]
                    let pc = proxyCells[Int(p)]
                    out[kept] = p
                    kept &+= Int(Self.bit(x == max(range.minX, pc.minX)) & Self.bit(y == max(range.minY, pc.minY)))
                }
                results.resizeUninitialized(to: results.count + kept)
            }
        }
    }

    /// The entries of the bucket that holds cell (`x`, `y`), whose key is `key` (other cells'
    /// entries among them); none where the cell lies outside every cell of the runs.
    @inline(__always)
    func bucketEntries(ofCell key: UInt64, x: Int32, y: Int32) -> Range<Int> {
        guard occupied.contains(x, y) else { return 0..<0 }
        let b = SpatialHash.bucket(key, shift: bucketShift)
        return Int(start.base[b])..<Int(start.base[b + 1])
    }

    @inline(__always)
    static func bit(_ condition: Bool) -> UInt8 { unsafeBitCast(condition, to: UInt8.self) }

    /// 1 where `AABB.overlaps` is false (a gap on either axis), 0 where it is true, without branches.
    @inline(__always)
    static func separated(_ a: AABB, _ b: AABB) -> UInt8 {
        bit(b.lower.x > a.upper.x) | bit(b.lower.y > a.upper.y) | bit(a.lower.x > b.upper.x) | bit(a.lower.y > b.upper.y)
    }
}

/// One node of a run: the cell's key, the proxy, whether the cell is on the proxy's lowest
/// column and row of cells (`edges`), and the proxy's enlarged box (32 bytes).
struct CellRunEntry: BitwiseCopyable {
    var key: UInt64
    var proxy: Int32
    /// `lowestColumn` | `lowestRow` where the node's cell is in its proxy's first column and
    /// first row of cells; runs built from a grid (`CellRuns.build(_:boxes:)`) leave it 0.
    var edges: UInt8
    var box: AABB

    /// `edges` bit: the node's cell is in its proxy's first column of cells.
    static let lowestColumn: UInt8 = 1
    /// `edges` bit: the node's cell is in its proxy's first row of cells.
    static let lowestRow: UInt8 = 2

    /// The `edges` of the node in cell (`x`, `y`) of a proxy covering `cells`.
    @inline(__always)
    static func edges(x: Int32, y: Int32, of cells: CellRange) -> UInt8 {
        CellRuns.bit(x == cells.minX) | CellRuns.bit(y == cells.minY) << 1
    }

    /// 1 if a cell holding nodes `a` and `c` of two proxies is the first cell the two share (the
    /// lowest row and column of both ranges: in each axis the cell is on one of their first
    /// lines, since it is on or past both), else 0. Needs both nodes' `edges`.
    @inline(__always)
    static func firstSharedCell(_ a: CellRunEntry, _ c: CellRunEntry) -> UInt8 {
        CellRuns.bit((a.edges | c.edges) == lowestColumn | lowestRow)
    }
}
