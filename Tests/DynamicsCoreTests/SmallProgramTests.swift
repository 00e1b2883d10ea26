import Testing
@testable import DynamicsCore

/// A small scene's solve runs on the calling thread alone (`World.programRunsAlone`); it must step
/// exactly as when its program is shared with the workers, and as on one thread.
@Suite("Small programs run alone")
struct SmallProgramTests {
    /// A pile of boxes and balls with a few pins, the last steps' hashes.
    func pileHashes(workers: Int, alone: Bool) throws -> [UInt64] {
        let world = try makeWorld(gravity: 10, workers: workers)
        world.solvesSmallProgramsAlone = alone
        try addGround(world, halfWidth: 10)
        var previous: BodyID?
        for i in 0..<200 {
            let p = Vec2(Float(i % 20) * 0.9 - 9, 1 + Float(i / 20) * 0.9)
            let body = i % 3 == 0 ? try addBall(world, at: p, radius: 0.4) : try addBox(world, at: p, half: 0.4, angle: Float(i) * 0.1)
            if i % 40 == 1, let previous {
                try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: previous, bodyB: body, localAnchorA: .zero,
                                                                      localAnchorB: world.localPoint(world.position(of: previous), in: body)))
            }
            previous = body
        }
        var hashes: [UInt64] = []
        for _ in 0..<90 {
            world.step(1.0 / 60)
            hashes.append(world.stateHash())
        }
        return hashes
    }

    @Test("a small scene steps the same alone, shared with the workers, and on one thread")
    func sameSteps() throws {
        let alone = try pileHashes(workers: 2, alone: true)
        let shared = try pileHashes(workers: 2, alone: false)
        let one = try pileHashes(workers: 1, alone: false)
        #expect(alone == shared)
        #expect(shared == one)
    }

    /// The pile's solve (200 bodies) runs alone; a large pile's, and the few large stages of the
    /// integrations between a field's evaluations, are shared.
    @Test("which programs run alone")
    func policy() {
        // About 75 items a stage: rain-1k's whole solve.
        #expect(World.programRunsAlone(itemCount: 11_000, stageCount: 150))
        // A large pyramid's solve: 63 000 items.
        #expect(!World.programRunsAlone(itemCount: 63_000, stageCount: 150))
        // Two integrations of 10 000 bodies between field evaluations.
        #expect(!World.programRunsAlone(itemCount: 10_000, stageCount: 2))
        // Under 16 384 items, but 256 and more a stage.
        #expect(!World.programRunsAlone(itemCount: 12_800, stageCount: 50))
    }
}
