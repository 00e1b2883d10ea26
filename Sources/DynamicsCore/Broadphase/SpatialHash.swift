import CKernelSupport

/// A uniform grid hashed into a table of buckets. Each proxy is linked into every cell its box
/// covers; nodes come from a pool that only grows, so inserting and removing in the steady state
/// does not allocate.
///
/// A bucket's nodes form a doubly linked chain, and each proxy's nodes a list of their own, so
/// taking a proxy out of a cell looks through that proxy's few nodes, not the whole chain of the
/// cell (in a dense pile a chain holds dozens of proxies).
struct SpatialHash: ~Copyable {
    let cellSize: Float
    let inverseCellSize: Float
    private var buckets: Column<Int32>
    private(set) var bucketMask: Int
    /// 64 minus log2 of the bucket count: buckets are picked by the top bits of the hashed key.
    private(set) var bucketShift: UInt64
    private(set) var nodeKey = Column<UInt64>()
    /// The proxy of each node, or -1 for a free node.
    private(set) var nodeProxy = Column<Int32>()
    private var nodeNext = Column<Int32>()
    /// The previous node in the bucket's chain, or -1 at its head.
    private var nodePrevious = Column<Int32>()
    /// The next node of the same proxy, or -1.
    private var nodeSibling = Column<Int32>()
    /// Per proxy id, its first node, or -1.
    private var firstNodeOfProxy = Column<Int32>()
    private var freeNode: Int32 = -1
    private(set) var liveNodes = 0
    /// A range holding every cell a node was linked into since the grid was last empty (empty:
    /// minimum above maximum). Queries visit only the part of their range inside it: a sparse
    /// grid (a few static shapes) then costs a comparison instead of a walk over empty buckets.
    private(set) var occupied = SpatialHash.nothingOccupied
    /// Changes whenever a node is linked, unlinked or rehashed: `CellRuns` built at one version
    /// describe the grid until the next.
    private(set) var version: UInt64 = 0

    /// The `occupied` of an empty grid: minimum above maximum.
    static let nothingOccupied = CellRange(minX: .max, minY: .max, maxX: .min, maxY: .min)

    init(cellSize: Float, bucketCount: Int = 1024) {
        self.cellSize = cellSize
        self.inverseCellSize = 1 / cellSize
        var size = 16
        while size < bucketCount { size <<= 1 }
        buckets = Column(capacity: size)
        buckets.resize(to: size, filling: -1)
        bucketMask = size - 1
        bucketShift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The cells a box covers.
    func cellRange(_ box: AABB) -> CellRange { Self.cellRange(box, inverseCellSize: inverseCellSize) }

    /// The cells a box covers in a grid of cells 1 / `inverseCellSize` wide, for a pass that
    /// holds no grid: each coordinate's cell is ⌊x / cellSize⌋, clamped to ±1e9 (NaN gives 1e9).
    ///
    /// The four coordinates at once (`dynamics_cell_coordinates`), clamped first, then truncated
    /// and stepped down where truncation rounded up: the same values as rounding down and
    /// clamping, without a call to `floorf` per coordinate (baseline x86-64 has no rounding
    /// instruction; four calls were most of a box's cell range).
    @inline(__always)
    static func cellRange(_ box: AABB, inverseCellSize: Float) -> CellRange {
        let cells = dynamics_cell_coordinates(SIMD4(lowHalf: box.lower, highHalf: box.upper), inverseCellSize)
        return CellRange(minX: cells[0], minY: cells[1], maxX: cells[2], maxY: cells[3])
    }

    @inline(__always)
    static func key(_ x: Int32, _ y: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: x)) << 32 | UInt64(UInt32(bitPattern: y))
    }

    /// Fibonacci hashing: the top bits of the product depend on every bit of the key, so cells
    /// of one row (same y, x apart) spread over the table. (Taking low bits of the product let
    /// only y choose the bucket in small tables, and a 200 m wide pile spent half its step
    /// walking one long chain per row.)
    @inline(__always)
    func bucket(_ key: UInt64) -> Int { Self.bucket(key, shift: bucketShift) }

    /// The bucket of `key` in a table of 2^(64 − `shift`) buckets: the top bits of the hashed key.
    @inline(__always)
    static func bucket(_ key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Widens `occupied` to hold `range`.
    @inline(__always)
    private mutating func occupy(_ range: CellRange) {
        occupied = occupied.union(range)
    }

    mutating func insert(_ proxy: Int32, _ range: CellRange) {
        occupy(range)
        if liveNodes + range.cellCount > bucketMask + 1 { rehash(minimumBuckets: (liveNodes + range.cellCount) * 2) }
        for y in range.minY...range.maxY {
            for x in range.minX...range.maxX { link(proxy, Self.key(x, y)) }
        }
    }

    mutating func remove(_ proxy: Int32, _ range: CellRange) {
        for y in range.minY...range.maxY {
            for x in range.minX...range.maxX { unlink(proxy, Self.key(x, y)) }
        }
    }

    /// Unlinks every node, keeping the table and the pools' memory.
    mutating func removeAll() {
        version &+= 1
        buckets.fill(-1)
        nodeKey.removeAll(); nodeProxy.removeAll(); nodeNext.removeAll()
        nodePrevious.removeAll(); nodeSibling.removeAll()
        firstNodeOfProxy.fill(-1)
        freeNode = -1
        liveNodes = 0
        occupied = Self.nothingOccupied
    }

    /// Renames the proxies `moves.moved[k]` to `moves.targets[k]` (a permutation of those ids):
    /// their nodes stay in their cells' chains, in the same places.
    mutating func renumberProxies(_ moves: SlotMoves, proxyCount: Int, scratch: UnsafeMutableRawPointer) {
        if firstNodeOfProxy.count < proxyCount { firstNodeOfProxy.resize(to: proxyCount, filling: -1) }
        let first = firstNodeOfProxy.base, proxies = nodeProxy.base, siblings = nodeSibling.base
        for k in 0..<moves.count {
            var node = first[Int(moves.moved[k])]
            while node >= 0 {
                proxies[Int(node)] = moves.targets[k]
                node = siblings[Int(node)]
            }
        }
        moves.apply(to: first, scratch: scratch)
        version &+= 1
    }

    /// Moves a proxy from the cells of `old` to those of `new`, touching only the cells that
    /// differ: a box that crosses one cell line keeps most of its cells (and their nodes).
    mutating func move(_ proxy: Int32, from old: CellRange, to new: CellRange) {
        occupy(new)
        if liveNodes + new.cellCount > bucketMask + 1 { rehash(minimumBuckets: (liveNodes + new.cellCount) * 2) }
        for y in old.minY...old.maxY {
            for x in old.minX...old.maxX where !new.contains(x, y) { unlink(proxy, Self.key(x, y)) }
        }
        for y in new.minY...new.maxY {
            for x in new.minX...new.maxX where !old.contains(x, y) { link(proxy, Self.key(x, y)) }
        }
    }

    /// Adds a node for `proxy` at the head of the chain of the cell `key`, and of the proxy's list.
    @inline(__always)
    private mutating func link(_ proxy: Int32, _ key: UInt64) {
        version &+= 1
        let b = bucket(key)
        let node: Int32
        if freeNode >= 0 {
            node = freeNode
            freeNode = nodeNext[Int(node)]
            nodeKey[Int(node)] = key; nodeProxy[Int(node)] = proxy
        } else {
            node = Int32(nodeKey.count)
            nodeKey.append(key); nodeProxy.append(proxy); nodeNext.append(-1)
            nodePrevious.append(-1); nodeSibling.append(-1)
        }
        let head = buckets.base[b]
        nodeNext.base[Int(node)] = head
        nodePrevious.base[Int(node)] = -1
        if head >= 0 { nodePrevious.base[Int(head)] = node }
        buckets.base[b] = node
        if Int(proxy) >= firstNodeOfProxy.count { firstNodeOfProxy.resize(to: Int(proxy) + 1, filling: -1) }
        nodeSibling.base[Int(node)] = firstNodeOfProxy.base[Int(proxy)]
        firstNodeOfProxy.base[Int(proxy)] = node
        liveNodes += 1
    }

    /// Removes the node of `proxy` in the cell `key`, found among the proxy's own nodes, from its
    /// chain and from the proxy's list.
    @inline(__always)
    private mutating func unlink(_ proxy: Int32, _ key: UInt64) {
        guard Int(proxy) < firstNodeOfProxy.count else { return }
        var previousSibling: Int32 = -1
        var node = firstNodeOfProxy.base[Int(proxy)]
        while node >= 0 && nodeKey.base[Int(node)] != key {
            previousSibling = node
            node = nodeSibling.base[Int(node)]
        }
        guard node >= 0 else { return }
        version &+= 1
        let n = Int(node)
        let sibling = nodeSibling.base[n]
        if previousSibling >= 0 { nodeSibling.base[Int(previousSibling)] = sibling } else { firstNodeOfProxy.base[Int(proxy)] = sibling }
        let previous = nodePrevious.base[n], next = nodeNext.base[n]
        if previous >= 0 { nodeNext.base[Int(previous)] = next } else { buckets.base[bucket(key)] = next }
        if next >= 0 { nodePrevious.base[Int(next)] = previous }
        nodeProxy.base[n] = -1
        nodeNext.base[n] = freeNode
        freeNode = node
        liveNodes -= 1
        if liveNodes == 0 { occupied = Self.nothingOccupied }
    }

    /// Appends every proxy whose cells meet `range`, each once: a proxy is reported only from the
    /// first cell (lowest x and y) that it and the range share.
    ///
    /// Only the cells of `range` inside `occupied` are visited; a proxy's first shared cell is
    /// among them (its cells are), so the results are the same.
    func query(_ range: CellRange, proxyCells: UnsafePointer<CellRange>, into results: inout Column<Int32>) {
        visit(range, proxyCells: proxyCells, overlapping: nil, boxes: nil, into: &results)
    }

    /// `query`, keeping only the proxies whose box in `boxes` overlaps `box`. The box test comes
    /// before the once-only test: it rejects most of what a cell holds, and reads one record
    /// instead of two.
    func query(_ range: CellRange, overlapping box: AABB, boxes: UnsafePointer<AABB>, proxyCells: UnsafePointer<CellRange>,
               into results: inout Column<Int32>) {
        visit(range, proxyCells: proxyCells, overlapping: box, boxes: boxes, into: &results)
    }

    @inline(__always)
    private func visit(_ range: CellRange, proxyCells: UnsafePointer<CellRange>, overlapping box: AABB?,
                       boxes: UnsafePointer<AABB>?, into results: inout Column<Int32>) {
        let minX = max(range.minX, occupied.minX), maxX = min(range.maxX, occupied.maxX)
        let minY = max(range.minY, occupied.minY), maxY = min(range.maxY, occupied.maxY)
        guard minX <= maxX && minY <= maxY else { return }
        for y in minY...maxY {
            for x in minX...maxX {
                let key = Self.key(x, y)
                var node = buckets.base[bucket(key)]
                while node >= 0 {
                    let n = Int(node)
                    if nodeKey.base[n] == key {
                        let p = nodeProxy.base[n]
                        if let box, let boxes, !box.overlaps(boxes[Int(p)]) {
                            node = nodeNext.base[n]
                            continue
                        }
                        let pc = proxyCells[Int(p)]
                        if x == max(range.minX, pc.minX) && y == max(range.minY, pc.minY) {
                            results.append(p)
                        }
                    }
                    node = nodeNext.base[n]
                }
            }
        }
    }

    private mutating func rehash(minimumBuckets: Int) {
        version &+= 1
        var size = bucketMask + 1
        while size < minimumBuckets { size <<= 1 }
        var newBuckets = Column<Int32>(capacity: size)
        newBuckets.resize(to: size, filling: -1)
        swap(&newBuckets, &buckets)
        bucketMask = size - 1
        bucketShift = UInt64(64 - size.trailingZeroBitCount)
        for n in 0..<nodeKey.count where nodeProxy[n] >= 0 {
            let b = bucket(nodeKey[n])
            let head = buckets[b]
            nodeNext[n] = head
            nodePrevious[n] = -1
            if head >= 0 { nodePrevious[Int(head)] = Int32(n) }
            buckets[b] = Int32(n)
        }
    }
}
