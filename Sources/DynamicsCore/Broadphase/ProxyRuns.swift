/// Builds `CellRuns` straight from the proxies' cell ranges, in parallel, with no linked grid.
///
/// While most proxies move every step, keeping the moving grid's chains up to date is a serial
/// walk of every moved proxy's cells, and the runs built from the chains another serial pass
/// over every node. Here the nodes come from the proxies themselves, counting-sorted by bucket:
/// each part of the shape slots (one per thread) counts its nodes per bucket; a pass over the
/// buckets turns the counts into each part's places; each part then writes its nodes there.
/// Parts are contiguous slot ranges taken in order, so a bucket's nodes come in slot order
/// whatever the number of parts, and the runs are the same for any thread count.
struct ProxyRunsScratch: ~Copyable {
    /// Per part, per bucket: that part's node count in the bucket, then where its next node goes.
    var partCounts = Column<Int32>()
    var partSummaries = Column<ProxyRunsPartSummary>()
    /// Per range of buckets (one per part): its node total, then its first place.
    var rangeStarts = Column<Int32>()
}

/// What one part's count found: its nodes and the cells they cover.
struct ProxyRunsPartSummary: BitwiseCopyable {
    var nodes: Int
    var occupied: CellRange
}

/// The proxies to place: the shape slots whose placement is `.movingGrid`, with their cells and boxes.
struct ProxyRunsSource {
    var placement: UnsafePointer<ProxyPlacement>
    var cells: UnsafePointer<CellRange>
    var boxes: UnsafePointer<AABB>
    var slotCount: Int
    var partCount: Int

    /// The slots of part `part` of `partCount`.
    @inline(__always)
    func slots(ofPart part: Int) -> Range<Int> {
        (slotCount * part / partCount)..<(slotCount * (part + 1) / partCount)
    }
}

/// First pass: each part counts its nodes per bucket, and the cells they cover.
struct ProxyNodeCountKernel: ChunkKernel {
    var source: ProxyRunsSource
    var partCounts: UnsafeMutablePointer<Int32>
    var summaries: UnsafeMutablePointer<ProxyRunsPartSummary>
    var bucketShift: UInt64

    func run(_ range: Range<Int>) {
        let bucketCount = 1 << (64 - bucketShift)
        for part in range {
            let counts = partCounts + part * bucketCount
            counts.update(repeating: 0, count: bucketCount)
            var nodes = 0
            var occupied = SpatialHash.nothingOccupied
            for s in source.slots(ofPart: part) where source.placement[s] == .movingGrid {
                let r = source.cells[s]
                occupied = occupied.union(r)
                let across = r.maxX &- r.minX, down = r.maxY &- r.minY
                if across <= 1 && down <= 1 {
                    // One to four cells, as most proxies have: four counts, a missing cell's by 0.
                    // Looping over the cells, the count of them (as good as random) decided two
                    // loops' branches.
                    let x = r.minX, y = r.minY, both = across & down
                    counts[SpatialHash.bucket(SpatialHash.key(x, y), shift: bucketShift)] &+= 1
                    counts[SpatialHash.bucket(SpatialHash.key(x &+ 1, y), shift: bucketShift)] &+= across
                    counts[SpatialHash.bucket(SpatialHash.key(x, y &+ 1), shift: bucketShift)] &+= down
                    counts[SpatialHash.bucket(SpatialHash.key(x &+ 1, y &+ 1), shift: bucketShift)] &+= both
                    nodes &+= Int(1 &+ across &+ down &+ both)
                    continue
                }
                for y in r.minY...r.maxY {
                    for x in r.minX...r.maxX { counts[SpatialHash.bucket(SpatialHash.key(x, y), shift: bucketShift)] &+= 1 }
                }
                nodes += r.cellCount
            }
            summaries[part] = ProxyRunsPartSummary(nodes: nodes, occupied: occupied)
        }
    }
}

/// Between the passes, in two halves: each range of buckets sums its nodes over the parts
/// (`assigns` false); then, from its first place on (`rangeStarts`), gives each bucket its start
/// and each part its places in the bucket, part after part (`assigns` true).
struct BucketPlacesKernel: ChunkKernel {
    var partCounts: UnsafeMutablePointer<Int32>
    var starts: UnsafeMutablePointer<Int32>
    /// Per bucket range: its node total, then (once summed) its first place.
    var rangeStarts: UnsafeMutablePointer<Int32>
    var partCount: Int
    var bucketCount: Int
    var rangeCount: Int
    var assigns: Bool

    func run(_ range: Range<Int>) {
        for r in range {
            let buckets = (bucketCount * r / rangeCount)..<(bucketCount * (r + 1) / rangeCount)
            if !assigns {
                var total: Int32 = 0
                for p in 0..<partCount {
                    let row = partCounts + p * bucketCount
                    for b in buckets { total &+= row[b] }
                }
                rangeStarts[r] = total
                continue
            }
            var running = rangeStarts[r]
            if partCount == 1 {
                // One part (one thread): its places are the buckets' starts, a plain running sum.
                for b in buckets {
                    let n = partCounts[b]
                    starts[b] = running
                    partCounts[b] = running
                    running &+= n
                }
                continue
            }
            for b in buckets {
                starts[b] = running
                var cell = partCounts + b
                for _ in 0..<partCount {
                    let n = cell.pointee
                    cell.pointee = running
                    running &+= n
                    cell += bucketCount
                }
            }
        }
    }
}

/// Second pass: each part writes its nodes, with their boxes, to its places in the runs.
struct ProxyNodeScatterKernel: ChunkKernel {
    var source: ProxyRunsSource
    /// Per part and bucket, where the part's next node of that bucket goes.
    var cursors: UnsafeMutablePointer<Int32>
    var entries: UnsafeMutablePointer<CellRunEntry>
    var bucketShift: UInt64

    func run(_ range: Range<Int>) {
        let bucketCount = 1 << (64 - bucketShift)
        for part in range {
            let cursor = cursors + part * bucketCount
            for s in source.slots(ofPart: part) where source.placement[s] == .movingGrid {
                let r = source.cells[s]
                let box = source.boxes[s]
                for y in r.minY...r.maxY {
                    for x in r.minX...r.maxX {
                        let key = SpatialHash.key(x, y)
                        let b = SpatialHash.bucket(key, shift: bucketShift)
                        let edges = CellRunEntry.edges(x: x, y: y, of: r)
                        entries[Int(cursor[b])] = CellRunEntry(key: key, proxy: Int32(s), edges: edges, box: box)
                        cursor[b] &+= 1
                    }
                }
            }
        }
    }
}

extension CellRuns {
    /// Rebuilds the runs from the cells of `source`'s moving-grid proxies, in a table of
    /// 2^(64 − `bucketShift`) buckets. The runs answer the same queries as runs built from a grid
    /// holding those proxies (in another order within a cell).
    mutating func build<Runner: PassRunner>(proxiesOf source: ProxyRunsSource, bucketShift: UInt64,
                                            scratch: inout ProxyRunsScratch, tasks: StageTasks, runner: Runner) {
        let parts = source.partCount, bucketCount = 1 << (64 - bucketShift)
        scratch.partCounts.resizeUninitialized(to: parts * bucketCount)
        scratch.partSummaries.resizeUninitialized(to: parts)
        runner.parallel(tasks.proxyNodeCount,
                        ProxyNodeCountKernel(source: source, partCounts: scratch.partCounts.base,
                                             summaries: scratch.partSummaries.base, bucketShift: bucketShift),
                        count: parts, minimumChunk: 1)
        var total = 0
        var occupied = SpatialHash.nothingOccupied
        for p in 0..<parts {
            total += scratch.partSummaries[p].nodes
            occupied = occupied.union(scratch.partSummaries[p].occupied)
        }
        let (starts, entries) = prepareExternalBuild(entryCount: total, bucketShift: bucketShift, occupied: occupied)
        // Bucket by bucket, part by part: a bucket's nodes in slot order. The buckets are cut
        // into one range per part, summed, then placed, each range by itself.
        let counts = scratch.partCounts.base
        scratch.rangeStarts.resizeUninitialized(to: parts)
        var places = BucketPlacesKernel(partCounts: counts, starts: starts, rangeStarts: scratch.rangeStarts.base,
                                        partCount: parts, bucketCount: bucketCount, rangeCount: parts, assigns: false)
        if parts > 1 { runner.parallel(tasks.bucketPlaces, places, count: parts, minimumChunk: 1) }
        var running: Int32 = 0
        for r in 0..<parts {
            let n = parts > 1 ? scratch.rangeStarts[r] : 0
            scratch.rangeStarts[r] = running
            running &+= n
        }
        places.assigns = true
        runner.parallel(tasks.bucketPlaces, places, count: parts, minimumChunk: 1)
        starts[bucketCount] = Int32(total)
        runner.parallel(tasks.proxyNodeScatter,
                        ProxyNodeScatterKernel(source: source, cursors: counts, entries: entries, bucketShift: bucketShift),
                        count: parts, minimumChunk: 1)
    }
}
