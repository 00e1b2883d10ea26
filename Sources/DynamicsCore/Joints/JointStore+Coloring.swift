extension JointStore {
    /// Collects the joints with at least one awake body into `active`, grouped by colour.
    ///
    /// A body takes a colour slot only if it is awake and can move (inverse mass > 0); static,
    /// kinematic and sleeping bodies are never written by a joint, so they may appear in any
    /// number of joints of one colour.
    ///
    /// The result depends only on which joints exist, which of their bodies are awake and can
    /// move, and `wideJoints`; while none of that changed (`bodiesVersion` is the bodies'
    /// `membershipVersion`), the last result is kept. Debug builds colour again and check that
    /// the result is the same (unless `verifiesKeptColoring` is off).
    mutating func gatherActive(awake: Int, denseOfSlot: UnsafePointer<Int32>, sims: UnsafePointer<BodySim>,
                               wideJoints: Bool = true, bodiesVersion: UInt64) {
        let inputs = GatherInputs(joints: version, bodies: bodiesVersion, wideJoints: wideJoints)
        if gatheredFrom == inputs {
            assert(!verifiesKeptColoring || recoloringKeepsResult(awake: awake, denseOfSlot: denseOfSlot, sims: sims, wideJoints: wideJoints),
                   "the joints or bodies changed without a version change: the kept joint colouring is stale")
            return
        }
        colorActive(awake: awake, denseOfSlot: denseOfSlot, sims: sims, wideJoints: wideJoints)
        gatheredFrom = inputs
    }

    /// Colours again and tells whether `active`, the colour offsets and the wide counts came out as
    /// they were (compared by digest, so that the check allocates nothing).
    private mutating func recoloringKeepsResult(awake: Int, denseOfSlot: UnsafePointer<Int32>, sims: UnsafePointer<BodySim>,
                                                wideJoints: Bool) -> Bool {
        let kept = gatheredDigest()
        colorActive(awake: awake, denseOfSlot: denseOfSlot, sims: sims, wideJoints: wideJoints)
        return gatheredDigest() == kept
    }

    /// An FNV-1a digest of `active`, the colour offsets, `pinCounts` and `distanceCounts`.
    private func gatheredDigest() -> UInt64 {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: Int32) { digest = (digest ^ UInt64(UInt32(bitPattern: value))) &* 0x0000_0100_0000_01B3 }
        mix(Int32(active.count))
        for k in 0..<active.count { mix(active[k]) }
        for c in 0..<coloring.offsets.count { mix(coloring.offsets[c]) }
        for c in 0..<pinCounts.count { mix(pinCounts[c]) }
        for c in 0..<distanceCounts.count { mix(distanceCounts[c]) }
        return digest
    }

    /// `gatherActive` without the kept result.
    private mutating func colorActive(awake: Int, denseOfSlot: UnsafePointer<Int32>, sims: UnsafePointer<BodySim>, wideJoints: Bool) {
        let slotCount = slots.slotCount
        coloring.reset(bodyCount: awake)
        unordered.resizeUninitialized(to: slotCount)
        colorOf.resizeUninitialized(to: slotCount)
        pinCounts.resize(to: GraphColoring.maxColors + 1, filling: 0)
        pinCounts.fill(0)
        distanceCounts.resize(to: GraphColoring.maxColors + 1, filling: 0)
        distanceCounts.fill(0)
        // The joints' bodies from the 12-byte keys, in slot order: a line of each joint record
        // was most of this serial loop.
        let keys = UnsafePointer(self.keys.base), alive = UnsafePointer(slots.alive.base)
        let slotsOut = unordered.base, colorsOut = colorOf.base, pins = pinCounts.base, distances = distanceCounts.base
        @inline(__always) func dense(_ slot: Int32) -> Int { slot >= 0 ? Int(denseOfSlot[Int(slot)]) : Int.max }
        var n = 0
        for j in 0..<slotCount where alive[j] {
            let key = keys[j]
            let dA = dense(key.bodyA), dB = dense(key.bodyB)
            guard dA < awake || dB < awake else { continue }
            let colorA: Int32 = dA < awake && sims[dA].invMass > 0 ? Int32(dA) : -1
            let colorB: Int32 = dB < awake && sims[dB].invMass > 0 ? Int32(dB) : -1
            let color = coloring.assign(colorA, colorB)
            let wide = wideJoints && Int(color) < GraphColoring.maxColors ? key.wide : .none
            switch wide {
            case .pin: pins[Int(color)] += 1
            case .distance: distances[Int(color)] += 1
            case .none: break
            }
            slotsOut[n] = Int32(j)
            colorsOut[n] = color | Int32(Self.group(of: wide)) << 16
            n += 1
        }
        coloring.finish()
        // Each colour's plain pins first, then its distance joints without limit, then its other
        // joints, each group in slot order.
        active.resizeUninitialized(to: n)
        cursors.resize(to: 3 * (GraphColoring.maxColors + 1), filling: 0)
        let cursor = cursors.base, out = active.base
        for c in 0...GraphColoring.maxColors {
            cursor[3 * c] = coloring.offsets[c]
            cursor[3 * c + 1] = coloring.offsets[c] + pins[c]
            cursor[3 * c + 2] = coloring.offsets[c] + pins[c] + distances[c]
        }
        for k in 0..<n {
            let tagged = colorsOut[k]
            let lane = 3 * Int(tagged & 0xFFFF) + Int(tagged >> 16)
            out[Int(cursor[lane])] = slotsOut[k]
            cursor[lane] += 1
        }
        pinCounts.resizeUninitialized(to: GraphColoring.maxColors)
        distanceCounts.resizeUninitialized(to: GraphColoring.maxColors)
    }

    /// A joint's group within its colour, kept above the colour in `colorOf`: 0 for plain pins,
    /// 1 for distance joints without limit, 2 for the joints solved alone.
    static func group(of wide: WideJointKind) -> Int {
        switch wide {
        case .pin: 0
        case .distance: 1
        case .none: 2
        }
    }

    /// Records a joint's bodies and which wide block takes it, as `gatherActive` reads them.
    mutating func setKey(_ slot: Int32, _ r: JointRecord) {
        let key = JointKey(bodyA: r.bodyA, bodyB: r.bodyB, wide: .of(r))
        noteChange()
        if Int(slot) == keys.count { keys.append(key) } else { keys[Int(slot)] = key }
    }
}
