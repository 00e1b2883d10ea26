import Testing
import DynamicsCore

@Suite("Stacking and sleep")
struct StackingTests {
    /// Builds the scene twice. With sleeping off, after one second of settling (soft contacts compress
    /// under load like stiff springs, about 3 cm over ten contacts) the top box must stay within 1 % of
    /// its 1 m size for 10 s. With sleeping on, everything must be asleep after those 11 s.
    func standsThenSleeps(_ build: (World) throws -> BodyID) throws {
        let awakeWorld = try makeWorld(gravity: 10, sleep: false)
        try addGround(awakeWorld)
        let top = try build(awakeWorld)
        let initial = awakeWorld.position(of: top)
        run(awakeWorld, seconds: 1)
        #expect((awakeWorld.position(of: top) - initial).length < 0.05, "settling compressed the structure by more than 5 cm")
        let start = awakeWorld.position(of: top)
        var maxMove: Float = 0
        for _ in 0..<600 {
            awakeWorld.step(1.0 / 60)
            maxMove = max(maxMove, (awakeWorld.position(of: top) - start).length)
        }
        #expect(maxMove < 0.01, "top box moved \(maxMove) m (1 % of its size is 0.01 m)")
        #expect(awakeWorld.awakeBodyCount == awakeWorld.bodyCount - 1, "with sleeping off every dynamic body stays awake")

        let sleepyWorld = try makeWorld(gravity: 10, sleep: true)
        try addGround(sleepyWorld)
        _ = try build(sleepyWorld)
        run(sleepyWorld, seconds: 11)
        #expect(sleepyWorld.awakeBodyCount == 0, "\(sleepyWorld.awakeBodyCount) bodies still awake")
    }

    @Test("a stack of 10 boxes stands for 10 s and then sleeps")
    func stack() throws {
        try standsThenSleeps { world in
            var top: BodyID?
            for i in 0..<10 { top = try addBox(world, at: Vec2(0, 0.5 + Float(i))) }
            return top!
        }
    }

    @Test("a 20-row pyramid stands for 10 s and then sleeps")
    func pyramid() throws {
        try standsThenSleeps { world in
            let rows = 20
            var top: BodyID?
            for row in 0..<rows {
                let count = rows - row
                for i in 0..<count { top = try addBox(world, at: Vec2(Float(i) - Float(count - 1) / 2, 0.5 + Float(row))) }
            }
            return top!
        }
    }

    /// Box2D's large pyramid (100 rows, 5 050 boxes; see Profiles/large-pyramid.json) sinks under
    /// its soft contacts, as Box2D's does, but must not rock: in its first 100 steps the top box
    /// swayed up to 0.19 m and some box went 0.24 m sideways while a contact's reference face
    /// passing between its two boxes reset the contact's impulses. Box2D's own stays within 7 mm
    /// and 0.08 m over 500 steps.
    @Test("Box2D's 100-row pyramid does not rock: top within 5 cm sideways, every box within 10 cm, for 100 steps")
    func largePyramidStandsStill() throws {
        let world = try makeWorld(gravity: 10, sleep: false)
        try addGround(world, halfWidth: 100)
        var boxes: [(body: BodyID, x: Float)] = []
        let rows = 100
        for row in 0..<rows {
            let count = rows - row
            for i in 0..<count {
                let x = Float(i) - Float(count - 1) / 2
                boxes.append((try addBox(world, at: Vec2(x, 0.5 + Float(row))), x))
            }
        }
        let top = boxes.last!
        var topSway: Float = 0
        for _ in 0..<100 {
            world.step(1.0 / 60)
            topSway = max(topSway, abs(world.position(of: top.body).x - top.x))
        }
        let spread = boxes.map { abs(world.position(of: $0.body).x - $0.x) }.max()!
        #expect(topSway < 0.05, "the top box swayed \(topSway) m sideways")
        #expect(spread < 0.1, "a box moved \(spread) m sideways")
        #expect(world.isStateFinite)
    }

    /// With contact events on and off: the serial pass after the narrowphase reads a contact's
    /// record for an event or for a sleeper to wake, and must wake it without an event too.
    @Test("a sleeping pile wakes when something lands on it", arguments: [true, false])
    func wakesOnContact(events: Bool) throws {
        let world = try makeWorld(gravity: 10, sleep: true)
        func box(at p: Vec2, type: BodyType = .dynamic, halfWidth: Float = 0.5, halfHeight: Float = 0.5) throws -> BodyID {
            let body = try world.createBody(BodyDefinition(type: type, position: p))
            var shape = ShapeDefinition(.box(halfWidth: halfWidth, halfHeight: halfHeight), friction: 0.6)
            shape.enableContactEvents = events
            try world.createShape(on: body, shape)
            return body
        }
        _ = try box(at: Vec2(0, -1), type: .static, halfWidth: 50, halfHeight: 1)
        let bottom = try box(at: Vec2(0, 0.5))
        run(world, seconds: 2)
        #expect(!world.isAwake(bottom))
        let dropped = try box(at: Vec2(0, 5))
        // It falls 3.5 m (0.84 s) and lands on the sleeping box, which must wake and hold it.
        run(world, seconds: 1.2)
        #expect(world.isAwake(bottom))
        run(world, seconds: 1.3)
        #expect(abs(world.position(of: dropped).y - 1.5) < 0.05)
        run(world, seconds: 3)
        #expect(world.awakeBodyCount == 0)
    }

    /// Dropped from 5 m to 5.125 m, the box lands at 8.4 to 8.5 m/s in every part of a step (it
    /// falls 14 cm a step). Each sub-step warm-starts with the impulses of the one before; without
    /// the cap on what they carry (`World.warmStartGrowth`), the impact's impulses, given again,
    /// threw both boxes up: the dropped one rose 5.5 to 9.5 cm, as in Box2D 3.1.1 (8.3 cm here).
    @Test("a box landing at 8 m/s on a box resting on the ground does not bounce (restitution 0)",
          arguments: [5.0, 5.025, 5.05, 5.075, 5.1, 5.125] as [Float])
    func impactChainDoesNotBounce(height: Float) throws {
        let world = try makeWorld(gravity: 10, sleep: false)
        try addGround(world)
        let lower = try addBox(world, at: Vec2(0, 0.5))
        run(world, seconds: 1)
        let dropped = try addBox(world, at: Vec2(0, height))
        var highestAfterImpact: Float = 0, lowestUnder: Float = 1, highestUnder: Float = 0
        var landed = false
        for _ in 0..<120 {
            world.step(1.0 / 60)
            if world.linearVelocity(of: dropped).y > -0.5 && world.position(of: dropped).y < 2 { landed = true }
            if landed { highestAfterImpact = max(highestAfterImpact, world.position(of: dropped).y) }
            lowestUnder = min(lowestUnder, world.position(of: lower).y)
            highestUnder = max(highestUnder, world.position(of: lower).y)
        }
        #expect(landed)
        // At rest on the lower box the centre is at 1.5 m less the contacts' few millimetres.
        #expect(highestAfterImpact < 1.505, "rose to \(highestAfterImpact) m after landing at 1.5 m")
        #expect(abs(world.position(of: dropped).y - 1.5) < 0.01)
        // The lower box is pressed into the ground for a moment, and not thrown up.
        #expect(highestUnder < 0.502 && lowestUnder > 0.45, "lower box between \(lowestUnder) and \(highestUnder) m")
    }
}
