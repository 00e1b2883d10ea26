import Synchronization

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
        // Without proxies in the moving grid (every moving shape collides with nothing, as in a
        // swarm in fields), the pass loads the shape records of large proxies at most: prefetching
        // them for every body would cost more than it saves (fields-swarm, callgrind).
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
                                prefetches: prefetchesRecords && movingProxyCount > 0, fastBodies: fastBodyFlags.base,
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
