extension World {
    /// Proxies covering more cells than this live in the `largeProxies` list instead of a grid.
    static let largeProxyCellLimit = 64
    /// The pair search reads `CellRuns` when the moved proxies are at least one in this many of
    /// the moving grid's nodes.
    static let queriesPerNodeForRuns = 16

    func insertProxy(_ shape: Int32) {
        let s = Int(shape)
        if shapes.category[s] == 0 || shapes.mask[s] == 0 {
            shapes.placement[s] = .inert
            inertProxyCount += 1
            return
        }
        let isStatic = bodies.isStatic(slot: shapes.body[s])
        let range = movingGrid.cellRange(shapes.fatAABB[s])
        shapes.cells[s] = range
        if range.cellCount > Self.largeProxyCellLimit || range.cellCount <= 0 {
            shapes.placement[s] = .large
            shapes.largeIndex[s] = Int32(largeProxies.count)
            largeProxies.append(shape)
        } else if isStatic {
            shapes.placement[s] = .staticGrid
            staticGrid.insert(shape, range)
            staticFilters.add(category: shapes.category[s], mask: shapes.mask[s])
        } else {
            shapes.placement[s] = .movingGrid
            if !movingGridDetached { movingGrid.insert(shape, range) }
            movingProxyCount += 1
            movingFilters.add(category: shapes.category[s], mask: shapes.mask[s])
        }
        markMoved(shape)
    }

    func removeProxy(_ shape: Int32) {
        let s = Int(shape)
        switch shapes.placement[s] {
        case .none: break
        case .inert: inertProxyCount -= 1
        case .movingGrid:
            if !movingGridDetached { movingGrid.remove(shape, shapes.cells[s]) }
            movingProxyCount -= 1
            if movingProxyCount == 0 { movingFilters = FilterUnion() }
        case .staticGrid:
            staticGrid.remove(shape, shapes.cells[s])
            if staticGrid.liveNodes == 0 { staticFilters = FilterUnion() }
        case .large:
            let i = Int(shapes.largeIndex[s])
            let last = largeProxies[largeProxies.count - 1]
            largeProxies.swapRemove(at: i)
            if last != shape { shapes.largeIndex[Int(last)] = Int32(i) }
            shapes.largeIndex[s] = -1
        }
        shapes.placement[s] = .none
    }

    @inline(__always)
    func markMoved(_ shape: Int32) {
        if !movedFlag[Int(shape)] {
            movedFlag[Int(shape)] = true
            moveBuffer.append(shape)
        }
    }

    /// Moves a shape's proxy to its (new) enlarged box.
    func regrid(_ shape: Int32) {
        let s = Int(shape)
        if shapes.placement[s] == .inert { return }
        let range = movingGrid.cellRange(shapes.fatAABB[s])
        if shapes.placement[s] == .movingGrid && range == shapes.cells[s] {
            markMoved(shape)
            return
        }
        removeProxy(shape)
        insertProxy(shape)
    }

    /// Recomputes the boxes of a body's shapes after a teleport or type change.
    func refreshProxies(bodySlot b: Int32, forceMove: Bool) {
        let xf = bodies.sim[bodies.dense(b)].originTransform
        let isStatic = bodies.isStatic(slot: b)
        var s = bodies.firstShape[Int(b)]
        while s >= 0 {
            let box = shapes.computeAABB(Int(s), xf)
            shapes.aabb[Int(s)] = box
            if forceMove || !shapes.fatAABB[Int(s)].contains(box.expanded(by: tolerances.speculativeDistance)) {
                shapes.fatAABB[Int(s)] = isStatic ? box : box.expanded(by: tolerances.fatMargin)
                regrid(s)
            }
            s = shapes.nextInBody[Int(s)]
        }
    }

    /// Finds new overlapping pairs for every proxy that moved (in parallel parts), and creates
    /// their contacts in key order.
    func updatePairs() {
        guard moveBuffer.count > 0 else { return }
        let moved = moveBuffer.buffer
        // Also when nothing can pair: the mode decides how the finalisation regrids.
        chooseMovingGridMode(movedCount: moved.count)
        if movedProxiesCannotPair {
            for m in moved { movedFlag[Int(m)] = false }
            moveBuffer.removeAll()
            return
        }
        // The runs cost a pass over every node; they pay when the queries will walk a good part
        // of them (each query walks its proxy's few cells, dozens of nodes in a dense pile).
        // A grid that no moving proxy's filter admits is not queried by them (`FilterUnion`), and
        // its runs are not built; a moved static proxy that still queries it reads the chains.
        // A detached moving grid has no chains: its runs are built whenever it is queried.
        let manyQueries = movingGridDetached || moved.count * Self.queriesPerNodeForRuns >= movingGrid.liveNodes
        var runs = RunsInUse(moving: movingGridDetached ? detachedGridIsQueried(by: moved)
                                                        : manyQueries && movingFilters.mayPair(with: movingFilters),
                             static: manyQueries && movingFilters.mayPair(with: staticFilters),
                             sweepsMoving: movingGridDetached && movingFilters.mayPair(with: movingFilters))
        // A static node walked against the moving runs costs about what one moved proxy's query
        // of the static runs costs, so the walk pays while the nodes are no more than the moved
        // proxies: a bin's or a container's walls, with hundreds or thousands of bodies moving.
        runs.sweepsStatic = sweepsStaticRuns && runs.sweepsMoving && runs.static
            && staticGrid.liveNodes <= moved.count
        if runs.sweepsStatic { staticRunSweeps += 1 }
        let fat = UnsafePointer(shapes.fatAABB.base)
        // Moved proxies have new boxes, whether or not their nodes changed.
        if runs.moving {
            if movingGridDetached { buildMovingRunsFromProxies() } else { movingRuns.build(movingGrid, boxes: fat) }
        }
        if runs.static && !staticRuns.isCurrent(for: staticGrid) { staticRuns.build(staticGrid, boxes: fat) }
        if ordersMovedByCell(movedCount: moved.count, runs: runs) { orderMovedByCell(moved) }
        collectBandedSearches()
        parallel(tasks.pairSearch,
                 PairSearchKernel(world: self, parts: pairSearchParts.base, moved: UnsafePointer(moved.baseAddress!),
                                  movedCount: moved.count, banded: UnsafePointer(bandedSearches.base),
                                  bandedCount: bandedSearches.count, runs: runs),
                 count: PairSearchParts.count, minimumChunk: moved.count >= 256 ? 1 : PairSearchParts.count)
        let parts = pairSearchParts.base
        var total = 0
        for part in 0..<PairSearchParts.count { total += parts[part].candidates.count }
        pairSearchParts.equalize()
        pairCandidates.resizeUninitialized(to: total)
        var out = pairCandidates.base
        for part in 0..<PairSearchParts.count {
            out.update(from: parts[part].candidates.base, count: parts[part].candidates.count)
            out += parts[part].candidates.count
        }
        for m in moved { movedFlag[Int(m)] = false }
        moveBuffer.removeAll()

        let candidates = pairCandidates.buffer
        keySorter.sort(candidates)
        createContacts(sorted: candidates)
    }

    /// Whether no moved proxy can pair with any proxy: the moving proxies' filters admit neither
    /// grid (nor, as the filters' test is symmetric, can a static proxy pair with a moving one),
    /// and there are no large proxies. The joint grid's circles collide with nothing: its search
    /// of 10 000 moved proxies a step found nothing, in 1.7 % of its one-thread samples.
    var movedProxiesCannotPair: Bool {
        largeProxies.count == 0 && !movingFilters.mayPair(with: movingFilters) && !movingFilters.mayPair(with: staticFilters)
    }

    /// Whether two shapes may ever touch: different bodies, at least one dynamic, filters agree,
    /// and no joint between the bodies forbids it.
    func canCollide(_ a: Int32, _ b: Int32) -> Bool {
        Self.canCollide(a, b, shapes: shapes, bodies: bodies, jointedBodyPairs: jointedBodyPairs)
    }

    /// `canCollide` on borrowed stores, for loops that must not read class properties per pair.
    static func canCollide(_ a: Int32, _ b: Int32, shapes: borrowing ShapeStore, bodies: borrowing BodyStore,
                           jointedBodyPairs: borrowing PairTable) -> Bool {
        let bodyA = shapes.body[Int(a)], bodyB = shapes.body[Int(b)]
        if bodyA == bodyB { return false }
        let typeA = bodies.sim[bodies.dense(bodyA)].type, typeB = bodies.sim[bodies.dense(bodyB)].type
        if typeA != .dynamic && typeB != .dynamic { return false }
        // Through the pointer: the subscript copied the whole geometry record.
        if shapes.geometry.base[Int(a)].kind == .segment && shapes.geometry.base[Int(b)].kind == .segment { return false }
        if !shapes.shouldCollide(Int(a), Int(b)) { return false }
        if jointedBodyPairs.count > 0 && jointedBodyPairs.contains(PairTable.key(bodyA, bodyB)) { return false }
        return true
    }

    /// `Contact.combinedMaterial` of two shapes' materials.
    func combinedMaterial(_ shapeA: Int32, _ shapeB: Int32) -> (friction: Float, restitution: Float) {
        let a = Int(shapeA), b = Int(shapeB)
        return Contact.combinedMaterial(friction: (shapes.friction[a], shapes.friction[b]),
                                        restitution: (shapes.restitution[a], shapes.restitution[b]))
    }

    /// Removes a contact, reporting an end event if it was touching.
    func destroyContact(_ index: Int) {
        // Fields through the pointer: binding the record (and the last one) copied the whole of each.
        let c = contacts.base + index
        let flags = c.pointee.flags, shapeA = c.pointee.shapeA, shapeB = c.pointee.shapeB
        if flags.contains(.touching) && flags.contains(.enableEvents) {
            endEvents.append(ContactEndEvent(shapeA: shapeID(slot: shapeA), shapeB: shapeID(slot: shapeB)))
        }
        pairs.remove(PairTable.key(shapeA, shapeB))
        if solverManifolds.base[index].restitution > 0 { bouncyContactCount -= 1 }
        contacts.swapRemove(at: index)
        solverManifolds.swapRemove(at: index)
        contactImpulses.swapRemove(at: index)
        if solverKeysValid { solverKeys.swapRemove(at: index) }
    }

    /// The shapes whose bounding boxes overlap `box`, in ascending handle index order. With
    /// `enlarged`, moving shapes are tested with the broadphase's enlarged boxes
    /// (`aabbMarginMeters` larger on every side).
    public func shapes(overlapping box: AABB, enlarged: Bool = false) -> [ShapeID] {
        shapes(overlapping: box, enlargedBy: enlarged ? tolerances.aabbMargin : 0)
    }

    /// The shapes whose bounding boxes overlap `box`, those of moving shapes grown by `margin`
    /// (length units, finite and ≥ 0) on every side, in ascending handle index order: UIKit's
    /// `items(in:)` grows them by its broadphase's margin, whatever this world's is.
    public func shapes(overlapping box: AABB, enlargedBy margin: Float) -> [ShapeID] {
        guard margin.isFinite && margin >= 0 else {
            refuse("shapes(overlapping:enlargedBy:)", "margin", "must be finite and >= 0, got \(margin)")
            return []
        }
        guard box.isValid else { return [] }
        var result: [ShapeID] = []
        // Every shape's fat box holds its box, so the cells of `box` grown by the margin hold
        // every shape that the grown boxes can meet.
        let range = movingGrid.cellRange(box.expanded(by: margin))
        var found = Column<Int32>()
        let cells = UnsafePointer(shapes.cells.base)
        if range.cellCount > 1 << 16 || range.cellCount <= 0 {
            for s in 0..<shapes.slotCount where shapes.live[s] && shapes.placement[s] != .large && shapes.placement[s] != .none {
                found.append(Int32(s))
            }
        } else {
            appendMovingProxies(meeting: range, into: &found)
            staticGrid.query(range, proxyCells: cells, into: &found)
            if inertProxyCount > 0 {
                for s in 0..<shapes.slotCount where shapes.live[s] && shapes.placement[s] == .inert { found.append(Int32(s)) }
            }
        }
        for i in 0..<largeProxies.count { found.append(largeProxies[i]) }
        // In handle order: slots are renumbered as the world steps, handles are not.
        let list = found.buffer
        for k in list.indices { list[k] = shapes.idOfSlot[Int(list[k])] }
        sortInPlace(list)
        for index in list {
            let s = shapes.slotOfID[Int(index)]
            // The box grown by the margin now, not the fat box, which dates from the last time the
            // shape was placed (see `Tolerances.fatMargin`).
            let shapeBox = currentAABB(slot: Int(s))
            let moving = margin > 0 && !bodies.isStatic(slot: shapes.body[Int(s)])
            if (moving ? shapeBox.expanded(by: margin) : shapeBox).overlaps(box) { result.append(shapeID(slot: s)) }
        }
        return result
    }
}
