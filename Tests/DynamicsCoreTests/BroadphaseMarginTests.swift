import Testing
@testable import DynamicsCore

/// The broadphase margin (`WorldDefinition.aabbMarginMeters`) decides which pairs of shapes are
/// tracked, not how bodies move: two shapes within the speculative distance have a pair whatever
/// the margin, and a pair further apart has no contact points.
@Suite("Broadphase margin")
struct BroadphaseMarginTests {
    /// A ball dropped onto a box resting on the ground while a second box, thrown along the
    /// ground, slides into the first; returns the three bodies' poses and velocities after two
    /// seconds, and the most pairs the world tracked at once.
    func scene(margin: Float) throws -> (state: [Float], mostPairs: Int) {
        let world = try makeWorld(gravity: 10, aabbMargin: margin)
        try addGround(world)
        let resting = try addBox(world, at: Vec2(0, 0.5))
        let ball = try addBall(world, at: Vec2(0.2, 2.25))
        let thrown = try addBox(world, at: Vec2(-3.5, 0.5))
        try world.setLinearVelocity(Vec2(6, 0), of: thrown)
        var mostPairs = 0
        for _ in 0..<120 {
            world.step(1.0 / 60)
            mostPairs = max(mostPairs, world.contactCount)
        }
        var state: [Float] = []
        for body in [resting, ball, thrown] {
            let p = world.position(of: body), v = world.linearVelocity(of: body)
            state += [p.x, p.y, world.angle(of: body), v.x, v.y, world.angularVelocity(of: body)]
        }
        return (state, mostPairs)
    }

    @Test("the same motion to the bit with margins of 0.02 (the speculative distance), 0.025 (the animator's), 0.04 and 0.1 m")
    func marginKeepsTheMotion() throws {
        let reference = try scene(margin: 0.04)
        for margin: Float in [0.02, 0.025, 0.1] {
            let other = try scene(margin: margin)
            #expect(other.state == reference.state, "margin \(margin): \(other.state) against \(reference.state) at 0.04")
        }
        // The scene did what it is for: the thrown box reached the resting one and pushed it, and
        // the ball ended on a box, not on the ground.
        let state = reference.state
        #expect(state[0] > 0.05, "the resting box moved \(state[0]) m: the thrown one never reached it")
        #expect(state[7] > 0.9, "the ball's centre is at \(state[7]) m: it fell off the boxes")
        #expect(reference.mostPairs >= 4)
    }

    /// Whether `world` tracks a pair of `a`'s and `b`'s shapes.
    func hasPair(_ world: World, _ a: BodyID, _ b: BodyID) -> Bool {
        (0..<world.contacts.count).contains { i in
            let c = world.contacts[i]
            return Set([world.bodyID(slot: c.bodyA), world.bodyID(slot: c.bodyB)]) == Set([a, b])
        }
    }

    @Test("a ball that ends a step within the speculative distance of a box has a pair with it in the next",
          arguments: [Float(0.02), 0.025, 0.04, 0.1])
    func pairInTime(margin: Float) throws {
        let world = try makeWorld(gravity: 10, aabbMargin: margin)
        try addGround(world)
        let box = try addBox(world, at: Vec2(0, 0.5))
        // Dropped from 6 cm above the box: it falls a few millimetres to 16 mm a step, less than
        // the speculative distance (0.02 m), so some step ends with it that close.
        let radius: Float = 0.25, top: Float = 1
        let ball = try addBall(world, at: Vec2(0.1, top + radius + 0.06), radius: radius)
        var closeSteps = 0, wasClose = false
        for step in 0..<60 {
            world.step(1.0 / 60)
            if wasClose {
                closeSteps += 1
                #expect(hasPair(world, ball, box), "margin \(margin), step \(step): no pair a step after the gap fell below 0.02 m")
            }
            let gap = world.position(of: ball).y - radius - top
            wasClose = gap < 0.02
        }
        #expect(closeSteps > 0, "the ball never came within 0.02 m of the box")
        // It rests on the box, within the slop and the soft contact's give.
        #expect(abs(world.position(of: ball).y - (top + radius)) < 0.01)
    }

    @Test("a margin that is not finite and positive is rejected, naming the setting")
    func badMarginRejected() {
        for bad: Float in [0, -0.04, .nan, .infinity] {
            var definition = WorldDefinition()
            definition.aabbMarginMeters = bad
            #expect {
                _ = try World(definition)
            } throws: { error in
                "\(error)".contains("aabbMarginMeters")
            }
        }
    }
}
