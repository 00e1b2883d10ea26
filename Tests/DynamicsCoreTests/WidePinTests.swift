import Testing
@testable import DynamicsCore

/// Plain pins are solved four at a time (`WidePinBlock`); a step must come out bit for bit as
/// when every joint is solved alone.
@Suite("Pins solved four at a time")
struct WidePinTests {
    /// A hanging chain net of pins (some to the world, some to a kinematic body, one colour's
    /// pins not a multiple of four), with a limited pin, a pin with friction, a weld, a distance
    /// joint and a prismatic joint among them, under gravity and a push: identical states step
    /// by step with and without the wide blocks.
    @Test("same steps as pins solved one by one")
    func sameAsOneByOne() throws {
        let (wide, blocks) = try runScene(wideJoints: true)
        let (alone, noBlocks) = try runScene(wideJoints: false)
        #expect(wide == alone)
        // The scene used the wide path, and the comparison ran without it.
        #expect(blocks > 0 && noBlocks == 0)
    }

    /// The contact passes read each body's inverse mass from its state, so the pins' scatter
    /// must write it back with the velocities, and not a zero that would make the body immovable.
    @Test("the pins' scatter keeps each body's inverse mass in its state")
    func scatterKeepsInverseMass() throws {
        var wrong: [String] = []
        _ = try runScene(wideJoints: true) { world in
            for d in 0..<world.bodies.awakeCount where world.bodies.state[d].inverseMass != world.bodies.sim[d].invMass {
                wrong.append("body \(d): \(world.bodies.state[d].inverseMass) in its state, \(world.bodies.sim[d].invMass) in its record")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// The state hash after each step, and how many pin blocks the last step had; `afterStep`
    /// sees the world after each step.
    func runScene(wideJoints: Bool, afterStep: (World) -> Void = { _ in }) throws -> ([UInt64], Int) {
        let world = try makeWorld(gravity: 10)
        world.solvesJointsFourWide = wideJoints
        let columns = 7, rows = 6
        var grid: [[BodyID]] = []
        for row in 0..<rows {
            var line: [BodyID] = []
            for column in 0..<columns {
                line.append(try addBall(world, at: Vec2(Float(column), -Float(row)), radius: 0.3))
            }
            grid.append(line)
        }
        var carrier = BodyDefinition(type: .kinematic, position: Vec2(Float(columns), 1))
        carrier.angularVelocity = 0.5
        let kinematic = try world.createBody(carrier)
        for row in 0..<rows {
            for column in 0..<columns {
                let body = grid[row][column]
                if row == 0 {
                    // The top row hangs from the world, the last column's top from the kinematic body.
                    let other: BodyID? = column == columns - 1 ? kinematic : nil
                    let anchor = other == nil ? Vec2(Float(column), 1) : Vec2(-1, -1)
                    try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: body, bodyB: other, localAnchorA: Vec2(0, 0.5),
                                                                          localAnchorB: anchor))
                } else {
                    try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: grid[row - 1][column], bodyB: body,
                                                                          localAnchorA: Vec2(0, -0.5), localAnchorB: Vec2(0, 0.5)))
                }
                guard column > 0 else { continue }
                let left = grid[row][column - 1]
                switch (row, column) {
                case (2, 3):
                    var limited = RevoluteJointDefinition(bodyA: left, bodyB: body, localAnchorA: Vec2(0.5, 0), localAnchorB: Vec2(-0.5, 0))
                    limited.enableLimit = true
                    limited.lowerAngle = -0.2
                    limited.upperAngle = 0.3
                    try world.createRevoluteJoint(limited)
                case (3, 4):
                    var rough = RevoluteJointDefinition(bodyA: left, bodyB: body, localAnchorA: Vec2(0.5, 0), localAnchorB: Vec2(-0.5, 0))
                    rough.maxFrictionTorque = 2
                    try world.createRevoluteJoint(rough)
                case (4, 2):
                    try world.createWeldJoint(WeldJointDefinition(bodyA: left, bodyB: body, localAnchorA: Vec2(0.5, 0), localAnchorB: Vec2(-0.5, 0)))
                case (4, 5):
                    try world.createDistanceJoint(DistanceJointDefinition(bodyA: left, bodyB: body, length: 1))
                case (5, 1):
                    try world.createPrismaticJoint(PrismaticJointDefinition(bodyA: left, bodyB: body, localAxisA: Vec2(1, 0)))
                default:
                    try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: left, bodyB: body, localAnchorA: Vec2(0.5, 0),
                                                                          localAnchorB: Vec2(-0.5, 0)))
                }
            }
        }
        var hashes: [UInt64] = []
        for step in 0..<180 {
            if step == 60 { try world.setLinearVelocity(Vec2(6, 3), of: grid[rows - 1][0]) }
            world.step(1.0 / 60)
            afterStep(world)
            hashes.append(world.stateHash())
        }
        return (hashes, world.joints.pinBlocks.count)
    }

    /// Pin blocks solved two at a time in eight lanes (`PinPassKernel.solvesPairs`, C with AVX)
    /// against the same blocks solved four lanes at a time in Swift, step by step: a net of 64
    /// plain pins hanging from the world (colours with odd block counts, so a last block is solved
    /// alone), pushed. Alone, the pins' warm start is carried (their solve keeps the anchors and
    /// the relax carries their turn); beside a spring with limits (a joint solved alone, which
    /// keeps its passes and, without contacts, leaves the pins theirs), it runs in passes.
    @Test("pin blocks solved in pairs in eight lanes give the bits of four-lane blocks",
          arguments: [false, true])
    func pairsGiveTheSameBits(spring: Bool) throws {
        let (pairs, carriedInPairs, blocksPerColor) = try runPinNet(inPairs: true, spring: spring)
        let (fours, carriedInFours, _) = try runPinNet(inPairs: false, spring: spring)
        #expect(pairs.count == fours.count)
        let differs = pairs.indices.first { pairs[$0] != fours[$0] }
        #expect(differs == nil, "the states first differ after step \(differs.map { $0 + 1 } ?? 0)")
        #expect(carriedInPairs == !spring && carriedInFours == !spring)
        if SolverKernel.current == .avx { #expect(PinPassKernel.solvesPairs) }
        // Some colour has pairs and a block left over.
        #expect(blocksPerColor.contains { $0 >= 3 && $0 % 2 == 1 }, "blocks per colour: \(blocksPerColor)")
    }

    /// The state hash after each of 120 steps of the pin net, whether the warm start was carried,
    /// and the pin blocks of each colour.
    func runPinNet(inPairs: Bool, spring: Bool) throws -> ([UInt64], Bool, [Int]) {
        let world = try makeWorld(gravity: 10, workers: 2)
        world.solvesJointBlocksInPairs = inPairs
        let columns = 7, rows = 5
        var grid: [[BodyID]] = []
        for row in 0..<rows {
            grid.append(try (0..<columns).map { try addBall(world, at: Vec2(1.2 * Float($0), -1.2 * Float(row)), radius: 0.3) })
        }
        for row in 0..<rows {
            for column in 0..<columns {
                let body = grid[row][column]
                if row == 0 {
                    try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: body, bodyB: nil, localAnchorA: Vec2(0, 0.6),
                                                                          localAnchorB: Vec2(1.2 * Float(column), 0.6)))
                } else {
                    try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: grid[row - 1][column], bodyB: body,
                                                                          localAnchorA: Vec2(0, -0.6), localAnchorB: Vec2(0, 0.6)))
                }
                if column > 0 {
                    try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: grid[row][column - 1], bodyB: body,
                                                                          localAnchorA: Vec2(0.6, 0), localAnchorB: Vec2(-0.6, 0)))
                }
            }
        }
        if spring {
            var definition = DistanceJointDefinition(bodyA: grid[rows - 1][0], bodyB: grid[rows - 1][columns - 1], length: 6)
            definition.enableSpring = true
            definition.hertz = 3
            definition.enableLimit = true
            definition.minLength = 4
            definition.maxLength = 8
            try world.createDistanceJoint(definition)
        }
        var hashes: [UInt64] = []
        var carried = false
        for step in 0..<120 {
            if step == 20 { try world.setLinearVelocity(Vec2(8, 4), of: grid[rows - 1][2]) }
            world.step(1.0 / 60)
            carried = world.warmStartIsCarried
            hashes.append(world.stateHash())
        }
        let offsets = world.joints.pinBlockOffsets.base, colors = world.joints.pinBlockOffsets.count - 1
        let blocksPerColor = (0..<colors).map { Int(offsets[$0 + 1] - offsets[$0]) }
        return (hashes, carried, blocksPerColor)
    }
}
