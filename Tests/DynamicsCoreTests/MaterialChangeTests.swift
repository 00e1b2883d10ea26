import Testing
import DynamicsCore

/// Friction and restitution set on shapes that already touch something act on those contacts
/// from the next step, not only on contacts made later.
@Suite("Material changes on touching shapes")
struct MaterialChangeTests {
    /// A box resting on the ground (friction 0.6 both), touching it, then set to friction 0 on
    /// both shapes and pushed along the ground at 3 m/s; returns the world, both shapes and the box.
    func pushedBox() throws -> (World, [ShapeID], BodyID) {
        let world = try makeWorld(gravity: 10, subSteps: 4)
        let ground = try addGround(world, friction: 0.6)
        let box = try addBox(world, at: Vec2(0, 0.5), friction: 0.6)
        run(world, seconds: 0.25)
        #expect(world.touchingContactCount == 1)
        let shapes = [world.shapes(of: ground)[0], world.shapes(of: box)[0]]
        for shape in shapes { try world.setFriction(0, of: shape) }
        try world.setLinearVelocity(Vec2(3, 0), of: box)
        return (world, shapes, box)
    }

    @Test("friction set to 0 on a touching box lets it slide at constant speed")
    func frictionOff() throws {
        let (world, _, box) = try pushedBox()
        run(world, seconds: 1)
        // Without friction nothing slows it. With the contact's old μ = 0.6 it would decelerate at
        // μg = 6 m/s² and stop within half a second.
        let v = world.linearVelocity(of: box).x
        #expect(abs(v - 3) < 0.05, "v = \(v) m/s")
    }

    @Test("friction raised on a sliding box stops it as μg predicts")
    func frictionOn() throws {
        let (world, shapes, box) = try pushedBox()
        run(world, seconds: 0.25)
        for shape in shapes { try world.setFriction(0.5, of: shape) }
        // μ = √(0.5·0.5) = 0.5: a = 5 m/s², so 3 m/s is gone after 0.6 s.
        run(world, seconds: 0.3)
        let half = world.linearVelocity(of: box).x
        #expect(abs(half - 1.5) < 0.15, "after 0.3 s: v = \(half) m/s, expected 3 − 5·0.3 = 1.5")
        run(world, seconds: 0.5)
        #expect(abs(world.linearVelocity(of: box).x) < 0.01)
    }

    @Test("restitution set on a ball already in contact makes it bounce")
    func restitutionOn() throws {
        // Box2D's 0.1 m margin: the enlarged boxes then overlap a step or more before the ball,
        // falling 7 cm a step, lands (the default of 0.04 m may give no step in between).
        let world = try makeWorld(gravity: 10, subSteps: 4, aabbMargin: 0.1)
        let ground = try addGround(world, restitution: 0)
        let ball = try addBall(world, at: Vec2(0, 1.25), radius: 0.25, restitution: 0)
        // Fall until the contact exists (the enlarged boxes overlap), before the ball lands.
        var steps = 0
        while world.contactCount == 0 && steps < 120 { world.step(1.0 / 60); steps += 1 }
        #expect(world.contactCount == 1 && world.linearVelocity(of: ball).y < -3, "still falling at 4.4 m/s")
        try world.setRestitution(1, of: world.shapes(of: ball)[0])
        try world.setRestitution(1, of: world.shapes(of: ground)[0])
        // Dropped from 1 m above its resting height with e = 1, it comes back up to about there.
        var highest: Float = 0, landed = false
        for _ in 0..<90 {
            world.step(1.0 / 60)
            let y = world.position(of: ball).y
            if world.linearVelocity(of: ball).y > 0 { landed = true }
            if landed { highest = max(highest, y) }
        }
        #expect(highest > 1.1, "rose to \(highest) m after landing (dropped from 1.25 m; no bounce leaves it at 0.25 m)")
    }
}
