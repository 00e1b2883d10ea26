extension SolverKey {
    /// The key of a solved contact between the bodies at dense `dA` and `dB`, with `bits` carried
    /// over (`hasSegment`, `twoPoints`), given the bodies' current ranges: `[0, awake)` awake,
    /// `[awake, movable)` asleep.
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

    /// The key of a contact with `flags` and a manifold of `pointCount` points between the bodies
    /// at dense `dA` and `dB`: solved if it is touching and simulated, or touching with a body
    /// awake now (woken since the narrowphase left it to sleep), else only whether it has a segment.
    @inline(__always)
    static func of(_ flags: ContactFlags, pointCount: Int32, denseA dA: Int, denseB dB: Int, awake: Int, movable: Int,
                   sims: UnsafePointer<BodySim>) -> SolverKey {
        let bits: UInt32 = flags.contains(.hasSegment) ? hasSegment : 0
        guard flags.contains(.touching) && (flags.contains(.simulated) || dA < awake || dB < awake) else {
            return SolverKey(denseA: -1, denseB: -1, bits: bits)
        }
        return .solved(denseA: dA, denseB: dB, bits: bits | (pointCount > 1 ? twoPoints : 0), awake: awake,
                       movable: movable, sims: sims)
    }
}

extension World {
    /// Writes again the keys of the contacts that had a sleeping body when the narrowphase wrote
    /// them. A body woken since (by a contact that started touching it, in the narrowphase's
    /// serial pass) has moved into the awake range and now takes a colour slot. No other key is
    /// stale: waking moves only sleeping bodies. Before, any wake sent the colouring back to the
    /// 184-byte contacts and two body records each (smash wakes bodies in most steps).
    ///
    /// A touching contact whose bodies were both asleep (or asleep and static) is solved from the
    /// step its body wakes in, and marked simulated: left out for that one step, a thin bar asleep
    /// against a wall and struck by a box was driven 7.6 pt into the wall (`AnimatorProperties`).
    func refreshKeysOfWokenBodies() {
        let keys = solverKeys.base
        let contactBase = contacts.base
        let denseOf = UnsafePointer(bodies.denseOfSlot.base), sims = UnsafePointer(bodies.sim.base)
        let awake = bodies.awakeCount, movable = bodies.movableCount
        let stale = SolverKey.sleepingSide | SolverKey.dormant
        for i in 0..<solverKeys.count where keys[i].bits & stale != 0 {
            let c = contactBase + i
            let dA: Int, dB: Int
            if keys[i].bits & SolverKey.dormant != 0 {
                // The slots, from the key: most such contacts stay asleep, their records unread.
                dA = Int(denseOf[Int(keys[i].denseA)]); dB = Int(denseOf[Int(keys[i].denseB)])
                guard dA < awake || dB < awake else { continue }
                c.pointee.flags.insert(.simulated)
            } else {
                dA = Int(denseOf[Int(c.pointee.bodyA)]); dB = Int(denseOf[Int(c.pointee.bodyB)])
            }
            keys[i] = .solved(denseA: dA, denseB: dB, bits: keys[i].bits & (SolverKey.hasSegment | SolverKey.twoPoints),
                              awake: awake, movable: movable, sims: sims)
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
            keys[i] = .of(c.pointee.flags, pointCount: solverManifolds.base[i].pointCount,
                          denseA: Int(denseOf[Int(c.pointee.bodyA)]), denseB: Int(denseOf[Int(c.pointee.bodyB)]),
                          awake: awake, movable: movable, sims: sims)
        }
    }
}
