import CKernelSupport

/// Where a shape's proxy lives in the broadphase.
enum ProxyPlacement: UInt8, BitwiseCopyable {
    case none, movingGrid, staticGrid, large
    /// Never collides (category or mask 0): kept out of the grids, found by box queries by a scan.
    case inert
}

/// The cells a proxy was inserted into (inclusive), so it can be taken out again.
struct CellRange: BitwiseCopyable, Equatable {
    var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
    var cellCount: Int { Int(maxX - minX + 1) * Int(maxY - minY + 1) }

    /// Whether the cell (x, y) is in the range.
    @inline(__always)
    func contains(_ x: Int32, _ y: Int32) -> Bool { x >= minX && x <= maxX && y >= minY && y <= maxY }

    /// The smallest range holding both (an empty range, minimum above maximum, adds nothing).
    @inline(__always)
    func union(_ other: CellRange) -> CellRange {
        CellRange(minX: min(minX, other.minX), minY: min(minY, other.minY),
                  maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }
}

/// Per-shape data the narrowphase reads, in one record.
struct ShapeGeometryRecord: BitwiseCopyable {
    var kind: ShapeKind
    /// Where a polygon's edge lanes start in the lane pool (see `EdgeLanes`); next to `kind`,
    /// where the record had padding.
    var laneStart: Int32 = 0
    /// Circle centre, or polygon centroid, in the body frame.
    var center: Vec2
    var radius: Float
    var vertexStart: Int32
    var vertexCount: Int32
    /// How far the shape's core (polygon vertices, circle centre) reaches from the body origin:
    /// how far a turn moves it, per radian, at most.
    var extent: Float = 0
}

/// All shapes, indexed by slot. Polygon vertices and normals live in shared pools.
///
/// A shape's slot is where its records are; its handle (`ShapeID`) names an index of `slots`
/// instead, and `slotOfID`/`idOfSlot` map one to the other. The two start out equal; the
/// locality pass then renumbers the slots of awake bodies' shapes into their bodies' order
/// (`World+ShapeLocality.swift`), and handles keep working.
struct ShapeStore: ~Copyable {
    /// Handle indices and their generations (indexed by handle index, not by slot).
    var slots = SlotAllocator()
    /// Per handle index, the slot of its records.
    var slotOfID = Column<Int32>()
    /// Per slot, the handle index whose records it holds.
    var idOfSlot = Column<Int32>()
    /// Per slot, whether it holds a live shape.
    var live = Column<Bool>()
    var body = Column<Int32>()
    var nextInBody = Column<Int32>()
    var geometry = Column<ShapeGeometryRecord>()
    var friction = Column<Float>()
    var restitution = Column<Float>()
    var density = Column<Float>()
    var category = Column<UInt64>()
    var mask = Column<UInt64>()
    var groupStart = Column<Int32>()
    var groupCount = Column<Int32>()
    var enableEvents = Column<Bool>()
    var userData = Column<UInt64>()
    // Broadphase.
    var aabb = Column<AABB>()
    var fatAABB = Column<AABB>()
    var placement = Column<ProxyPlacement>()
    var cells = Column<CellRange>()
    var largeIndex = Column<Int32>()
    // Pools.
    var vertices = Column<Vec2>()
    var normals = Column<Vec2>()
    /// Each polygon's edges as the separating-edge search reads them (see `EdgeLanes`), one
    /// copy per distinct polygon.
    var edgeLanes = EdgeLanePool()
    var groups = Column<UInt32>()
    var poolGarbage = 0

    /// Claims a handle and a slot for a new shape: a fresh handle index gets the slot of the same
    /// number, a reused one the slot it had (free since its shape was destroyed).
    mutating func allocateSlot() -> (slot: Int32, index: Int32, generation: UInt32) {
        let (index, generation) = slots.allocate()
        if Int(index) == slotOfID.count {
            slotOfID.append(index)
            idOfSlot.append(index)
            live.append(true)
        }
        let slot = slotOfID[Int(index)]
        live[Int(slot)] = true
        if Int(slot) == body.count {
            body.append(-1); nextInBody.append(-1)
            geometry.append(ShapeGeometryRecord(kind: .circle, center: .zero, radius: 0, vertexStart: 0, vertexCount: 0))
            friction.append(0); restitution.append(0); density.append(0)
            category.append(0); mask.append(0); groupStart.append(0); groupCount.append(0)
            enableEvents.append(false); userData.append(0)
            let empty = AABB(lower: .zero, upper: .zero)
            aabb.append(empty); fatAABB.append(empty); placement.append(.none)
            cells.append(CellRange(minX: 0, minY: 0, maxX: -1, maxY: -1)); largeIndex.append(-1)
        }
        return (slot, index, generation)
    }

    /// Gives back the slot of a destroyed shape and retires its handle.
    mutating func releaseSlot(_ slot: Int32) {
        live[Int(slot)] = false
        slots.release(idOfSlot[Int(slot)])
    }

    /// Number of slots (live or free), the same as the number of handle indices.
    var slotCount: Int { slotOfID.count }

    /// Appends polygon data to the pools and returns where its vertices and its edge lanes start.
    mutating func appendPolygon(_ polygon: ValidatedPolygon) -> (vertexStart: Int32, laneStart: Int32) {
        let start = Int32(vertices.count)
        for v in polygon.vertices { vertices.append(v) }
        for n in polygon.normals { normals.append(n) }
        let lanes = polygon.vertices.withUnsafeBufferPointer { v in
            polygon.normals.withUnsafeBufferPointer { n in EdgeLanes.of(vertices: v, normals: n) }
        }
        return (start, edgeLanes.add(lanes))
    }

    /// Gives back the pooled data of the shape in slot `s`, which is being destroyed.
    mutating func releasePools(of s: Int) {
        let g = geometry[s]
        poolGarbage += Int(g.vertexCount) + Int(groupCount[s])
        if g.kind != .circle { edgeLanes.release(start: g.laneStart) }
    }

    mutating func appendGroups(_ list: [UInt32]) -> Int32 {
        let start = Int32(groups.count)
        for g in list { groups.append(g) }
        return start
    }

    /// The world-space bounding box of a shape at a body origin transform.
    func computeAABB(_ shape: Int, _ xf: Transform) -> AABB {
        shapeAABB(geometry[shape], vertices: vertices.base, lanes: edgeLanes.floats.base, xf)
    }

    /// Whether two shapes' filters allow them to collide.
    func shouldCollide(_ a: Int, _ b: Int) -> Bool {
        guard (category[a] & mask[b]) != 0 && (category[b] & mask[a]) != 0 else { return false }
        let ca = Int(groupCount[a]), cb = Int(groupCount[b])
        if ca == 0 && cb == 0 { return true }
        return groupsCompatible(groups.base + Int(groupStart[a]), ca, groups.base + Int(groupStart[b]), cb)
    }

    /// Rewrites the pools without the data of removed shapes once enough of them is garbage.
    mutating func compactPoolsIfNeeded() {
        if edgeLanes.needsCompaction {
            // Every live polygon's copy is in use, so it has moved somewhere.
            let moved = edgeLanes.compacted()
            for s in 0..<slotCount where live[s] && geometry[s].kind != .circle {
                if let start = moved[geometry[s].laneStart] { geometry[s].laneStart = start }
            }
        }
        guard poolGarbage > 1024 && poolGarbage * 2 > vertices.count + groups.count else { return }
        var newVertices = Column<Vec2>(capacity: vertices.count)
        var newNormals = Column<Vec2>(capacity: normals.count)
        var newGroups = Column<UInt32>(capacity: groups.count)
        for s in 0..<slotCount where live[s] {
            var g = geometry[s]
            if g.kind != .circle {
                let start = Int(g.vertexStart)
                g.vertexStart = Int32(newVertices.count)
                for i in 0..<Int(g.vertexCount) {
                    newVertices.append(vertices[start + i]); newNormals.append(normals[start + i])
                }
                geometry[s] = g
            }
            let gs = Int(groupStart[s])
            groupStart[s] = Int32(newGroups.count)
            for i in 0..<Int(groupCount[s]) { newGroups.append(groups[gs + i]) }
        }
        vertices = newVertices
        normals = newNormals
        groups = newGroups
        poolGarbage = 0
    }
}

/// The world-space bounding box of a shape's geometry at a body origin transform.
@inline(__always)
func shapeAABB(_ g: ShapeGeometryRecord, vertices: UnsafePointer<Vec2>, lanes: UnsafePointer<Float>,
               _ xf: Transform) -> AABB {
    if g.kind == .circle {
        let c = xf.apply(g.center)
        return AABB(lower: c - Vec2(repeating: g.radius), upper: c + Vec2(repeating: g.radius))
    }
    if g.kind == .polygon {
        // Four vertices at a time from the edge lanes: one vertex at a time was 22 instructions
        // a vertex, most of a pentagon's finalisation.
        let bounds = dynamics_polygon_bounds(lanes + Int(g.laneStart), g.vertexCount, xf.rotation.cosine, xf.rotation.sine,
                                             xf.position.x, xf.position.y)
        return AABB(lower: bounds.lowHalf, upper: bounds.highHalf).expanded(by: g.radius)
    }
    // A segment's two ends. Lower and negated upper bounds in one vector, so that both take one
    // lane-wise minimum per vertex (the generic `pointwiseMin`/`pointwiseMax` were a NaN test per
    // component).
    let start = Int(g.vertexStart)
    let first = xf.apply(vertices[start])
    var bounds = SIMD4<Float>(first.x, first.y, -first.x, -first.y)
    for i in 1..<Int(g.vertexCount) {
        let v = xf.apply(vertices[start + i])
        bounds = dynamics_lanes_min(bounds, SIMD4(v.x, v.y, -v.x, -v.y))
    }
    return AABB(lower: Vec2(bounds.x, bounds.y), upper: Vec2(-bounds.z, -bounds.w)).expanded(by: g.radius)
}
