import CKernelSupport

extension World {
    /// Steps between two locality passes.
    static let localityInterval = 32
    /// Scenes with fewer awake bodies are left in creation order: they fit in cache anyway, and
    /// run their solve on one thread (`programRunsAlone`). Above it, the order also decides how
    /// the threads share the bodies: each takes a run of each colour's pairs, which are in the
    /// order of their first body, so bodies close in memory keep each thread to its own part of
    /// the scene. The tumbler (2 026 bodies, mixed all the time) was left out at 2 048; taken in,
    /// two threads stepped it 1.03x to 1.06x faster side by side, one thread as fast.
    static let localityMinimumBodies = 1024

    /// Puts the awake bodies in the order of a Z-curve over the grid cells of their centres,
    /// their shapes' slots in the same order (`renumberShapesOfAwakeBodies`), and the contacts in
    /// the order of their first body, every `localityInterval` steps, in scenes with at least as
    /// many contacts as awake bodies.
    ///
    /// Bodies and contacts are otherwise in creation order, which in a scene built over time
    /// (rain) has nothing to do with where they are: neighbouring contacts then touch bodies
    /// spread over the whole store, and every pass over 100 000 bodies misses the cache. After
    /// this pass, consecutive contacts touch bodies that are close in memory too. The order is
    /// a function of the state only (ties go to the lower index), so results stay identical
    /// for any worker count.
    ///
    /// Where contacts are fewer than bodies, the passes in body order dominate (integration,
    /// fields over their members, a facade writing poses back to its items), and those run best
    /// in creation order: a swarm of 10 000 items under fields took 70 % longer per frame when
    /// its bodies were reordered. Such scenes are left alone.
    func improveLocality() {
        let awake = bodies.awakeCount
        guard awake >= Self.localityMinimumBodies else { return }
        // Room for every body and contact the stores can hold, made in the step after a store
        // grows rather than in the next pass: grown to the counts in the passes, these grew at
        // each new high (smash, once in its steady steps).
        let room = max(bodies.sim.capacity, contacts.capacity)
        localityKeys.reserve(bodies.sim.capacity)
        localityOrder.reserve(room)
        localityWalk.reserve(room)
        guard stepCount % Self.localityInterval == 0, contacts.count >= awake else { return }
        if !isAlreadyLocal(awake) { sortAwakeBodiesAlongZCurve(awake) }
        renumberShapesOfAwakeBodies()
        // New contacts arrive at the end and removals swap the last one in, so the contacts are
        // sorted on every pass, also when the bodies were already in order.
        sortContactsByFirstBody()
    }

    /// Whether consecutive awake bodies are on average within `localityGapCells` grid cells of
    /// each other: the bodies of a scene built in order (a pyramid row by row) keep their order.
    /// Reordering them gains nothing and changes the order in which the contacts are coloured
    /// and swept: the large pyramid drifted 0.41 m sideways in 500 steps instead of 0.26 m.
    private func isAlreadyLocal(_ awake: Int) -> Bool {
        let sims = UnsafePointer(bodies.sim.base)
        var total: Float = 0
        for d in 1..<awake { total += (sims[d].center - sims[d - 1].center).length }
        return total < Self.localityGapCells * tolerances.cellSize * Float(awake - 1)
    }

    /// The mean distance between consecutive awake bodies, in grid cells, below which the order
    /// is kept.
    static let localityGapCells: Float = 4

    /// Spreads the bits of a 16-bit value to the even bits of 32.
    @inline(__always)
    private static func spreadBits(_ v: UInt32) -> UInt32 {
        var x = v & 0xFFFF
        x = (x | (x << 8)) & 0x00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333
        x = (x | (x << 1)) & 0x5555_5555
        return x
    }

    /// The place of grid cell (`x`, `y`) along a Z-curve (Morton order), each coordinate clamped
    /// to −32 768…32 767: cells close on the curve are close in the plane.
    @inline(__always)
    static func zCurvePlace(cellX x: Int32, cellY y: Int32) -> UInt32 {
        let ux = UInt32(max(-32768, min(32767, x)) + 32768), uy = UInt32(max(-32768, min(32767, y)) + 32768)
        return spreadBits(ux) | spreadBits(uy) << 1
    }

    private func sortAwakeBodiesAlongZCurve(_ awake: Int) {
        localityKeys.resizeUninitialized(to: awake)
        let keys = localityKeys.base, sims = UnsafePointer(bodies.sim.base)
        let inverseCell = 1 / tolerances.cellSize
        for d in 0..<awake {
            let c = sims[d].center * inverseCell
            let morton = Self.zCurvePlace(cellX: Int32(max(-32768, min(32767, c.x.rounded(.down)))),
                                          cellY: Int32(max(-32768, min(32767, c.y.rounded(.down)))))
            keys[d] = UInt64(morton) << 32 | UInt64(d)
        }
        keySorter.sort(localityKeys.buffer)
        localityOrder.resizeUninitialized(to: awake)
        let order = localityOrder.base
        for i in 0..<awake { order[i] = Int32(truncatingIfNeeded: keys[i] & 0xFFFF_FFFF) }
        permute(bodies.awakeRecords, order: order, count: awake, task: tasks.permuteBodies, saved: &localityBodiesSaved)
        bodies.renumberAwake()
    }

    /// Puts the contacts in the order of their first body (the lower dense index of the two),
    /// ties in their present order: a counting sort over the dense indices, two passes over the
    /// contacts' first bodies. It gives the order of the radix sort of (body, index) keys it
    /// replaced, which scattered the keys six times: at rain-100k's 480 000 contacts that sort
    /// took 21 ms of the pass's 51 on the calling thread (the permutation 24), and the pass now
    /// takes 27 (one thread, averaged over 200 steps after the warm-up).
    private func sortContactsByFirstBody() {
        let count = contacts.count
        guard count > 1 else { return }
        let bodyCount = bodies.sim.count
        localityStarts.reserve(bodies.sim.capacity + 1)
        localityStarts.resize(to: bodyCount + 1, filling: 0)
        localityStarts.fill(0)
        // The first bodies go where the permutation's walk will: it is written only after.
        localityWalk.resizeUninitialized(to: count)
        let firsts = localityWalk.base, starts = localityStarts.base
        let contactBase = contacts.base
        parallel(tasks.contactFirstBodies,
                 ContactFirstBodiesKernel(contacts: UnsafePointer(contactBase),
                                          denseOfSlot: UnsafePointer(bodies.denseOfSlot.base), firsts: firsts),
                 count: count, minimumChunk: ContactFirstBodiesKernel.minimumChunk)
        for i in 0..<count { starts[Int(firsts[i]) + 1] &+= 1 }
        for d in 0..<bodyCount { starts[d + 1] &+= starts[d] }
        localityOrder.resizeUninitialized(to: count)
        let order = localityOrder.base
        for i in 0..<count {
            let first = Int(firsts[i])
            order[Int(starts[first])] = Int32(truncatingIfNeeded: i)
            starts[first] &+= 1
        }
        permute(ContactRecords(contactBase, contactImpulses.base, solverManifolds.base),
                order: order, count: count, task: tasks.permuteContacts, saved: &localityContactsSaved)
    }
}

extension World {
    /// Applies the permutation `order` of `0..<count` to `elements` (afterwards position `p` holds
    /// what was at `order[p]`), its pieces shared by the workers (`CyclePieces`), with `saved` as
    /// the pieces' scratch (room for two values a piece, reserved with the world). `order` is
    /// left marked; `localityWalk` holds the cycles.
    func permute<Elements: CycleElements>(_ elements: Elements, order: UnsafeMutablePointer<Int32>, count: Int,
                                          task: KernelTask<CyclePieces<Elements>>, saved: inout Column<Elements.Held>) {
        localityWalk.resizeUninitialized(to: count)
        let length = writeCycles(of: order, count: count, into: localityWalk.base)
        guard length > 0 else { return }
        let pieceCount = CyclePieces<Elements>.pieceCount(length: length)
        saved.resizeUninitialized(to: 2 * pieceCount)
        let pieces = CyclePieces(elements: elements, walk: UnsafePointer(localityWalk.base), length: length,
                                 pieceCount: pieceCount, saved: saved.base)
        pieces.saveCuts()
        parallel(task, pieces, count: pieceCount, minimumChunk: 1)
    }
}

/// Each contact's first body (the lower dense index of its two), for the contacts' sort: the
/// loads of every contact record and of its bodies' dense indices, shared by the workers.
struct ContactFirstBodiesKernel: ChunkKernel {
    let contacts: UnsafePointer<Contact>
    let denseOfSlot: UnsafePointer<Int32>
    let firsts: UnsafeMutablePointer<Int32>

    /// Contacts a chunk takes at least.
    static let minimumChunk = 4096

    func run(_ range: Range<Int>) {
        for i in range {
            firsts[i] = min(denseOfSlot[Int(contacts[i].bodyA)], denseOfSlot[Int(contacts[i].bodyB)])
        }
    }
}

/// A contact's records (the contact, its impulses and its solver manifold), moved together when
/// the locality pass puts the contacts in the order of their first body.
typealias ContactRecords = ColumnTriple<Contact, ContactImpulses, SolverManifold>
