extension JointStore {
    /// Collects the joints with at least one awake body into `active`, grouped by colour.
    ///
    /// A body takes a colour slot only if it is awake and can move (inverse mass > 0); static,
    /// kinematic and sleeping bodies are never written by a joint, so they may appear in any
    /// number of joints of one colour.
    mutating func gatherActive(awake: Int, denseOfSlot: UnsafePointer<Int32>, sims: UnsafePointer<BodySim>, widePins: Bool = true) {
        let slotCount = slots.slotCount
        coloring.reset(bodyCount: awake)
        unordered.removeAll()
        colorOf.removeAll()
        unordered.reserve(slotCount)
        colorOf.reserve(slotCount)
        let records = UnsafePointer(self.records.base)
        let alive = UnsafePointer(slots.alive.base)
        @inline(__always) func dense(_ slot: Int32) -> Int { slot >= 0 ? Int(denseOfSlot[Int(slot)]) : Int.max }
        for j in 0..<slotCount where alive[j] {
            let dA = dense(records[j].bodyA), dB = dense(records[j].bodyB)
            guard dA < awake || dB < awake else { continue }
            let colorA: Int32 = dA < awake && sims[dA].invMass > 0 ? Int32(dA) : -1
            let colorB: Int32 = dB < awake && sims[dB].invMass > 0 ? Int32(dB) : -1
            unordered.append(Int32(j))
            colorOf.append(coloring.assign(colorA, colorB))
        }
        coloring.finish()
        let count = unordered.count
        active.resizeUninitialized(to: count)
        let cursor = coloring.counts.base
        for c in 0...GraphColoring.maxColors { cursor[c] = coloring.offsets[c] }
        for k in 0..<count {
            let color = Int(colorOf[k])
            active[Int(cursor[color])] = unordered[k]
            cursor[color] += 1
        }
        putPinsFirst(records, widePins: widePins)
    }

    /// Reorders each colour's joints so that its plain pins come first, in slot order, and counts
    /// them; the others follow, in slot order. Joints of one colour share no movable body, so
    /// their order changes no result.
    mutating func putPinsFirst(_ records: UnsafePointer<JointRecord>, widePins: Bool) {
        pinCounts.resize(to: GraphColoring.maxColors, filling: 0)
        let active = self.active.base, others = unordered.base
        for color in 0..<GraphColoring.maxColors {
            let start = Int(coloring.offsets[color]), end = Int(coloring.offsets[color + 1])
            var pins = 0, rest = 0
            for k in start..<end {
                let j = active[k]
                if widePins && WidePinBlock.takes(records[Int(j)]) {
                    active[start + pins] = j
                    pins += 1
                } else {
                    others[rest] = j
                    rest += 1
                }
            }
            for k in 0..<rest { active[start + pins + k] = others[k] }
            pinCounts[color] = Int32(pins)
        }
    }
}
