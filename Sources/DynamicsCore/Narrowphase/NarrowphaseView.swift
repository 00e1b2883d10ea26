import CKernelSupport

/// Raw pointers to what the narrowphase reads and writes, taken once per step so that the
/// per-contact loop touches no class properties. Each contact index is written by one task only.
struct NarrowphaseView: ChunkKernel {
    var contacts: UnsafeMutablePointer<Contact>
    /// Each contact's solver manifold, at the contact's index.
    var solverManifolds: UnsafeMutablePointer<SolverManifold>
    var impulses: UnsafeMutablePointer<ContactImpulses>
    var geometry: UnsafePointer<ShapeGeometryRecord>
    /// Polygons' edge lanes, all the narrowphase reads of them (see `PolygonView`).
    var lanes: UnsafePointer<Float>
    var fatAABB: UnsafePointer<AABB>
    var denseOfSlot: UnsafePointer<Int32>
    var sims: UnsafePointer<BodySim>
    var awakeCount: Int
    /// Dense indices from `awakeCount` up to this are sleeping bodies (see `SolverKey.sleepingSide`).
    var movableCount: Int
    var speculative: Float
    var linearSlop: Float
    /// How far (distance, and sine of the angle) B may move relative to A before a cached manifold
    /// is computed again.
    var reuseDistance: Float
    var reuseSine: Float
    /// Per contact: what its update left for the serial pass (`ContactChange`; 0 for nothing).
    var changed: UnsafeMutablePointer<ContactChange>
    /// Per contact, what the colouring needs (see `SolverKey`).
    var keys: UnsafeMutablePointer<SolverKey>
    /// Whether records are prefetched ahead (see `World.prefetchesRecords`).
    var prefetches: Bool

    /// How many contacts ahead their records, then their bodies' dense indices, shapes' boxes and
    /// geometry and touching contacts' solver manifolds, and then the bodies' records, are
    /// prefetched.
    static let prefetchDistances = (contacts: 32, indices: 16, bodies: 8)

    func run(_ range: Range<Int>) {
        let end = range.upperBound
        let distances = Self.prefetchDistances
        for i in range {
            // Contacts come in order, their bodies and shapes from anywhere: in a large pile the
            // dense indices, the boxes and then the body records were cache misses one after another.
            if prefetches && i + distances.contacts < end { prefetchContact(i + distances.contacts) }
            if prefetches && i + distances.indices < end { prefetchIndices(of: i + distances.indices) }
            if prefetches && i + distances.bodies < end { prefetchBodies(of: i + distances.bodies) }
            changed[i] = update(i)
        }
    }

    /// Starts loading contact `i`'s record (96 bytes over two lines) and its impulses.
    /// The records are read in order, yet the processor's own prefetching did not keep up: in
    /// views-10k and junkyard the loads of a record's cache, and of the record 16 ahead, were
    /// the narrowphase's most sampled instructions.
    @inline(__always)
    func prefetchContact(_ i: Int) {
        let record = UnsafeRawPointer(contacts + i)
        dynamics_prefetch(record)
        dynamics_prefetch(record + 64)
        dynamics_prefetch(record + MemoryLayout<Contact>.size - 1)
        dynamics_prefetch(impulses + i)
    }

    /// Starts loading contact `i`'s bodies' dense indices, its shapes' enlarged boxes and
    /// geometry records, and, if it is touching, its solver manifold (one that is not touching is
    /// unlikely to need it). The geometry is read only by a fresh collision, 40 % of the
    /// junkyard's updates, where its loads had drawn 13 % of the narrowphase's samples. perf, one
    /// thread, the narrowphase's samples against the contact passes', seven alternating runs:
    /// junkyard 2.48 → 2.31 on average; many-pyramids, which mostly moves cached manifolds,
    /// 0.325 → 0.335.
    @inline(__always)
    func prefetchIndices(of i: Int) {
        let c = contacts + i
        if c.pointee.flags.contains(.touching) { dynamics_prefetch(solverManifolds + i) }
        dynamics_prefetch(denseOfSlot + Int(c.pointee.bodyA))
        dynamics_prefetch(denseOfSlot + Int(c.pointee.bodyB))
        dynamics_prefetch(fatAABB + Int(c.pointee.shapeA))
        dynamics_prefetch(fatAABB + Int(c.pointee.shapeB))
        dynamics_prefetch(geometry + Int(c.pointee.shapeA))
        dynamics_prefetch(geometry + Int(c.pointee.shapeB))
    }

    /// Starts loading the part of contact `i`'s body records that the update reads (pose and
    /// inverse mass: the first 32 bytes, which may straddle two lines).
    @inline(__always)
    func prefetchBodies(of i: Int) {
        let c = contacts + i
        let a = UnsafeRawPointer(sims + Int(denseOfSlot[Int(c.pointee.bodyA)]))
        let b = UnsafeRawPointer(sims + Int(denseOfSlot[Int(c.pointee.bodyB)]))
        dynamics_prefetch(a); dynamics_prefetch(a + 31)
        dynamics_prefetch(b); dynamics_prefetch(b + 31)
    }

    /// The colouring's view of contact `i` with bodies at dense `dA` and `dB`, from its final flags.
    @inline(__always)
    func key(_ i: Int, _ dA: Int, _ dB: Int) -> SolverKey {
        .of(contacts[i].flags, pointCount: solverManifolds[i].pointCount, denseA: dA, denseB: dB, awake: awakeCount,
            movable: movableCount, sims: sims)
    }

    /// The manifold of shapes `a` and `b` at `xfA` and `xfB` (see `collideShapes`).
    func manifold(_ a: ShapeGeometryRecord, _ xfA: Transform, _ b: ShapeGeometryRecord, _ xfB: Transform,
                  gap: inout AxisGap) -> Manifold {
        collideShapes(a, xfA, b, xfB, lanes: lanes, speculative: speculative,
                      linearSlop: linearSlop, gap: &gap)
    }

    /// Updates one contact's manifold, carrying its impulses over by feature id, and sets its
    /// flags; returns what the serial pass has to do for it. Works on the contact in place: a copy
    /// of the whole record in and out was most of the cost of a reused manifold.
    @inline(__always)
    func update(_ i: Int) -> ContactChange {
        let c = contacts + i
        let dA = Int(denseOfSlot[Int(c.pointee.bodyA)]), dB = Int(denseOfSlot[Int(c.pointee.bodyB)])
        guard dA < awakeCount || dB < awakeCount else {
            // Both asleep (most contacts of a resting pile): no constraint, nothing else to note.
            let flags = c.pointee.flags
            if flags.contains(.simulated) { c.pointee.flags = flags.subtracting(.simulated) }
            let segment = flags.contains(.hasSegment) ? SolverKey.hasSegment : 0
            keys[i] = flags.contains(.touching)
                ? SolverKey(denseA: c.pointee.bodyA, denseB: c.pointee.bodyB, bits: segment | SolverKey.dormant)
                : SolverKey(denseA: -1, denseB: -1, bits: segment)
            return []
        }
        var flags = c.pointee.flags
        flags.insert(.simulated)
        guard fatAABB[Int(c.pointee.shapeA)].overlaps(fatAABB[Int(c.pointee.shapeB)]) else {
            flags.insert(.disjoint)
            c.pointee.flags = flags
            keys[i] = key(i, dA, dB)
            return .disjoint
        }
        let recordA = sims + dA, recordB = sims + dB
        let frames = FramePair.origins(recordA, recordB), centers = FramePair.centers(recordA, recordB)
        let xfA = frames.a, xfB = frames.b
        let bToA = frames.relative
        let solver = solverManifolds + i
        // A contact's solver manifold has points exactly while the contact is touching, so one
        // that is not touching and stays so needs nothing of that line: in a pile, most contacts
        // (rain-100k: 270 000 of 480 000) are such pairs of nearby shapes.
        let wasTouching = flags.contains(.touching)
        let pointCount: Int32
        // A pair found apart is asked first whether it still is (nearly all are, and the reuse
        // test below would not change the answer: it too leaves an empty manifold empty).
        if flags.contains(.apart) && c.pointee.cache.staysApart(bToA) {
            // Still apart: the manifold stays empty and the impulses zero, as a collision would leave them.
            pointCount = 0
        } else if flags.contains(.cached) && c.pointee.cache.holds(bToA, distance: reuseDistance, sine: reuseSine) {
            // The same features: ids and impulses stay as they are.
            if wasTouching {
                c.pointee.cache.move(solver, frames, centers: centers)
                pointCount = solver.pointee.pointCount
            } else {
                pointCount = 0
            }
        } else {
            let oldCount = wasTouching ? solver.pointee.pointCount : 0
            let oldID0 = c.pointee.id0, oldID1 = c.pointee.id1
            let geometryA = geometry[Int(c.pointee.shapeA)], geometryB = geometry[Int(c.pointee.shapeB)]
            var gap = AxisGap()
            var m = self.manifold(geometryA, xfA, geometryB, xfB, gap: &gap)
            c.pointee.cache = ManifoldCache(m, frames, bToA: bToA)
            flags.insert(.cached)
            flags.remove(.apart)
            if gap.excess > 0 {
                let p = xfA.position, q = xfB.position
                let worldScale = abs(p.x) + abs(p.y) + abs(q.x) + abs(q.y)
                if c.pointee.cache.noteApart(gap, geometryA, geometryB, worldScale: worldScale) { flags.insert(.apart) }
            }
            // A contact that was not touching has zero impulses (see below).
            let old = wasTouching ? impulses[i] : .zero
            var new = ContactImpulses.zero
            @inline(__always) func finish(_ p: inout ManifoldPoint) {
                p.anchorA = p.point - centers.lowHalf
                p.anchorB = p.point - centers.highHalf
            }
            if m.pointCount > 0 {
                finish(&m.point0)
                (new.normal0, new.tangent0) = old.carried(to: m.point0.id, pointCount: oldCount, id0: oldID0, id1: oldID1)
            }
            if m.pointCount > 1 {
                finish(&m.point1)
                (new.normal1, new.tangent1) = old.carried(to: m.point1.id, pointCount: oldCount, id0: oldID0, id1: oldID1)
            }
            // An empty manifold after an empty one leaves the records as they are: nothing reads
            // the ids, normal or anchors of a contact that is not touching, and its impulses are
            // already zero (the solver writes those of touching contacts alone).
            if m.pointCount > 0 || wasTouching {
                m.store(into: c, solver)
                impulses[i] = new
            }
            pointCount = m.pointCount
        }

        let touching = pointCount > 0
        if touching { flags.insert(.touching) } else { flags.remove(.touching) }
        // Stored only when changed: a moved or still-apart manifold then leaves the record's
        // lines clean, and they are not written back to memory.
        if flags != c.pointee.flags { c.pointee.flags = flags }
        var change: ContactChange = []
        if touching != wasTouching {
            change = touching ? .startedTouching : .stoppedTouching
            if flags.contains(.enableEvents) { change.insert(.reportsEvents) }
            let sleepingA = dA >= awakeCount && dA < movableCount, sleepingB = dB >= awakeCount && dB < movableCount
            if sleepingA || sleepingB { change.insert(.touchesSleeper) }
        }
        // `key(i, dA, dB)`, written out from the flags and body records at hand: calling `key`
        // with them (one helper for both paths) cost 0.6 % more instructions in large-pyramid and
        // 1.7 % in tumbler.
        var bits: UInt32 = flags.contains(.hasSegment) ? SolverKey.hasSegment : 0
        guard touching else {
            keys[i] = SolverKey(denseA: -1, denseB: -1, bits: bits)
            return change
        }
        bits |= SolverKey.solved
        if pointCount > 1 { bits |= SolverKey.twoPoints }
        let awakeA = dA < awakeCount, awakeB = dB < awakeCount
        if awakeA && recordA.pointee.invMass > 0 { bits |= SolverKey.movableA }
        if awakeB && recordB.pointee.invMass > 0 { bits |= SolverKey.movableB }
        if (!awakeA && dA < movableCount) || (!awakeB && dB < movableCount) { bits |= SolverKey.sleepingSide }
        keys[i] = SolverKey(denseA: awakeA ? Int32(dA) : -1, denseB: awakeB ? Int32(dB) : -1, bits: bits)
        return change
    }
}

extension World {
    /// The narrowphase: every contact with an awake body gets a fresh manifold (in parallel); then,
    /// serially and in contact order, events are recorded, sleepers touched by awake bodies are
    /// woken, and contacts whose enlarged boxes separated are destroyed.
    func collide() {
        contactChanged.resizeUninitialized(to: contacts.count)
        solverKeys.resizeUninitialized(to: contacts.count)
        let view = NarrowphaseView(contacts: contacts.base, solverManifolds: solverManifolds.base,
                                   impulses: contactImpulses.base, geometry: shapes.geometry.base,
                                   lanes: shapes.edgeLanes.floats.base, fatAABB: shapes.fatAABB.base,
                                   denseOfSlot: bodies.denseOfSlot.base, sims: bodies.sim.base,
                                   awakeCount: bodies.awakeCount, movableCount: bodies.movableCount, speculative: tolerances.speculativeDistance,
                                   linearSlop: tolerances.linearSlop,
                                   reuseDistance: tolerances.manifoldReuseDistance, reuseSine: tolerances.manifoldReuseSine,
                                   changed: contactChanged.base, keys: solverKeys.base,
                                   prefetches: prefetchesRecords)
        parallel(tasks.narrowphase, view, count: contacts.count, minimumChunk: 128)
        solverKeysValid = true
        solverKeysMissWakes = false

        recordContactChanges()
        destroyDisjointContacts()
    }

    /// Destroys the contacts whose boxes separated (`disjointContacts`, ascending), last first.
    /// A contact that was touching and whose boxes separated in one step reports its end here.
    /// Destroying swaps the last contact into the hole; the last is never one still to destroy,
    /// as those lie below. Each destroy clears the pair table's slot of its pair, a cache miss, and
    /// moves the records then last into the hole; so the slot of the destroy a few ahead, its
    /// solver manifold, and the records that will then be last, are loaded meanwhile. The slot's
    /// key comes from the doomed record, which the narrowphase last wrote on another thread:
    /// waiting on that record was half of this loop (tumbler, two threads), so it is loaded twice
    /// as far ahead.
    func destroyDisjointContacts() {
        let doomed = UnsafePointer(disjointContacts.base)
        let ahead = Self.pairSlotPrefetchDistance
        var j = disjointContacts.count - 1
        while j >= 0 {
            if j >= 2 * ahead {
                // The shapes are the record's first fields.
                dynamics_prefetch(UnsafeRawPointer(contacts.base + Int(doomed[j - 2 * ahead])))
            }
            if j >= ahead {
                let later = contacts.base + Int(doomed[j - ahead])
                pairs.prefetchForWrite(PairTable.key(later.pointee.shapeA, later.pointee.shapeB))
                dynamics_prefetch(solverManifolds.base + Int(doomed[j - ahead]))
                let lastThen = contacts.count - 1 - ahead
                if lastThen >= 0 {
                    prefetchWhole(contacts.base + lastThen)
                    dynamics_prefetch(solverManifolds.base + lastThen)
                }
            }
            let i = Int(doomed[j])
            if contacts.base[i].flags.contains(.disjoint) { destroyContact(i) }
            j -= 1
        }
    }
}
