/// Raw pointers to what the narrowphase reads and writes, taken once per step so that the
/// per-contact loop touches no class properties. Each contact index is written by one task only.
struct NarrowphaseView: ChunkKernel {
    var contacts: UnsafeMutablePointer<Contact>
    var geometry: UnsafePointer<ShapeGeometryRecord>
    var vertices: UnsafePointer<Vec2>
    var normals: UnsafePointer<Vec2>
    var fatAABB: UnsafePointer<AABB>
    var denseOfSlot: UnsafePointer<Int32>
    var sims: UnsafePointer<BodySim>
    var awakeCount: Int
    var speculative: Float
    var linearSlop: Float
    /// How far (distance, and sine of the angle) B may move relative to A before a cached manifold
    /// is computed again.
    var reuseDistance: Float
    var reuseSine: Float

    func run(_ range: Range<Int>) {
        for i in range { update(i) }
    }

    @inline(__always)
    func polygon(_ g: ShapeGeometryRecord) -> PolygonView {
        PolygonView(vertices: vertices + Int(g.vertexStart), normals: normals + Int(g.vertexStart),
                    count: Int(g.vertexCount), radius: g.radius)
    }

    func manifold(_ a: ShapeGeometryRecord, _ xfA: Transform, _ b: ShapeGeometryRecord, _ xfB: Transform) -> Manifold {
        switch (a.kind, b.kind) {
        case (.circle, .circle):
            return collideCircles(a.center, a.radius, xfA, b.center, b.radius, xfB, speculative: speculative)
        case (.circle, _):
            var m = collidePolygonCircle(polygon(b), xfB, a.center, a.radius, xfA, speculative: speculative)
            m.normal = -m.normal
            return m
        case (_, .circle):
            return collidePolygonCircle(polygon(a), xfA, b.center, b.radius, xfB, speculative: speculative)
        default:
            return collidePolygons(polygon(a), xfA, polygon(b), xfB, speculative: speculative, linearSlop: linearSlop)
        }
    }

    /// Updates one contact's manifold, carrying impulses over by feature id, and sets its flags.
    @inline(__always)
    func update(_ i: Int) {
        var c = contacts[i]
        let dA = Int(denseOfSlot[Int(c.bodyA)]), dB = Int(denseOfSlot[Int(c.bodyB)])
        guard dA < awakeCount || dB < awakeCount else {
            c.flags.remove(.simulated)
            contacts[i] = c
            return
        }
        c.flags.insert(.simulated)
        guard fatAABB[Int(c.shapeA)].overlaps(fatAABB[Int(c.shapeB)]) else {
            c.flags.insert(.disjoint)
            contacts[i] = c
            return
        }
        let simA = sims[dA], simB = sims[dB]
        let old = c.manifold
        let xfA = simA.originTransform, xfB = simB.originTransform
        let bToA = xfA.relative(xfB)
        var m: Manifold
        if c.flags.contains(.cached) && c.cache.holds(bToA, distance: reuseDistance, sine: reuseSine) {
            m = c.cache.moved(old, xfA, xfB)
        } else {
            m = manifold(geometry[Int(c.shapeA)], xfA, geometry[Int(c.shapeB)], xfB)
            c.cache = ManifoldCache(m, xfA, xfB, bToA: bToA)
            c.flags.insert(.cached)
        }

        @inline(__always) func finish(_ p: inout ManifoldPoint) {
            p.anchorA = p.point - simA.center
            p.anchorB = p.point - simB.center
            if old.pointCount > 0 && old.point0.id == p.id {
                p.normalImpulse = old.point0.normalImpulse; p.tangentImpulse = old.point0.tangentImpulse
            } else if old.pointCount > 1 && old.point1.id == p.id {
                p.normalImpulse = old.point1.normalImpulse; p.tangentImpulse = old.point1.tangentImpulse
            }
        }
        if m.pointCount > 0 { finish(&m.point0) }
        if m.pointCount > 1 { finish(&m.point1) }
        c.manifold = m

        let touching = m.pointCount > 0
        let wasTouching = c.flags.contains(.touching)
        if touching { c.flags.insert(.touching) } else { c.flags.remove(.touching) }
        if touching && !wasTouching { c.flags.insert(.startedTouching) }
        if !touching && wasTouching { c.flags.insert(.stoppedTouching) }
        contacts[i] = c
    }
}

extension World {
    /// The narrowphase: every contact with an awake body gets a fresh manifold (in parallel); then,
    /// serially and in contact order, events are recorded, sleepers touched by awake bodies are
    /// woken, and contacts whose enlarged boxes separated are destroyed.
    func collide() {
        let view = NarrowphaseView(contacts: contacts.base, geometry: shapes.geometry.base, vertices: shapes.vertices.base,
                                   normals: shapes.normals.base, fatAABB: shapes.fatAABB.base,
                                   denseOfSlot: bodies.denseOfSlot.base, sims: bodies.sim.base,
                                   awakeCount: bodies.awakeCount, speculative: tolerances.speculativeDistance,
                                   linearSlop: tolerances.linearSlop,
                                   reuseDistance: tolerances.manifoldReuseDistance, reuseSine: tolerances.manifoldReuseSine)
        parallel(tasks.narrowphase, view, count: contacts.count, minimumChunk: 128)

        var anyDisjoint = false
        let contactBase = contacts.base
        for i in 0..<contacts.count {
            var c = contactBase[i]
            if c.flags.contains(.disjoint) { anyDisjoint = true }
            if c.flags.contains(.startedTouching) {
                c.flags.remove(.startedTouching)
                if c.flags.contains(.enableEvents) {
                    beginEvents.append(ContactBeginEvent(shapeA: shapeID(slot: c.shapeA), shapeB: shapeID(slot: c.shapeB),
                                                         point: c.manifold.point0.point, normal: c.manifold.normal))
                }
                contactBase[i] = c
                // A body asleep in a pile wakes when something awake starts touching it.
                if !bodies.isAwake(slot: c.bodyA) && !bodies.isStatic(slot: c.bodyA) { wake(bodySlot: c.bodyA) }
                if !bodies.isAwake(slot: c.bodyB) && !bodies.isStatic(slot: c.bodyB) { wake(bodySlot: c.bodyB) }
            } else if c.flags.contains(.stoppedTouching) {
                c.flags.remove(.stoppedTouching)
                if c.flags.contains(.enableEvents) {
                    endEvents.append(ContactEndEvent(shapeA: shapeID(slot: c.shapeA), shapeB: shapeID(slot: c.shapeB)))
                }
                contactBase[i] = c
            }
        }
        guard anyDisjoint else { return }
        var i = contacts.count - 1
        while i >= 0 {
            // A contact that was touching and whose boxes separated in one step reports its end here.
            if contacts[i].flags.contains(.disjoint) { destroyContact(i) }
            i -= 1
        }
    }
}
