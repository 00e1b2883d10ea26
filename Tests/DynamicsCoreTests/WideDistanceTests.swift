import Testing
@testable import DynamicsCore

/// Distance joints without limits, rods and springs, are solved four at a time
/// (`WideDistanceBlock`); a step must come out bit for bit as when every joint is solved alone.
@Suite("Distance joints solved four at a time")
struct WideDistanceTests {
    /// What a scene's run gives: the state hash after each step, how many distance blocks the last
    /// step had, and whether it carried the warm start (`VelocityCarry`).
    struct Run {
        var hashes: [UInt64]
        var blocks: Int
        var carried: Bool
    }

    /// Solved alone, distance joints keep their warm start passes (in a scene without contacts,
    /// as here, the blocks then keep theirs too); the comparison runs both in passes.
    @Test("hanging ropes of rods, beside a spring, a limited rod and a pin: the same steps as rods solved one by one")
    func sameAsOneByOne() throws {
        let wide = try runRopes(wide: true, carries: false), alone = try runRopes(wide: false, carries: false)
        #expect(Self.firstDifference(wide.hashes, alone.hashes) == nil)
        // The scene used the wide path, and the comparison ran without it.
        #expect(wide.blocks > 0 && alone.blocks == 0)
    }

    @Test("rows hanging on springs (one without a frequency, one with equal limits of length, so a rod): the same steps as springs solved one by one")
    func springsSameAsOneByOne() throws {
        let wide = try runSprings(wide: true, carries: false), alone = try runSprings(wide: false, carries: false)
        #expect(Self.firstDifference(wide.hashes, alone.hashes) == nil)
        #expect(wide.blocks > 0 && alone.blocks == 0)
    }

    /// Where the processor has AVX, distance blocks are solved two at a time in eight lanes
    /// (`DistancePassKernel.solvesPairs`): each scene must step as with the four-lane blocks. The
    /// ropes and the springs, without contacts, keep their warm start passes (the springs' relax
    /// leaves blocks of springs alone, next to a block with a rod in it); the piles carry theirs
    /// beside their contacts, with rods or with springs (whose relax then carries the motion of
    /// blocks of springs alone).
    @Test("distance blocks solved in pairs in eight lanes give the bits of four-lane blocks",
          arguments: ["ropes", "springs", "pile of rods", "pile of springs"])
    func pairsGiveTheSameBits(scene: String) throws {
        let run = { (inPairs: Bool) -> Run in
            switch scene {
            case "ropes": try self.runRopes(wide: true, inPairs: inPairs)
            case "springs": try self.runSprings(wide: true, inPairs: inPairs)
            default: try self.runPile(springs: scene == "pile of springs", inPairs: inPairs)
            }
        }
        let pairs = try run(true), fours = try run(false)
        #expect(Self.firstDifference(pairs.hashes, fours.hashes) == nil)
        #expect(pairs.carried == scene.hasPrefix("pile") && fours.carried == pairs.carried)
        if SolverKernel.current == .avx { #expect(DistancePassKernel.solvesPairs) }
    }

    /// The first step whose state hashes differ, if any.
    static func firstDifference(_ a: [UInt64], _ b: [UInt64]) -> Int? {
        a.count != b.count ? min(a.count, b.count) : a.indices.first { a[$0] != b[$0] }
    }

    /// Seven ropes of six beads, joined rim to rim, hanging from the world (the last from a
    /// spinning kinematic body), so that a colour's rods are not a multiple of four; between the
    /// ropes a spring (in a distance block too), a limited rod (solved alone) and a pin. A push
    /// halfway.
    func runRopes(wide: Bool, inPairs: Bool = true, carries: Bool = true) throws -> Run {
        let world = try makeWorld(gravity: 10)
        world.carriesWarmStarts = carries
        world.solvesJointsFourWide = wide
        world.solvesJointBlocksInPairs = inPairs
        var carrier = BodyDefinition(type: .kinematic, position: Vec2(7, 1))
        carrier.angularVelocity = 0.5
        let kinematic = try world.createBody(carrier)
        var ropes: [[BodyID]] = []
        for column in 0..<7 {
            var rope: [BodyID] = []
            for k in 0..<6 {
                let bead = try addBall(world, at: Vec2(Float(column), -0.5 * Float(k)), radius: 0.2)
                if let previous = rope.last {
                    // Anchored on the beads' rims, so that the rods turn them too.
                    try world.createDistanceJoint(DistanceJointDefinition(bodyA: previous, bodyB: bead, localAnchorA: Vec2(0.05, -0.2),
                                                                          localAnchorB: Vec2(-0.05, 0.2), length: 0.1))
                } else {
                    let hanger: BodyID? = column == 6 ? kinematic : nil
                    let anchor = column == 6 ? Vec2(-1, 0) : Vec2(Float(column), 0.5)
                    try world.createDistanceJoint(DistanceJointDefinition(bodyA: bead, bodyB: hanger, localAnchorB: anchor, length: 0.5))
                }
                rope.append(bead)
            }
            ropes.append(rope)
        }
        var spring = DistanceJointDefinition(bodyA: ropes[0][5], bodyB: ropes[1][5], length: 1)
        spring.enableSpring = true
        spring.hertz = 4
        spring.dampingRatio = 0.3
        try world.createDistanceJoint(spring)
        var limited = DistanceJointDefinition(bodyA: ropes[2][5], bodyB: ropes[3][5], length: 1)
        limited.enableLimit = true
        limited.minLength = 0.8
        limited.maxLength = 1.2
        try world.createDistanceJoint(limited)
        try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: ropes[4][3], bodyB: ropes[5][3], localAnchorA: Vec2(0.5, 0),
                                                              localAnchorB: Vec2(-0.5, 0)))
        var hashes: [UInt64] = []
        for step in 0..<180 {
            if step == 60 { try world.setLinearVelocity(Vec2(6, 3), of: ropes[3][5]) }
            world.step(1.0 / 60)
            hashes.append(world.stateHash())
        }
        return Run(hashes: hashes, blocks: world.joints.distanceBlocks.count, carried: world.warmStartIsCarried)
    }

    /// Eleven boxes hanging from the world on springs anchored off their centres (like a springy
    /// list's rows), of several frequencies and damping ratios; the fourth has no frequency (a spring
    /// that does nothing), the eighth equal limits of length (solved as a rod). A push halfway.
    func runSprings(wide: Bool, inPairs: Bool = true, carries: Bool = true) throws -> Run {
        let world = try makeWorld(gravity: 10)
        world.carriesWarmStarts = carries
        world.solvesJointsFourWide = wide
        world.solvesJointBlocksInPairs = inPairs
        var rows: [BodyID] = []
        for k in 0..<11 {
            let row = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(k) * 1.5, 0)))
            try world.createShape(on: row, ShapeDefinition(.box(halfWidth: 0.6, halfHeight: 0.3)))
            var spring = DistanceJointDefinition(bodyA: row, bodyB: nil, localAnchorA: Vec2(0.4, 0.2),
                                                 localAnchorB: Vec2(Float(k) * 1.5, 1), length: 0.5)
            spring.enableSpring = true
            spring.hertz = k == 3 ? 0 : 1 + Float(k % 4)
            spring.dampingRatio = 0.1 * Float(k % 5)
            if k == 7 { spring.minLength = 0.5; spring.maxLength = 0.5 }
            try world.createDistanceJoint(spring)
            rows.append(row)
        }
        var hashes: [UInt64] = []
        for step in 0..<180 {
            if step == 60 { try world.setLinearVelocity(Vec2(3, -4), of: rows[5]) }
            world.step(1.0 / 60)
            hashes.append(world.stateHash())
        }
        return Run(hashes: hashes, blocks: world.joints.distanceBlocks.count, carried: world.warmStartIsCarried)
    }

    /// Four ropes of five beads, joined rim to rim (by rods, or by springs), dropped on a pile of
    /// 200 balls in a bin: the contacts and the joints carry their warm start, and each colour
    /// of the joints has a pair of blocks.
    func runPile(springs: Bool, inPairs: Bool) throws -> Run {
        let world = try makeWorld(gravity: 10)
        world.solvesJointBlocksInPairs = inPairs
        let ground = try world.createBody(BodyDefinition(type: .static))
        try world.createChain(on: ground, points: [Vec2(-5, 10), Vec2(-5, 0), Vec2(5, 0), Vec2(5, 10)], closed: false)
        for k in 0..<200 {
            _ = try addBall(world, at: Vec2(-4.5 + Float(k % 20) * 0.5, 0.3 + Float(k / 20) * 0.5), radius: 0.24)
        }
        for rope in 0..<4 {
            var previous: BodyID?
            for k in 0..<5 {
                let bead = try addBall(world, at: Vec2(-4 + Float(rope) * 2.2 + Float(k) * 0.45, 6 + Float(rope % 2)), radius: 0.2)
                if let previous {
                    var link = DistanceJointDefinition(bodyA: previous, bodyB: bead, localAnchorA: Vec2(0.2, 0.05),
                                                       localAnchorB: Vec2(-0.2, -0.05), length: 0.05)
                    link.enableSpring = springs
                    link.hertz = 5
                    link.dampingRatio = 0.5
                    try world.createDistanceJoint(link)
                }
                previous = bead
            }
        }
        var hashes: [UInt64] = []
        for _ in 0..<120 {
            world.step(1.0 / 60)
            hashes.append(world.stateHash())
        }
        return Run(hashes: hashes, blocks: world.joints.distanceBlocks.count,
                   carried: world.warmStartIsCarried && world.solvedContactCount > 0)
    }
}
