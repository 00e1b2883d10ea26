extension World {
    /// Renumbers the slots of the awake bodies' shapes (static-grid shapes aside) so that they
    /// come in the order of their bodies' dense indices, which the locality pass has just put
    /// along a Z-curve; does nothing when they already do.
    ///
    /// A shape's records are found by slot, and slots are handed out in creation order: in a
    /// scene built over time (rain) the shapes of neighbouring bodies were spread over the whole
    /// store, and each of the narrowphase's box and geometry loads, and each of finalisation's,
    /// was a line of its own. Renumbered, a line holds several neighbours' records.
    ///
    /// The shapes keep their handles (`ShapeStore.slotOfID`). Everything that names a shape by
    /// slot is rewritten: the records, the links between a body's shapes, the bodies' first
    /// shapes, the contacts (and the pair table, whose keys are slots), the moving grid's
    /// nodes, the large proxies and the moved list. The slots taken are the ones the shapes had,
    /// in ascending order, so the shapes of sleeping and static bodies stay where they are. The
    /// new order depends on the state alone, so results stay identical for any worker count.
    func renumberShapesOfAwakeBodies() {
        let slotCount = shapes.slotCount
        shapeOrderMoved.reserve(slotCount)
        shapeOrderTargets.reserve(slotCount)
        shapeNewSlot.reserve(slotCount)
        // The moves' scratch, then the pair table's new keys (`renumberContactShapes`).
        shapeOrderScratch.reserve(max(slotCount * ShapeStore.scratchWordsPerShape, contacts.capacity))
        guard collectShapesInBodyOrder() else { return }
        let moves = SlotMoves(moved: UnsafePointer(shapeOrderMoved.base), targets: UnsafePointer(shapeOrderTargets.base),
                              count: shapeOrderMoved.count, newSlot: UnsafePointer(shapeNewSlot.base))
        let scratch = UnsafeMutableRawPointer(shapeOrderScratch.base)
        shapes.apply(moves, scratch: scratch)
        moves.apply(to: movedFlag.base, scratch: scratch)
        movingGrid.renumberProxies(moves, proxyCount: slotCount, scratch: scratch)
        let newSlot = moves.newSlot
        let awake = bodies.awakeCount
        let firstShape = bodies.firstShape.base, slotOfDense = UnsafePointer(bodies.slotOfDense.base)
        for d in 0..<awake {
            let b = Int(slotOfDense[d])
            if firstShape[b] >= 0 { firstShape[b] = newSlot[Int(firstShape[b])] }
        }
        for i in 0..<largeProxies.count { largeProxies[i] = newSlot[Int(largeProxies[i])] }
        for i in 0..<moveBuffer.count { moveBuffer[i] = newSlot[Int(moveBuffer[i])] }
        renumberContactShapes(newSlot)
    }

    /// Lists the shapes to move in their new order (`shapeOrderMoved`), their slots in ascending
    /// order (`shapeOrderTargets`) and each slot's new slot (`shapeNewSlot`); false when the
    /// shapes are already in order.
    private func collectShapesInBodyOrder() -> Bool {
        let slotCount = shapes.slotCount
        shapeOrderMoved.removeAll()
        let firstShape = UnsafePointer(bodies.firstShape.base), slotOfDense = UnsafePointer(bodies.slotOfDense.base)
        let next = UnsafePointer(shapes.nextInBody.base), placement = UnsafePointer(shapes.placement.base)
        for d in 0..<bodies.awakeCount {
            var s = firstShape[Int(slotOfDense[d])]
            while s >= 0 {
                if placement[Int(s)] != .staticGrid { shapeOrderMoved.append(s) }
                s = next[Int(s)]
            }
        }
        let count = shapeOrderMoved.count
        guard count > 1 else { return false }
        // The slots taken, in ascending order: marked in the map, then read off it.
        shapeNewSlot.resizeUninitialized(to: slotCount)
        let newSlot = shapeNewSlot.base, moved = shapeOrderMoved.base
        for s in 0..<slotCount { newSlot[s] = Int32(s) }
        for k in 0..<count { newSlot[Int(moved[k])] = -1 }
        shapeOrderTargets.resizeUninitialized(to: count)
        let targets = shapeOrderTargets.base
        var n = 0
        for s in 0..<slotCount where newSlot[s] < 0 {
            targets[n] = Int32(s)
            n += 1
        }
        var inOrder = true
        for k in 0..<count {
            newSlot[Int(moved[k])] = targets[k]
            if moved[k] != targets[k] { inOrder = false }
        }
        return !inOrder
    }

    /// Rewrites the contacts' shapes by `newSlot`, and the pair table, whose keys are made of them.
    /// The new keys are listed first (in `shapeOrderScratch`, done with by then), so that
    /// each insert's slot in the table is prefetched `pairRefillPrefetchDistance` inserts ahead:
    /// one insert after another, each a cache miss in a table of megabytes, the refill was most
    /// of the pass (perf, the first 260 steps of rain-100k on one thread, at 2 kHz, two runs
    /// each: this function's samples 258 and 159 → 94 and 94).
    private func renumberContactShapes(_ newSlot: UnsafePointer<Int32>) {
        let count = contacts.count
        let base = contacts.base
        let keys = shapeOrderScratch.base
        for i in 0..<count {
            let a = newSlot[Int(base[i].shapeA)], b = newSlot[Int(base[i].shapeB)]
            base[i].shapeA = a
            base[i].shapeB = b
            keys[i] = PairTable.key(a, b)
        }
        pairs.removeAll()
        let ahead = Self.pairRefillPrefetchDistance
        for i in 0..<count {
            if i + ahead < count { pairs.prefetchForWrite(keys[i + ahead]) }
            pairs.insert(keys[i])
        }
    }

    /// How many inserts ahead the pair table's refill prefetches.
    static let pairRefillPrefetchDistance = 16
}
