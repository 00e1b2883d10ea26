import Testing
import DynamicsCore

/// An island sleeps only when every body linked to it (by touching contacts and joints between
/// dynamic bodies) has been still for `timeToSleep`; a still body touching a moving kinematic
/// body is kept awake. The sleep update groups only the still bodies, so these check that a
/// restless neighbour, by contact, by joint or by a kinematic push, at either end of a row,
/// still holds the whole group awake.
@Suite("Sleep islands")
struct SleepIslandTests {
    enum Restless { case neverSleeps, spinningKinematic, jointedToNeverSleeps }

    /// A row of `count` boxes side by side on the ground from `x`, each touching the next.
    func row(_ world: World, from x: Float, count: Int) throws -> [BodyID] {
        try (0..<count).map { try addBox(world, at: Vec2(x + Float($0), 0.5)) }
    }

    /// Adds, beside the row's end box at `end`, something that never rests, linked to that box.
    func addRestless(_ kind: Restless, _ world: World, beside end: BodyID, offset: Float) throws {
        let p = world.position(of: end) + Vec2(offset, 0)
        switch kind {
        case .neverSleeps:
            var def = BodyDefinition(type: .dynamic, position: p)
            def.allowSleep = false
            let body = try world.createBody(def)
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
        case .spinningKinematic:
            // Spinning in place without friction: it pushes nothing, yet it is never still.
            var def = BodyDefinition(type: .kinematic, position: p)
            def.angularVelocity = 1
            let body = try world.createBody(def)
            try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.5), friction: 0))
        case .jointedToNeverSleeps:
            // Out of reach of the row's contacts, held to the end box by a rope.
            var def = BodyDefinition(type: .dynamic, position: p + Vec2(offset, 0))
            def.allowSleep = false
            let body = try world.createBody(def)
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
            _ = try world.createDistanceJoint(DistanceJointDefinition(bodyA: end, bodyB: body, length: 2 * abs(offset)))
        }
    }

    @Test("a still row linked to something restless at either end stays awake; an unlinked row sleeps",
          arguments: [Restless.neverSleeps, .spinningKinematic, .jointedToNeverSleeps])
    func restlessNeighbourHoldsTheRow(_ kind: Restless) throws {
        for workers in [1, 2] {
            let world = try makeWorld(gravity: 10, sleep: true, workers: workers)
            try addGround(world)
            let left = try row(world, from: -20, count: 6)
            let right = try row(world, from: 0, count: 6)
            let alone = try row(world, from: 20, count: 6)
            try addRestless(kind, world, beside: left[0], offset: -1)
            try addRestless(kind, world, beside: right[5], offset: 1)
            run(world, seconds: 3)
            #expect(left.allSatisfy { world.isAwake($0) }, "\(kind), \(workers) workers: the row restless on its left")
            #expect(right.allSatisfy { world.isAwake($0) }, "\(kind), \(workers) workers: the row restless on its right")
            #expect(alone.allSatisfy { !world.isAwake($0) }, "\(kind), \(workers) workers: the row alone")
        }
    }

    /// A row of boxes on the ground with a kinematic ball at rest beside its end box (left or right).
    func rowBesideKinematic(onLeft: Bool) throws -> (World, [BodyID], BodyID) {
        let world = try makeWorld(gravity: 10, sleep: true)
        try addGround(world)
        let boxes = try row(world, from: 0, count: 6)
        let kinematic = try world.createBody(BodyDefinition(type: .kinematic, position: Vec2(onLeft ? -1 : 6, 0.5)))
        try world.createShape(on: kinematic, ShapeDefinition(.circle(radius: 0.5), friction: 0))
        return (world, boxes, kinematic)
    }

    /// While a kinematic ball spins beside it, a box's sleep timer restarts in every step, also
    /// in the steps in which no body anywhere is still (the sleep update then skips the islands).
    /// Once the ball stops, it needs `timeToSleep` to be still itself and the box another
    /// `timeToSleep` after that: had the box's timer run on while the ball spun, it would sleep
    /// up to `timeToSleep` earlier.
    @Test("a box pushed by a spinning kinematic ball sleeps two sleep times after the ball stops, not sooner")
    func pushedTimerRestartsEveryStep() throws {
        for workers in [1, 2] {
            let world = try makeWorld(gravity: 10, sleep: true, workers: workers)
            try addGround(world)
            let box = try addBox(world, at: Vec2(0, 0.5))
            var def = BodyDefinition(type: .kinematic, position: Vec2(-1, 0.5))
            def.angularVelocity = 1
            let ball = try world.createBody(def)
            try world.createShape(on: ball, ShapeDefinition(.circle(radius: 0.5), friction: 0))
            // 2.2 s: the timer, had it run on since the box settled, would be well into a period.
            run(world, seconds: 2.2)
            #expect(world.isAwake(box), "\(workers) workers: awake while the ball spins")
            try world.setAngularVelocity(0, of: ball)
            var steps = 0
            while world.isAwake(box) && steps < 600 {
                world.step(1.0 / 60)
                steps += 1
            }
            let sleepTime = WorldDefinition().timeToSleep
            #expect(Float(steps) / 60 >= 2 * sleepTime - 2.0 / 60, "\(workers) workers: slept \(steps) steps after the ball stopped")
            #expect(steps < 600, "\(workers) workers: the box falls asleep once the ball is still")
        }
    }

    /// The kinematic ball starts spinning in the very step in which the row would fall asleep:
    /// its end box, still until then, is pushed after it may already have been grouped with the
    /// others, and must still hold the whole row awake.
    @Test("a row stays awake when the kinematic body beside it starts moving in the step it would fall asleep",
          arguments: [true, false])
    func pushedInTheStepItWouldSleep(kinematicOnLeft: Bool) throws {
        // The step in which the row falls asleep when nothing moves.
        let (quiet, quietBoxes, _) = try rowBesideKinematic(onLeft: kinematicOnLeft)
        var steps = 0
        while quietBoxes.contains(where: { quiet.isAwake($0) }) && steps < 600 {
            quiet.step(1.0 / 60)
            steps += 1
        }
        #expect(steps < 600, "precondition: the row falls asleep")

        let (world, boxes, kinematic) = try rowBesideKinematic(onLeft: kinematicOnLeft)
        for _ in 0..<(steps - 1) { world.step(1.0 / 60) }
        #expect(boxes.allSatisfy { world.isAwake($0) }, "precondition: awake until that step")
        try world.setAngularVelocity(1, of: kinematic)
        world.step(1.0 / 60)
        #expect(boxes.allSatisfy { world.isAwake($0) })
    }

    /// 200 rows of 11 boxes (2 200 boxes, over 4 000 touching contacts, coloured and solved on
    /// both threads), every fourth row with a spinning kinematic body beside it. On one thread
    /// and on two, the same bodies fall asleep in the same steps, and only the rows beside a
    /// kinematic body stay awake.
    @Test("in a scene of 200 rows, the same rows sleep in the same steps on one thread and two")
    func manyRowsSleepAlike() throws {
        func run(workers: Int) throws -> (awake: [Int], held: [[BodyID]], free: [[BodyID]], world: World) {
            let world = try makeWorld(gravity: 10, sleep: true, workers: workers)
            try addGround(world, halfWidth: 1400)
            var held: [[BodyID]] = [], free: [[BodyID]] = []
            for r in 0..<200 {
                let boxes = try row(world, from: Float(r) * 13 - 1300, count: 11)
                if r % 4 == 0 {
                    try addRestless(.spinningKinematic, world, beside: boxes[10], offset: 1)
                    held.append(boxes)
                } else {
                    free.append(boxes)
                }
            }
            var awake: [Int] = []
            for _ in 0..<75 {
                world.step(1.0 / 60)
                awake.append(world.awakeBodyCount)
            }
            return (awake, held, free, world)
        }
        let one = try run(workers: 1), two = try run(workers: 2)
        #expect(one.awake == two.awake, "the awake counts step by step")
        #expect(one.world.stateHash() == two.world.stateHash())
        for result in [one, two] {
            #expect(result.held.allSatisfy { $0.allSatisfy { result.world.isAwake($0) } }, "rows beside a kinematic body")
            #expect(result.free.allSatisfy { $0.allSatisfy { !result.world.isAwake($0) } }, "rows alone")
        }
    }
}

