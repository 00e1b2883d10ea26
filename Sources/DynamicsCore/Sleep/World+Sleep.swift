import CKernelSupport

extension World {
    /// How many touching contacts ahead `updateSleep` prefetches the bodies' records.
    static let sleepPrefetchDistance = 16

    /// Groups awake dynamic bodies into islands (touching contacts and joints link them) and puts
    /// every island whose bodies have all been still for `timeToSleep` to sleep together.
    func updateSleep() {
        guard definition.enableSleep else { return }
        let awake = bodies.awakeCount
        guard awake > 0 else { return }
        islandParent.resizeUninitialized(to: awake)
        let parent = islandParent.base
        for i in 0..<awake { parent[i] = Int32(i) }
        @inline(__always) func find(_ x: Int32) -> Int32 {
            var x = x
            while parent[Int(x)] != x {
                parent[Int(x)] = parent[Int(parent[Int(x)])]
                x = parent[Int(x)]
            }
            return x
        }
        @inline(__always) func union(_ a: Int, _ b: Int) {
            let ra = find(Int32(a)), rb = find(Int32(b))
            if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
        }
        let sims = bodies.sim.base
        // The touching contacts with an awake body are the ones this step's solver listed, with
        // their bodies' dense indices (−1 for a body not awake): 12 bytes each, in contact order,
        // rather than a pass over the whole contact records. Nothing has fallen asleep since.
        let sources = UnsafePointer(constraintSource.base)
        let timeToSleep = tolerances.timeToSleep
        let sourceCount = constraintSource.count
        let prefetches = awake >= Self.prefetchingBodyCount
        for k in 0..<sourceCount {
            // The body records are read at random: in a large pile each was a cache miss.
            if prefetches && k + Self.sleepPrefetchDistance < sourceCount {
                let ahead = sources[k + Self.sleepPrefetchDistance]
                if ahead.denseA >= 0 { dynamics_prefetch(sims + Int(ahead.denseA)) }
                if ahead.denseB >= 0 { dynamics_prefetch(sims + Int(ahead.denseB)) }
            }
            let dA = Int(sources[k].denseA), dB = Int(sources[k].denseB)
            let dynamicA = dA >= 0 && sims[dA].type == .dynamic
            let dynamicB = dB >= 0 && sims[dB].type == .dynamic
            if dynamicA && dynamicB {
                union(dA, dB)
            } else if dynamicA && dB >= 0 && sims[dB].sleepTime < timeToSleep {
                sims[dA].sleepTime = 0   // pushed by a moving kinematic body
            } else if dynamicB && dA >= 0 && sims[dA].sleepTime < timeToSleep {
                sims[dB].sleepTime = 0
            }
        }
        for k in 0..<joints.active.count {
            let r = joints.records[Int(joints.active[k])]
            if r.denseA >= 0 && r.denseB >= 0 && r.massA > 0 && r.massB > 0 { union(Int(r.denseA), Int(r.denseB)) }
        }
        islandMinSleep.resizeUninitialized(to: awake)
        let minSleep = islandMinSleep.base
        for i in 0..<awake { minSleep[i] = .greatestFiniteMagnitude }
        for i in 0..<awake {
            let root = Int(find(Int32(i)))
            minSleep[root] = min(minSleep[root], sims[i].sleepTime)
        }
        bodyScratch.removeAll()
        for i in 0..<awake where minSleep[Int(find(Int32(i)))] >= tolerances.timeToSleep {
            bodyScratch.append(Int32(i))
        }
        guard bodyScratch.count > 0 else { return }
        // Island ids: one per root, in dense order of first member. Collect slots first: sleeping reorders dense indices.
        islandOfRoot.resize(to: awake, filling: -1)
        islandOfRoot.fill(-1)
        let rootID = islandOfRoot.base
        for k in 0..<bodyScratch.count {
            let d = Int(bodyScratch[k])
            let root = Int(find(Int32(d)))
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
