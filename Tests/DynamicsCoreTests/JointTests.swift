import Foundation
import Testing
import DynamicsCore

@Suite("Joints")
struct JointTests {
    /// Times between successive downward zero crossings of `signal`, averaged.
    func period(samples: [Float], dt: Float) -> Float {
        var crossings: [Float] = []
        for i in 1..<samples.count where samples[i - 1] > 0 && samples[i] <= 0 {
            let f = samples[i - 1] / (samples[i - 1] - samples[i])
            crossings.append((Float(i - 1) + f) * dt)
        }
        guard crossings.count >= 2 else { return .nan }
        return (crossings.last! - crossings.first!) / Float(crossings.count - 1)
    }

    @Test("a pendulum on a rigid rod swings with the small-angle period within 1 %")
    func pendulumPeriod() throws {
        let world = try makeWorld(gravity: 10, subSteps: 4)
        let length: Float = 2
        let amplitude: Float = 0.05
        let start = Vec2(length * sin(amplitude), -length * cos(amplitude))
        var def = BodyDefinition(type: .dynamic, position: start)
        def.fixedRotation = true
        let bob = try world.createBody(def)
        try world.createShape(on: bob, ShapeDefinition(.circle(radius: 0.05)))
        try world.createDistanceJoint(DistanceJointDefinition(bodyA: bob, bodyB: nil, localAnchorB: .zero, length: length))
        let dt: Float = 1.0 / 60
        var xs: [Float] = []
        for _ in 0..<(60 * 20) { world.step(dt); xs.append(world.position(of: bob).x) }
        let measured = period(samples: xs, dt: dt)
        let expected = 2 * Float.pi * (length / 10).squareRoot()
        #expect(abs(measured - expected) / expected < 0.01, "period \(measured) s, expected \(expected) s")
        #expect(abs(world.position(of: bob).length - length) < 0.01, "the rod keeps its length")
    }

    @Test("a spring joint oscillates at its frequency within 2 %")
    func springFrequency() throws {
        let world = try makeWorld(gravity: 0, subSteps: 4)
        let hertz: Float = 2
        let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(1.2, 0)))
        try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.1)))
        var spring = DistanceJointDefinition(bodyA: body, bodyB: nil, localAnchorB: .zero, length: 1)
        spring.enableSpring = true
        spring.hertz = hertz
        spring.dampingRatio = 0
        try world.createDistanceJoint(spring)
        let dt: Float = 1.0 / 60
        var xs: [Float] = []
        for _ in 0..<(60 * 5) { world.step(dt); xs.append(world.position(of: body).x - 1) }
        let measured = period(samples: xs, dt: dt)
        #expect(abs(1 / measured - hertz) / hertz < 0.02, "frequency \(1 / measured) Hz")
    }

    /// A world holding only a level chain of `links` pinned rods (`addPinnedChain`).
    func levelChain(links: Int) throws -> (World, [BodyID]) {
        let world = try makeWorld(gravity: 10)
        return (world, try addPinnedChain(world, links: links))
    }

    /// The joints' warm start turns their anchors with the bodies every sub-step. Warm starting
    /// them with the last sub-step's velocity change alone, without following that turn, made
    /// this pendulum gain 1.65 J in 10 s (the passes: −0.01 J) and left the chain's joints 5.4 cm
    /// open after it (the passes: 0.4 cm, and 1.9 cm at the widest while it falls). These are
    /// plain pins, whose carry follows the turn (`VelocityCarry`, `WidePinBlock.solve`).
    @Test("a rod pendulum released level keeps its energy for 10 s, and a ten-link chain keeps its joints closed")
    func pendulumEnergyAndChainJoints() throws {
        let (pendulum, rod) = try levelChain(links: 1)
        let mass = pendulum.mass(of: rod[0]), inertia = pendulum.inertia(of: rod[0])
        func energy() -> Float {
            let v = pendulum.linearVelocity(of: rod[0]), w = pendulum.angularVelocity(of: rod[0])
            return 0.5 * mass * (v * v).sum() + 0.5 * inertia * w * w + mass * 10 * pendulum.position(of: rod[0]).y
        }
        let start = energy()
        var worst: Float = 0
        for _ in 0..<600 {
            pendulum.step(1.0 / 60)
            worst = max(worst, abs(energy() - start))
        }
        // The swing's scale: the energy the rod's centre trades falling 0.5 m.
        #expect(worst < 0.05 * mass * 10 * 0.5, "energy moved by up to \(worst) J")

        let (chain, rods) = try levelChain(links: 10)
        var widest: Float = 0
        for _ in 0..<600 {
            chain.step(1.0 / 60)
            for k in 1..<rods.count {
                let gap = chain.worldPoint(Vec2(0.5, 0), of: rods[k - 1]) - chain.worldPoint(Vec2(-0.5, 0), of: rods[k])
                widest = max(widest, gap.length)
            }
        }
        #expect(widest < 0.03, "a joint opened to \(widest) m")
    }

    @Test("a rope only limits the maximum length")
    func rope() throws {
        let world = try makeWorld(gravity: 10)
        let ball = try addBall(world, at: Vec2(0, -1))
        try world.createDistanceJoint(.rope(bodyA: ball, bodyB: nil, maxLength: 3))
        run(world, seconds: 3)
        let d = world.position(of: ball).length
        #expect(d > 2.9 && d < 3.05, "hangs at the rope's length, got \(d)")
    }

    @Test("a revolute joint with limits keeps its angle in range; a prismatic joint keeps its axis")
    func revoluteAndPrismatic() throws {
        let world = try makeWorld(gravity: 10)
        let arm = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(1, 0)))
        try world.createShape(on: arm, ShapeDefinition(.box(halfWidth: 1, halfHeight: 0.1)))
        var pin = RevoluteJointDefinition(bodyA: arm, bodyB: nil, localAnchorA: Vec2(-1, 0), localAnchorB: .zero)
        pin.enableLimit = true
        pin.lowerAngle = -0.5
        pin.upperAngle = 0.5
        try world.createRevoluteJoint(pin)
        let slider = try addBox(world, at: Vec2(5, 0), half: 0.2)
        try world.createPrismaticJoint(PrismaticJointDefinition(bodyA: slider, bodyB: nil, localAnchorA: .zero,
                                                                localAnchorB: Vec2(5, 0), localAxisA: Vec2(0, 1)))
        run(world, seconds: 2)
        #expect(world.angle(of: arm) > -0.52, "angle \(world.angle(of: arm))")
        #expect((world.position(of: arm) - Vec2(cos(-0.5), sin(-0.5))).length < 0.05)
        #expect(abs(world.position(of: slider).x - 5) < 0.01)
        #expect(abs(world.angle(of: slider)) < 0.01)
        #expect(world.position(of: slider).y < -10, "slides freely along its axis")
    }

    @Test("a weld joint holds a body; a target joint pulls one to a point")
    func weldAndTarget() throws {
        let world = try makeWorld(gravity: 10)
        let held = try addBox(world, at: Vec2(0, 0))
        try world.createWeldJoint(WeldJointDefinition(bodyA: held, bodyB: nil, localAnchorA: .zero, localAnchorB: .zero))
        let pulled = try addBall(world, at: Vec2(10, 0))
        var def = TargetJointDefinition(body: pulled, target: Vec2(12, 3), hertz: 4, dampingRatio: 1)
        def.maxForce = 1000
        try world.createTargetJoint(def)
        try world.setGravityScale(0, of: pulled)
        run(world, seconds: 3)
        #expect(world.position(of: held).length < 0.01)
        #expect(abs(world.angle(of: held)) < 0.01)
        #expect((world.position(of: pulled) - Vec2(12, 3)).length < 0.01)
    }
}
