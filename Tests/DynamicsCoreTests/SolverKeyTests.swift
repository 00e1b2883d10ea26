import Testing
@testable import DynamicsCore

/// The colouring reads what the narrowphase noted of each contact (`SolverKey`); the step must
/// come out bit for bit as when the keys are written again from the contacts just before the
/// colouring, also in the steps where bodies wake or contacts are destroyed between the two.
@Suite("Colouring from the narrowphase's keys")
struct SolverKeyTests {
    /// A pile on a segment ground beside a kinematic paddle, left to fall asleep, then hit by a
    /// ball (waking it during the narrowphase's serial pass), then with two boxes thrown out
    /// (destroying contacts in that pass): identical states with and without the keys, step by step.
    @Test("same steps as colouring from the contacts")
    func sameAsFromContacts() throws {
        let (withKeys, woke) = try runScene(readKeys: true)
        let (fromContacts, _) = try runScene(readKeys: false)
        #expect(withKeys == fromContacts)
        // The scene did what it is for: the pile slept and was woken.
        #expect(woke)
    }

    /// The state hash after each step.
    func runScene(readKeys: Bool) throws -> ([UInt64], Bool) {
        let world = try makeWorld(sleep: true)
        world.colouringReadsKeys = readKeys
        let ground = try world.createBody(BodyDefinition(type: .static, position: .zero))
        try world.createShape(on: ground, ShapeDefinition(.segment(Vec2(-20, 0), Vec2(20, 0))))
        var boxes: [BodyID] = []
        for row in 0..<6 {
            for column in 0..<(8 - row) {
                boxes.append(try addBox(world, at: Vec2(Float(column) - 3.5 + 0.5 * Float(row), 0.5 + Float(row)), half: 0.5))
            }
        }
        var paddle = BodyDefinition(type: .kinematic, position: Vec2(-12, 0.6))
        paddle.angularVelocity = 1
        let kinematic = try world.createBody(paddle)
        try world.createShape(on: kinematic, ShapeDefinition(.box(halfWidth: 1.5, halfHeight: 0.2)))
        var hashes: [UInt64] = []
        var slept = false, woke = false
        for step in 0..<480 {
            // Something falls on the sleeping pile: the contact it starts wakes the pile in the
            // narrowphase's serial pass, after the keys were written.
            if step == 300 { _ = try addBall(world, at: Vec2(0.3, 8), radius: 0.4) }
            // Two boxes thrown apart: their contacts are destroyed in that pass.
            if step == 400 {
                try world.setLinearVelocity(Vec2(-40, 30), of: boxes[0])
                try world.setLinearVelocity(Vec2(40, 30), of: boxes[7])
            }
            world.step(1.0 / 60)
            if step == 299 { slept = world.sleepingBodyCount == boxes.count }
            if step > 300 && step < 400 && world.sleepingBodyCount == 0 { woke = true }
            hashes.append(world.stateHash())
        }
        return (hashes, slept && woke)
    }
}
