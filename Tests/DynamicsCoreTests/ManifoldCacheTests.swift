import Testing
@testable import DynamicsCore

/// The narrowphase moves a contact's last manifold with its bodies while they keep nearly the
/// same relative pose, instead of colliding the shapes again. These tests hold the moved manifold
/// to a fresh collision, and the engine to physics where a stale manifold would show.
@Suite("Manifold reuse")
struct ManifoldCacheTests {
    static let slop: Float = 0.005
    static let reuseDistance: Float = 0.25 * slop
    static let reuseSine: Float = 0.001

    /// Collides two unit boxes (half-extent 0.5) at `xfA` and `xfB`.
    static func collideBoxes(_ xfA: Transform, _ xfB: Transform) -> Manifold {
        RandomPolygon(vertices: [Vec2(-0.5, -0.5), Vec2(0.5, -0.5), Vec2(0.5, 0.5), Vec2(-0.5, 0.5)]).withView { box in
            var gap = AxisGap()
            return collidePolygons(box, xfA, box, xfB, speculative: 4 * slop, linearSlop: slop, gap: &gap)
        }
    }

    /// A box resting on another (offset sideways by `offset`, tilted by `tilt`) is moved by up to
    /// the reuse tolerance, and the whole pair is carried somewhere else. The moved manifold has
    /// the fresh collision's features, separations within a tenth of the slop and points within
    /// the distance moved.
    @Test("a manifold moved with its bodies matches a fresh collision",
          arguments: [Float(-0.7), -0.3, 0, 0.45, 0.8], [Float(0), 0.01, -0.03])
    func movedMatchesFresh(offset: Float, tilt: Float) {
        let xfA = Transform(position: .zero, rotation: .identity)
        let xfB = Transform(position: Vec2(offset, 0.998), rotation: Rotation(angle: tilt))
        let first = Self.collideBoxes(xfA, xfB)
        #expect(first.pointCount == 2)
        let cache = ManifoldCache(first, xfA, xfB, bToA: xfA.relative(xfB))
        let d = 0.99 * Self.reuseDistance, angle = 0.99 * Self.reuseSine
        let nudges: [(Vec2, Float)] = [(Vec2(d, 0), 0), (Vec2(-d, 0), 0), (Vec2(0, d), 0), (Vec2(0, -d), 0),
                                       (.zero, angle), (.zero, -angle), (Vec2(0.7 * d, -0.7 * d), angle)]
        let carry = Transform(position: Vec2(3, -2), rotation: Rotation(angle: 0.4))
        for (shift, turn) in nudges {
            let nudgedB = Transform(position: xfB.position + shift, rotation: Rotation(angle: tilt + turn))
            let a = Transform(position: carry.apply(xfA.position), rotation: carry.rotation.then(xfA.rotation))
            let b = Transform(position: carry.apply(nudgedB.position), rotation: carry.rotation.then(nudgedB.rotation))
            #expect(cache.holds(a.relative(b), distance: Self.reuseDistance, sine: Self.reuseSine))
            let fresh = Self.collideBoxes(a, b)
            let moved = cache.moved(first, FramePair(a, b), centers: SIMD4(lowHalf: a.position, highHalf: b.position))
            #expect(moved.pointCount == fresh.pointCount)
            #expect(moved.normal.dot(fresh.normal) > 1 - 1e-5)
            // Two flat faces are equally good references, and a fresh collision may pick the other
            // one (other ids, points in the other order); the points themselves must agree.
            let freshPoints = [fresh.point0, fresh.point1].prefix(Int(fresh.pointCount))
            for m in [moved.point0, moved.point1].prefix(Int(moved.pointCount)) {
                let f = freshPoints.min { ($0.point - m.point).length < ($1.point - m.point).length }!
                #expect((m.point - f.point).length < 2 * d, "offset \(offset) tilt \(tilt): point \(m.point) vs \(f.point)")
                #expect(abs(m.separation - f.separation) < 0.1 * Self.slop,
                        "offset \(offset) tilt \(tilt) nudge \(shift) \(turn): \(m.separation) vs \(f.separation)")
            }
        }
    }

    @Test("a pose beyond the tolerance is not reused")
    func beyondTolerance() {
        let xfA = Transform.identity, xfB = Transform(position: Vec2(0.2, 0.998), rotation: .identity)
        let cache = ManifoldCache(Self.collideBoxes(xfA, xfB), xfA, xfB, bToA: xfA.relative(xfB))
        let far = Transform(position: xfB.position + Vec2(1.1 * Self.reuseDistance, 0), rotation: .identity)
        let turned = Transform(position: xfB.position, rotation: Rotation(angle: 1.1 * Self.reuseSine))
        let flipped = Transform(position: xfB.position, rotation: Rotation(angle: .pi))
        for b in [far, turned, flipped] {
            #expect(!cache.holds(xfA.relative(b), distance: Self.reuseDistance, sine: Self.reuseSine))
        }
    }

    /// A box slides without friction at 5 cm/s (less than the reuse distance per step) towards the
    /// end of a ledge at x = 2. Its support must follow the ledge's real end: it stays level until
    /// its centre of mass passes the end, then tips and falls. A manifold carried along with the
    /// box instead drops its support behind it and tips it early (at x = 1.5 here).
    @Test("a box sliding slowly off a ledge tips at the edge, not before")
    func slowSlideOffLedge() throws {
        let world = try makeWorld()
        let ledge = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, -1)))
        try world.createShape(on: ledge, ShapeDefinition(.box(halfWidth: 2, halfHeight: 1), friction: 0))
        var body = BodyDefinition(type: .dynamic, position: Vec2(1, 0.25))
        body.linearVelocity = Vec2(0.05, 0)
        let box = try world.createBody(body)
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.25, halfHeight: 0.25), friction: 0))
        // The centre reaches the edge after 20 s; at 17 s it is at x = 1.85.
        run(world, seconds: 17)
        #expect(abs(world.position(of: box).y - 0.25) < 0.01, "left the ledge early: y = \(world.position(of: box).y)")
        #expect(abs(world.angle(of: box)) < 0.01, "tipped early: angle \(world.angle(of: box))")
        run(world, seconds: 8)
        #expect(world.position(of: box).y < -0.5, "fell past the edge: y = \(world.position(of: box).y)")
        #expect(world.isStateFinite)
    }

    /// The narrowphase streams every contact record through the caches in each step (480 000 of
    /// them in rain-100k), so a hole in the cache is bandwidth spent on nothing: each field
    /// follows the one before with no padding, and the cache fills exactly one 64-byte line.
    @Test("the cache's fields leave no padding")
    func cacheHasNoPadding() {
        typealias C = ManifoldCache
        let fields: [(offset: Int?, size: Int)] = [
            (MemoryLayout<C>.offset(of: \.bToA), MemoryLayout<Transform>.size),
            (MemoryLayout<C>.offset(of: \.normal), MemoryLayout<Vec2>.size),
            (MemoryLayout<C>.offset(of: \.separation0), MemoryLayout<Float>.size),
            (MemoryLayout<C>.offset(of: \.separation1), MemoryLayout<Float>.size),
            (MemoryLayout<C>.offset(of: \.pointA0), MemoryLayout<Vec2>.size),
            (MemoryLayout<C>.offset(of: \.pointB0), MemoryLayout<Vec2>.size),
            (MemoryLayout<C>.offset(of: \.pointA1), MemoryLayout<Vec2>.size),
            (MemoryLayout<C>.offset(of: \.pointB1), MemoryLayout<Vec2>.size),
        ]
        var end = 0
        for (index, field) in fields.enumerated() {
            #expect(field.offset == end, "field \(index) starts at \(field.offset ?? -1), not right after the one before (\(end))")
            end = (field.offset ?? end) + field.size
        }
        #expect(end == MemoryLayout<C>.size)
        #expect(MemoryLayout<C>.stride == 64)
    }
}

extension ManifoldCache {
    /// `m` moved to the poses `frames` as the narrowphase moves a contact's manifold: stored in a
    /// contact's two records, moved there in place, and read back, each point as body A's centre
    /// (`centers`' low half) plus its anchor, as `World.contactPoint` reads it.
    func moved(_ m: Manifold, _ frames: FramePair, centers: SIMD4<Float>) -> Manifold {
        var contact = Contact(shapeA: 0, shapeB: 1, bodyA: 0, bodyB: 1, flags: [.touching, .cached], id0: 0, id1: 0, cache: self)
        var solver = SolverManifold.empty(friction: 0.6, restitution: 0)
        m.store(into: &contact, &solver)
        move(&solver, frames, centers: centers)
        func point(_ anchorA: Vec2, _ anchorB: Vec2, _ separation: Float, _ id: UInt32) -> ManifoldPoint {
            ManifoldPoint(point: centers.lowHalf + anchorA, anchorA: anchorA, anchorB: anchorB, separation: separation, id: id)
        }
        return Manifold(normal: solver.normal, pointCount: solver.pointCount,
                        point0: point(solver.anchorA0, solver.anchorB0, solver.separation0, contact.id0),
                        point1: point(solver.anchorA1, solver.anchorB1, solver.separation1, contact.id1))
    }
}
