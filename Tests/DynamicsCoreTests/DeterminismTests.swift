import Testing
import DynamicsCore

@Suite("Determinism")
struct DeterminismTests {
    /// A pile of mixed shapes with joints, stepped 120 times; returns the final state hash.
    func pileHash(workers: Int) throws -> UInt64 {
        let world = try makeWorld(gravity: 10, sleep: true, workers: workers)
        try addGround(world, halfWidth: 20)
        var previous: BodyID?
        for i in 0..<600 {
            let p = Vec2(Float(i % 30) * 0.9 - 13, 1 + Float(i / 30) * 0.9)
            let body: BodyID
            if i % 3 == 0 {
                body = try addBall(world, at: p, radius: 0.4)
            } else {
                body = try addBox(world, at: p, half: 0.4, angle: Float(i) * 0.1)
            }
            if i % 50 == 1, let previous {
                try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: previous, bodyB: body, localAnchorA: .zero,
                                                                      localAnchorB: world.localPoint(world.position(of: previous), in: body)))
            }
            previous = body
        }
        for _ in 0..<120 { world.step(1.0 / 60) }
        return world.stateHash()
    }

    /// 3 000 free bodies in a radial field, a vortex and noise in a region, stepped 60 times.
    func fieldHash(workers: Int) throws -> UInt64 {
        let world = try makeWorld(gravity: 0, workers: workers)
        var bodies: [BodyID] = []
        for i in 0..<3_000 {
            bodies.append(try addBall(world, at: Vec2(Float(i % 60) * 0.3 - 9, Float(i / 60) * 0.3 - 7), radius: 0.1))
        }
        var kinds: [FieldDefinition] = [FieldDefinition(kind: .radialGravity), FieldDefinition(kind: .vortex), FieldDefinition(kind: .noise)]
        kinds[2].smoothness = 0.4
        kinds[2].animationSpeed = 2
        kinds[2].region = .circle(radius: 4)
        for definition in kinds { try world.setFieldMembers(try world.createField(definition), bodies) }
        for _ in 0..<60 { world.step(1.0 / 60) }
        return world.stateHash()
    }

    @Test("the final state hash is identical for 1, 2 and 4 workers and across runs")
    func workerCounts() throws {
        let one = try pileHash(workers: 1)
        #expect(try pileHash(workers: 1) == one)
        #expect(try pileHash(workers: 2) == one)
        #expect(try pileHash(workers: 4) == one)
    }

    @Test("fields give the identical state for 1, 2 and 4 workers")
    func fieldsAcrossWorkerCounts() throws {
        let one = try fieldHash(workers: 1)
        #expect(try fieldHash(workers: 2) == one)
        #expect(try fieldHash(workers: 4) == one)
    }
}
