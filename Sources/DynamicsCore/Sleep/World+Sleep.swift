extension World {
    /// Puts to sleep every island of awake bodies (touching contacts and joints between dynamic
    /// bodies link them) whose bodies have all been still for `timeToSleep`.
    ///
    /// Only still bodies are linked: an island sleeps exactly when it is a group of still bodies
    /// linked to no restless one, so the groups are found among the still bodies alone, and a
    /// still body linked to a restless one marks its group as staying awake. Each group's root is
    /// its smallest dense index whatever the order of the links, as it would be among all bodies,
    /// so the islands that sleep and their ids are the same. The bodies' flags come from the
    /// finalisation (`sleepFlags`): a byte each, read at random, instead of their 88-byte records.
    func updateSleep() {
        guard definition.enableSleep else { return }
        let awake = bodies.awakeCount
        guard awake > 0 else { return }
        reserveSleepBuffers()
        // While no body is still, no island can sleep and no group is needed (a tumbling or
        // swarming scene, every step): only the bodies pushed by a kinematic one restart their
        // timers. The full update cost rain-10k 130 µs a step on the calling thread alone.
        let kinds = stillAndKinematic(awake)
        guard kinds.anyStill else {
            if kinds.anyKinematic { restartTimersOfPushedBodies() }
            return
        }
        islandParent.resizeUninitialized(to: awake)
        let parent = islandParent.base
        for i in 0..<awake { parent[i] = Int32(i) }
        let flags = sleepFlags.base
        let still = SleepFlags.still, held = SleepFlags.heldAwake
        // The touching contacts with an awake body are the ones this step's solver listed, with
        // their bodies' dense indices (−1 for a body not awake): 16 bytes each, as the colouring
        // split them, rather than a pass over the whole contact records. Nothing has fallen
        // asleep since. The parts below and above the cut are linked on two threads
        // (`SleepLinkKernel`), then the joining part and the joints.
        let parts = coloringParts.base
        @inline(__always) func sources(_ part: Int) -> UnsafeBufferPointer<SolverSource> {
            UnsafeBufferPointer(start: parts[part].sources.base, count: parts[part].sources.count)
        }
        let links = SleepLinkKernel(parent: parent, flags: flags, sims: bodies.sim.base,
                                    lower: sources(ColoringParts.lower), upper: sources(ColoringParts.upper))
        parallel(tasks.sleepLinks, links, count: 2, minimumChunk: orderedSources.count >= sleepLinksSharedFrom ? 1 : 2)
        links.link(sources(ColoringParts.joining))
        for k in 0..<joints.active.count {
            let r = joints.records[Int(joints.active[k])]
            if r.denseA >= 0 && r.denseB >= 0 && r.massA > 0 && r.massB > 0 { links.link(Int(r.denseA), Int(r.denseB)) }
        }
        // A group stays awake if any of its bodies is held (a pushed body may have been grouped
        // before the push): the mark goes to the root.
        for i in 0..<awake where flags[i] & held != 0 {
            let root = Int(links.find(Int32(i)))
            flags[root] |= held
        }
        bodyScratch.removeAll()
        for i in 0..<awake where flags[i] & still != 0 && flags[Int(links.find(Int32(i)))] & held == 0 {
            bodyScratch.append(Int32(i))
        }
        guard bodyScratch.count > 0 else { return }
        // Island ids: one per root, in dense order of first member. Collect slots first: sleeping reorders dense indices.
        islandOfRoot.resize(to: awake, filling: -1)
        islandOfRoot.fill(-1)
        let rootID = islandOfRoot.base
        for k in 0..<bodyScratch.count {
            let d = Int(bodyScratch[k])
            let root = Int(links.find(Int32(d)))
            if rootID[root] < 0 { rootID[root] = nextIslandID; nextIslandID &+= 1 }
            let slot = bodies.slotOfDense[d]
            bodies.island[Int(slot)] = rootID[root]
            bodyScratch[k] = slot
        }
        for k in 0..<bodyScratch.count {
            let slot = bodyScratch[k]
            let d = bodies.dense(slot)
            bodies.state.base[d].linearVelocity = .zero
            bodies.state.base[d].angularVelocity = 0
            bodies.putToSleep(slot: slot)
            fellAsleep.append(slot)
        }
    }

    /// Gives the sleep update's lists room for every body the store can hold, on every update
    /// (nothing to do once they have it), so that they grow when bodies are added. Grown only
    /// where needed, they grew by doubling the first time a large pile fell asleep (18 allocations
    /// in one of rain-1k's steps), and the first time any body was still, in the middle of a
    /// steady run (rain-1k, four steps after its warm-up: 4 allocations).
    func reserveSleepBuffers() {
        let room = bodies.sim.capacity
        islandParent.reserve(room)
        bodyScratch.reserve(room)
        fellAsleep.reserve(room)
        islandOfRoot.reserve(room)
        // The list of an island waking: reserved at its first wake, it grew in the middle of the
        // junkyard's steady steps, when its pile first fell asleep and was struck awake.
        wakeScratch.reserve(room)
    }

    /// Wakes a sleeping body and every body of its island.
    func wake(bodySlot s: Int32) {
        guard s >= 0, !bodies.isStatic(slot: s), !bodies.isAwake(slot: s) else {
            if s >= 0 && bodies.isAwake(slot: s) { bodies.sim.base[bodies.dense(s)].sleepTime = 0 }
            return
        }
        // Waking moves bodies into the awake range: the keys of contacts with a sleeping side are stale.
        solverKeysMissWakes = true
        let island = bodies.island[Int(s)]
        wakeScratch.removeAll()
        // As in `updateSleep`: a large island waking for the first time does not grow the list.
        wakeScratch.reserve(bodies.sim.capacity)
        if island < 0 {
            wakeScratch.append(s)
        } else {
            for d in bodies.awakeCount..<bodies.movableCount where bodies.island[Int(bodies.slotOfDense[d])] == island {
                wakeScratch.append(bodies.slotOfDense[d])
            }
        }
        for k in 0..<wakeScratch.count {
            let slot = wakeScratch[k]
            bodies.wake(slot: slot)
            bodies.island[Int(slot)] = -1
            bodies.sim.base[bodies.dense(slot)].sleepTime = 0
        }
    }

    /// Wakes every body touching the given one (before it is moved or removed).
    func wakeTouching(bodySlot s: Int32) {
        for i in 0..<contacts.count {
            let c = contacts[i]
            guard c.flags.contains(.touching) else { continue }
            if c.bodyA == s { wake(bodySlot: c.bodyB) } else if c.bodyB == s { wake(bodySlot: c.bodyA) }
        }
    }
}

extension World {
    /// Whether some awake body is still, and whether some is not dynamic (kinematic), from the
    /// flags of the finalisation, eight bodies at a time.
    func stillAndKinematic(_ awake: Int) -> (anyStill: Bool, anyKinematic: Bool) {
        let flags = UnsafeRawPointer(sleepFlags.base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let stillBits = ones &* UInt64(SleepFlags.still), dynamicBits = ones &* UInt64(SleepFlags.dynamic)
        var seen: UInt64 = 0, notDynamic: UInt64 = 0
        var d = 0
        while d + 8 <= awake {
            let word = flags.loadUnaligned(fromByteOffset: d, as: UInt64.self)
            seen |= word
            notDynamic |= ~word
            d += 8
        }
        while d < awake {
            let byte = UInt64(flags.load(fromByteOffset: d, as: UInt8.self))
            seen |= byte
            notDynamic |= ~byte
            d += 1
        }
        return (seen & stillBits != 0, notDynamic & dynamicBits != 0)
    }

    /// The part of `updateSleep` that applies while no body is still: the dynamic bodies
    /// touching a kinematic body that is not still restart their timers.
    func restartTimersOfPushedBodies() {
        let sources = UnsafePointer(orderedSources.base), flags = sleepFlags.base, sims = bodies.sim.base
        for k in 0..<orderedSources.count {
            let dA = Int(sources[k].denseA), dB = Int(sources[k].denseB)
            let fA = dA >= 0 ? flags[dA] : 0, fB = dB >= 0 ? flags[dB] : 0
            if fA & fB & SleepFlags.dynamic == 0 { Self.restartTimerIfPushed(dA, dB, flags: flags, sims: sims) }
        }
    }

    /// For a touching pair of awake bodies (dense indices, −1 for a body not awake) that are not
    /// both dynamic: a dynamic body pushed by a kinematic body that is not still restarts its
    /// sleep timer and is held awake.
    @inline(__always)
    static func restartTimerIfPushed(_ dA: Int, _ dB: Int, flags: UnsafeMutablePointer<UInt8>,
                                     sims: UnsafeMutablePointer<BodySim>) {
        let fA = dA >= 0 ? flags[dA] : 0, fB = dB >= 0 ? flags[dB] : 0
        let dynamic = SleepFlags.dynamic, still = SleepFlags.still
        if fA & dynamic != 0 && dB >= 0 && fB & still == 0 {
            sims[dA].sleepTime = 0
            flags[dA] = (fA & ~still) | SleepFlags.heldAwake
        } else if fB & dynamic != 0 && dA >= 0 && fA & still == 0 {
            sims[dB].sleepTime = 0
            flags[dB] = (fB & ~still) | SleepFlags.heldAwake
        }
    }
}

/// What the sleep update knows of an awake body, a byte per body (`World.sleepFlags`).
enum SleepFlags {
    /// The body is dynamic.
    static let dynamic: UInt8 = 1 << 0
    /// The body has been still for at least `timeToSleep`.
    static let still: UInt8 = 1 << 1
    /// Set by the sleep update: the body is linked to a restless body (or was pushed by a moving
    /// kinematic one); on a group's root, the group stays awake.
    static let heldAwake: UInt8 = 1 << 2
}
