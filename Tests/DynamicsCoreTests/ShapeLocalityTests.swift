import Testing
@testable import DynamicsCore

@Suite("Shape slots renumbered by the locality pass")
struct ShapeLocalityTests {
    /// `LocalityTests`' 3 000 scattered balls, every fifth with a second shape (a box beside its
    /// ball), and a 280 m plank, too long for the grid (a large proxy). Shape k's user data is
    /// 2k for the ball, 2k + 1 for the box.
    func scatteredBin(workers: Int = 1) throws -> (World, bodies: [BodyID], plank: ShapeID) {
        let (world, ids) = try LocalityTests().scatteredBin(workers: workers) { world, body, k in
            var ball = ShapeDefinition(.circle(radius: 0.45))
            ball.userData = UInt64(2 * k)
            try world.createShape(on: body, ball)
            if k % 5 == 0 {
                var box = ShapeDefinition(.box(halfWidth: 0.15, halfHeight: 0.15, center: Vec2(0.3, 0)))
                box.userData = UInt64(2 * k + 1)
                try world.createShape(on: body, box)
            }
        }
        let plankBody = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 14)))
        let plank = try world.createShape(on: plankBody, ShapeDefinition(.box(halfWidth: 140, halfHeight: 0.2)))
        return (world, ids, plank)
    }

    /// The slots of the awake bodies' shapes in the bodies' dense order, each body's in its list order.
    func slotsInBodyOrder(_ world: World) -> [Int32] {
        var slots: [Int32] = []
        for d in 0..<world.awakeBodyCount {
            var s = world.bodies.firstShape[Int(world.bodies.slotOfDense[d])]
            while s >= 0 {
                slots.append(s)
                s = world.shapes.nextInBody[Int(s)]
            }
        }
        return slots
    }

    /// What the world answers about each body's shapes, through their handles.
    func shapeFacts(_ world: World, _ bodies: [BodyID]) -> [[String]] {
        bodies.map { body in
            world.shapes(of: body).map { shape in
                "\(shape) body \(world.body(of: shape)) data \(world.userData(of: shape)) box \(world.aabb(of: shape)) \(world.outline(of: shape))"
            }
        }
    }

    /// Checks what must hold between the shapes' slots and everything that names them.
    func expectConsistent(_ world: World, sourceLocation: SourceLocation = #_sourceLocation) {
        // The handle maps are inverse to each other, and every live slot's handle is valid.
        for s in 0..<world.shapes.slotCount where world.shapes.live[s] {
            let id = world.shapeID(slot: Int32(s))
            #expect(world.isValid(id) && world.shapeSlot(id) == s, sourceLocation: sourceLocation)
        }
        // Each contact's pair is in the table, which holds nothing else.
        #expect(world.pairs.count == world.contacts.count, sourceLocation: sourceLocation)
        for i in 0..<world.contacts.count {
            let c = world.contacts[i]
            let held = world.pairs.contains(PairTable.key(c.shapeA, c.shapeB))
            #expect(held, sourceLocation: sourceLocation)
            #expect(world.shapes.body[Int(c.shapeA)] == c.bodyA && world.shapes.body[Int(c.shapeB)] == c.bodyB,
                    sourceLocation: sourceLocation)
        }
        // Large proxies know their places in the list.
        for i in 0..<world.largeProxies.count {
            #expect(world.shapes.largeIndex[Int(world.largeProxies[i])] == Int32(i), sourceLocation: sourceLocation)
        }
        // The moved list and the flags agree.
        let flagged = (0..<world.shapes.slotCount).count { world.movedFlag[$0] }
        #expect(flagged == world.moveBuffer.count, sourceLocation: sourceLocation)
        for i in 0..<world.moveBuffer.count { #expect(world.movedFlag[Int(world.moveBuffer[i])], sourceLocation: sourceLocation) }
    }

    @Test("after the pass, the awake bodies' shapes take their slots in the bodies' order")
    func slotsFollowBodies() throws {
        let (world, _, _) = try scatteredBin()
        for _ in 0..<32 { world.step(1.0 / 60) }
        let before = slotsInBodyOrder(world)
        let stepsDownBefore = (1..<before.count).count { before[$0] < before[$0 - 1] }
        #expect(stepsDownBefore > 100, "the bodies were just put in order, their shapes not yet (\(stepsDownBefore) steps down)")
        world.improveLocality()   // the step count is 32: the pass runs
        let after = slotsInBodyOrder(world)
        let stepsDown = (1..<after.count).filter { after[$0] < after[$0 - 1] }
        #expect(stepsDown.isEmpty)
        // The same slots, handed out again: the ground's (static) shapes kept theirs.
        #expect(Set(after) == Set(before))
        expectConsistent(world)
    }

    @Test("every handle answers as before the pass: body, user data, box, outline; box queries and contacts alike")
    func handlesAnswerAlike() throws {
        let (world, bodies, plank) = try scatteredBin()
        for _ in 0..<32 { world.step(1.0 / 60) }
        let facts = shapeFacts(world, bodies)
        let boxes = [AABB(lower: Vec2(-20, 0), upper: Vec2(-10, 5)), AABB(lower: Vec2(40, 1), upper: Vec2(41, 2)),
                     AABB(lower: Vec2(-200, -10), upper: Vec2(200, 40))]
        let found = boxes.map { world.shapes(overlapping: $0, enlarged: true) }
        func contactPairs() -> Set<[Int32]> {
            Set((0..<world.contacts.count).map { i in
                let c = world.contacts[i]
                return [world.shapeID(slot: c.shapeA).index, world.shapeID(slot: c.shapeB).index].sorted()
            })
        }
        let pairs = contactPairs()
        let plankSlot = world.shapeSlot(plank)
        #expect(world.shapes.placement[plankSlot] == .large, "the plank should be a large proxy (test set-up)")
        world.improveLocality()
        #expect(world.shapeSlot(plank) != plankSlot, "the plank's shape should have moved (test set-up)")
        #expect(shapeFacts(world, bodies) == facts)
        #expect(boxes.map { world.shapes(overlapping: $0, enlarged: true) } == found)
        #expect(contactPairs() == pairs)
        expectConsistent(world)
        // And the world steps on from there as one that was never renumbered would: nothing
        // refused, nothing lost, every state finite.
        for _ in 0..<40 { world.step(1.0 / 60) }
        #expect(world.lastRefusal == nil)
        #expect(world.isStateFinite)
        expectConsistent(world)
    }

    @Test("shapes destroyed and created between passes get working handles, old and new")
    func churn() throws {
        let (world, bodies, _) = try scatteredBin()
        for _ in 0..<40 { world.step(1.0 / 60) }
        // Destroy every seventh body and the box of every tenth: their handle indices are
        // free, and their slots lie anywhere after the pass at step 32.
        let removed = Set(stride(from: 0, to: bodies.count, by: 7))
        for k in removed { world.destroyBody(bodies[k]) }
        for k in stride(from: 0, to: bodies.count, by: 10) where !removed.contains(k) {
            world.destroyShape(world.shapes(of: bodies[k])[0])   // the box, the last shape added
        }
        var added: [(BodyID, ShapeID)] = []
        for k in 0..<200 {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(k) - 100, 20)))
            var d = ShapeDefinition(.box(halfWidth: 0.2, halfHeight: 0.2))
            d.userData = UInt64(100_000 + k)
            added.append((body, try world.createShape(on: body, d)))
        }
        for _ in 0..<60 { world.step(1.0 / 60) }   // passes at steps 64 and 96
        #expect(world.lastRefusal == nil)
        #expect(world.isStateFinite)
        expectConsistent(world)
        for (k, body) in bodies.enumerated() where !removed.contains(k) {
            // The newest shape first: a box left on every fifth body but the tenths, then the circle.
            let shapes = world.shapes(of: body)
            let boxLeft = k % 5 == 0 && k % 10 != 0
            #expect(shapes.map { world.outline(of: $0).kind } == (boxLeft ? [.polygon, .circle] : [.circle]))
            #expect(shapes.map { world.userData(of: $0) } == (boxLeft ? [UInt64(2 * k + 1), UInt64(2 * k)] : [UInt64(2 * k)]))
            #expect(shapes.allSatisfy { world.body(of: $0) == body })
        }
        for (k, (body, shape)) in added.enumerated() {
            #expect(world.body(of: shape) == body && world.userData(of: shape) == UInt64(100_000 + k))
            #expect(world.outline(of: shape).kind == .polygon)
        }
    }
}
