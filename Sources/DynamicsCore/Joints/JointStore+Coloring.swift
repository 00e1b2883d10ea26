extension JointStore {
    /// Collects the joints with at least one awake body into `active`, grouped by colour.
    ///
    /// A body takes a colour slot only if it is awake and can move (inverse mass > 0); static,
    /// kinematic and sleeping bodies are never written by a joint, so they may appear in any
    /// number of joints of one colour.
    mutating func gatherActive(awake: Int, denseOfSlot: UnsafePointer<Int32>, sims: UnsafePointer<BodySim>, widePins: Bool = true) {
        let slotCount = slots.slotCount
        coloring.reset(bodyCount: awake)
        unordered.resizeUninitialized(to: slotCount)
        colorOf.resizeUninitialized(to: slotCount)
        pinCounts.resize(to: GraphColoring.maxColors + 1, filling: 0)
        pinCounts.fill(0)
        // The joints' bodies from the 12-byte keys, in slot order: a line of each joint record
        // was most of this serial loop.
        let keys = UnsafePointer(self.keys.base), alive = UnsafePointer(slots.alive.base)
        let slotsOut = unordered.base, colorsOut = colorOf.base, pins = pinCounts.base
        @inline(__always) func dense(_ slot: Int32) -> Int { slot >= 0 ? Int(denseOfSlot[Int(slot)]) : Int.max }
        var n = 0
        for j in 0..<slotCount where alive[j] {
            let key = keys[j]
            let dA = dense(key.bodyA), dB = dense(key.bodyB)
            guard dA < awake || dB < awake else { continue }
            let colorA: Int32 = dA < awake && sims[dA].invMass > 0 ? Int32(dA) : -1
            let colorB: Int32 = dB < awake && sims[dB].invMass > 0 ? Int32(dB) : -1
            let color = coloring.assign(colorA, colorB)
            let pin = widePins && key.isPlainPin && Int(color) < GraphColoring.maxColors
            if pin { pins[Int(color)] += 1 }
            slotsOut[n] = Int32(j)
            colorsOut[n] = pin ? color | Self.pinBit : color
            n += 1
        }
        coloring.finish()
        // Each colour's plain pins first, then its other joints, both in slot order.
        active.resizeUninitialized(to: n)
        cursors.resize(to: 2 * (GraphColoring.maxColors + 1), filling: 0)
        let cursor = cursors.base, out = active.base
        for c in 0...GraphColoring.maxColors {
            cursor[2 * c] = coloring.offsets[c]
            cursor[2 * c + 1] = coloring.offsets[c] + pins[c]
        }
        for k in 0..<n {
            let tagged = colorsOut[k]
            let lane = 2 * Int(tagged & ~Self.pinBit) + (tagged & Self.pinBit != 0 ? 0 : 1)
            out[Int(cursor[lane])] = slotsOut[k]
            cursor[lane] += 1
        }
        pinCounts.resizeUninitialized(to: GraphColoring.maxColors)
    }

    /// Marks a joint's colour in `colorOf` when it is solved in a pin block.
    static let pinBit: Int32 = 1 << 16

    /// Records a joint's bodies and whether it is a plain pin, as `gatherActive` reads them.
    mutating func setKey(_ slot: Int32, _ r: JointRecord) {
        let key = JointKey(bodyA: r.bodyA, bodyB: r.bodyB, isPlainPin: WidePinBlock.takes(r))
        if Int(slot) == keys.count { keys.append(key) } else { keys[Int(slot)] = key }
    }
}
