import CKernelSupport

/// One part of the pair search: its grid query results and the new pairs it found.
struct PairSearchPart: ~Copyable {
    /// Room for a typical step from the start; `PairSearchParts.equalize` grows all parts
    /// together, so that they do not grow (allocate) one by one in the steady state.
    var found = Column<Int32>(capacity: 4096)
    /// The previous moved proxy's finds, checked while the current one's pair slots load.
    var previousFound = Column<Int32>(capacity: 4096)
    var candidates = Column<UInt64>(capacity: 4096)
    /// A batch of overlapping pairs of the run sweep (`World.sweepMovingRuns`), before lookup.
    var overlapping = Column<UInt64>(capacity: World.sweepBatch)
    /// The run sweep's copy of one bucket's entries, the moved proxies' first.
    var bucketEntries = Column<CellRunEntry>(capacity: 256)
}

/// The parts of the pair search, allocated once per world. The moved proxies are split into a
/// fixed number of parts whatever the worker count, and the parts' candidates are sorted
/// together afterwards, so the contacts created do not depend on which thread searched what.
final class PairSearchParts {
    static let count = 16
    let base: UnsafeMutablePointer<PairSearchPart>

    init() {
        base = .allocate(capacity: Self.count)
        for i in 0..<Self.count { (base + i).initialize(to: PairSearchPart()) }
    }

    /// Gives every part the capacity of the largest, after a search in which one part grew.
    func equalize() {
        var found = 0, candidates = 0, bucketEntries = 0
        for i in 0..<Self.count {
            found = max(found, base[i].found.capacity, base[i].previousFound.capacity)
            candidates = max(candidates, base[i].candidates.capacity)
            bucketEntries = max(bucketEntries, base[i].bucketEntries.capacity)
        }
        for i in 0..<Self.count {
            base[i].found.reserve(found)
            base[i].previousFound.reserve(found)
            base[i].candidates.reserve(candidates)
            base[i].bucketEntries.reserve(bucketEntries)
        }
    }

    deinit {
        base.deinitialize(count: Self.count)
        base.deallocate()
    }
}

/// Searches the grids for the new pairs of a share of the moved proxies. The search only reads
/// the world; each part writes only its own buffers.
struct PairSearchKernel: ChunkKernel {
    unowned(unsafe) let world: World
    var parts: UnsafeMutablePointer<PairSearchPart>
    var moved: UnsafePointer<Int32>
    var movedCount: Int
    /// The moved proxies searched row band by row band (see `World.bandedSearches`).
    var banded: UnsafePointer<Int32>
    var bandedCount: Int
    /// Which grids' `CellRuns` are current and answer the queries.
    var runs: RunsInUse

    func run(_ range: Range<Int>) {
        let n = PairSearchParts.count
        let buckets = runs.sweepsMoving ? world.movingRuns.bucketCount : 0
        let statics = runs.sweepsStatic ? world.staticRuns.entryCount : 0
        for part in range {
            let share = (movedCount * part / n)..<(movedCount * (part + 1) / n)
            world.searchPairs(moved: moved, share, banded: banded, bandedCount, band: part, runs: runs, into: &parts[part])
            if runs.sweepsMoving {
                world.sweepMovingRuns(buckets: (buckets * part / n)..<(buckets * (part + 1) / n), into: &parts[part])
            }
            if runs.sweepsStatic {
                world.sweepStaticRuns(entries: (statics * part / n)..<(statics * (part + 1) / n), into: &parts[part])
            }
        }
    }
}

/// Which grids' `CellRuns` answer this step's queries; the chains answer the others.
struct RunsInUse {
    var moving: Bool
    var `static`: Bool
    /// Whether the pairs of two moving-grid proxies come from a sweep of the moving runs
    /// (`World.sweepMovingRuns`) instead of the moved moving proxies' queries.
    var sweepsMoving = false
    /// Whether the pairs of a moving-grid proxy and a static-grid one come from a sweep of the
    /// static runs against the moving ones (`World.sweepStaticRuns`) instead of the moved moving
    /// proxies' queries of the static runs. Needs `sweepsMoving` and `static`.
    var sweepsStatic = false
}

extension World {
    /// How many moved proxies ahead `searchPairs` starts loading a proxy's records.
    static let proxyPrefetchDistance = 8

    /// Whether a moved proxy's search is cut into row bands, one per part, instead of done whole
    /// by the part whose share holds it: a large proxy (a long wall turning, say) queries
    /// hundreds of cells, and one part doing that while the others had a few cells each left
    /// one thread to finish the pass alone (the tumbler's four walls, every step). Enormous
    /// proxies scan the shapes instead, whole.
    @inline(__always)
    static func searchesInBands(_ placement: ProxyPlacement, _ range: CellRange) -> Bool {
        placement == .large && range.cellCount > 0 && range.cellCount <= 1 << 16
    }

    /// The moved proxies that `searchesInBands`, in `bandedSearches`.
    func collectBandedSearches() {
        bandedSearches.removeAll()
        guard bandsLargeSearches else { return }
        let isMoved = UnsafePointer(movedFlag.base), placement = UnsafePointer(shapes.placement.base)
        for i in 0..<largeProxies.count {
            let s = largeProxies[i]
            if isMoved[Int(s)] && Self.searchesInBands(placement[Int(s)], shapes.cells[Int(s)]) { bandedSearches.append(s) }
        }
    }

    /// Appends to `part.candidates` the keys of the new overlapping pairs of `moved[share]`, and
    /// those of band `band` (of `PairSearchParts.count`) of each of `banded`'s searches. A pair of
    /// two moved proxies is found once, from its larger proxy; a pair that two bands find comes
    /// twice, and the sorted candidates keep one.
    func searchPairs(moved: UnsafePointer<Int32>, _ share: Range<Int>, banded: UnsafePointer<Int32>, _ bandedCount: Int,
                     band: Int, runs: RunsInUse, into part: inout PairSearchPart) {
        // The stores are handed over as borrowed arguments: read through `self` in the loop, each
        // read of a class property was a dynamic exclusivity check (a tenth of tumbler's
        // instructions went to `swift_beginAccess` and its access set).
        Self.searchPairs(moved: moved, share, banded: banded, bandedCount, band: band, into: &part,
                         shapes: shapes, bodies: bodies, movingGrid: movingGrid, staticGrid: staticGrid,
                         runs: runs, movingRuns: movingRuns, staticRuns: staticRuns,
                         movingFilters: movingFilters, staticFilters: staticFilters,
                         largeProxies: largeProxies, movedFlag: movedFlag, pairs: pairs, jointedBodyPairs: jointedBodyPairs)
    }

    private static func searchPairs(moved: UnsafePointer<Int32>, _ share: Range<Int>, banded: UnsafePointer<Int32>,
                                    _ bandedCount: Int, band: Int, into part: inout PairSearchPart,
                                    shapes: borrowing ShapeStore, bodies: borrowing BodyStore,
                                    movingGrid: borrowing SpatialHash, staticGrid: borrowing SpatialHash,
                                    runs: RunsInUse, movingRuns: borrowing CellRuns, staticRuns: borrowing CellRuns,
                                    movingFilters: FilterUnion, staticFilters: FilterUnion,
                                    largeProxies: borrowing Column<Int32>, movedFlag: borrowing Column<Bool>,
                                    pairs: borrowing PairTable, jointedBodyPairs: borrowing PairTable) {
        part.candidates.removeAll()
        let cells = UnsafePointer(shapes.cells.base)
        let fatAABB = UnsafePointer(shapes.fatAABB.base)
        let isMoved = UnsafePointer(movedFlag.base)
        let prefetchesPairs = pairs.count >= World.prefetchingPairCount
        // Moved proxies come in body order, their records in slot order: in a large scene each
        // proxy's first reads miss the cache. They are started a few proxies ahead, the filter
        // words too (without them, half of rain-100k's samples in this search sat on their loads).
        let prefetchesProxies = shapes.slotCount >= World.prefetchingProxyCount
        let placement = UnsafePointer(shapes.placement.base), alive = UnsafePointer(shapes.live.base)
        let categories = UnsafePointer(shapes.category.base), masks = UnsafePointer(shapes.mask.base)
        let bands = PairSearchParts.count
        // The last searched proxy and its enlarged box, whose finds wait in `part.previousFound`.
        var pending: (Int32, AABB)?
        for job in 0..<(share.count + bandedCount) {
            let index = share.lowerBound + job
            if prefetchesProxies && index + Self.proxyPrefetchDistance < share.upperBound {
                let ahead = Int(moved[index + Self.proxyPrefetchDistance])
                dynamics_prefetch(alive + ahead)
                dynamics_prefetch(placement + ahead)
                dynamics_prefetch(fatAABB + ahead)
                dynamics_prefetch(cells + ahead)
                dynamics_prefetch(categories + ahead)
                dynamics_prefetch(masks + ahead)
            }
            let m: Int32
            var range: CellRange
            // Whether this search is the whole search or the band holding its first row: that
            // one also pairs the proxy with the large proxies.
            var pairsWithLarge = true
            if index < share.upperBound {
                m = moved[index]
                range = cells[Int(m)]
                guard alive[Int(m)] && placement[Int(m)] != .none
                    && !(bandedCount > 0 && searchesInBands(placement[Int(m)], range)) else { continue }
            } else {
                m = banded[index - share.upperBound]
                range = cells[Int(m)]
                let rows = Int(range.maxY - range.minY + 1)
                let first = range.minY + Int32(rows * band / bands), end = range.minY + Int32(rows * (band + 1) / bands)
                guard first < end else { continue }
                pairsWithLarge = first == range.minY
                range.minY = first
                range.maxY = end - 1
            }
            let ms = Int(m)
            if runs.sweepsMoving && placement[ms] == .movingGrid
                && (runs.sweepsStatic || !staticFilters.admits(category: categories[ms], mask: masks[ms])) {
                // The sweeps pair it with the moving and static grids' proxies: only the large
                // proxies are left, tested here without a list of finds.
                appendNewPairs(of: m, fat: fatAABB[ms], in: largeProxies, into: &part.candidates,
                               fatAABB: fatAABB, isMoved: isMoved, shapes: shapes, bodies: bodies, pairs: pairs,
                               jointedBodyPairs: jointedBodyPairs)
                continue
            }
            // A moving-grid proxy's body is not static: no need to load the body (a cache miss
            // per moved proxy in a large scene).
            let mStatic = placement[ms] != .movingGrid && bodies.isStatic(slot: shapes.body[ms])
            let fat = fatAABB[ms]
            part.found.removeAll()
            if placement[ms] == .large && range.cellCount > 1 << 16 {
                // Enormous proxy: test every shape rather than every cell.
                for s in 0..<shapes.slotCount where shapes.live[s] && shapes.placement[s] != .large
                    && shapes.placement[s] != .none && shapes.placement[s] != .inert {
                    part.found.append(Int32(s))
                }
            } else {
                // Only the proxies whose enlarged boxes overlap come back from the grids, and only
                // from a grid that holds a proxy this one's filter may collide with.
                let category = categories[ms], mask = masks[ms]
                if movingFilters.admits(category: category, mask: mask)
                    && !(runs.sweepsMoving && placement[ms] == .movingGrid) {
                    if runs.moving {
                        movingRuns.query(range, overlapping: fat, proxyCells: cells, into: &part.found)
                    } else {
                        movingGrid.query(range, overlapping: fat, boxes: fatAABB, proxyCells: cells, into: &part.found)
                    }
                }
                if !mStatic && staticFilters.admits(category: category, mask: mask)
                    && !(runs.sweepsStatic && placement[ms] == .movingGrid) {
                    if runs.static {
                        staticRuns.query(range, overlapping: fat, proxyCells: cells, into: &part.found)
                    } else {
                        staticGrid.query(range, overlapping: fat, boxes: fatAABB, proxyCells: cells, into: &part.found)
                    }
                }
            }
            if pairsWithLarge {
                for i in 0..<largeProxies.count { part.found.append(largeProxies[i]) }
            }
            // In a large table most lookups below miss the cache (it is read at random): start
            // them all now, and look them up after the next proxy's query.
            if prefetchesPairs {
                let found = part.found.base
                for i in 0..<part.found.count { pairs.prefetch(PairTable.key(m, found[i])) }
            }
            if let (previous, previousFat) = pending {
                appendNewPairs(of: previous, fat: previousFat, in: part.previousFound, into: &part.candidates,
                               fatAABB: fatAABB, isMoved: isMoved, shapes: shapes, bodies: bodies, pairs: pairs,
                               jointedBodyPairs: jointedBodyPairs)
            }
            swap(&part.found, &part.previousFound)
            pending = (m, fat)
        }
        if let (previous, previousFat) = pending {
            appendNewPairs(of: previous, fat: previousFat, in: part.previousFound, into: &part.candidates,
                           fatAABB: fatAABB, isMoved: isMoved, shapes: shapes, bodies: bodies, pairs: pairs,
                           jointedBodyPairs: jointedBodyPairs)
        }
    }

    /// Appends to `candidates` the keys of `m`'s new pairs among `found` (the proxies whose cells
    /// meet `m`'s, and the large ones): a pair of two moved proxies is kept from its larger proxy,
    /// only boxes that overlap `fat` (m's) count, a pair with a contact already is passed over,
    /// and so is one whose shapes may not collide.
    @inline(__always)
    private static func appendNewPairs(of m: Int32, fat: AABB, in found: borrowing Column<Int32>,
                                       into candidates: inout Column<UInt64>, fatAABB: UnsafePointer<AABB>,
                                       isMoved: UnsafePointer<Bool>, shapes: borrowing ShapeStore,
                                       bodies: borrowing BodyStore, pairs: borrowing PairTable,
                                       jointedBodyPairs: borrowing PairTable) {
        let list = found.base
        for i in 0..<found.count {
            let c = list[i]
            let cs = Int(c)
            if c == m || (isMoved[cs] && c < m) { continue }
            // Again for the large proxies and the enormous-proxy scan; the grids' finds pass.
            guard fat.overlaps(fatAABB[cs]) else { continue }
            // Most overlaps found are pairs that have a contact already: look that up before
            // the filters, which read five other arrays at random.
            let key = PairTable.key(m, c)
            if pairs.contains(key) { continue }
            guard canCollide(m, c, shapes: shapes, bodies: bodies, jointedBodyPairs: jointedBodyPairs) else { continue }
            candidates.append(key)
        }
    }
}
