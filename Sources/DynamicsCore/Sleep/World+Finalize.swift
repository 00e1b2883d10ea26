import CKernelSupport
import Synchronization

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

    /// Finalises bodies `range`, listing the proxies marked moved in `marks` (if any).
    @inline(__always)
    private func finalize(_ range: Range<Int>, marks: UnsafeMutablePointer<MovedMarkBatch>?) {
        let end = range.upperBound
        let distances = Self.prefetchDistances
        for d in range {
            // Bodies come in dense order, their shapes in slot order: a body's first shape, its
            // geometry and its vertices are a chain of loads from far apart, cache misses one
            // after another in a large pile. Prefetching runs the chain ahead, a link per distance.
            if prefetches && d + distances.shapeIndex < end {
                dynamics_prefetch(firstShape + Int(slotOfDense[d + distances.shapeIndex]))
            }
            if prefetches && d + distances.shapeRecords < end { prefetchShapeRecords(of: d + distances.shapeRecords) }
            if prefetches && d + distances.vertices < end { prefetchVertices(of: d + distances.vertices) }
            finalize(d, marks: marks)
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
    /// that is in a grid or the large list did.
    @inline(__always)
    func updateShapeBoxes(_ d: Int) -> Bool { updateShapeBoxes(d, at: sims[d].originTransform) }

    /// `updateShapeBoxes(d)` with the body's origin at `xf` (its `originTransform`); a proxy of
    /// the detached grid that stays an ordinary proxy is marked moved here and listed in `marks`,
    /// if given (else left to the serial pass, if `marksMovedProxies`).
    @inline(__always)
    func updateShapeBoxes(_ d: Int, at xf: Transform, marks: UnsafeMutablePointer<MovedMarkBatch>? = nil) -> Bool {
        var enlarged = false
        var s = firstShape[Int(slotOfDense[d])]
        while s >= 0 {
            let box = shapeAABB(geometry[Int(s)], vertices: vertices, lanes: lanes, xf)
            aabb[Int(s)] = box
            // The fat box holds the box grown by the speculative distance: a shape that comes
            // that close to another must be paired with it by the next step, or the contact
            // that should stop it there is missed.
            if !fatAABB[Int(s)].contains(box.expanded(by: speculativeDistance)) {
                let fat = box.expanded(by: fatMargin)
                fatAABB[Int(s)] = fat
                let place = placement[Int(s)]
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
                // A shape that collides with nothing is in no grid: nothing for the serial pass to
                // move (in a swarm driven by fields, every body, every step). Nor is there for
                // one that stays in the detached grid unmarked.
                if place != .inert && !stays { enlarged = true }
            }
            s = nextInBody[Int(s)]
        }
        return enlarged
    }

    /// Applies the step's motion to the body's transform, updates its sleep timer, clears forces,
    /// and updates its boxes (again after the sweep, for a fast body that the sweep moves back).
    /// Writes the record's changed fields in place, rather than copying the whole 88-byte record
    /// in and out (7 % of this pass's instructions in the junkyard).
    @inline(__always)
    func finalize(_ d: Int, marks: UnsafeMutablePointer<MovedMarkBatch>?) {
        let sim = sims + d
        let state = states[d]
        let center = sim.pointee.center + state.deltaPosition
        let q = state.deltaRotation, r = sim.pointee.rotation
        var c = q.cosine * r.cosine - q.sine * r.sine
        var s = q.sine * r.cosine + q.cosine * r.sine
        let inv = 1 / (c * c + s * s).squareRoot()
        c *= inv; s *= inv
        let rotation = Rotation(cosine: c, sine: s)
        sim.pointee.center = center
        sim.pointee.rotation = rotation
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
        // Fast bodies too: their sweep rarely moves them, and boxes redone only then keep the
        // serial part short. The body's origin is worked out as `BodySim.originTransform` does.
        let origin = Transform(position: center - rotation.apply(sim.pointee.localCenter), rotation: rotation)
        enlarged[d] = updateShapeBoxes(d, at: origin, marks: marks) ? 1 : 0
    }
}

extension World {
    /// Whether the finalisation flags fast bodies and sweeps them: with continuous collision on
    /// and a static shape to sweep against, in the static grid or among the large proxies. A
    /// large proxy of a moving body does not count: the sweep passes it over. Smash's 8 m box is
    /// one, and smash has no static shape; flagging and sweeping the boxes it sends flying cost
    /// 5 % to 7 % of the step for nothing (side by side, one thread and two, the same states).
    var sweepsFastBodies: Bool {
        guard definition.enableContinuous else { return false }
        if staticGrid.liveNodes > 0 { return true }
        let large = UnsafePointer(largeProxies.base)
        for i in 0..<largeProxies.count where bodies.isStatic(slot: shapes.body[Int(large[i])]) { return true }
        return false
    }

    /// Writes the step's motion into the transforms (in parallel), sweeps fast bodies against
    /// static shapes (in parallel), then serially moves escaped proxies in the grid, in body order.
    func finalize(_ dt: Float) {
        let awake = bodies.awakeCount
        // Fast bodies are swept against static shapes only: with none in the world (a swarm in
        // fields, with no boundary), flagging them would only fill the sweep's list in vain.
        let sweeps = sweepsFastBodies
        fastBodyFlags.resizeUninitialized(to: awake)
        sleepFlags.resizeUninitialized(to: awake)
        enlargedFlags.resizeUninitialized(to: awake)
        // While the grid is detached, the parallel pass lists the proxies it marks moved.
        let listsMoved = movingGridDetached && !movedProxiesCannotPair
        if listsMoved {
            moveBuffer.reserve(moveBuffer.count + shapes.slotCount)
            movedListCursor.next.store(moveBuffer.count, ordering: .relaxed)
        }
        let view = FinalizeView(states: bodies.state.base, sims: bodies.sim.base, slotOfDense: bodies.slotOfDense.base,
                                firstShape: bodies.firstShape.base, nextInBody: shapes.nextInBody.base,
                                geometry: shapes.geometry.base, vertices: shapes.vertices.base, lanes: shapes.edgeLanes.floats.base,
                                aabb: shapes.aabb.base, fatAABB: shapes.fatAABB.base,
                                placement: UnsafePointer(shapes.placement.base), cells: shapes.cells.base,
                                detachedGrid: movingGridDetached,
                                marksMovedProxies: !(movingGridDetached && movedProxiesCannotPair),
                                movedList: listsMoved ? moveBuffer.base : nil, movedListCursor: movedListCursor,
                                movedFlags: movedFlag.base,
                                inverseCellSize: movingGrid.inverseCellSize,
                                fatMargin: tolerances.fatMargin,
                                speculativeDistance: tolerances.speculativeDistance,
                                dt: dt, enableSleep: definition.enableSleep, enableContinuous: sweeps,
                                linearSleepTolerance: tolerances.linearSleepTolerance,
                                angularSleepTolerance: tolerances.angularSleepTolerance,
                                prefetches: prefetchesRecords, fastBodies: fastBodyFlags.base,
                                sleepFlags: sleepFlags.base, timeToSleep: tolerances.timeToSleep,
                                enlarged: enlargedFlags.base)
        parallel(tasks.finalize, view, count: awake, minimumChunk: 512)
        if listsMoved { moveBuffer.resizeUninitialized(to: movedListCursor.next.load(ordering: .relaxed)) }
        if segmentShapeCount > 0 { keepCentresOffStaticSegments(view) }
        if sweeps { sweepFastBodies(view) }
        let enlarged = UnsafePointer(enlargedFlags.base)
        // Columns through pointers taken once: read through self, each read in this loop was a
        // dynamic exclusivity check (a tenth of junkyard's instructions while its pile falls).
        // Regridding writes existing entries only, so the pointers stay valid.
        let placement = UnsafePointer(shapes.placement.base), cells = shapes.cells.base
        let movedFlags = movedFlag.base
        var d = 0
        while d < awake {
            // Eight bodies at a time while none of them was enlarged (most, in a resting pile).
            if d + 8 <= awake && UnsafeRawPointer(enlarged + d).loadUnaligned(as: UInt64.self) == 0 {
                d += 8
                continue
            }
            defer { d += 1 }
            guard enlarged[d] != 0 else { continue }
            var s = view.firstShape[Int(view.slotOfDense[d])]
            while s >= 0 {
                let i = Int(s)
                if view.detachedGrid && placement[i] == .movingGrid {
                    // The parallel pass wrote the cells: an ordinary proxy is only marked moved;
                    // one that outgrew the grid becomes a large proxy.
                    let cellCount = cells[i].cellCount
                    if cellCount > 0 && cellCount <= Self.largeProxyCellLimit {
                        if !movedFlags[i] {
                            movedFlags[i] = true
                            moveBuffer.append(s)
                        }
                    } else {
                        removeProxy(s)
                        insertProxy(s)
                    }
                } else if placement[i] == .movingGrid, case let range = movingGrid.cellRange(view.fatAABB[i]),
                   range.cellCount > 0 && range.cellCount <= Self.largeProxyCellLimit {
                    // The common case, as `regrid` does it: a proxy of the moving grid that stays
                    // an ordinary proxy moves to its new cells (if they changed) and is marked moved.
                    if range != cells[i] {
                        movingGrid.move(s, from: cells[i], to: range)
                        cells[i] = range
                    }
                    if !movedFlags[i] {
                        movedFlags[i] = true
                        moveBuffer.append(s)
                    }
                } else {
                    regrid(s)
                }
                s = view.nextInBody[i]
            }
        }
    }
}
