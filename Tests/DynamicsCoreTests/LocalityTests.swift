import Testing
@testable import DynamicsCore

@Suite("Locality pass")
struct LocalityTests {
    /// `count` balls (3 000 unless given; not a multiple of 37) scattered over a 300 m wide bin in
    /// an order unrelated to where they are (body k sits at column 37·k mod `count`), so creation
    /// order is spatially random. `addShapes(world, body, k)` gives body k its shapes (a ball of
    /// radius 0.45 unless given). With Box2D's 0.1 m broadphase margin the balls of a row, 0.1 m
    /// apart, are pairs, so the scene has as many contacts as bodies, which the pass waits for.
    func scatteredBin(workers: Int = 1, count: Int = 3_000,
                      addShapes: (World, BodyID, Int) throws -> Void = { world, body, _ in
                          try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.45)))
                      }) throws -> (World, [BodyID]) {
        let world = try makeWorld(gravity: 10, workers: workers, aabbMargin: 0.1)
        let ground = try world.createBody(BodyDefinition(type: .static))
        try world.createChain(on: ground, points: [Vec2(-150, 20), Vec2(-150, 0), Vec2(150, 0), Vec2(150, 20)], closed: false)
        var ids: [BodyID] = []
        for k in 0..<count {
            let column = (37 * k) % count
            let p = Vec2(Float(column % 300) - 149.5, 0.5 + Float(column / 300) * 1.1)
            var definition = BodyDefinition(type: .dynamic, position: p)
            definition.userData = UInt64(k)
            let body = try world.createBody(definition)
            try addShapes(world, body, k)
            ids.append(body)
        }
        return (world, ids)
    }

    /// Mean distance between consecutive awake bodies in the store's order.
    func meanNeighbourGap(_ world: World) -> Float {
        var total: Float = 0
        for i in 1..<world.awakeBodyCount {
            total += (world.awakeBodyPose(at: i).position - world.awakeBodyPose(at: i - 1).position).length
        }
        return total / Float(world.awakeBodyCount - 1)
    }

    @Test("after the pass, bodies next to each other in the store are next to each other in space")
    func neighboursAreClose() throws {
        let (world, _) = try scatteredBin()
        let before = meanNeighbourGap(world)
        // Step 0 has no contacts yet (the pass waits for as many contacts as bodies); step 32 runs it.
        for _ in 0..<33 { world.step(1.0 / 60) }
        let after = meanNeighbourGap(world)
        #expect(before > 50, "the scene should start scattered (\(before) m)")
        #expect(after < 3, "consecutive bodies are \(after) m apart on average after the pass")
    }

    @Test("after the pass, the contacts are in the order of their first body, each with its own records")
    func contactsFollowTheirFirstBody() throws {
        let (world, _) = try scatteredBin()
        for _ in 0..<32 { world.step(1.0 / 60) }
        // Each contact's shapes (by handle: the pass renumbers their slots), and its solver
        // manifold's normal as a tag of the record that belongs to it (touching contacts have a
        // unit normal, the others none worth keeping).
        func records() -> [UInt64: SIMD2<Float>] {
            var byPair: [UInt64: SIMD2<Float>] = [:]
            for i in 0..<world.contacts.count {
                let c = world.contacts[i]
                let key = PairTable.key(world.shapeID(slot: c.shapeA).index, world.shapeID(slot: c.shapeB).index)
                byPair[key] = c.flags.contains(.touching) ? world.solverManifolds[i].normal : .zero
            }
            return byPair
        }
        func firstBody(_ i: Int) -> Int32 {
            min(world.bodies.denseOfSlot[Int(world.contacts[i].bodyA)], world.bodies.denseOfSlot[Int(world.contacts[i].bodyB)])
        }
        func stepsDown() -> Int { (1..<world.contacts.count).count { firstBody($0) < firstBody($0 - 1) } }
        let before = records(), unordered = stepsDown()
        #expect(unordered > 100, "the contacts should start out of order (\(unordered) steps down)")
        world.improveLocality()   // the step count is 32: the pass runs
        #expect(stepsDown() == 0)
        #expect(records() == before)
    }

    /// The pass starts at 1 024 awake bodies (`World.localityMinimumBodies`): above, the order
    /// also decides which bodies each thread solves.
    @Test("a scene of 1 200 bodies is put in order too; one of 900 keeps its creation order")
    func smallScenes() throws {
        for (count, reordered) in [(1_200, true), (900, false)] {
            let (world, _) = try scatteredBin(count: count)
            let before = meanNeighbourGap(world)
            for _ in 0..<33 { world.step(1.0 / 60) }
            let after = meanNeighbourGap(world)
            #expect(before > 50, "\(count) bodies should start scattered (\(before) m)")
            if reordered {
                #expect(after < 3, "\(count) bodies: consecutive ones are \(after) m apart after the pass")
            } else {
                #expect(after > 50, "\(count) bodies: consecutive ones are \(after) m apart, yet left in order")
            }
        }
    }

    @Test("handles keep pointing at their own bodies across passes, with bodies removed and added between")
    func handlesSurvive() throws {
        let (world, ids) = try scatteredBin()
        for _ in 0..<40 { world.step(1.0 / 60) }
        let removed = stride(from: 0, to: ids.count, by: 7).map { ids[$0] }
        for id in removed { world.destroyBody(id) }
        var added: [BodyID] = []
        for k in 0..<50 {
            var definition = BodyDefinition(type: .dynamic, position: Vec2(Float(k) * 5 - 125, 15))
            definition.userData = UInt64(10_000 + k)
            let body = try world.createBody(definition)
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.3, halfHeight: 0.3)))
            added.append(body)
        }
        for _ in 0..<40 { world.step(1.0 / 60) }   // a pass at step 64 (and one at 32, before the removal)
        #expect(world.lastRefusal == nil)
        for (k, id) in ids.enumerated() where !removed.contains(id) {
            #expect(world.isValid(id) && world.userData(of: id) == UInt64(k))
        }
        for (k, id) in added.enumerated() { #expect(world.userData(of: id) == UInt64(10_000 + k)) }
        // Every awake pose names a live body whose own position it repeats.
        for i in 0..<world.awakeBodyCount {
            let pose = world.awakeBodyPose(at: i)
            #expect(world.position(of: pose.body) == pose.position)
            #expect(world.userData(of: pose.body) == pose.userData)
        }
        #expect(world.isStateFinite)
        #expect(world.bodyCount == 1 + ids.count - removed.count + added.count)
    }

    @Test("the passes give the same states on 1, 2 and 4 workers")
    func deterministic() throws {
        var hashes: [UInt64] = []
        for workers in [1, 2, 4] {
            let (world, _) = try scatteredBin(workers: workers)
            for _ in 0..<40 { world.step(1.0 / 60) }   // a pass at step 32
            hashes.append(world.stateHash())
        }
        #expect(Set(hashes).count == 1, "\(hashes)")
    }
}
