import Testing
import DynamicsCore

@Suite("Units and forces")
struct UnitsAndForcesTests {
    /// A box dropped onto a ground and a ball bouncing beside it, in a world of `units` per metre.
    func scene(unitsPerMeter units: Float) throws -> (World, BodyID, BodyID) {
        var d = WorldDefinition()
        d.lengthUnitsPerMeter = units
        d.gravity = Vec2(0, -10 * units)
        d.enableSleep = false
        let world = try World(d)
        let ground = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, -1) * units))
        try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 20 * units, halfHeight: units), restitution: 0.5))
        let box = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 3) * units, angle: 0.3))
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.5 * units, halfHeight: 0.5 * units), density: 1 / (units * units)))
        let ball = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(3, 2) * units))
        try world.createShape(on: ball, ShapeDefinition(.circle(radius: 0.25 * units), density: 1 / (units * units), restitution: 0.5))
        return (world, box, ball)
    }

    @Test("a scene in points (100 per metre) moves like the same scene in metres, scaled")
    func pointsMatchMetres() throws {
        let (metres, boxM, ballM) = try scene(unitsPerMeter: 1)
        let (points, boxP, ballP) = try scene(unitsPerMeter: 100)
        for step in 1...180 {
            metres.step(1.0 / 60)
            points.step(1.0 / 60)
            if step % 30 == 0 {
                for (m, p) in [(boxM, boxP), (ballM, ballP)] {
                    let difference = (points.position(of: p) / 100 - metres.position(of: m)).length
                    #expect(difference < 0.01, "step \(step): \(difference) m apart")
                    #expect(abs(points.angle(of: p) - metres.angle(of: m)) < 0.01)
                }
            }
        }
        #expect(metres.position(of: boxM).y < 0.6, "the box landed")
    }

    @Test("a force, a torque and impulses give the analytic velocities")
    func forcesAndImpulses() throws {
        let world = try makeWorld(gravity: 0)
        let body = try world.createBody(BodyDefinition(type: .dynamic))
        try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 1, halfHeight: 0.5), density: 2))
        let mass: Float = 4, inertia: Float = 4 * (4 + 1) / 12
        for _ in 0..<60 {
            try world.applyForceToCenter(Vec2(8, 0), to: body)
            try world.applyTorque(1, to: body)
            world.step(1.0 / 60)
        }
        // One second of F = 8 N on 4 kg, and of τ = 1 N·m on I = 5/3 kg·m².
        #expect(abs(world.linearVelocity(of: body).x - 8 / mass) < 1e-4)
        #expect(abs(world.angularVelocity(of: body) - 1 / inertia) < 1e-4)
        // An impulse off the centre changes both: Δv = J/m, Δω = (r × J)/I.
        let v0 = world.linearVelocity(of: body), w0 = world.angularVelocity(of: body)
        let center = world.centerOfMass(of: body)
        try world.applyLinearImpulse(Vec2(0, 2), at: center + Vec2(0.5, 0), to: body)
        #expect(abs(world.linearVelocity(of: body).y - (v0.y + 2 / mass)) < 1e-5)
        #expect(abs(world.angularVelocity(of: body) - (w0 + 0.5 * 2 / inertia)) < 1e-5)
    }
}
