extension SolverKey {
    /// The key of a solved contact between the bodies at dense `dA` and `dB`, with `bits` carried
    /// over (`hasSegment`), given the bodies' current ranges: `[0, awake)` awake, `[awake, movable)`
    /// asleep.
    @inline(__always)
    static func solved(denseA dA: Int, denseB dB: Int, bits carried: UInt32, awake: Int, movable: Int,
                       sims: UnsafePointer<BodySim>) -> SolverKey {
        var bits = carried | solved
        let awakeA = dA < awake, awakeB = dB < awake
        if awakeA && sims[dA].invMass > 0 { bits |= movableA }
        if awakeB && sims[dB].invMass > 0 { bits |= movableB }
        if (!awakeA && dA < movable) || (!awakeB && dB < movable) { bits |= sleepingSide }
        return SolverKey(denseA: awakeA ? Int32(dA) : -1, denseB: awakeB ? Int32(dB) : -1, bits: bits)
    }

    /// The key of a contact with `flags` between the bodies at dense `dA` and `dB`: solved if it
    /// is touching and simulated, else only whether it has a segment.
    @inline(__always)
    static func of(_ flags: ContactFlags, denseA dA: Int, denseB dB: Int, awake: Int, movable: Int,
                   sims: UnsafePointer<BodySim>) -> SolverKey {
        let bits: UInt32 = flags.contains(.hasSegment) ? hasSegment : 0
        guard flags.contains(.touching) && flags.contains(.simulated) else { return SolverKey(denseA: -1, denseB: -1, bits: bits) }
        return .solved(denseA: dA, denseB: dB, bits: bits, awake: awake, movable: movable, sims: sims)
    }
}

extension World {
    /// Writes again the keys of the solved contacts that had a sleeping body when the narrowphase
    /// wrote them. A body woken since (by a contact that started touching it, in the narrowphase's
    /// serial pass) has moved into the awake range and now takes a colour slot. No other key is
    /// stale: waking moves only sleeping bodies. Before, any wake sent the colouring back to the
    /// 184-byte contacts and two body records each (smash wakes bodies in most steps).
    func refreshKeysOfWokenBodies() {
        let keys = solverKeys.base
        let contactBase = UnsafePointer(contacts.base)
        let denseOf = UnsafePointer(bodies.denseOfSlot.base), sims = UnsafePointer(bodies.sim.base)
        let awake = bodies.awakeCount, movable = bodies.movableCount
        for i in 0..<solverKeys.count where keys[i].bits & SolverKey.sleepingSide != 0 {
            let c = contactBase + i
            keys[i] = .solved(denseA: Int(denseOf[Int(c.pointee.bodyA)]), denseB: Int(denseOf[Int(c.pointee.bodyB)]),
                              bits: keys[i].bits & SolverKey.hasSegment, awake: awake, movable: movable, sims: sims)
        }
        solverKeysMissWakes = false
    }

    /// Writes every contact's key from the contacts and their bodies' records, for a colouring
    /// with no narrowphase since the last one (or in tests that compare with the narrowphase's keys).
    func writeSolverKeysFromContacts() {
        solverKeys.resizeUninitialized(to: contacts.count)
        let keys = solverKeys.base
        let contactBase = UnsafePointer(contacts.base)
        let denseOf = UnsafePointer(bodies.denseOfSlot.base), sims = UnsafePointer(bodies.sim.base)
        let awake = bodies.awakeCount, movable = bodies.movableCount
        for i in 0..<contacts.count {
            let c = contactBase + i
            keys[i] = .of(c.pointee.flags, denseA: Int(denseOf[Int(c.pointee.bodyA)]), denseB: Int(denseOf[Int(c.pointee.bodyB)]),
                          awake: awake, movable: movable, sims: sims)
        }
    }
}
