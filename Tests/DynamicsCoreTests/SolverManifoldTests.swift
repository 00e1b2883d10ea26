import Testing
@testable import DynamicsCore

/// A contact's manifold is split between its record and its solver manifold; the preparation
/// gathers the solver manifold as 16-byte rows and expects one line per contact.
@Suite("Solver manifold")
struct SolverManifoldTests {
    @Test("a solver manifold fills one 64-byte line")
    func oneLine() {
        #expect(MemoryLayout<SolverManifold>.size == 64)
        #expect(MemoryLayout<SolverManifold>.stride == 64)
    }

    /// The rows the preparation reads (`dynamics_prepare_inputs`): the frame (normal x, y, point
    /// count), the material (friction, restitution) and each point's anchors (A's, then B's), each
    /// row's fields side by side, and every row inside the record.
    @Test("the rows the preparation reads lie side by side")
    func preparationRows() {
        typealias S = SolverManifold
        func offset(_ path: PartialKeyPath<S>) -> Int { MemoryLayout<S>.offset(of: path) ?? -1 }
        #expect(offset(\.normal) + 8 == offset(\.pointCount))
        #expect(offset(\.friction) + 4 == offset(\.restitution))
        #expect(offset(\.anchorA0) + 8 == offset(\.anchorB0))
        #expect(offset(\.anchorA1) + 8 == offset(\.anchorB1))
        for row in [offset(\.normal), offset(\.friction), offset(\.anchorA0), offset(\.anchorA1)] {
            #expect(row >= 0 && row + 16 <= 64, "a row at byte \(row) leaves the line")
        }
    }

    @Test("a manifold stored in a contact's two records keeps its ids, normal, anchors and separations")
    func store() {
        var random = SplitMix64(seed: 0x50_1BE5)
        for count in Int32(0)...2 {
            func point(_ id: UInt32) -> ManifoldPoint {
                ManifoldPoint(point: Vec2(random.signed(9), random.signed(9)), anchorA: Vec2(random.signed(1), random.signed(1)),
                              anchorB: Vec2(random.signed(1), random.signed(1)), separation: random.signed(0.1), id: id)
            }
            let m = Manifold(normal: Vec2(0.6, -0.8), pointCount: count, point0: point(0x0102), point1: point(0x0301))
            var contact = Contact(shapeA: 3, shapeB: 4, bodyA: 5, bodyB: 6, flags: [.touching], id0: 9, id1: 9, cache: .empty)
            var solver = SolverManifold.empty(friction: 0.25, restitution: 0.5)
            m.store(into: &contact, &solver)
            func bits(_ values: [Float]) -> [UInt32] { values.map(\.bitPattern) }
            #expect(contact.id0 == 0x0102 && contact.id1 == 0x0301)
            #expect(solver.pointCount == count)
            #expect(bits([solver.normal.x, solver.normal.y]) == bits([0.6, -0.8]))
            for (p, kept) in [(m.point0, (solver.anchorA0, solver.anchorB0, solver.separation0)),
                              (m.point1, (solver.anchorA1, solver.anchorB1, solver.separation1))] {
                #expect(bits([kept.0.x, kept.0.y, kept.1.x, kept.1.y, kept.2])
                        == bits([p.anchorA.x, p.anchorA.y, p.anchorB.x, p.anchorB.y, p.separation]))
            }
            // The material and the contact's own fields stay as they were.
            #expect(solver.friction == 0.25 && solver.restitution == 0.5)
            #expect(contact.shapeA == 3 && contact.bodyB == 6 && contact.flags == [.touching])
        }
    }

    /// The points are not kept: they are read back as body A's centre plus the anchor. A unit box
    /// resting on the ground at x = 2 touches it at its two bottom corners.
    @Test("contact points read back from the anchors lie where a resting box meets the ground")
    func pointsFromAnchors() throws {
        let world = try makeWorld()
        try addGround(world)
        try addBox(world, at: Vec2(2, 0.5))
        for _ in 0..<60 { world.step(1.0 / 60) }
        let points = world.touchingContactPoints.sorted { $0.x < $1.x }
        #expect(points.count == 2)
        for (point, corner) in zip(points, [Float(1.5), 2.5]) {
            #expect(abs(point.x - corner) < 0.01 && abs(point.y) < 0.01, "point \(point), corner at x = \(corner)")
        }
    }
}
