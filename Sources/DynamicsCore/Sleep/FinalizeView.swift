import CKernelSupport

/// Pointers for the finalisation pass over awake bodies.
struct FinalizeView: ChunkKernel {
    var states: UnsafeMutablePointer<BodyState>
    var sims: UnsafeMutablePointer<BodySim>
    var slotOfDense: UnsafePointer<Int32>
    var firstShape: UnsafePointer<Int32>
    var nextInBody: UnsafePointer<Int32>
    var geometry: UnsafePointer<ShapeGeometryRecord>
    var vertices: UnsafePointer<Vec2>
    /// Polygons' edge lanes (`EdgeLanes`), which hold their vertices four at a time.
    var lanes: UnsafePointer<Float>
    var aabb: UnsafeMutablePointer<AABB>
    var fatAABB: UnsafeMutablePointer<AABB>
    var placement: UnsafePointer<ProxyPlacement>
    var cells: UnsafeMutablePointer<CellRange>
    /// Whether the moving grid is detached (`World+DetachedGrid.swift`): a moving-grid proxy's
    /// new cells, all it has there, are then written here, in parallel.
    var detachedGrid: Bool
    /// Whether a proxy of the detached moving grid that stays an ordinary proxy is marked moved.
    /// Not where no moved proxy can pair (`World.movedProxiesCannotPair`): the pair search would
    /// find nothing and only clear the marks.
    var marksMovedProxies: Bool
    /// The moved list's storage and its cursor, where this pass lists the detached grid's proxies
    /// it marks moved (`MovedMarkBatch`); nil where it marks none.
    var movedList: UnsafeMutablePointer<Int32>?
    unowned(unsafe) var movedListCursor: MovedListCursor
    /// The shapes' moved marks (`World.movedFlag`).
    var movedFlags: UnsafeMutablePointer<Bool>
    var inverseCellSize: Float
    /// See `Tolerances.fatMargin`.
    var fatMargin: Float
    /// How close two shapes get before they have a (speculative) contact.
    var speculativeDistance: Float
    var dt: Float
    var enableSleep: Bool
    var enableContinuous: Bool
    var linearSleepTolerance: Float
    var angularSleepTolerance: Float
    /// Whether shape records are prefetched ahead (see `World.prefetchesRecords`).
    var prefetches: Bool
    /// Per awake body: 1 when it moved far enough this step to need a sweep, else 0.
    var fastBodies: UnsafeMutablePointer<UInt8>
    /// Per awake body: whether it is dynamic and whether it has been still for `timeToSleep`
    /// (`SleepFlags`).
    var sleepFlags: UnsafeMutablePointer<UInt8>
    var timeToSleep: Float
    /// Per awake body: 1 when its shapes left their enlarged boxes (the serial pass then moves
    /// their proxies), else 0. A byte apart from the body record, so that the serial pass reads
    /// a line per 64 bodies instead of a line per body.
    var enlarged: UnsafeMutablePointer<UInt8>

    /// How many bodies ahead the three links of a body's chain of shape loads are prefetched:
    /// its first shape's index, then that shape's records, then the shape's vertices.
    static let prefetchDistances = (shapeIndex: 24, shapeRecords: 16, vertices: 8)

    func run(_ range: Range<Int>) {
        guard let movedList else { return finalize(range, marks: nil) }
        var marks = MovedMarkBatch(list: movedList, cursor: movedListCursor)
        finalize(range, marks: &marks)
        marks.flush()
    }

    /// Bodies finalised in one block (`finalizeInBlocks`): first their records, then their shapes.
    static let blockSize = 128

    /// Finalises bodies `range`, listing the proxies marked moved in `marks` (if any). Where the
    /// records stream in from memory (`prefetches`), body by body, each body's record and then
    /// its shapes' boxes; otherwise in blocks (`finalizeInBlocks`).
    @inline(__always)
    private func finalize(_ range: Range<Int>, marks: UnsafeMutablePointer<MovedMarkBatch>?) {
        guard prefetches else { return finalizeInBlocks(range, marks: marks) }
        let end = range.upperBound
        let distances = Self.prefetchDistances
        for d in range {
            // Bodies come in dense order, their shapes in slot order: a body's first shape, its
            // geometry and its vertices are a chain of loads from far apart, cache misses one
            // after another in a large pile. Prefetching runs the chain ahead, a link per distance.
            if d + distances.shapeIndex < end {
                dynamics_prefetch(firstShape + Int(slotOfDense[d + distances.shapeIndex]))
            }
            if d + distances.shapeRecords < end { prefetchShapeRecords(of: d + distances.shapeRecords) }
            if d + distances.vertices < end { prefetchVertices(of: d + distances.vertices) }
            moveBody(d)
            // Fast bodies too: their sweep rarely moves them, and boxes redone only then keep the
            // serial part short.
            enlarged[d] = updateShapeBoxes(movedBody: d, marks: marks) ? 1 : 0
        }
    }

    /// `finalize` where the records fit in the cache: block by block, each block's body records
    /// first (`moveBody`), then their shapes' boxes, in a loop each.
    ///
    /// In the one loop, each record's few stores came among the many loads and the arithmetic of
    /// its shapes' boxes. Timed in a throwaway build (ropes, steps 300 to 600), that pass took
    /// 86 µs a step on one thread; on two, 64 µs on each thread for half the bodies. Writing
    /// every line of the records in a loop of its own before the pass brought that down to 40 µs
    /// on each thread, and reading them did not: the stores waited for their lines, most likely
    /// last read by the other thread (collide and prepare read the records of both bodies of a
    /// contact), while a loop of stores alone has many lines in flight at once. In blocks, the
    /// pass takes 66 µs on one thread and 46 on two, with the same states. Where the records
    /// stream in from memory, the one loop overlaps their misses with the shapes': rain-100k
    /// stepped 0.96× to 1.00× as fast in blocks (one thread, side by side).
    @inline(__always)
    private func finalizeInBlocks(_ range: Range<Int>, marks: UnsafeMutablePointer<MovedMarkBatch>?) {
        var blockStart = range.lowerBound
        while blockStart < range.upperBound {
            let blockEnd = min(blockStart + Self.blockSize, range.upperBound)
            for d in blockStart..<blockEnd { moveBody(d) }
            for d in blockStart..<blockEnd { enlarged[d] = updateShapeBoxes(movedBody: d, marks: marks) ? 1 : 0 }
            blockStart = blockEnd
        }
    }

    /// Starts loading the geometry, boxes and next-shape link of body `d`'s first shape.
    @inline(__always)
    func prefetchShapeRecords(of d: Int) {
        let s = Int(firstShape[Int(slotOfDense[d])])
        guard s >= 0 else { return }
        dynamics_prefetch(geometry + s)
        dynamics_prefetch(aabb + s)
        dynamics_prefetch(fatAABB + s)
        // The link to the body's next shape, read once the shape is done.
        dynamics_prefetch(nextInBody + s)
    }

    /// Starts loading the vertices of body `d`'s first shape: a polygon's rows of vertices in its
    /// edge lanes (up to eight lanes: two lines at most), another shape's vertices.
    @inline(__always)
    func prefetchVertices(of d: Int) {
        let s = Int(firstShape[Int(slotOfDense[d])])
        guard s >= 0 else { return }
        let g = geometry + s
        if g.pointee.kind == .polygon {
            let width = g.pointee.vertexCount <= 4 ? 4 : 8
            let rows = lanes + Int(g.pointee.laneStart) + 2 * width
            dynamics_prefetch(rows)
            dynamics_prefetch(rows + 2 * width - 1)
        } else {
            let start = Int(g.pointee.vertexStart)
            dynamics_prefetch(vertices + start)
            dynamics_prefetch(vertices + start + 7)
        }
    }

    /// Updates a body's shapes' boxes; enlarges those that escaped their fat box. Returns whether any
    /// that is in a grid or the large list did. A shape that collides with nothing (`.inert`,
    /// for life: filters are set at creation) is skipped: nothing reads its fat box, and its box
    /// is worked out when asked for (`World.currentAABB(slot:)`). In fields-swarm, whose 10 000
    /// items collide with nothing, the boxes had been a tenth of the step's instructions.
    @inline(__always)
    func updateShapeBoxes(_ d: Int) -> Bool { updateShapeBoxes(d, at: sims[d].originTransform) }

    /// `updateShapeBoxes(d)` for a body that `moveBody` has just moved, listing marked proxies in
    /// `marks`; nothing at all for a body whose shapes all collide with nothing
    /// (`BodySim.hasCollidingShapes`): not even its transform, or its first shape, is loaded.
    @inline(__always)
    func updateShapeBoxes(movedBody d: Int, marks: UnsafeMutablePointer<MovedMarkBatch>?) -> Bool {
        guard sims[d].hasCollidingShapes else { return false }
        return updateShapeBoxes(d, at: sims[d].originTransform, marks: marks)
    }

    /// `updateShapeBoxes(d)` with the body's origin at `xf` (its `originTransform`); a proxy of
    /// the detached grid that stays an ordinary proxy is marked moved here and listed in `marks`,
    /// if given (else left to the serial pass, if `marksMovedProxies`).
    @inline(__always)
    func updateShapeBoxes(_ d: Int, at xf: Transform, marks: UnsafeMutablePointer<MovedMarkBatch>? = nil) -> Bool {
        var enlarged = false
        var s = firstShape[Int(slotOfDense[d])]
        while s >= 0 {
            let place = placement[Int(s)]
            if place == .inert {
                s = nextInBody[Int(s)]
                continue
            }
            let box = shapeAABB(geometry[Int(s)], vertices: vertices, lanes: lanes, xf)
            aabb[Int(s)] = box
            // The fat box holds the box grown by the speculative distance: a shape that comes
            // that close to another must be paired with it by the next step, or the contact
            // that should stop it there is missed.
            if !fatAABB[Int(s)].contains(box.expanded(by: speculativeDistance)) {
                let fat = box.expanded(by: fatMargin)
                fatAABB[Int(s)] = fat
                var stays = false
                if detachedGrid && place == .movingGrid {
                    let range = SpatialHash.cellRange(fat, inverseCellSize: inverseCellSize)
                    cells[Int(s)] = range
                    let ordinary = range.cellCount > 0 && range.cellCount <= World.largeProxyCellLimit
                    if let marks, ordinary {
                        if !movedFlags[Int(s)] {
                            movedFlags[Int(s)] = true
                            marks.pointee.add(s)
                        }
                        stays = true
                    } else {
                        stays = !marksMovedProxies && ordinary
                    }
                }
                // Nothing for the serial pass to move for a proxy that stays in the detached grid
                // unmarked.
                if !stays { enlarged = true }
            }
            s = nextInBody[Int(s)]
        }
        return enlarged
    }

    /// Applies the step's motion to body `d`'s transform, updates its sleep timer, clears its
    /// forces and sets its fast and sleep flags. Writes the record's changed fields in place,
    /// rather than copying the whole 88-byte record in and out (7 % of this pass's instructions
    /// in the junkyard).
    @inline(__always)
    func moveBody(_ d: Int) {
        let sim = sims + d
        let state = states[d]
        let center = sim.pointee.center + state.deltaPosition
        let q = state.deltaRotation, r = sim.pointee.rotation
        var c = q.cosine * r.cosine - q.sine * r.sine
        var s = q.sine * r.cosine + q.cosine * r.sine
        let inv = 1 / (c * c + s * s).squareRoot()
        c *= inv; s *= inv
        sim.pointee.center = center
        sim.pointee.rotation = Rotation(cosine: c, sine: s)
        var sleepTime = sim.pointee.sleepTime
        if enableSleep {
            let v = state.linearVelocity, w = state.angularVelocity
            if !sim.pointee.allowSleep || v.lengthSquared > linearSleepTolerance * linearSleepTolerance
                || abs(w) > angularSleepTolerance {
                sleepTime = 0
            } else {
                sleepTime += dt
            }
            sim.pointee.sleepTime = sleepTime
        }
        sim.pointee.force = .zero
        sim.pointee.torque = 0
        let dynamic = sim.pointee.type == .dynamic
        let minExtent = sim.pointee.minExtent
        let fast = enableContinuous && dynamic && state.deltaPosition.lengthSquared > minExtent * minExtent
        fastBodies[d] = fast ? 1 : 0
        sleepFlags[d] = (dynamic ? SleepFlags.dynamic : 0) | (sleepTime >= timeToSleep ? SleepFlags.still : 0)
    }
}
