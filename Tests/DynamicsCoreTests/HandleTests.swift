import Testing
import DynamicsCore

@Suite("Handles and lifecycle")
struct HandleTests {
    @Test("bodies and joints added and removed mid-simulation leave every other handle valid")
    func addRemove() throws {
        let world = try makeWorld(gravity: 10, sleep: true)
        let ground = try addGround(world)
        var live: [BodyID] = []
        for i in 0..<40 { live.append(try addBox(world, at: Vec2(Float(i % 8) * 1.1 - 4, 0.5 + Float(i / 8) * 1.05), half: 0.5)) }
        var joints: [JointID] = []
        for i in stride(from: 0, to: 38, by: 5) {
            joints.append(try world.createDistanceJoint(DistanceJointDefinition(bodyA: live[i], bodyB: live[i + 1], length: 1.1)))
        }
        run(world, seconds: 0.5)
        // Remember where the survivors are, by handle.
        var removed: [BodyID] = []
        for i in stride(from: 3, to: 40, by: 7) { removed.append(live[i]) }
        for b in removed { world.destroyBody(b) }
        world.destroyJoint(joints[1])
        for b in removed { #expect(!world.isValid(b)) }
        #expect(!world.isValid(joints[1]))
        let survivors = live.filter { !removed.contains($0) }
        for b in survivors { #expect(world.isValid(b)) }
        #expect(world.isValid(ground))
        // New bodies may reuse slots; old handles must stay stale.
        var added: [BodyID] = []
        for i in 0..<10 { added.append(try addBall(world, at: Vec2(Float(i) - 5, 12))) }
        for b in removed { #expect(!world.isValid(b)) }
        run(world, seconds: 2)
        for b in survivors + added {
            #expect(world.isValid(b))
            #expect(world.position(of: b).isFinite)
            #expect(world.position(of: b).y > -0.1, "\(b) fell through the ground")
        }
        #expect(world.bodyCount == 1 + survivors.count + added.count)
        for (k, j) in joints.enumerated() where k != 1 {
            // Joints whose bodies were removed went with them; the others stay.
            let i = k * 5
            let lostABody = removed.contains(live[i]) || removed.contains(live[i + 1])
            #expect(world.isValid(j) == !lostABody, "joint \(k) between bodies \(i) and \(i + 1)")
        }
    }

    @Test("invalid shapes and settings are rejected with the argument and the rule")
    func rejections() throws {
        let world = try makeWorld()
        let body = try world.createBody(BodyDefinition())
        #expect(throws: DynamicsError.self) { try world.createShape(on: body, ShapeDefinition(.circle(radius: -1))) }
        let concave = [Vec2(0, 0), Vec2(2, 0), Vec2(1, 0.2), Vec2(2, 2), Vec2(0, 2)]
        do {
            try world.createShape(on: body, ShapeDefinition(.polygon(concave)))
            Issue.record("a concave polygon was accepted")
        } catch {
            #expect(error.argument == "polygon.vertices")
            #expect(error.rule.contains("convex"))
        }
        let bowtie = [Vec2(0, 0), Vec2(1, 1), Vec2(1, 0), Vec2(0, 1)]
        #expect(throws: DynamicsError.self) { try world.createShape(on: body, ShapeDefinition(.polygon(bowtie))) }
        let collinear = [Vec2(0, 0), Vec2(1, 0), Vec2(2, 0)]
        #expect(throws: DynamicsError.self) { try world.createShape(on: body, ShapeDefinition(.polygon(collinear))) }
        #expect(throws: DynamicsError.self) { try world.createShape(on: body, ShapeDefinition(.circle(radius: 1), density: -1)) }
        #expect(throws: DynamicsError.self) { try world.createShape(on: body, ShapeDefinition(.circle(radius: .nan))) }
        #expect(throws: DynamicsError(argument: "box.halfWidth", rule: "must be finite and > 0, got -1.0")) {
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: -1, halfHeight: 1)))
        }
        #expect(throws: DynamicsError.self) { try world.createDistanceJoint(DistanceJointDefinition(bodyA: body, bodyB: body, length: 1)) }
        var bad = WorldDefinition()
        bad.subStepCount = 0
        #expect(throws: DynamicsError(argument: "subStepCount", rule: "must be in 1...64, got 0")) { try World(bad) }
        // Clockwise polygons are accepted and the body still works after the rejections.
        try world.createShape(on: body, ShapeDefinition(.polygon([Vec2(0, 0), Vec2(0, 1), Vec2(1, 1), Vec2(1, 0)])))
        #expect(abs(world.mass(of: body) - 1) < 1e-6)
        world.step(1.0 / 60)
        #expect(world.position(of: body).isFinite)
    }

    @Test("mass and inertia of a box follow density × area and m(w² + h²)/12")
    func massProperties() throws {
        let world = try makeWorld()
        let body = try world.createBody(BodyDefinition())
        try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 1, halfHeight: 0.25), density: 3))
        #expect(abs(world.mass(of: body) - 3) < 1e-5)
        #expect(abs(world.inertia(of: body) - 3 * (4 + 0.25) / 12) < 1e-5)
    }
}
