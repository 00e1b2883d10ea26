import Testing
import DynamicsCore

@Suite("Waking and kinematic bodies")
struct WakeTests {
    /// A box asleep on the ground.
    func sleepingBox() throws -> (World, BodyID) {
        let world = try makeWorld(gravity: 10, sleep: true)
        try addGround(world)
        let box = try addBox(world, at: Vec2(0, 0.5))
        run(world, seconds: 1.5)
        #expect(!world.isAwake(box), "precondition: the box fell asleep")
        return (world, box)
    }

    @Test("an impulse wakes a sleeping body and moves it")
    func impulse() throws {
        let (world, box) = try sleepingBox()
        try world.applyLinearImpulse(Vec2(2, 0), at: world.position(of: box), to: box)
        #expect(world.isAwake(box))
        run(world, seconds: 0.1)
        #expect(world.position(of: box).x > 0.05)
    }

    @Test("setting a velocity wakes it")
    func velocity() throws {
        let (world, box) = try sleepingBox()
        try world.setLinearVelocity(Vec2(0, 3), of: box)
        #expect(world.isAwake(box))
        run(world, seconds: 0.1)
        #expect(world.position(of: box).y > 0.6)
    }

    @Test("a teleport wakes it and whatever it was touching")
    func teleport() throws {
        let world = try makeWorld(gravity: 10, sleep: true)
        try addGround(world)
        let bottom = try addBox(world, at: Vec2(0, 0.5))
        let top = try addBox(world, at: Vec2(0, 1.5))
        run(world, seconds: 2)
        #expect(!world.isAwake(bottom) && !world.isAwake(top))
        try world.setTransform(of: bottom, position: Vec2(5, 0.5), angle: 0, keepVelocity: false)
        #expect(world.isAwake(bottom) && world.isAwake(top))
        run(world, seconds: 1)
        #expect(world.position(of: top).y < 0.6, "the top box fell once its support left")
    }

    @Test("adding a joint wakes both bodies")
    func joint() throws {
        let (world, box) = try sleepingBox()
        try world.createDistanceJoint(DistanceJointDefinition(bodyA: box, bodyB: nil, localAnchorB: Vec2(0, 3), length: 1))
        #expect(world.isAwake(box))
        run(world, seconds: 1)
        #expect(world.position(of: box).y > 1.5, "the rod pulled the box up towards its anchor")
    }

    @Test("a kinematic body moves at its velocity, ignores gravity and pushes dynamic bodies")
    func kinematicPusher() throws {
        let world = try makeWorld(gravity: 10, sleep: true)
        try addGround(world)
        var def = BodyDefinition(type: .kinematic, position: Vec2(-3, 0.6))
        def.linearVelocity = Vec2(2, 0)
        let pusher = try world.createBody(def)
        try world.createShape(on: pusher, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
        let box = try addBox(world, at: Vec2(0, 0.5), half: 0.25)
        run(world, seconds: 3)
        #expect(abs(world.position(of: pusher).x - 3) < 1e-3, "x = −3 + 2·3")
        #expect(abs(world.position(of: pusher).y - 0.6) < 1e-6)
        #expect(world.position(of: box).x > 3.6, "the box was pushed ahead of the pusher")
        #expect(world.mass(of: pusher) == 0)
    }
}

@Suite("Bodies created asleep")
struct CreatedAsleepTests {
    @Test("a grid created asleep stays asleep until something awake hits it, then wakes where touched")
    func createdAsleep() throws {
        let world = try makeWorld(gravity: 0, sleep: true)
        var sleepers: [BodyID] = []
        for i in 0..<10 {
            var def = BodyDefinition(type: .dynamic, position: Vec2(Float(i) * 0.4 + 5, 0))
            def.isAwake = false
            let body = try world.createBody(def)
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.2, halfHeight: 0.2)))
            sleepers.append(body)
        }
        #expect(world.awakeBodyCount == 0)
        world.step(1.0 / 60)
        #expect(world.awakeBodyCount == 0, "a sleeping grid costs nothing and stays still")
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 0))
        def.linearVelocity = Vec2(20, 0)
        let hammer = try world.createBody(def)
        try world.createShape(on: hammer, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5), density: 8))
        run(world, seconds: 0.5)
        #expect(world.isAwake(sleepers[0]), "the first box was hit")
        #expect(world.position(of: sleepers[0]).x > 5.1, "and moved")
    }
}
