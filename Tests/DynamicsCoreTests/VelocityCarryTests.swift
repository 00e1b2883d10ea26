import Testing
@testable import DynamicsCore

/// After the first sub-step, the warm start rides in the velocity integration (`VelocityCarry`):
/// what the constraints added to a body's velocity over a sub-step is what the next warm start
/// would add. It must agree with the warm start passes up to rounding (beside plain pins, which
/// carry their anchors' turn, and beside other joints, whose changes it leaves out), keep
/// kinematic bodies' velocities, give the same bits on any worker count, and stay off where it
/// cannot hold (fields, one sub-step) or would save nothing (joints with no contact beside them).
@Suite("Warm start carried in the velocity integration")
struct VelocityCarryTests {
    /// A 12-row pyramid settling, boxes sliding and spinning on the ground, a ball rolling into
    /// the pyramid, and a kinematic platform carrying a box; returns the world and its dynamic
    /// bodies (the platform last).
    static func scene(workers: Int = 1, carries: Bool) throws -> (World, [BodyID]) {
        let world = try makeWorld(gravity: 10, workers: workers)
        world.carriesWarmStarts = carries
        try addGround(world, halfWidth: 40)
        var bodies: [BodyID] = []
        for row in 0..<12 {
            for i in 0..<(12 - row) {
                bodies.append(try addBox(world, at: Vec2(-6 + Float(i) + 0.5 * Float(row), 0.5 + Float(row))))
            }
        }
        for i in 0..<6 {
            let box = try addBox(world, at: Vec2(10 + 2 * Float(i), 0.5), angle: 0, friction: 0.3)
            try world.setLinearVelocity(Vec2(Float(i) - 2.5, 0), of: box)
            try world.setAngularVelocity(Float(i) * 0.5, of: box)
            bodies.append(box)
        }
        let ball = try addBall(world, at: Vec2(-14, 0.5), radius: 0.5)
        try world.setLinearVelocity(Vec2(6, 0), of: ball)
        bodies.append(ball)
        let platform = try addBox(world, at: Vec2(25, 3), half: 1, type: .kinematic)
        try world.setLinearVelocity(Vec2(0.75, 0.25), of: platform)
        bodies.append(try addBox(world, at: Vec2(25, 4.5), half: 0.5))
        bodies.append(platform)
        return (world, bodies)
    }

    @Test("each sub-step's carry: the first records, the last applies, the ones between do both")
    func carryPerSubStep() {
        #expect(VelocityCarry.of(subStep: 0, count: 4) == .record)
        #expect(VelocityCarry.of(subStep: 1, count: 4) == [.record, .apply])
        #expect(VelocityCarry.of(subStep: 2, count: 4) == [.record, .apply])
        #expect(VelocityCarry.of(subStep: 3, count: 4) == .apply)
        #expect(VelocityCarry.of(subStep: 0, count: 1) == [])
    }

    /// One step is four sub-steps, three of them warm started by the carry: a missing warm start
    /// is off by the contacts' impulse per sub-step (0.05 m/s after one step, measured), the
    /// carry by rounding (1e-7 m/s), which the stack's contacts then spread (1e-4 after ten steps).
    @Test("the carried warm start gives the passes' velocities and positions up to rounding, step after step")
    func agreesWithThePasses() throws {
        let (carried, bodies) = try Self.scene(carries: true)
        let (passes, _) = try Self.scene(carries: false)
        var worst = (velocity: Float(0), spin: Float(0), position: Float(0))
        for step in 1...10 {
            carried.step(1.0 / 60)
            passes.step(1.0 / 60)
            for body in bodies {
                let dv = carried.linearVelocity(of: body) - passes.linearVelocity(of: body)
                let dp = carried.position(of: body) - passes.position(of: body)
                worst.velocity = max(worst.velocity, (dv * dv).sum().squareRoot())
                worst.spin = max(worst.spin, abs(carried.angularVelocity(of: body) - passes.angularVelocity(of: body)))
                worst.position = max(worst.position, (dp * dp).sum().squareRoot())
            }
            let bound: Float = step == 1 ? 1e-5 : 2e-3
            #expect(worst.velocity < bound && worst.spin < bound && worst.position < bound / 10,
                    "step \(step): velocity \(worst.velocity), spin \(worst.spin), position \(worst.position)")
        }
        // The scene did move: the first sliding box (after the pyramid's 78) slowed from 2.5 m/s.
        #expect(abs(carried.linearVelocity(of: bodies[78]).x) < 2)
    }

    @Test("a kinematic body keeps its velocity bit for bit while it carries a box")
    func kinematicKeepsItsVelocity() throws {
        let (world, bodies) = try Self.scene(carries: true)
        let platform = bodies[bodies.count - 1], rider = bodies[bodies.count - 2]
        run(world, seconds: 1)
        #expect(world.linearVelocity(of: platform) == Vec2(0.75, 0.25))
        #expect(world.angularVelocity(of: platform) == 0)
        // The rider rests on it, so it moves with it.
        #expect(abs(world.linearVelocity(of: rider).x - 0.75) < 0.05)
        #expect(abs(world.linearVelocity(of: rider).y - 0.25) < 0.05)
    }

    @Test("with the carry, the state is the same bits on 1, 2 and 4 workers")
    func sameBitsOnAnyWorkerCount() throws {
        var hashes: [UInt64] = []
        for workers in [1, 2, 4] {
            let (world, _) = try Self.scene(workers: workers, carries: true)
            #expect(world.warmStartIsCarried)
            run(world, seconds: 1)
            hashes.append(world.stateHash())
        }
        #expect(Set(hashes).count == 1, "\(hashes)")
    }

    /// A level chain of `links` pinned rods (`addPinnedChain`) above a box lying on the ground,
    /// so that contacts are carried beside the pins; returns the box, then the rods.
    static func pinnedChain(carries: Bool, links: Int = 8) throws -> (World, [BodyID]) {
        let world = try makeWorld(gravity: 10)
        world.carriesWarmStarts = carries
        try addGround(world, halfWidth: 40)
        let box = try addBox(world, at: Vec2(3, 0.5))
        return (world, [box] + (try addPinnedChain(world, links: links)))
    }

    /// The largest difference, over `bodies`, between their velocities (linear or angular) in two
    /// worlds built alike.
    static func largestVelocityGap(_ a: World, _ b: World, _ bodies: [BodyID]) -> Float {
        var worst: Float = 0
        for body in bodies {
            let dv = a.linearVelocity(of: body) - b.linearVelocity(of: body)
            worst = max(worst, dv.length, abs(a.angularVelocity(of: body) - b.angularVelocity(of: body)))
        }
        return worst
    }

    /// Steps two worlds built alike ten times side by side, `carried` carrying its warm start and
    /// `passes` not, and expects after each step that `carried` is as `measured` says (whether
    /// some of its joints are measured) and that their velocities over `bodies` are less than
    /// `first` apart after the first step and less than `later` after each other.
    static func expectCarryAgrees(_ carried: World, _ passes: World, over bodies: [BodyID], measured: Bool,
                                  first: Float, later: Float, sourceLocation: SourceLocation = #_sourceLocation) {
        for step in 1...10 {
            carried.step(1.0 / 60)
            passes.step(1.0 / 60)
            #expect(carried.warmStartIsCarried && carried.jointsAreMeasured == measured && !passes.warmStartIsCarried,
                    sourceLocation: sourceLocation)
            let worst = largestVelocityGap(carried, passes, bodies)
            #expect(worst < (step == 1 ? first : later), "step \(step): \(worst) apart", sourceLocation: sourceLocation)
        }
    }

    /// The pins' anchors turn with their rods between the solve and the next warm start; their
    /// relax pass carries that turn. Without it (the carried velocity change alone), the rods'
    /// velocities were 2e-4 apart after three steps and 1e-3 after four; with it, 1e-6 after ten.
    @Test("plain pins carry their warm start too, turned anchors and all: the passes' state up to rounding")
    func pinsAgreeWithThePasses() throws {
        let (carried, rods) = try Self.pinnedChain(carries: true)
        let (passes, _) = try Self.pinnedChain(carries: false)
        Self.expectCarryAgrees(carried, passes, over: rods, measured: false, first: 1e-5, later: 1e-4)
    }

    /// A level chain of `links` beads (balls of 0.2 m) joined rim to rim by rods, hanging from the
    /// world by a rod at one end, a spring from its last bead to a box lying on the ground, and a
    /// second box on the ground; returns the boxes, then the beads.
    static func rodChain(carries: Bool, links: Int = 8) throws -> (World, [BodyID]) {
        let world = try makeWorld(gravity: 10)
        world.carriesWarmStarts = carries
        try addGround(world, halfWidth: 40)
        let box = try addBox(world, at: Vec2(3, 0.5)), anchorBox = try addBox(world, at: Vec2(Float(links) * 0.5 + 1, 0.5))
        var beads: [BodyID] = []
        for i in 0..<links {
            let bead = try addBall(world, at: Vec2(Float(i) * 0.5, 6), radius: 0.2)
            if let previous = beads.last {
                // On the rims, off the line of centres, so that the rods turn the beads too.
                try world.createDistanceJoint(DistanceJointDefinition(bodyA: previous, bodyB: bead, localAnchorA: Vec2(0.2, 0.05),
                                                                      localAnchorB: Vec2(-0.2, -0.05), length: 0.1))
            } else {
                try world.createDistanceJoint(DistanceJointDefinition(bodyA: bead, bodyB: nil, localAnchorA: Vec2(-0.2, 0),
                                                                      localAnchorB: Vec2(-0.7, 6), length: 0.5))
            }
            beads.append(bead)
        }
        var spring = DistanceJointDefinition(bodyA: beads[links - 1], bodyB: anchorBox, localAnchorA: Vec2(0, -0.2),
                                             localAnchorB: Vec2(0.3, 0.5), length: 3)
        spring.enableSpring = true
        spring.hertz = 2
        spring.dampingRatio = 0.1
        try world.createDistanceJoint(spring)
        return (world, [box, anchorBox] + beads)
    }

    /// A distance joint's warm start applies its impulse along the axis between its anchors, which
    /// the bodies' motion turns and shifts between the solve and the next warm start; their relax
    /// pass carries that (`WideDistanceBlock.solve`). Without it (the carried velocity change
    /// alone), the velocities were 0.29 m/s apart after one step, and with the moment arms'
    /// change alone (not the axis's) 0.15; with both, 2e-6 after one step and at most 3e-5 in ten.
    @Test("rods and springs carry their warm start too, the axis's motion and all: the passes' state up to rounding")
    func rodsAndSpringsAgreeWithThePasses() throws {
        let (carried, bodies) = try Self.rodChain(carries: true)
        let (passes, _) = try Self.rodChain(carries: false)
        Self.expectCarryAgrees(carried, passes, over: bodies, measured: false, first: 1e-5, later: 1e-4)
        // The chain did swing: its last bead falls.
        #expect(carried.linearVelocity(of: bodies[bodies.count - 1]).y < -1)
    }

    /// The pile of `scene` with joints of every way of solving among its bodies: a spring between
    /// two sliding boxes and a plain pin (solved four wide, carried), a 19 m rod with limits of
    /// length from the rolling ball to a box of the pyramid (as far as they start apart, so it
    /// stops the ball at once) and a revolute joint with a limit between two pyramid boxes (both
    /// solved alone, measured).
    static func jointedScene(workers: Int = 1, carries: Bool) throws -> (World, [BodyID]) {
        let (world, bodies) = try scene(workers: workers, carries: carries)
        var spring = DistanceJointDefinition(bodyA: bodies[78], bodyB: bodies[79], length: 2)
        spring.enableSpring = true
        spring.hertz = 3
        spring.dampingRatio = 0.2
        try world.createDistanceJoint(spring)
        var rod = DistanceJointDefinition(bodyA: bodies[84], bodyB: bodies[11], length: 19)
        rod.enableLimit = true
        rod.minLength = 18
        rod.maxLength = 20
        try world.createDistanceJoint(rod)
        var hinge = RevoluteJointDefinition(bodyA: bodies[0], bodyB: bodies[1], localAnchorA: Vec2(0.5, 0),
                                            localAnchorB: Vec2(-0.5, 0))
        hinge.enableLimit = true
        hinge.lowerAngle = -0.1
        hinge.upperAngle = 0.1
        try world.createRevoluteJoint(hinge)
        try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: bodies[12], bodyB: bodies[13], localAnchorA: Vec2(0.5, 0),
                                                              localAnchorB: Vec2(-0.5, 0)))
        return (world, bodies)
    }

    /// Beside joints solved alone the contacts still carry their warm start; those joints keep
    /// their warm start passes and note what they change, which the carry leaves out. The rod's
    /// impulses are large, and rounding shows: 9e-6 apart after one step. Without leaving the
    /// joints' changes out (their warm start then counted twice): 7e-4 apart.
    @Test("beside other joints the contacts carry while those joints keep their passes: the passes' state up to rounding")
    func contactsCarryBesideOtherJoints() throws {
        let (carried, bodies) = try Self.jointedScene(carries: true)
        let (passes, _) = try Self.jointedScene(carries: false)
        Self.expectCarryAgrees(carried, passes, over: bodies, measured: true, first: 5e-5, later: 5e-3)
    }

    @Test("beside other joints, the state is the same bits on 1, 2 and 4 workers")
    func jointedSameBitsOnAnyWorkerCount() throws {
        var hashes: [UInt64] = []
        for workers in [1, 2, 4] {
            let (world, _) = try Self.jointedScene(workers: workers, carries: true)
            run(world, seconds: 1)
            hashes.append(world.stateHash())
        }
        #expect(Set(hashes).count == 1, "\(hashes)")
    }

    @Test("joints outside the wide blocks with no contact or few contacts beside them, fields and a single sub-step keep the warm start passes")
    func offWhereTheCarryDoesNotPay() throws {
        // A rope (a distance joint with a limit of length) is solved alone: with nothing else
        // beside it, noting what it changes would cost more than the carry saves.
        let lone = try makeWorld(gravity: 10)
        let a = try addBall(lone, at: Vec2(0, 10)), b = try addBall(lone, at: Vec2(2, 10))
        try lone.createDistanceJoint(Self.rope(a, b, length: 2))
        lone.step(1.0 / 60)
        #expect(lone.jointsAreMeasured && !lone.warmStartIsCarried)

        let (fielded, _) = try Self.scene(carries: true)
        _ = try fielded.createField(FieldDefinition(kind: .vortex))
        #expect(!fielded.warmStartIsCarried)

        // A rope of 20 beads lying on the ground, on 19 ropes: far fewer than
        // `contactsPerMeasuredJoint` contacts each, where noting the joints' changes costs more
        // than the contacts' carry saves.
        let rope = try makeWorld(gravity: 10)
        try addGround(rope)
        var previous: BodyID?
        for k in 0..<20 {
            let bead = try addBall(rope, at: Vec2(Float(k) * 0.5, 0.2), radius: 0.2)
            if let previous { try rope.createDistanceJoint(Self.rope(previous, bead, length: 0.5)) }
            previous = bead
        }
        rope.step(1.0 / 60)
        #expect(rope.jointsAreMeasured && rope.solvedContactCount >= 20 && !rope.warmStartIsCarried)

        let single = try makeWorld(subSteps: 1)
        #expect(!single.warmStartIsCarried)
        let (plain, _) = try Self.scene(carries: true)
        #expect(plain.warmStartIsCarried)
    }

    /// Rods and springs carry their warm start exactly, so they are never measured; but alone,
    /// without a contact whose passes the carry would save, they keep their passes (carried,
    /// springy-list, 1 000 rows on springs, stepped 0.94x to 0.95x as fast).
    @Test("rods and springs are not measured: beside contacts they carry their warm start, alone they keep their passes")
    func rodsAndSpringsCarryBesideContacts() throws {
        for onGround in [false, true] {
            let world = try makeWorld(gravity: 10)
            if onGround { try addGround(world) }
            let height: Float = onGround ? 0.25 : 10
            let a = try addBall(world, at: Vec2(0, height)), b = try addBall(world, at: Vec2(2, height))
            let c = try addBall(world, at: Vec2(4, height))
            try world.createDistanceJoint(DistanceJointDefinition(bodyA: a, bodyB: b, length: 2))
            var spring = DistanceJointDefinition(bodyA: b, bodyB: c, length: 2)
            spring.enableSpring = true
            spring.hertz = 2
            try world.createDistanceJoint(spring)
            // The contacts begin in the first step's collision and are solved from the second.
            world.step(1.0 / 60)
            world.step(1.0 / 60)
            #expect(!world.jointsAreMeasured)
            #expect(world.warmStartIsCarried == onGround && (world.solvedContactCount > 0) == onGround)
        }
    }

    /// A rope from `a` to `b`: a distance joint that only keeps them at most `length` apart.
    static func rope(_ a: BodyID, _ b: BodyID, length: Float) -> DistanceJointDefinition {
        var rope = DistanceJointDefinition(bodyA: a, bodyB: b, length: length)
        rope.enableSpring = true
        rope.enableLimit = true
        rope.maxLength = length
        return rope
    }
}
